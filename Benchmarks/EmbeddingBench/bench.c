/*
 * Embedding benchmark: the latency of one `generate` request through the C library and through
 * `contentpack serve --stdio` (a spawned process spoken to over pipes, as an engine would), each
 * p50/p99 over N calls, and the memory one more context costs. scripts/bench-embedding.sh builds
 * the release library and this program and runs it.
 *
 *     bench LIBRARY_DIR/contentpack [calls]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "coffeeshop.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *seconds, int count) {
    qsort(seconds, count, sizeof *seconds, by_value);
    printf("%-34s p50 %7.3f ms   p99 %7.3f ms   (%d calls)\n", what, seconds[count / 2] * 1e3, seconds[count * 99 / 100] * 1e3, count);
}

/* Resident memory in bytes, from /proc/self/statm. */
static long resident(void) {
    long pages = 0, rss = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm) return 0;
    if (fscanf(statm, "%ld %ld", &pages, &rss) != 2) rss = 0;
    fclose(statm);
    return rss * sysconf(_SC_PAGESIZE);
}

static const char *kinds[] = {"npc", "riddle", "dialog"};

static void through_the_library(int calls) {
    coffeeshop_context *shop = NULL;
    if (coffeeshop_context_create(NULL, NULL, &shop, NULL) != COFFEESHOP_OK) exit(1);
    for (int k = 0; k < 3; k++) {
        double *seconds = malloc(sizeof(double) * calls);
        for (int i = 0; i < calls; i++) {
            char *out = NULL;
            double start = now();
            if (coffeeshop_generate(shop, kinds[k], (uint64_t)i, 1, &out) != COFFEESHOP_OK) exit(1);
            seconds[i] = now() - start;
            coffeeshop_string_free(out);
        }
        char label[64];
        snprintf(label, sizeof label, "C library, generate %s", kinds[k]);
        report(label, seconds, calls);
        free(seconds);
    }
    coffeeshop_context_destroy(shop);
}

static void through_serve(const char *contentpack, int calls) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) exit(1);
    pid_t child = fork();
    if (child == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[1]);
        close(from_child[0]);
        execl(contentpack, contentpack, "serve", "--stdio", (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    FILE *requests = fdopen(to_child[1], "w"), *responses = fdopen(from_child[0], "r");
    char *line = NULL;
    size_t capacity = 0;
    for (int k = 0; k < 3; k++) {
        double *seconds = malloc(sizeof(double) * calls);
        for (int i = 0; i < calls; i++) {
            double start = now();
            fprintf(requests, "{\"id\": %d, \"method\": \"generate\", \"params\": {\"kind\": \"%s\", \"seed\": %d}}\n", i, kinds[k], i);
            fflush(requests);
            if (getline(&line, &capacity, responses) < 0 || !strstr(line, "\"result\"")) exit(1);
            seconds[i] = now() - start;
        }
        char label[64];
        snprintf(label, sizeof label, "serve --stdio, generate %s", kinds[k]);
        report(label, seconds, calls);
        free(seconds);
    }
    free(line);
    fclose(requests);
    fclose(responses);
}

static void memory_per_context(void) {
    enum { CONTEXTS = 50 };
    coffeeshop_context *shops[CONTEXTS];
    /* One context and one generation first, so the runtime's one-time costs are not counted. */
    coffeeshop_context *first = NULL;
    char *out = NULL;
    coffeeshop_context_create(NULL, NULL, &first, NULL);
    coffeeshop_generate(first, "npc", 1, 1, &out);
    coffeeshop_string_free(out);
    long before = resident();
    for (int i = 0; i < CONTEXTS; i++) {
        if (coffeeshop_context_create(NULL, NULL, &shops[i], NULL) != COFFEESHOP_OK) exit(1);
        coffeeshop_generate(shops[i], "npc", (uint64_t)i, 1, &out);
        coffeeshop_string_free(out);
    }
    long after = resident();
    printf("memory per context (after one NPC)  %.2f MB   (%d contexts)\n", (after - before) / 1e6 / CONTEXTS, CONTEXTS);
    for (int i = 0; i < CONTEXTS; i++) coffeeshop_context_destroy(shops[i]);
    coffeeshop_context_destroy(first);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench CONTENTPACK [calls]\n");
        return 2;
    }
    int calls = argc > 2 ? atoi(argv[2]) : 1000;
    through_the_library(calls);
    through_serve(argv[1], calls);
    memory_per_context();
    return 0;
}
