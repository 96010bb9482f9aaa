/* Per-call times of the C ABI, and of `mj batch` through a pipe, on seeded corpora of 1,024
 * hands (hands.h). Writes the corpora to CORPUS so that the Rust baseline
 * (examples/bench_rust.rs) and the Node bench time the same hands. tools/bindings-bench/run.sh
 * runs all three.
 *
 *   gcc -O2 -Icrates/mj-ffi/include crates/mj-ffi/examples/c/bench.c \
 *       -Ltarget/release -lmj_ffi -Wl,-rpath,$PWD/target/release -o bench
 *   ./bench target/release/mj /tmp/mj-hands.bin
 *
 * Prints one line per case: its name and the median nanoseconds per call over 7 runs (the
 * thread's CPU time for in-process calls, the wall clock for the pipe). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hands.h"
#include "mj.h"

#define N 1024
#define RUNS 7

/* The corpora, in the order they are written to CORPUS (1,024 records each: 34 counts, then
 * the wildcard count). */
enum { WINS, WALL, WILD, READY, WALL13, CORPORA };
static const char *CORPUS_NAMES[CORPORA] = {"wins", "wall", "wild", "ready", "wall13"};
static Hand corpus[CORPORA][N];

static void build_corpora(void) {
    rng_state = 0xB1D1;
    for (int i = 0; i < N; i++) {
        corpus[WINS][i] = hand_random(0, 14, 0);
        corpus[WALL][i] = hand_random(2, 14, 0);
        corpus[WILD][i] = hand_random(0, 14, 1 + rng_below(4));
        corpus[WALL13][i] = hand_random(2, 13, 0);
    }
    /* Ready hands: built wins less one tile, kept when they wait on something. */
    MjRules *riichi;
    mj_rules_new("riichi", NULL, &riichi);
    for (int i = 0; i < N;) {
        Hand h = hand_random(0, 13, 0);
        uint64_t waits = 0;
        if (mj_waits(riichi, h.counts, 0, &waits) == MJ_STATUS_OK && waits) corpus[READY][i++] = h;
    }
    mj_rules_free(riichi);
}

/* In-process calls are timed by the thread's CPU clock, which a busy machine's other work does
 * not inflate; the pipe to `mj batch` by the wall clock (its time is spent in another process). */
static double clock_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}
static clockid_t timer = CLOCK_THREAD_CPUTIME_ID;
static double now(void) { return clock_ns(timer); }

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static volatile uint64_t sink;

/* Median ns per call of `call` over the corpus, `reps` passes per run. */
#define TIME(name, reps, body)                                                    \
    do {                                                                          \
        double t[RUNS];                                                           \
        for (int run = 0; run < RUNS; run++) {                                    \
            double start = now();                                                 \
            for (int rep = 0; rep < (reps); rep++)                                \
                for (int i = 0; i < N; i++) { body; }                             \
            t[run] = (now() - start) / ((double)(reps) * N);                      \
        }                                                                         \
        qsort(t, RUNS, sizeof t[0], cmp);                                         \
        printf("%-34s %10.1f ns\n", name, t[RUNS / 2]);                           \
        fflush(stdout);                                                           \
    } while (0)

/* The protocol's request line for a hand (no wildcards in the corpora it is used on). */
static void request_line(const char *op, const Hand *h, const char *rules, char *out, size_t cap) {
    char text[64];
    int wild[2];
    hand_mpsz(h, 1, text, wild);
    snprintf(out, cap, "{\"op\":\"%s\",\"hand\":\"%s\",\"rules\":\"%s\"}", op, text, rules);
}

/* `mj batch` as a child process with a pipe each way. */
typedef struct {
    pid_t pid;
    FILE *in, *out;
} Child;

