/*
 * A C host of libCoffeeShop that uses every function of include/coffeeshop.h: it generates
 * items, opens a session with a calendar tool of its own, prompts it (blocking, streamed and
 * structured), reads the transcript, provokes each kind of error, and runs several contexts on
 * several threads. Each result is printed on a line of its own, `label<TAB>value`, so that a
 * test can compare them with what the command-line tools say.
 *
 *     cc -I include Samples/C/client.c -L .build/debug -lCoffeeShop -lpthread -o client
 *     ./client              # the walk-through
 *     ./client repeat 10000 # 10,000 calls, for leak checks
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coffeeshop.h"

static int failures = 0;

static void expect(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "client: FAILED: %s\n", what);
        failures++;
    }
}

/* Prints and frees a result. */
static void show(const char *label, char *text) {
    printf("%s\t%s\n", label, text ? text : "(null)");
    coffeeshop_string_free(text);
}

/* The host's calendar: its first answer is text, its second JSON, its third a failure. */
static void run_tool(void *user_data, const char *tool, const char *arguments_json, coffeeshop_tool_call *call) {
    int *calls = user_data;
    (*calls)++;
    printf("tool\t%s %s\n", tool, arguments_json);
    if (*calls == 1) {
        expect(coffeeshop_tool_call_return_text(call, "19:00 Pottery night at The Kiln.") == COFFEESHOP_OK, "answer with text");
        expect(coffeeshop_tool_call_return_text(call, "again") == COFFEESHOP_INVALID_ARGUMENT, "a second answer is refused");
    } else if (*calls == 2) {
        expect(coffeeshop_tool_call_return_json(call, "{\"time\": \"10:00\", \"event\": \"Bulb planting at the community garden\"}")
                   == COFFEESHOP_OK, "answer with JSON");
    } else {
        expect(coffeeshop_tool_call_fail(call, "the calendar is locked") == COFFEESHOP_OK, "answer with a failure");
    }
}

static void take_snapshot(void *user_data, const char *content) {
    int *count = user_data;
    (*count)++;
    printf("snapshot\t%s\n", content);
}

static const char *tools_json =
    "[{\"name\": \"getCalendarEvents\", \"description\": \"Looks up the events on the calendar for a day\","
    "  \"parameters\": {\"type\": \"object\", \"properties\": {\"day\": {\"type\": \"integer\"}, \"month\": {\"type\": \"integer\"},"
    "                   \"year\": {\"type\": \"integer\"}}, \"required\": [\"day\", \"month\", \"year\"]}}]";

static void walk_through(coffeeshop_context *shop) {
    char *out = NULL;
    expect(coffeeshop_generate(shop, "npc", 7, 2, &out) == COFFEESHOP_OK, "generate npc");
    show("npc", out);
    expect(coffeeshop_generate(shop, "riddle", 7, 1, &out) == COFFEESHOP_OK, "generate riddle");
    show("riddle", out);
    expect(coffeeshop_generate(shop, "dialog", 7, 1, &out) == COFFEESHOP_OK, "generate dialog");
    show("dialog", out);
    expect(coffeeshop_generate_schema(shop, "{\"type\": \"integer\", \"minimum\": 1, \"maximum\": 6}", 3, 5, &out) == COFFEESHOP_OK,
           "generate schema");
    show("dice", out);

    int tool_calls = 0;
    coffeeshop_session *juno = NULL;
    expect(coffeeshop_session_open(shop, "You are Juno, a barista. Today is 2026-11-23.", 1, tools_json, run_tool, &tool_calls, &juno)
               == COFFEESHOP_OK, "session open");
    expect(coffeeshop_session_prompt(juno, "What is going on tomorrow?", NULL, &out) == COFFEESHOP_OK, "prompt with a tool");
    show("reply", out);
    expect(coffeeshop_session_prompt(juno, "Any plans for Saturday?", NULL, &out) == COFFEESHOP_OK, "prompt with a JSON tool answer");
    show("reply", out);
    int status = coffeeshop_session_prompt(juno, "What is on the calendar for Friday?", NULL, &out);
    printf("failed tool\t%d %s\n", status, coffeeshop_last_error(shop));
    printf("tool calls\t%d\n", tool_calls);
    int snapshots = 0;
    expect(coffeeshop_session_prompt_streaming(juno, "How is the coffee today?", NULL, take_snapshot, &snapshots, &out) == COFFEESHOP_OK,
           "streamed prompt");
    show("streamed reply", out);
    printf("snapshots\t%d\n", snapshots);
    expect(coffeeshop_session_prompt(juno, "Rate the coffee.", "{\"type\": \"object\", \"properties\": {\"stars\": {\"type\": \"integer\","
               " \"minimum\": 1, \"maximum\": 5}}, \"required\": [\"stars\"]}", &out) == COFFEESHOP_OK, "structured prompt");
    show("structured reply", out);
    expect(coffeeshop_session_transcript(juno, &out) == COFFEESHOP_OK, "transcript");
    show("transcript", out);
    expect(coffeeshop_session_close(juno) == COFFEESHOP_OK, "session close");

    /* A tool that fails fails the prompt, with the tool's message. */
    coffeeshop_session *ledger = NULL;
    expect(coffeeshop_session_open(shop, "Today is 2026-11-23.", 2,
               "[{\"name\": \"getCalendarEvents\", \"description\": \"Looks up the events on the calendar for a day\","
               "  \"parameters\": {\"type\": \"object\", \"properties\": {\"day\": {\"type\": \"integer\"}}}}]",
               NULL, NULL, &ledger) == COFFEESHOP_OK, "session without a handler");
    status = coffeeshop_session_prompt(ledger, "What is on the calendar tomorrow?", NULL, &out);
    printf("no handler\t%d %s\n", status, status == COFFEESHOP_OK ? out : coffeeshop_last_error(shop));
    coffeeshop_string_free(out);
    coffeeshop_session_close(ledger);
}

