/* The C interface, checked from C: every function of alphahit.h on the samples, its errors, and
 * queries from several threads at once. Built and run by scripts/c-test.sh (with AddressSanitizer).
 * Usage: test_alphahit SAMPLES_DIR */
#include "alphahit.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0, failed = 0;

#define CHECK(condition, ...)                          \
    do {                                               \
        if (condition) {                               \
            passed++;                                  \
        } else {                                       \
            failed++;                                  \
            printf("FAIL  %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                       \
            printf("\n");                              \
        }                                              \
    } while (0)

static char samples[4096];

static const char *sample(const char *name) {
    static char path[4096 + 64];
    snprintf(path, sizeof path, "%s/%s/layout.json", samples, name);
    return path;
}

static alphahit_engine *open_sample(const char *name) {
    alphahit_engine *engine = NULL;
    char *error = NULL;
    alphahit_status status = alphahit_engine_open_file(sample(name), &engine, &error);
    CHECK(status == ALPHAHIT_OK && engine != NULL, "opening %s: status %d, %s", name, status, error ? error : "");
    alphahit_free(error);
    return engine;
}

static int index_of(const alphahit_engine *engine, const char *id) {
    int64_t index = -1;
    alphahit_status status = alphahit_element_index(engine, id, &index, NULL);
    CHECK(status == ALPHAHIT_OK, "index of %s: status %d", id, status);
    return (int)index;
}

static void test_basics(void) {
    CHECK(alphahit_abi_version() == ALPHAHIT_ABI_VERSION, "ABI version %u", alphahit_abi_version());
    alphahit_engine *engine = open_sample("diamonds");
    CHECK(alphahit_element_count(engine) == 4, "4 elements, not %lld", (long long)alphahit_element_count(engine));
    char *id = NULL;
    CHECK(alphahit_element_id(engine, 0, &id, NULL) == ALPHAHIT_OK && strcmp(id, "west") == 0, "element 0 is west");
    alphahit_free(id);
    CHECK(index_of(engine, "south") == 3, "south is element 3");
    /* The README's answers: 75,95 west; 120,110 south; 5,5 nothing. */
    CHECK(alphahit_hit(engine, 75, 95) == index_of(engine, "west"), "75,95 hits west");
    CHECK(alphahit_hit(engine, 120, 110) == index_of(engine, "south"), "120,110 hits south");
    CHECK(alphahit_hit(engine, 5, 5) == -1, "5,5 hits nothing");
    CHECK(alphahit_hit(engine, NAN, 5) == -1, "NaN hits nothing");
    CHECK(alphahit_hit(NULL, 75, 95) == -2, "a NULL engine is -2");
    CHECK(alphahit_element_count(NULL) == -1, "the count of a NULL engine is -1");

    /* Touch tolerance: (20, 50) misses the west diamond (|x - 50| + |y - 80| = 60 > 50) by about
     * (60 - 50) / sqrt(2) = 7.07 points to the ideal edge, less by up to a pixel's diagonal to the
     * image's staircase of opaque pixels, so within 8 points it selects west, within 6 nothing. */
    double distance = -1;
    CHECK(alphahit_hit(engine, 20, 50) == -1, "20,50 hits nothing exactly");
    CHECK(alphahit_hit_with_tolerance(engine, 20, 50, 8, &distance) == index_of(engine, "west") && distance > 7.07 - 1.42 && distance <= 7.07,
          "a tap 7 points off west selects it within 8 (distance %.3f)", distance);
    CHECK(alphahit_hit_with_tolerance(engine, 20, 50, 6, NULL) == -1, "but not within 6");
    distance = -1;
    CHECK(alphahit_hit_with_tolerance(engine, 75, 95, 8, &distance) == index_of(engine, "west") && distance == 0, "an exact hit has distance 0");
    CHECK(alphahit_hit_with_tolerance(engine, 5, 5, 0, NULL) == -1, "with tolerance 0 a miss is a miss");
    CHECK(alphahit_hit_with_tolerance(engine, 5, 5, -1, NULL) == -2, "a negative tolerance is -2");
    CHECK(alphahit_hit_with_tolerance(engine, 5, 5, NAN, NULL) == -2, "a NaN tolerance is -2");

    char *json = NULL;
    CHECK(alphahit_explain(engine, 75, 95, &json, NULL) == ALPHAHIT_OK && strstr(json, "\"id\":\"west\"") != NULL
              && strstr(json, "\"verdict\":\"hit\"") != NULL, "explain names the winner: %s", json ? json : "(null)");
    alphahit_free(json);
    alphahit_engine_close(engine);
    alphahit_engine_close(NULL);
}

static void test_batch(void) {
    alphahit_engine *engine = open_sample("nested");
    enum { count = 100000 };
    double *xs = malloc(sizeof(double) * count), *ys = malloc(sizeof(double) * count), *pairs = malloc(sizeof(double) * 2 * count);
    int32_t *separate = malloc(sizeof(int32_t) * count), *interleaved = malloc(sizeof(int32_t) * count);
    unsigned state = 12345;
    for (int i = 0; i < count; i++) {
        state = state * 1103515245u + 12345u;
        xs[i] = pairs[2 * i] = (state >> 8) % 40000 / 100.0 - 20;
        state = state * 1103515245u + 12345u;
        ys[i] = pairs[2 * i + 1] = (state >> 8) % 40000 / 100.0 - 20;
    }
    CHECK(alphahit_hit_many(engine, xs, ys, 1, count, separate, 0, NULL) == ALPHAHIT_OK, "batch of separate arrays");
    CHECK(alphahit_hit_many(engine, pairs, pairs + 1, 2, count, interleaved, 1, NULL) == ALPHAHIT_OK, "batch of pairs, one thread");
    int wrong = 0, hits = 0;
    for (int i = 0; i < count; i++) {
        int32_t one = alphahit_hit(engine, xs[i], ys[i]);
        if (separate[i] != one || interleaved[i] != one) wrong++;
        if (one >= 0) hits++;
    }
    CHECK(wrong == 0 && hits > 0, "the batch answers as single queries: %d of %d differ (%d hits)", wrong, count, hits);
    char *error = NULL;
    CHECK(alphahit_hit_many(engine, xs, ys, 0, count, separate, 0, &error) == ALPHAHIT_INVALID_ARGUMENT && error != NULL, "stride 0 is refused");
    alphahit_free(error);
    CHECK(alphahit_hit_many(engine, NULL, NULL, 1, 0, NULL, 0, NULL) == ALPHAHIT_OK, "an empty batch needs no arrays");
    CHECK(alphahit_hit_many(engine, NULL, ys, 1, 5, separate, 0, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a NULL array is refused");
    free(xs), free(ys), free(pairs), free(separate), free(interleaved);
    alphahit_engine_close(engine);
}

struct worker {
    const alphahit_engine *engine;
    const int32_t *expected;
    int wrong;
};

static void *query_from_thread(void *argument) {
    struct worker *worker = argument;
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 2400; i++) {
            if (alphahit_hit(worker->engine, i % 240 + 0.5, i / 240 * 16 + 0.5) != worker->expected[i]) worker->wrong++;
        }
    }
    return NULL;
}

static void test_threads(void) {
    alphahit_engine *engine = open_sample("diamonds");
    int32_t expected[2400];
    for (int i = 0; i < 2400; i++) expected[i] = alphahit_hit(engine, i % 240 + 0.5, i / 240 * 16 + 0.5);
    pthread_t threads[4];
    struct worker workers[4];
    for (int t = 0; t < 4; t++) {
        workers[t] = (struct worker){engine, expected, 0};
        pthread_create(&threads[t], NULL, query_from_thread, &workers[t]);
    }
    int wrong = 0;
    for (int t = 0; t < 4; t++) {
        pthread_join(threads[t], NULL);
        wrong += workers[t].wrong;
    }
    CHECK(wrong == 0, "four threads querying one engine agree with one thread: %d differ", wrong);
    alphahit_engine_close(engine);
}

static void test_errors(void) {
    alphahit_engine *engine = (alphahit_engine *)1;
    char *error = NULL;
    CHECK(alphahit_engine_open_file(NULL, &engine, &error) == ALPHAHIT_INVALID_ARGUMENT && engine == NULL && error != NULL,
          "a NULL path is an invalid argument, with a message");
    alphahit_free(error);
    CHECK(alphahit_engine_open_file(sample("diamonds"), NULL, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a NULL out-pointer is refused");
    CHECK(alphahit_engine_open_file("\xff\xfe.json", &engine, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a path that is not UTF-8 is refused");

    CHECK(alphahit_engine_open_file("/nonexistent/layout.json", &engine, &error) == ALPHAHIT_LAYOUT_ERROR && strstr(error, "/nonexistent/layout.json") != NULL,
          "a missing file is a layout error naming it: %s", error ? error : "(null)");
    alphahit_free(error);

    const char *broken = "{\"version\": 1, \"elements\": [";
    CHECK(alphahit_engine_open_json(broken, strlen(broken), NULL, &engine, &error) == ALPHAHIT_LAYOUT_ERROR && strstr(error, "invalid JSON") != NULL,
          "broken JSON is a layout error: %s", error ? error : "(null)");
    alphahit_free(error);

    const char *invalid = "{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": -5, \"height\": 10}}]}";
    CHECK(alphahit_engine_open_json(invalid, strlen(invalid), NULL, &engine, &error) == ALPHAHIT_LAYOUT_ERROR && strstr(error, "width") != NULL,
          "an invalid layout is a layout error naming the key: %s", error ? error : "(null)");
    alphahit_free(error);

    const char *missing = "{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 10}, \"image\": \"nope.png\"}]}";
    CHECK(alphahit_engine_open_json(missing, strlen(missing), "/tmp", &engine, &error) == ALPHAHIT_DECODE_ERROR && strstr(error, "nope.png") != NULL,
          "a missing image is a decode error naming it: %s", error ? error : "(null)");
    alphahit_free(error);

    const char *good = "{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 10}}]}";
    CHECK(alphahit_engine_open_json(good, strlen(good), NULL, &engine, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 1, 1) == 0, "a layout from JSON text");
    char *id = NULL;
    CHECK(alphahit_element_id(engine, 1, &id, &error) == ALPHAHIT_INVALID_ARGUMENT && id == NULL && error != NULL, "index 1 of 1 is out of range");
    alphahit_free(error);
    CHECK(alphahit_element_id(engine, -1, &id, NULL) == ALPHAHIT_INVALID_ARGUMENT, "index -1 is out of range");
    int64_t index = 7;
    CHECK(alphahit_element_index(engine, "zzz", &index, NULL) == ALPHAHIT_NOT_FOUND, "an unknown id is not found");
    CHECK(alphahit_element_index(engine, "\xc3\x28", &index, NULL) == ALPHAHIT_INVALID_ARGUMENT, "an id that is not UTF-8 is refused");
    CHECK(alphahit_explain(engine, 1, 1, NULL, NULL) == ALPHAHIT_INVALID_ARGUMENT, "explain needs an out-pointer");
    CHECK(alphahit_explain(NULL, 1, 1, &id, NULL) == ALPHAHIT_INVALID_ARGUMENT, "explain needs an engine");
    alphahit_engine_close(engine);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SAMPLES_DIR\n", argv[0]);
        return 2;
    }
    snprintf(samples, sizeof samples, "%s", argv[1]);
    test_basics();
    test_batch();
    test_threads();
    test_errors();
    printf("c-interface: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