static Child spawn_batch(const char *mj) {
    int to[2], from[2];
    Child c = {0, NULL, NULL};
    if (pipe(to) || pipe(from)) return c;
    c.pid = fork();
    if (c.pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[1]);
        close(from[0]);
        execl(mj, mj, "batch", (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    c.in = fdopen(to[1], "w");
    c.out = fdopen(from[0], "r");
    return c;
}

static void end_batch(Child *c) {
    fclose(c->in);
    fclose(c->out);
    waitpid(c->pid, NULL, 0);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s MJ_BIN CORPUS_OUT\n", argv[0]);
        return 2;
    }
    build_corpora();
    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    for (int c = 0; c < CORPORA; c++)
        for (int i = 0; i < N; i++) {
            uint8_t w = (uint8_t)corpus[c][i].wildcards;
            fwrite(corpus[c][i].counts, 1, 34, f);
            fwrite(&w, 1, 1, f);
        }
    fclose(f);
    fprintf(stderr, "corpora (%s) written to %s\n", "wins wall wild ready wall13", argv[2]);
    (void)CORPUS_NAMES;

    MjRules *riichi, *generic;
    mj_rules_new("riichi", NULL, &riichi);
    mj_rules_new("generic", NULL, &generic);
    bool b;
    uint64_t m;
    int8_t s;
    TIME("c mj_is_winning wins", 200, mj_is_winning(riichi, corpus[WINS][i].counts, 0, &b); sink += b);
    TIME("c mj_is_winning wall", 200, mj_is_winning(riichi, corpus[WALL][i].counts, 0, &b); sink += b);
    TIME("c mj_is_winning wild (1-4)", 200,
         mj_is_winning(generic, corpus[WILD][i].counts, corpus[WILD][i].wildcards, &b); sink += b);
    TIME("c mj_is_ready ready", 200, mj_is_ready(riichi, corpus[READY][i].counts, 0, &b); sink += b);
    TIME("c mj_waits ready", 100, mj_waits(riichi, corpus[READY][i].counts, 0, &m); sink += m);
    TIME("c mj_shanten wall (14)", 200, mj_shanten(riichi, corpus[WALL][i].counts, 0, &s); sink += (uint64_t)s);
    TIME("c mj_shanten wall13", 200, mj_shanten(riichi, corpus[WALL13][i].counts, 0, &s); sink += (uint64_t)s);
    TIME("c mj_shanten wild (1-4)", 50,
         mj_shanten(generic, corpus[WILD][i].counts, corpus[WILD][i].wildcards, &s); sink += (uint64_t)s);

    /* The protocol in-process: one JSON line in, one out. */
    static char hu_lines[N][128], waits_lines[N][128], shanten_lines[N][128];
    for (int i = 0; i < N; i++) {
        request_line("hu", &corpus[WINS][i], "riichi", hu_lines[i], 128);
        request_line("waits", &corpus[READY][i], "riichi", waits_lines[i], 128);
        request_line("shanten", &corpus[WALL][i], "riichi", shanten_lines[i], 128);
    }
    TIME("c mj_request hu wins", 5, { char *a = mj_request(hu_lines[i]); sink += (uint64_t)a[2]; mj_free(a); });
    TIME("c mj_request waits ready", 5, { char *a = mj_request(waits_lines[i]); sink += (uint64_t)a[2]; mj_free(a); });
    TIME("c mj_request shanten wall", 5, { char *a = mj_request(shanten_lines[i]); sink += (uint64_t)a[2]; mj_free(a); });

    /* `mj batch` through a pipe: one request, then its answer, as a server asking one question
     * at a time; and streamed, 20,480 lines written while the program answers into /dev/null
     * (its start included, about a millisecond over the 20,480 lines). */
    char answer[4096];
    const char *mj = argv[1];
    timer = CLOCK_MONOTONIC;
    struct { const char *name; char (*lines)[128]; } batches[3] = {
        {"hu wins", hu_lines}, {"waits ready", waits_lines}, {"shanten wall", shanten_lines}};
    for (int k = 0; k < 3; k++) {
        Child c = spawn_batch(mj);
        char name[64];
        snprintf(name, sizeof name, "pipe mj batch %s (round trip)", batches[k].name);
        TIME(name, 1, {
            fputs(batches[k].lines[i], c.in);
            fputc('\n', c.in);
            fflush(c.in);
            if (!fgets(answer, sizeof answer, c.out)) return 1;
            sink += (uint64_t)answer[2];
        });
        end_batch(&c);
    }
    for (int k = 0; k < 3; k++) {
        double t[RUNS];
        for (int run = 0; run < RUNS; run++) {
            char command[4096];
            snprintf(command, sizeof command, "'%s' batch > /dev/null", mj);
            double start = now();
            FILE *p = popen(command, "w");
            for (int rep = 0; rep < 20; rep++)
                for (int i = 0; i < N; i++) fprintf(p, "%s\n", batches[k].lines[i]);
            pclose(p);
            t[run] = (now() - start) / (20.0 * N);
        }
        qsort(t, RUNS, sizeof t[0], cmp);
        char name[64];
        snprintf(name, sizeof name, "pipe mj batch %s (streamed)", batches[k].name);
        printf("%-34s %10.1f ns\n", name, t[RUNS / 2]);
    }
    mj_rules_free(riichi);
    mj_rules_free(generic);
    return 0;
}
