/*
 * coffeeshop.h — the C interface of the coffee-shop toolkit (libCoffeeShop).
 *
 * For engines that link native code (Unity through P/Invoke, Godot's GDExtension, Unreal,
 * custom C or C++ engines): generate NPCs, riddles, dialog trees or values of any JSON Schema,
 * and hold conversations with sessions that call the host's own tools. Everything runs in the
 * calling process, on the built-in procedural model by default.
 *
 *     coffeeshop_context *shop = NULL;
 *     char *error = NULL;
 *     if (coffeeshop_context_create(NULL, NULL, &shop, &error) != COFFEESHOP_OK) {
 *         fprintf(stderr, "%s\n", error);
 *         coffeeshop_string_free(error);
 *         return 1;
 *     }
 *     char *npcs = NULL;
 *     if (coffeeshop_generate(shop, "npc", 7, 2, &npcs) == COFFEESHOP_OK) {
 *         puts(npcs);                       // [{"name": …}, {"name": …}]
 *         coffeeshop_string_free(npcs);
 *     } else {
 *         fprintf(stderr, "%s\n", coffeeshop_last_error(shop));
 *     }
 *     coffeeshop_context_destroy(shop);
 *
 * Conventions
 * - Every function that can fail returns a coffeeshop_status. On failure, coffeeshop_last_error
 *   gives a one-line message (for coffeeshop_context_create, its out_error does).
 * - Text in and out is UTF-8, NUL-terminated. Text that is not UTF-8 and null pointers where a
 *   value is required are refused with COFFEESHOP_INVALID_ARGUMENT; nothing crashes.
 * - Every `char **out_…` result is the caller's: free it with coffeeshop_string_free, never
 *   with another allocator's free. On failure the out pointer is set to NULL.
 * - JSON results are compact JSON; integers are kept exactly (seeds up to 2^64 − 1).
 *
 * Threads
 * - Contexts are independent: several contexts may be used on several threads at once.
 * - One context may also be called from several threads at once; each call blocks only the
 *   thread that made it. coffeeshop_last_error is kept per thread, so it reports the calling
 *   thread's last failure on that context.
 * - A session answers one prompt at a time: a second prompt on the same session while one
 *   runs fails with COFFEESHOP_GENERATION_FAILED.
 * - Callbacks (tool handlers, snapshot handlers) run on the thread that called the prompt
 *   function, before it returns, so a host whose objects belong to one thread (Unity's main
 *   thread) may touch them from its callbacks. A callback must not close its own session or
 *   destroy its context; it may call into other contexts and sessions.
 * - Close every session and then destroy its context; no call on a context may be running
 *   when it is destroyed.
 */
#ifndef COFFEESHOP_H
#define COFFEESHOP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The interface version this header describes; compare with coffeeshop_abi_version(). It
 * changes whenever a function's meaning or signature changes. */
#define COFFEESHOP_ABI_VERSION 1

/* Status codes. */
typedef int32_t coffeeshop_status;
#define COFFEESHOP_OK 0
/* A null pointer, text that is not UTF-8, JSON that does not parse, an unknown kind, a count
 * outside 1…10,000, a JSON Schema the engine refuses, a content directory or model that cannot
 * be opened, a closed or unknown session. */
#define COFFEESHOP_INVALID_ARGUMENT 1
/* The request was fine but generation failed: the model server was unreachable, the host's
 * tool failed, the session was busy with another prompt. */
#define COFFEESHOP_GENERATION_FAILED 2

/* A library instance: content, a model, open sessions. */
typedef struct coffeeshop_context coffeeshop_context;
/* A conversation: instructions, the host's tools, the transcript so far. */
typedef struct coffeeshop_session coffeeshop_session;
/* One call of a host tool, answered from inside the tool handler. */
typedef struct coffeeshop_tool_call coffeeshop_tool_call;

/* Runs one of the host's tools: `tool` is its name, `arguments_json` a JSON object valid for
 * the tool's parameters schema. Answer before returning with exactly one of
 * coffeeshop_tool_call_return_text, coffeeshop_tool_call_return_json or
 * coffeeshop_tool_call_fail; a handler that answers nothing fails the tool call. The strings
 * are valid only during the call. */
typedef void (*coffeeshop_tool_handler)(void *user_data, const char *tool, const char *arguments_json,
                                        coffeeshop_tool_call *call);

/* Takes one partial reply of a streamed prompt: the text so far, or for a schema prompt the
 * JSON of the value so far. Each snapshot extends the one before; the last equals the reply.
 * The string is valid only during the call. */
