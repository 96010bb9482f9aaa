/* The C ABI against `mj batch` on the same random hands: every request is answered in-process
 * by mj_request and by the program through a pipe, and the answers must be the same bytes; the
 * typed calls (mj_is_winning, mj_is_ready, mj_waits, mj_shanten) must say what the program's
 * answers say, errors included.
 *
 *   gcc -O2 -Icrates/mj-ffi/include crates/mj-ffi/examples/c/parity.c \
 *       -Ltarget/release -lmj_ffi -Wl,-rpath,$PWD/target/release -o parity
 *   ./parity target/release/mj 4000 1
 *
 * Prints "N passed, 0 failed" and exits 0 when every check holds. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hands.h"
#include "mj.h"

static const char *PRESETS[4] = {"generic", "riichi", "sichuan", "mcr"};
static long passed, failed;

static void check(int ok, const char *what, const char *request, const char *detail) {
    if (ok) {
        passed++;
        return;
    }
    failed++;
    if (failed <= 20) fprintf(stderr, "FAIL %s\n  request: %s\n  %s\n", what, request, detail);
}

/* The error kind of an answer line, or NULL. */
static const char *error_kind(const char *answer, char *buf) {
    const char *k = strstr(answer, "\"error\":{\"kind\":\"");
    if (!k) return NULL;
    k += strlen("\"error\":{\"kind\":\"");
    size_t n = strcspn(k, "\"");
    memcpy(buf, k, n);
    buf[n] = 0;
    return buf;
}

/* The waits of an answer line as a bitmask of kinds. */
static uint64_t waits_mask(const char *answer) {
    uint64_t mask = 0;
    const char *p = strstr(answer, "\"waits\":[");
    if (!p) return 0;
    for (p += 9; *p && *p != ']'; p++) {
        if (*p >= '1' && *p <= '9' && p[1] && strchr("mpsz", p[1])) {
            int suit = (int)(strchr("mpsz", p[1]) - "mpsz");
            mask |= 1ull << (suit * 9 + (*p - '1'));
            p++;
        }
    }
    return mask;
}

/* A typed call's answer compared with the program's: the same error kind, or both answered. */
static int same_error(MjStatus status, const char *answer) {
    char kind[64];
    const char *theirs = error_kind(answer, kind);
    if (status == MJ_STATUS_OK) return theirs == NULL;
    return theirs && strcmp(theirs, mj_status_name(status)) == 0;
}