/* Each kind of bad input gets a status and a message, never a crash. */
static void errors(coffeeshop_context *shop) {
    char *out = (char *)1;
    int status = coffeeshop_generate(shop, "dragon", 1, 1, &out);
    printf("unknown kind\t%d %s\n", status, coffeeshop_last_error(shop));
    expect(out == NULL, "the out pointer is NULL after a failure");
    status = coffeeshop_generate(shop, "npc", 1, 0, &out);
    printf("count 0\t%d %s\n", status, coffeeshop_last_error(shop));
    status = coffeeshop_generate_schema(shop, "{\"type\": \"integer\", \"minimum\": 2, \"maximum\": 1}", 1, 1, &out);
    printf("unsatisfiable schema\t%d %s\n", status, coffeeshop_last_error(shop));
    status = coffeeshop_generate_schema(shop, "{\"type\": ", 1, 1, &out);
    printf("malformed schema\t%d %s\n", status, coffeeshop_last_error(shop));
    status = coffeeshop_generate(shop, "n\xffpc", 1, 1, &out);
    printf("bad UTF-8\t%d %s\n", status, coffeeshop_last_error(shop));
    status = coffeeshop_generate(shop, NULL, 1, 1, &out);
    printf("null kind\t%d %s\n", status, coffeeshop_last_error(shop));
    status = coffeeshop_generate(shop, "npc", 1, 1, NULL);
    printf("null out\t%d %s\n", status, coffeeshop_last_error(shop));
    printf("null context\t%d\n", coffeeshop_generate(NULL, "npc", 1, 1, &out));
    printf("null session\t%d\n", coffeeshop_session_prompt(NULL, "hi", NULL, &out));
    /* A null context or session fails every call, and still sets the out pointer to NULL. */
    int cleared = 0;
    coffeeshop_session *none = (coffeeshop_session *)1;
    out = (char *)1;
    cleared += coffeeshop_generate(NULL, "npc", 1, 1, &out) == COFFEESHOP_INVALID_ARGUMENT && out == NULL;
    out = (char *)1;
    cleared += coffeeshop_generate_schema(NULL, "{}", 1, 1, &out) == COFFEESHOP_INVALID_ARGUMENT && out == NULL;
    cleared += coffeeshop_session_open(NULL, "hi", 1, NULL, NULL, NULL, &none) == COFFEESHOP_INVALID_ARGUMENT && none == NULL;
    out = (char *)1;
    cleared += coffeeshop_session_prompt(NULL, "hi", NULL, &out) == COFFEESHOP_INVALID_ARGUMENT && out == NULL;
    out = (char *)1;
    cleared += coffeeshop_session_prompt_streaming(NULL, "hi", NULL, NULL, NULL, &out) == COFFEESHOP_INVALID_ARGUMENT && out == NULL;
    out = (char *)1;
    cleared += coffeeshop_session_transcript(NULL, &out) == COFFEESHOP_INVALID_ARGUMENT && out == NULL;
    printf("null handles\t%d of 6 calls set the out pointer to NULL\n", cleared);
    coffeeshop_session *session = NULL;
    status = coffeeshop_session_open(shop, NULL, 1, "[{\"name\": 5}]", NULL, NULL, &session);
    printf("bad tools\t%d %s\n", status, coffeeshop_last_error(shop));
    expect(session == NULL, "no session after a refused open");

    coffeeshop_context *broken = NULL;
    char *error = NULL;
    status = coffeeshop_context_create("/nonexistent/content", NULL, &broken, &error);
    printf("bad content\t%d %s\n", status, error);
    coffeeshop_string_free(error);
    status = coffeeshop_context_create(NULL, "gopher://example", &broken, &error);
    printf("bad model\t%d %s\n", status, error);
    coffeeshop_string_free(error);
    expect(broken == NULL, "no context after a refused create");
    coffeeshop_context_destroy(NULL);
    coffeeshop_string_free(NULL);
}

/* Several contexts on several threads, then one context shared by several threads: every
 * thread generates the same items. */
#define THREADS 4
struct job {
    coffeeshop_context *shared;
    char *first;
    int ok;
};

