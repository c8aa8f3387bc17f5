/* The C interface, checked from C: every function of alphahit.h on the samples, its errors, and
 * queries from several threads at once. Built and run by scripts/c-test.sh (with AddressSanitizer).
 * Usage: test_alphahit SAMPLES_DIR */
#include "alphahit.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    CHECK(alphahit_hit(engine, NAN, 5) == -2, "a NaN point is a bad argument (-2), as the command line refuses it");
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

static alphahit_status change(alphahit_engine *engine, const char *json) {
    return alphahit_engine_change(engine, json, strlen(json), NULL);
}

static void test_changes(void) {
    alphahit_engine *engine = open_sample("diamonds");
    int west = index_of(engine, "west");
    alphahit_engine *before = NULL;
    CHECK(alphahit_engine_snapshot(engine, &before, NULL) == ALPHAHIT_OK && before != NULL, "a snapshot is taken");
    /* West moves off the canvas: (50, 80), its centre, hits nothing now, but still west in the snapshot. */
    CHECK(alphahit_set_frame(engine, "west", 1000, 30, 100, 100, NULL) == ALPHAHIT_OK, "set_frame");
    CHECK(alphahit_hit(engine, 50, 80) == -1, "west has moved away from (50, 80)");
    CHECK(alphahit_hit(before, 50, 80) == west, "the snapshot is as it was");
    CHECK(alphahit_set_frame(engine, "west", 0, 30, 100, 100, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 50, 80) == west,
          "west is back, with its index");
    int south = index_of(engine, "south");
    CHECK(alphahit_set_hidden(engine, "south", 1, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 120, 110) != south, "south hidden");
    CHECK(alphahit_set_hidden(engine, "south", 0, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 120, 110) == south, "south shown");
    /* An added element takes the next index (4), front-most at the top level; added again after its
     * removal, a new one (5), and 4 is no element any more. */
    CHECK(change(engine, "{\"add\": {\"id\": \"n\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 20, \"height\": 20}}}") == ALPHAHIT_OK, "add");
    CHECK(index_of(engine, "n") == 4 && alphahit_hit(engine, 5, 5) == 4 && alphahit_element_count(engine) == 5, "n is 4 at (5, 5)");
    CHECK(change(engine, "{\"remove\": \"n\"}") == ALPHAHIT_OK && alphahit_hit(engine, 5, 5) == -1 && alphahit_element_count(engine) == 4, "remove");
    CHECK(change(engine, "{\"add\": {\"id\": \"n\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 20, \"height\": 20}}, \"index\": 0}") == ALPHAHIT_OK,
          "add again, back-most");
    CHECK(index_of(engine, "n") == 5 && alphahit_hit(engine, 5, 5) == 5, "n is 5 now");
    char *id = NULL, *error = NULL;
    CHECK(alphahit_element_id(engine, 5, &id, NULL) == ALPHAHIT_OK && strcmp(id, "n") == 0, "element 5 is n");
    alphahit_free(id);
    CHECK(alphahit_element_id(engine, 4, &id, NULL) == ALPHAHIT_INVALID_ARGUMENT, "4 is no element any more");
    CHECK(alphahit_hit(engine, 50, 80) == west && index_of(engine, "west") == west, "west keeps its index");
    int64_t at = -1;
    CHECK(alphahit_element_at(engine, 0, &at, NULL) == ALPHAHIT_OK && at == 5, "n is first in layout order, as index 5");
    CHECK(alphahit_element_at(engine, 1, &at, NULL) == ALPHAHIT_OK && at == west, "then west");
    CHECK(alphahit_element_at(engine, 5, &at, NULL) == ALPHAHIT_INVALID_ARGUMENT, "position 5 of 5 is out of range");
    /* Twice as large about its centre (10, 10): it reaches (25, 25); without the transform it does not. */
    const double twice[6] = {2, 0, 0, 2, 0, 0};
    CHECK(alphahit_set_transform(engine, "n", twice, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 25, 25) == 5, "set_transform");
    CHECK(alphahit_set_transform(engine, "n", NULL, NULL) == ALPHAHIT_OK && alphahit_hit(engine, 25, 25) == -1, "transform removed");
    CHECK(change(engine, "{\"set\": \"n\", \"image\": \"diamond.png\", \"states\": {\"on\": \"diamond.png\"}}") == ALPHAHIT_OK, "set states");
    CHECK(alphahit_set_state(engine, "n", "on", NULL) == ALPHAHIT_OK, "set_state");
    /* Refusals change nothing and say why, at the changed layout's paths (n is elements[0] now). */
    CHECK(alphahit_set_frame(engine, "nope", 0, 0, 1, 1, &error) == ALPHAHIT_NOT_FOUND && error && strstr(error, "nope"), "unknown id");
    alphahit_free(error);
    CHECK(alphahit_set_frame(engine, "west", 0, 30, -1, 100, &error) == ALPHAHIT_LAYOUT_ERROR && error && strstr(error, "elements[1].frame.width"),
          "a negative width is refused at its path: %s", error ? error : "");
    alphahit_free(error);
    CHECK(alphahit_hit(engine, 50, 80) == west, "the refused frame changed nothing");
    CHECK(alphahit_set_state(engine, "n", "", &error) == ALPHAHIT_LAYOUT_ERROR, "an empty state is refused: %s", error ? error : "");
    alphahit_free(error);
    CHECK(change(engine, "{\"set\": ") == ALPHAHIT_INVALID_ARGUMENT, "invalid JSON");
    CHECK(change(engine, "{\"query\": [[1, 2]]}") == ALPHAHIT_INVALID_ARGUMENT, "a query is not a change");
    CHECK(change(engine, "{\"move\": \"west\", \"index\": 9}") == ALPHAHIT_INVALID_ARGUMENT, "a position beyond the siblings");
    CHECK(alphahit_set_hidden(engine, NULL, 1, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a NULL id");
    CHECK(alphahit_engine_change(engine, NULL, 3, NULL) == ALPHAHIT_INVALID_ARGUMENT, "NULL JSON");
    CHECK(alphahit_set_hidden(before, "west", 1, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "snapshot"), "a snapshot cannot change");
    alphahit_free(error);
    alphahit_engine_close(before);
    CHECK(alphahit_set_hidden(before, "west", 1, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a closed snapshot");
    alphahit_engine_close(engine);
    CHECK(alphahit_set_hidden(engine, "west", 1, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a closed engine");
}

struct reader {
    alphahit_engine *engine;
    int32_t west;
    volatile int *done;
    int reads, wrong;
};

static void *read_while_changing(void *argument) {
    struct reader *reader = argument;
    while (!*reader->done || reader->reads == 0) {
        int32_t answer = alphahit_hit(reader->engine, 50, 80);
        if (answer != reader->west && answer != -1) reader->wrong++;
        reader->reads++;
    }
    return NULL;
}

static void test_changes_from_threads(void) {
    alphahit_engine *engine = open_sample("diamonds");
    volatile int done = 0;
    pthread_t threads[2];
    struct reader readers[2];
    for (int t = 0; t < 2; t++) {
        readers[t] = (struct reader){engine, index_of(engine, "west"), &done, 0, 0};
        pthread_create(&threads[t], NULL, read_while_changing, &readers[t]);
    }
    int refused = 0;
    for (int round = 0; round < 100; round++) {
        if (alphahit_set_frame(engine, "west", round % 2 ? 1000 : 0, 30, 100, 100, NULL) != ALPHAHIT_OK) refused++;
    }
    done = 1;
    int wrong = 0;
    for (int t = 0; t < 2; t++) {
        pthread_join(threads[t], NULL);
        wrong += readers[t].wrong;
    }
    CHECK(refused == 0 && wrong == 0, "two threads query while one changes: %d refused, %d wrong", refused, wrong);
    alphahit_engine_close(engine);
}

/* Changes cut, spliced and garbled at random: each is applied or refused with a status, never a
 * crash (AddressSanitizer watches every byte), and the engine still answers afterwards. */
static void test_garbled_changes(void) {
    alphahit_engine *engine_for_garbling = open_sample("diamonds");
    static const char *lines[] = {
        "{\"set\": \"west\", \"frame\": {\"x\": 1, \"y\": 30, \"width\": 100, \"height\": 100}}",
        "{\"add\": {\"id\": \"g\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5}, \"children\": [{\"id\": \"h\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}}]}, \"parent\": \"east\", \"index\": 0}",
        "{\"move\": \"north\", \"parent\": null, \"index\": 1}",
        "{\"remove\": \"g\"}",
        "{\"set\": \"south\", \"states\": {\"on\": \"diamond.png\"}, \"state\": \"on\", \"transform\": {\"rotation\": 30}}",
    };
    char text[1024];
    unsigned state = 12345;
    int statuses[5] = {0};
    for (int round = 0; round < 3000; round++) {
        state = state * 1103515245u + 12345u;
        const char *line = lines[(state >> 16) % 5];
        size_t length = strlen(line);
        memcpy(text, line, length);
        state = state * 1103515245u + 12345u;
        size_t cut = (state >> 16) % (length + 1);
        for (int flips = (int)((state >> 8) % 4); flips > 0; flips--) {
            state = state * 1103515245u + 12345u;
            text[(state >> 16) % length] = (char)(state >> 24);
        }
        alphahit_status status = alphahit_engine_change(engine_for_garbling, text, round % 3 ? length : cut, NULL);
        if (status >= 0 && status <= 4) statuses[status]++;
    }
    CHECK(statuses[0] + statuses[1] + statuses[2] + statuses[3] + statuses[4] == 3000, "every garbled change has a status");
    CHECK(statuses[0] > 0 && statuses[1] > 0, "some applied (%d) and some refused (%d)", statuses[0], statuses[1]);
    CHECK(alphahit_hit(engine_for_garbling, 5, 5) >= -1, "the engine still answers");
    alphahit_engine_close(engine_for_garbling);
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

/* The hardening rules: sizes that wrap, non-finite points, closed engines, atlases with numbers
 * near 2^63 (which once killed the host process), and explain always giving valid JSON. */
static void test_hardening(void) {
    alphahit_engine *engine = open_sample("diamonds");
    double xs[4] = {75, 95, 120, 110};
    int32_t out[4] = {7, 7, 7, 7};
    char *error = NULL;
    CHECK(alphahit_hit_many(engine, xs, xs + 1, 2, (size_t)1 << 63, out, 1, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "count"),
          "a count of 2^63 is refused naming the count: %s", error ? error : "(null)");
    alphahit_free(error);
    CHECK(alphahit_hit_many(engine, NULL, NULL, 1, (size_t)-1, NULL, 1, NULL) == ALPHAHIT_INVALID_ARGUMENT, "NULL arrays with a huge count are refused");
    CHECK(alphahit_hit_many(engine, xs, xs + 1, (size_t)1 << 40, (size_t)1 << 30, out, 1, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "count"),
          "count x stride that no array spans is refused: %s", error ? error : "(null)");
    alphahit_free(error);
    CHECK(alphahit_hit_many(engine, xs, xs + 1, SIZE_MAX, 2, out, 1, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "stride") && !strstr(error, "at least 1"),
          "a stride of SIZE_MAX is called too large, not 'at least 1': %s", error ? error : "(null)");
    alphahit_free(error);
    CHECK(out[0] == 7 && out[1] == 7, "nothing is written when the sizes are refused");
    double nan_points[4] = {75, 95, NAN, 1};
    CHECK(alphahit_hit_many(engine, nan_points, nan_points + 1, 2, 2, out, 1, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "point 1"),
          "a NaN point in a batch is refused naming it: %s", error ? error : "(null)");
    alphahit_free(error);
    CHECK(alphahit_hit(engine, NAN, 95) == -2 && alphahit_hit(engine, INFINITY, 95) == -2, "a non-finite point is a bad argument (-2), as the CLI refuses it");
    CHECK(alphahit_hit_with_tolerance(engine, NAN, 95, 5, NULL) == -2 && alphahit_hit_with_tolerance(engine, 75, 95, INFINITY, NULL) == -2,
          "a non-finite point or tolerance is -2 with tolerance");
    char *json = NULL;
    CHECK(alphahit_explain(engine, NAN, NAN, &json, &error) == ALPHAHIT_INVALID_ARGUMENT && json == NULL && error && strstr(error, "finite"),
          "explain refuses a NaN point instead of printing [nan,nan]: %s", error ? error : "(null)");
    alphahit_free(error);
    CHECK(alphahit_explain_with_tolerance(engine, 160, 50, 12, &json, NULL) == ALPHAHIT_OK && json && strstr(json, "\"near\""),
          "explain with tolerance lists the near candidates: %s", json ? json : "(null)");
    alphahit_free(json);
    int32_t tolerant[2] = {9, 9};
    double near_points[4] = {75, 95, 160, 50};
    CHECK(alphahit_hit_many_with_tolerance(engine, near_points, near_points + 1, 2, 2, 12, tolerant, 1, NULL) == ALPHAHIT_OK
              && tolerant[0] == alphahit_hit(engine, 75, 95) && tolerant[1] == alphahit_hit_with_tolerance(engine, 160, 50, 12, NULL),
          "the tolerant batch answers as the tolerant single query");
    CHECK(alphahit_hit_many_with_tolerance(engine, near_points, near_points + 1, 2, 2, -1, tolerant, 1, NULL) == ALPHAHIT_INVALID_ARGUMENT,
          "a negative batch tolerance is refused");
    alphahit_engine_close(engine);
    alphahit_engine_close(engine);
    CHECK(alphahit_hit(engine, 75, 95) == -2 && alphahit_element_count(engine) == -1, "a closed engine answers -2 / -1, and a second close is ignored");
    CHECK(alphahit_explain(engine, 1, 1, &json, &error) == ALPHAHIT_INVALID_ARGUMENT && error && strstr(error, "closed"), "a closed engine is named");
    alphahit_free(error);
    alphahit_engine_close(NULL);

    char folder[] = "/tmp/alphahit-c-test-XXXXXX";
    CHECK(mkdtemp(folder) != NULL, "a temporary folder");
    char path[256];
    snprintf(path, sizeof path, "%s/ui.atlas", folder);
    FILE *file = fopen(path, "w");
    fputs("ui.png\nsize: 4, 4\nplay\n  xy: 9223372036854775807, 0\n  size: 1, 1\n", file);
    fclose(file);
    const char *layout = "{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5}, "
                         "\"image\": {\"atlas\": \"ui.atlas\", \"frame\": \"play\"}}]}";
    alphahit_engine *hostile = NULL;
    CHECK(alphahit_engine_open_json(layout, strlen(layout), folder, &hostile, &error) != ALPHAHIT_OK && hostile == NULL && error
              && strstr(error, "too large: at most 16777216") && strstr(error, ":4:"),
          "an atlas number near 2^63 is an error naming its line, not a crash: %s", error ? error : "(null)");
    alphahit_free(error);
    remove(path);
    rmdir(folder);
    CHECK(strcmp(alphahit_version(), "0.3.0") == 0, "the version is the package's: %s", alphahit_version());
}

static void test_outlines(void) {
    char image[4096 + 64], *json = NULL, *error = NULL;
    snprintf(image, sizeof image, "%s/diamonds/diamond.png", samples);
    CHECK(alphahit_outline_png(image, 0.1, 1, ALPHAHIT_OUTLINE_CONVEX | ALPHAHIT_OUTLINE_TRIANGLES, 4, &json, &error) == ALPHAHIT_OK,
          "the diamond's outline: %s", error ? error : "");
    CHECK(json && strstr(json, "\"outer\":[[49,0],[51,0],[100,49],[100,51],[51,100],[49,100],[0,51],[0,49]]") && strstr(json, "\"pieces\":3")
              && strstr(json, "\"triangleCount\":6"),
          "simplified within 1 pixel: eight corners, three pieces of at most 4, six triangles: %s", json ? json : "(null)");
    alphahit_free(json);
    json = NULL;
    CHECK(alphahit_outline_png(image, 0.1, 0, 0, 0, &json, NULL) == ALPHAHIT_OK && json && strstr(json, "\"epsilon\":0,")
              && strstr(json, "[[49,0],[51,0],[51,1],") && !strstr(json, "convex"),
          "exact, and no pieces unless asked for");
    alphahit_free(json);
    json = NULL;
    CHECK(alphahit_outline_png(image, 2, 0, 0, 0, &json, &error) == ALPHAHIT_INVALID_ARGUMENT && json == NULL && error && strstr(error, "threshold"),
          "a threshold above 1 is refused by name");
    alphahit_free(error);
    error = NULL;
    CHECK(alphahit_outline_png(image, 0.1, 0, 8, 0, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "unknown flags are refused");
    CHECK(alphahit_outline_png(image, 0.1, 0, ALPHAHIT_OUTLINE_CONVEX, 2, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "max_vertices 2 is refused");
    CHECK(alphahit_outline_png(image, 0.1, -1, 0, 0, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a negative epsilon is refused");
    CHECK(alphahit_outline_png("/nonexistent.png", 0.1, 0, 0, 0, &json, &error) == ALPHAHIT_DECODE_ERROR && error && strstr(error, "/nonexistent.png"),
          "a missing file is a decode error naming it");
    alphahit_free(error);
    error = NULL;

    alphahit_engine *engine = open_sample("audit");
    CHECK(alphahit_region(engine, 2, NULL, NULL, &json, NULL) == ALPHAHIT_OK && json
              && strncmp(json, "{\"scale\":2,\"width\":480,\"height\":320,\"rects\":[[20,20,120,1],[172,20,8,1],[200,20,32,1],", 78) == 0,
          "the region at 2 pixels per point, as hittest region prints it: %.120s", json ? json : "(null)");
    alphahit_free(json);
    json = NULL;
    CHECK(alphahit_region(engine, 2, "nope", NULL, &json, NULL) == ALPHAHIT_NOT_FOUND, "an unknown id is not found");
    CHECK(alphahit_region(engine, 0, NULL, NULL, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "scale 0 is refused");
    double x = 0, y = 0, clearance = 0;
    CHECK(alphahit_tap_point(engine, "tiny", 4, &x, &y, &clearance, NULL) == ALPHAHIT_OK && x == 87.875 && y == 17.875 && fabs(clearance - 7.846) < 0.001,
          "tiny's tap point is audit's: (%g, %g), clearance %g", x, y, clearance);
    CHECK(alphahit_hit(engine, x, y) == index_of(engine, "tiny"), "a query at the tap point answers tiny");
    CHECK(alphahit_tap_point(engine, "hidden", 4, &x, &y, NULL, &error) == ALPHAHIT_NOT_FOUND && error && strstr(error, "owns no pixel"),
          "an element that owns nothing has no tap point");
    alphahit_free(error);
    error = NULL;
    alphahit_engine_close(engine);

    engine = open_sample("nested");
    CHECK(alphahit_element_outline(engine, "backdrop", 0, 0, 0, &json, &error) == ALPHAHIT_OK && json
              && strcmp(json, "{\"element\":\"backdrop\",\"epsilon\":0,\"polygons\":[{\"outer\":[[0,0],[300,0],[300,200],[0,200]],\"holes\":[]}]}") == 0,
          "the backdrop's own region, exact, as hittest outline prints it without the layout: %s", json ? json : (error ? error : ""));
    alphahit_free(json);
    json = NULL;
    CHECK(alphahit_element_outline(engine, "panel-button", 0, 0, 0, &json, &error) == ALPHAHIT_INVALID_ARGUMENT && json == NULL && error
              && strstr(error, "epsilon > 0"),
          "an ellipse has no exact outline: %s", error ? error : "(null)");
    alphahit_free(error);
    error = NULL;
    CHECK(alphahit_element_outline(engine, "panel-button", 0.1, ALPHAHIT_OUTLINE_CONVEX, 0, &json, NULL) == ALPHAHIT_OK && json
              && strstr(json, "\"epsilon\":0.1,") && strstr(json, "\"pieces\":1"),
          "within 0.1 point, one convex piece: %.200s", json ? json : "(null)");
    alphahit_free(json);
    json = NULL;
    CHECK(alphahit_element_outline(engine, "nobody", 0, 0, 0, &json, NULL) == ALPHAHIT_NOT_FOUND, "an unknown id is not found");
    CHECK(alphahit_element_outline(engine, "backdrop", -1, 0, 0, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "a negative epsilon is refused");
    CHECK(alphahit_element_outline(engine, "backdrop", 0, 8, 0, &json, NULL) == ALPHAHIT_INVALID_ARGUMENT, "unknown flags are refused");
    alphahit_engine_close(engine);
}

/* WebP and SVG art, as the samples use it: the atlas over a WebP sheet answers as over its PNG,
 * the SVG buttons where their geometry says, and an SVG outlines like any image. */
static void test_webp_and_svg(void) {
    char path[4096 + 64];
    snprintf(path, sizeof path, "%s/atlas/layout-webp.json", samples);
    alphahit_engine *webp = NULL, *png = NULL;
    char *error = NULL;
    CHECK(alphahit_engine_open_file(path, &webp, &error) == ALPHAHIT_OK, "opening the WebP atlas: %s", error ? error : "");
    alphahit_free(error);
    png = open_sample("atlas");
    int same = 1;
    for (int y = 0; y < 100 && webp != NULL; y++) {
        for (int x = 0; x < 160; x++) {
            if (alphahit_hit(webp, x + 0.5, y + 0.5) != alphahit_hit(png, x + 0.5, y + 0.5)) same = 0;
        }
    }
    CHECK(webp != NULL && same, "the WebP atlas answers as the PNG one at every point");
    alphahit_engine_close(webp);
    alphahit_engine_close(png);

    alphahit_engine *svg = open_sample("svg-button");
    CHECK(alphahit_hit(svg, 34, 14) == index_of(svg, "ring") && alphahit_hit(svg, 34, 34) == -1, "the ring hits, its hole does not");
    CHECK(alphahit_hit(svg, 118, 18) == index_of(svg, "ring-2x") && alphahit_hit(svg, 118, 58) == -1, "so at 2x");
    CHECK(alphahit_hit(svg, 80, 130) == index_of(svg, "pill") && alphahit_hit(svg, 30, 130) == -1 && alphahit_hit(svg, 72, 112) == -1,
          "the pill is fitted into its frame, its corners and margins empty");
    alphahit_engine_close(svg);

    char *json = NULL;
    snprintf(path, sizeof path, "%s/svg-button/ring.svg", samples);
    CHECK(alphahit_outline_png(path, 0.5, 0, 0, 0, &json, NULL) == ALPHAHIT_OK && json != NULL && strstr(json, "\"holes\":[[") != NULL,
          "the ring's outline has its hole: %s", json ? json : "");
    alphahit_free(json);
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
    test_changes();
    test_changes_from_threads();
    test_garbled_changes();
    test_errors();
    test_hardening();
    test_outlines();
    test_webp_and_svg();
    printf("c-interface: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