typedef struct {
    Hand hand;
    int preset;
    int wild[2], nwild;
    char text[64];
} Case;

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s MJ_BIN [HANDS] [SEED]\n", argv[0]);
        return 2;
    }
    const char *mj = argv[1];
    long n = argc > 2 ? atol(argv[2]) : 2000;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;

    MjRules *rules[4];
    for (int p = 0; p < 4; p++) {
        if (mj_rules_new(PRESETS[p], NULL, &rules[p]) != MJ_STATUS_OK) {
            fprintf(stderr, "mj_rules_new(%s): %s\n", PRESETS[p], mj_last_error());
            return 1;
        }
    }
    Case *cases = calloc((size_t)n, sizeof(Case));
    char **ours = calloc((size_t)n * 3, sizeof(char *));
    char **lines = calloc((size_t)n * 3, sizeof(char *));
    char path[] = "/tmp/mj-parity-XXXXXX";
    int fd = mkstemp(path);
    FILE *requests = fdopen(fd, "w");
    const char *ops[3] = {"hu", "waits", "shanten"};
    for (long i = 0; i < n; i++) {
        Case *c = &cases[i];
        static const uint32_t W[8] = {0, 0, 0, 1, 2, 3, 4, 8};
        c->hand = hand_random((int)rng_below(4), rng_below(2) ? 14 : 13, W[rng_below(8)]);
        c->preset = (int)rng_below(4);
        int honors = c->preset != 2;
        c->nwild = hand_mpsz(&c->hand, honors, c->text, c->wild);
        char wild[32] = "";
        for (int k = 0; k < c->nwild; k++) {
            char name[3];
            kind_name(c->wild[k], name);
            snprintf(wild + strlen(wild), sizeof wild - strlen(wild), "%s\"%s\"", k ? "," : "", name);
        }
        for (int o = 0; o < 3; o++) {
            char *line = malloc(256);
            snprintf(line, 256, "{\"op\":\"%s\",\"hand\":\"%s\",\"wild\":[%s],\"rules\":\"%s\",\"id\":%ld}",
                     ops[o], c->text, wild, PRESETS[c->preset], i * 3 + o);
            lines[i * 3 + o] = line;
            ours[i * 3 + o] = mj_request(line);
            fprintf(requests, "%s\n", line);
        }
    }
    fclose(requests);

    /* The program's answers, through a pipe. */
    char command[4096];
    snprintf(command, sizeof command, "'%s' batch < '%s'", mj, path);
    FILE *theirs = popen(command, "r");
    if (!theirs) {
        perror("popen");
        return 1;
    }
    char *answer = NULL;
    size_t cap = 0;
    for (long j = 0; j < n * 3; j++) {
        ssize_t len = getline(&answer, &cap, theirs);
        if (len <= 0) {
            fprintf(stderr, "mj batch answered %ld lines of %ld\n", j, n * 3);
            return 1;
        }
        if (answer[len - 1] == '\n') answer[len - 1] = 0;
        check(ours[j] && strcmp(ours[j], answer) == 0, "mj_request == mj batch", lines[j], answer);

        Case *c = &cases[j / 3];
        const Hand *h = &c->hand;
        MjRules *r = rules[c->preset];
        char detail[512];
        int op = (int)(j % 3);
        if (op == 0) {
            bool won = false;
            MjStatus s = mj_is_winning(r, h->counts, h->wildcards, &won);
            snprintf(detail, sizeof detail, "mj batch: %s; typed: %s %d", answer, mj_status_name(s), won);
            check(same_error(s, answer) && (s != MJ_STATUS_OK ||
                  strstr(answer, won ? "\"hu\":true" : "\"hu\":false")), "mj_is_winning", lines[j], detail);
        } else if (op == 1) {
            uint64_t mask = 0;
            bool ready = false, more = false;
            MjStatus s = mj_waits(r, h->counts, h->wildcards, &mask);
            MjStatus sr = mj_is_ready(r, h->counts, h->wildcards, &ready);
            snprintf(detail, sizeof detail, "mj batch: %s; typed: %s %#" PRIx64 " ready %d", answer,
                     mj_status_name(s), mask, ready);
            check(same_error(s, answer) && sr == s, "mj_waits status", lines[j], detail);
            if (s == MJ_STATUS_OK) {
                uint64_t wild = 0;
                int four = 0;
                for (int k = 0; k < c->nwild; k++) wild |= 1ull << c->wild[k];
                uint64_t program = waits_mask(answer);
                check((program & ~wild) == (mask & ~wild), "mj_waits == waits", lines[j], detail);
                /* A wild kind is listed there when a drawn wildcard wins: when the hand is
                 * ready, holds fewer than 8 and the kind is not held four times. */
                for (int k = 0; k < c->nwild; k++) {
                    four = (k == 0 ? (h->wildcards >= 4) : (h->wildcards - 4 >= 4));
                    int listed = (int)(program >> c->wild[k] & 1);
                    check(listed == (ready && h->wildcards < 8 && !four), "wild kind listed iff ready",
                          lines[j], detail);
                }
                /* Ready is a win with one wildcard more. */
                if (h->wildcards < 8) {
                    mj_is_winning(r, h->counts, h->wildcards + 1, &more);
                    check(more == ready, "mj_is_ready == win with a wildcard more", lines[j], detail);
                }
            }
        } else {
            int8_t shanten = 0;
            MjStatus s = mj_shanten(r, h->counts, h->wildcards, &shanten);
            char expected[32];
            snprintf(expected, sizeof expected, "\"shanten\":%d,", shanten);
            snprintf(detail, sizeof detail, "mj batch: %s; typed: %s %d", answer, mj_status_name(s), shanten);
            check(same_error(s, answer) && (s != MJ_STATUS_OK || strstr(answer, expected)), "mj_shanten",
                  lines[j], detail);
        }
    }
    int rc = pclose(theirs);
    check(rc == 0, "mj batch exits 0", "", "");
    unlink(path);

    /* NULL pointers answer a status, never a crash. */
    bool won;
    uint8_t zero[34] = {0};
    check(mj_is_winning(NULL, zero, 0, &won) == MJ_STATUS_NULL_POINTER, "NULL rules", "", mj_last_error());
    check(mj_waits(rules[0], NULL, 0, NULL) == MJ_STATUS_NULL_POINTER, "NULL counts", "", mj_last_error());
    check(mj_request(NULL) == NULL, "NULL line", "", mj_last_error());
    check(strcmp(mj_last_error(), "argument `line` is NULL") == 0, "message of NULL line", "", mj_last_error());

    for (long j = 0; j < n * 3; j++) {
        mj_free(ours[j]);
        free(lines[j]);
    }
    for (int p = 0; p < 4; p++) mj_rules_free(rules[p]);
    free(ours);
    free(lines);
    free(cases);
    free(answer);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
}
