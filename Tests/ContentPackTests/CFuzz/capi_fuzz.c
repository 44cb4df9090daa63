/* The seeded fuzz suite's C API surface: every function called with damaged inputs — kinds,
 * schemas, tool lists, instructions, prompts and tool answers cut short, with bytes flipped,
 * invalid UTF-8, deep nesting and odd counts — from one seed, and the contract checked after
 * each call:
 *   - the status is one of the three documented codes;
 *   - on success the out pointer holds a string, on failure it is NULL and
 *     coffeeshop_last_error gives a non-empty message;
 *   - a tool handler's second answer is refused.
 *     ./capi_fuzz CALLS SEED
 * prints "fuzz<TAB>N calls: ok A, invalid B, failed C; contract breaches D" and exits 1 on a
 * breach. A crash or hang fails the test that runs it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coffeeshop.h"

static uint64_t state;

static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static long below(long bound) { return (long)(next() % (uint64_t)bound); }

static const char *kinds[] = {"npc", "riddle", "dialog", "NPC", "", "npc ", "dragon"};
static const char *schemas[] = {
    "{\"type\": \"integer\", \"minimum\": 1, \"maximum\": 6}",
    "{\"type\": \"string\", \"pattern\": \"^[A-Z][a-z]{2,8}-[0-9]{2}$\"}",
    "{\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"string\", \"maxLength\": 12}, \"age\": {\"type\": \"integer\"}},"
    " \"required\": [\"name\"]}",
    "{\"type\": \"array\", \"items\": {\"enum\": [\"latte\", \"mocha\", null]}, \"minItems\": 2, \"uniqueItems\": true}",
    "{\"$defs\": {\"n\": {\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#/$defs/n\"}}}}, \"$ref\": \"#/$defs/n\"}",
    "{\"anyOf\": [{\"type\": \"number\", \"multipleOf\": 0.25}, {\"const\": \"none\"}]}",
};
static const char *tool_lists[] = {
    "[{\"name\": \"getCalendarEvents\", \"description\": \"Looks up the events on the calendar for a day\","
    " \"parameters\": {\"type\": \"object\", \"properties\": {\"day\": {\"type\": \"string\"}}}}]",
    "[{\"name\": \"findContact\", \"description\": \"Finds a contact from a specified age generation.\","
    " \"parameters\": {\"type\": \"object\", \"properties\": {\"generation\": {\"enum\": [\"genX\", \"genZ\"]}}}}]",
    "[]",
};
static const char *texts[] = {
    "You are Juno, a barista. Today is 2026-11-23.", "What is going on tomorrow?", "Hello!",
    "Find me a contact from gen Z.", "{\"time\": \"10:00\", \"event\": \"Bulb planting\"}", "19:00 Pottery night.",
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* A copy of `text`, damaged one way or another (or left whole). Never contains NUL. */
static char *damaged(const char *text) {
    size_t length = strlen(text);
    size_t capacity = length * 3 + 300;
    char *copy = malloc(capacity);
    memcpy(copy, text, length + 1);
    switch (below(8)) {
    case 0:
        break;
    case 1:
        copy[length ? below((long)length + 1) : 0] = '\0';
        break;
    case 2:
        for (long flips = 1 + below(4); flips > 0 && length > 0; flips--) copy[below((long)length)] = (char)(1 + below(255));
        break;
    case 3:
        if (length > 0) copy[below((long)length)] = (char)(below(2) ? 0xff : 0xc0);
        break;
    case 4: {
        size_t depth = 1 + (size_t)below(120);
        memmove(copy + depth, copy, length + 1);
        memset(copy, below(2) ? '[' : '{', depth);
        break;
    }
    case 5: {
        size_t start = length ? (size_t)below((long)length) : 0, slice = length - start;
        memcpy(copy + length, copy + start, slice);
        copy[length + slice] = '\0';
        break;
    }
    case 6:
        strcpy(copy, below(2) ? "null" : "1e999999");
        break;
    default:
        strcpy(copy, "\xe2\x98\x95 \xf0\x9f\x98\x80 \xed\xa0\x80 \xf4\x90\x80\x80");
        break;
    }
    return copy;
}

static long ok, invalid, failed, breaches;

static void breach(const char *what, long call) {
    if (breaches < 20) fprintf(stderr, "capi_fuzz: call %ld: %s\n", call, what);
    breaches++;
}