typedef void (*coffeeshop_snapshot_handler)(void *user_data, const char *content);

/* The interface version of the loaded library (COFFEESHOP_ABI_VERSION of its header). */
uint32_t coffeeshop_abi_version(void);

/* Makes a context. `content_dir` (may be NULL: the built-in content) is a content overlay
 * directory, as COFFEESHOP_CONTENT names for the command-line tools. `model` (may be NULL) is
 * "procedural" (the default), the path of a GGUF model file run in process, or the http(s) URL
 * of an OpenAI-compatible server. On failure *out_context is NULL and, when out_error is not
 * NULL, *out_error holds the message (free it with coffeeshop_string_free). */
coffeeshop_status coffeeshop_context_create(const char *content_dir, const char *model,
                                            coffeeshop_context **out_context, char **out_error);

/* Frees a context. NULL is ignored. */
void coffeeshop_context_destroy(coffeeshop_context *context);

/* The message of the calling thread's last failed call on `context`, or NULL if none failed.
 * Owned by the context: valid until that thread's next failure on it or until the context is
 * destroyed. NULL for a NULL context. */
const char *coffeeshop_last_error(const coffeeshop_context *context);

/* Frees a string this library returned. NULL is ignored. */
void coffeeshop_string_free(char *text);

/* Generates `count` (1…10,000) items of a kind — "npc", "riddle" or "dialog" — from `seed`.
 * *out_json is a JSON array of the items. The same content, model and seed give the same items. */
coffeeshop_status coffeeshop_generate(coffeeshop_context *context, const char *kind, uint64_t seed, int32_t count,
                                      char **out_json);

/* Generates `count` (1…10,000) values of the JSON Schema `schema_json` from `seed`. *out_json
 * is a JSON array of values, each valid for the schema. */
coffeeshop_status coffeeshop_generate_schema(coffeeshop_context *context, const char *schema_json, uint64_t seed,
                                             int32_t count, char **out_json);

/* Opens a session. `instructions` (may be NULL) is its persona and setting, e.g. "You are
 * Juno, a barista. Today is 2026-11-23."; `seed` makes every reply repeatable. `tools_json`
 * (may be NULL) is a JSON array of the host's tools, [{"name", "description", "parameters"}],
 * with `parameters` a JSON Schema object for the arguments; `handler` runs them, given
 * `user_data`. Close the session with coffeeshop_session_close. */
coffeeshop_status coffeeshop_session_open(coffeeshop_context *context, const char *instructions, uint64_t seed,
                                          const char *tools_json, coffeeshop_tool_handler handler, void *user_data,
                                          coffeeshop_session **out_session);

/* Sends the player's words and blocks until the reply: plain text, or, when `schema_json` is
 * not NULL, the JSON of a value valid for that schema. Tool handlers run meanwhile on this
 * thread. */
coffeeshop_status coffeeshop_session_prompt(coffeeshop_session *session, const char *prompt, const char *schema_json,
                                            char **out_reply);

/* As coffeeshop_session_prompt, calling `on_snapshot` with `user_data` for each partial reply
 * before it returns the whole one. */
coffeeshop_status coffeeshop_session_prompt_streaming(coffeeshop_session *session, const char *prompt,
                                                      const char *schema_json, coffeeshop_snapshot_handler on_snapshot,
                                                      void *user_data, char **out_reply);

/* The session's transcript as JSON: {"version": 1, "entries": [...]} with the instructions,
 * prompts, tool calls, tool outputs and responses in order. */
coffeeshop_status coffeeshop_session_transcript(coffeeshop_session *session, char **out_json);

/* Closes the session and frees it, whatever the status (the pointer is invalid afterwards). */
coffeeshop_status coffeeshop_session_close(coffeeshop_session *session);

/* Answers a tool call with text (said by the character as it is). */
coffeeshop_status coffeeshop_tool_call_return_text(coffeeshop_tool_call *call, const char *text);

/* Answers a tool call with a JSON value (an object's values are put into words). */
coffeeshop_status coffeeshop_tool_call_return_json(coffeeshop_tool_call *call, const char *result_json);

/* Fails a tool call with a message; the prompt then fails with COFFEESHOP_GENERATION_FAILED. */
coffeeshop_status coffeeshop_tool_call_fail(coffeeshop_tool_call *call, const char *message);

#ifdef __cplusplus
}
#endif

#endif /* COFFEESHOP_H */