static void *thread_main(void *argument) {
    struct job *job = argument;
    coffeeshop_context *shop = job->shared;
    job->ok = shop || coffeeshop_context_create(NULL, NULL, &shop, NULL) == COFFEESHOP_OK;
    for (int round = 0; job->ok && round < 20; round++) {
        char *out = NULL;
        job->ok = coffeeshop_generate(shop, "riddle", 11, 3, &out) == COFFEESHOP_OK;
        if (round == 0) {
            job->first = out;
        } else {
            job->ok = job->ok && strcmp(out, job->first) == 0;
            coffeeshop_string_free(out);
        }
    }
    if (!job->shared) coffeeshop_context_destroy(shop);
    return NULL;
}

static void run_threads(coffeeshop_context *shared, const char *label) {
    pthread_t workers[THREADS];
    struct job jobs[THREADS] = {{0}};
    for (int i = 0; i < THREADS; i++) {
        jobs[i].shared = shared;
        pthread_create(&workers[i], NULL, thread_main, &jobs[i]);
    }
    int agree = 1;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(workers[i], NULL);
        agree = agree && jobs[i].ok && jobs[0].first && strcmp(jobs[i].first, jobs[0].first) == 0;
    }
    printf("%s\t%d threads, %s\n", label, THREADS, agree ? "identical" : "DIFFERENT");
    expect(agree, label);
    for (int i = 0; i < THREADS; i++) coffeeshop_string_free(jobs[i].first);
}

static void threads(coffeeshop_context *shop) {
    run_threads(NULL, "own contexts");
    run_threads(shop, "one context");
}

/* The repeated calls' calendar: always the same evening. */
static void answer_tool(void *user_data, const char *tool, const char *arguments_json, coffeeshop_tool_call *call) {
    (void)user_data, (void)tool, (void)arguments_json;
    coffeeshop_tool_call_return_text(call, "19:00 Pottery night at The Kiln.");
}

/* `count` calls of every kind of generation, every result freed, for leak checks. */
static void repeat(coffeeshop_context *shop, long count) {
    long done = 0;
    for (long i = 0; i < count; i++) {
        char *out = NULL;
        int status;
        switch (i % 7) {
        case 0: status = coffeeshop_generate_schema(shop, "{\"type\": \"integer\", \"minimum\": 1, \"maximum\": 6}", (uint64_t)i, 1, &out); break;
        case 1: status = coffeeshop_generate(shop, "riddle", (uint64_t)i, 1, &out); break;
        case 2: status = coffeeshop_generate(shop, "dragon", 1, 1, &out) == COFFEESHOP_INVALID_ARGUMENT ? COFFEESHOP_OK : 1; break;
        case 3: status = coffeeshop_generate(shop, "npc", (uint64_t)i, 1, &out); break;
        case 4: status = coffeeshop_generate_schema(shop, "{\"type\": \"string\", \"pattern\": \"^[A-Z][a-z]{2,8}-[0-9]{2}$\"}", (uint64_t)i, 1, &out); break;
        case 5: {
            coffeeshop_session *session = NULL;
            status = coffeeshop_session_open(shop, "You are Juno. Today is 2026-11-23.", (uint64_t)i, tools_json, answer_tool, NULL, &session);
            if (status == COFFEESHOP_OK) status = coffeeshop_session_prompt(session, "What is going on tomorrow?", NULL, &out);
            coffeeshop_session_close(session);
            break;
        }
        default: {
            coffeeshop_session *session = NULL;
            status = coffeeshop_session_open(shop, "You are Juno.", (uint64_t)i, NULL, NULL, NULL, &session);
            if (status == COFFEESHOP_OK) status = coffeeshop_session_prompt(session, "Hello!", NULL, &out);
            coffeeshop_session_close(session);
        }
        }
        coffeeshop_string_free(out);
        if (status == COFFEESHOP_OK) done++;
    }
    printf("repeat\t%ld of %ld calls succeeded\n", done, count);
    expect(done == count, "every repeated call succeeds");
}

int main(int argc, char **argv) {
    if (coffeeshop_abi_version() != COFFEESHOP_ABI_VERSION) {
        fprintf(stderr, "client: the library implements ABI %u, this header %d\n", coffeeshop_abi_version(), COFFEESHOP_ABI_VERSION);
        return 1;
    }
    coffeeshop_context *shop = NULL;
    char *error = NULL;
    if (coffeeshop_context_create(getenv("CLIENT_CONTENT"), getenv("CLIENT_MODEL"), &shop, &error) != COFFEESHOP_OK) {
        fprintf(stderr, "client: %s\n", error);
        coffeeshop_string_free(error);
        return 1;
    }
    if (argc == 3 && strcmp(argv[1], "repeat") == 0) {
        repeat(shop, atol(argv[2]));
    } else {
        printf("abi\t%u\n", coffeeshop_abi_version());
        walk_through(shop);
        errors(shop);
        threads(shop);
    }
    coffeeshop_context_destroy(shop);
    return failures == 0 ? 0 : 1;
}