/* Checks one call's status, and whether it left a result, against the contract. */
static void check_status(coffeeshop_context *shop, coffeeshop_status status, int has_result, long call) {
    if (status == COFFEESHOP_OK) {
        ok++;
        if (!has_result) breach("success without a result", call);
    } else if (status == COFFEESHOP_INVALID_ARGUMENT || status == COFFEESHOP_GENERATION_FAILED) {
        status == COFFEESHOP_INVALID_ARGUMENT ? invalid++ : failed++;
        if (has_result) breach("failure with a result", call);
        const char *message = coffeeshop_last_error(shop);
        if (!message || !*message) breach("failure without a message", call);
    } else {
        breach("unknown status", call);
    }
}

/* Checks a call that returns a string, and frees the string. */
static void check(coffeeshop_context *shop, coffeeshop_status status, char *out, long call) {
    check_status(shop, status, out != NULL, call);
    if (status == COFFEESHOP_OK) coffeeshop_string_free(out);
}

/* Answers a tool call one way or another, with damaged text, and checks a second answer is refused. */
static void answer(void *user_data, const char *tool, const char *arguments_json, coffeeshop_tool_call *call) {
    long number = *(long *)user_data;
    if (!tool || !arguments_json) breach("a tool call without its name or arguments", number);
    char *text = damaged(texts[below(COUNT(texts))]);
    coffeeshop_status status;
    switch (below(4)) {
    case 0: status = coffeeshop_tool_call_return_text(call, text); break;
    case 1: status = coffeeshop_tool_call_return_json(call, text); break;
    case 2: status = coffeeshop_tool_call_fail(call, text); break;
    default: /* no answer: the call fails */
        free(text);
        return;
    }
    if (status != COFFEESHOP_OK && status != COFFEESHOP_INVALID_ARGUMENT) breach("a tool answer with an unknown status", number);
    if (status == COFFEESHOP_OK && coffeeshop_tool_call_return_text(call, "again") != COFFEESHOP_INVALID_ARGUMENT) {
        breach("a second tool answer accepted", number);
    }
    free(text);
}

static void snapshot(void *user_data, const char *content) {
    if (!content) breach("a snapshot without content", *(long *)user_data);
}

static void session_calls(coffeeshop_context *shop, long call) {
    char *instructions = below(4) ? damaged(texts[below(COUNT(texts))]) : NULL;
    char *tools = below(3) ? damaged(tool_lists[below(COUNT(tool_lists))]) : NULL;
    coffeeshop_session *session = NULL;
    coffeeshop_status status = coffeeshop_session_open(shop, instructions, next(), tools, below(5) ? answer : NULL, &call, &session);
    check_status(shop, status, session != NULL, call);
    free(instructions);
    free(tools);
    if (!session) return;
    for (long turn = below(3) + 1; turn > 0; turn--) {
        char *prompt = damaged(texts[below(COUNT(texts))]);
        char *schema = below(3) ? NULL : damaged(schemas[below(COUNT(schemas))]);
        char *out = (char *)1;
        status = below(2) ? coffeeshop_session_prompt(session, prompt, schema, &out)
                          : coffeeshop_session_prompt_streaming(session, prompt, schema, snapshot, &call, &out);
        check(shop, status, out, call);
        free(prompt);
        free(schema);
    }
    char *transcript = (char *)1;
    status = coffeeshop_session_transcript(session, &transcript);
    check(shop, status, transcript, call);
    if (coffeeshop_session_close(session) != COFFEESHOP_OK) breach("a session that would not close", call);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: capi_fuzz CALLS SEED\n");
        return 2;
    }
    long calls = atol(argv[1]);
    state = strtoull(argv[2], NULL, 10) * 2654435761u + 1;
    coffeeshop_context *shop = NULL;
    if (coffeeshop_context_create(NULL, NULL, &shop, NULL) != COFFEESHOP_OK) return 2;
    static const int32_t counts[] = {1, 1, 2, 3, 0, -1, 10001, INT32_MIN, INT32_MAX};
    for (long call = 0; call < calls; call++) {
        long choice = below(3);
        if (choice == 2) {
            session_calls(shop, call);
            continue;
        }
        /* A kind or a schema: the two generate functions take the same arguments. */
        char *text = choice == 0 ? damaged(kinds[below(COUNT(kinds))]) : damaged(schemas[below(COUNT(schemas))]);
        coffeeshop_status (*generate)(coffeeshop_context *, const char *, uint64_t, int32_t, char **) =
            choice == 0 ? coffeeshop_generate : coffeeshop_generate_schema;
        char *out = (char *)1;
        coffeeshop_status status = generate(shop, text, next(), counts[below(COUNT(counts))], &out);
        check(shop, status, out, call);
        free(text);
    }
    coffeeshop_context_destroy(shop);
    printf("fuzz\t%ld calls: ok %ld, invalid %ld, failed %ld; contract breaches %ld\n", calls, ok, invalid, failed, breaches);
    return breaches == 0 ? 0 : 1;
}
