/* Seeded random hands for the C examples (parity.c, bench.c): built wins, near misses, wall
 * draws and one-suit hands, with 0-8 wildcards, as 34 counts plus a wildcard count, and the
 * protocol's text of the same hand (the wildcards as tiles of wild kinds the counts lack). */
#ifndef MJ_EXAMPLE_HANDS_H
#define MJ_EXAMPLE_HANDS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* SplitMix64: a fixed sequence per seed. */
static uint64_t rng_state;
static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rng_below(uint32_t n) { return (uint32_t)(((rng_next() >> 32) * n) >> 32); }

typedef struct {
    uint8_t counts[34]; /* real tiles */
    uint32_t wildcards;
    int tiles; /* real tiles + wildcards */
} Hand;

static int hand_add(Hand *h, int kind) {
    if (h->counts[kind] >= 4) return 0;
    h->counts[kind]++;
    h->tiles++;
    return 1;
}

static void hand_remove_random(Hand *h) {
    int real = h->tiles - (int)h->wildcards;
    if (real <= 0) return;
    int k = (int)rng_below((uint32_t)real);
    for (int i = 0; i < 34; i++) {
        if (k < h->counts[i]) {
            h->counts[i]--;
            h->tiles--;
            return;
        }
        k -= h->counts[i];
    }
}

/* A random hand of `size` tiles (14 or 13) with `wildcards` wildcards. `shape`: 0 a built win,
 * 1 a near miss (a built win with a tile swapped), 2 a wall draw, 3 one suit only. */
static Hand hand_random(int shape, int size, uint32_t wildcards) {
    Hand h;
    memset(&h, 0, sizeof h);
    if (shape == 2) {
        while (h.tiles < 14) hand_add(&h, (int)rng_below(34));
    } else {
        int suit = (int)rng_below(3);
        for (int m = 0; m < 4; m++) {
            for (int tries = 0; tries < 20; tries++) {
                int kind = shape == 3 ? suit * 9 + (int)rng_below(9) : (int)rng_below(34);
                int run = kind < 27 && kind % 9 <= 6 && rng_below(3) < 2;
                int k[3] = {kind, run ? kind + 1 : kind, run ? kind + 2 : kind};
                Hand probe = h;
                if (hand_add(&probe, k[0]) && hand_add(&probe, k[1]) && hand_add(&probe, k[2])) {
                    h = probe;
                    break;
                }
            }
        }
        for (int tries = 0; tries < 20; tries++) {
            int kind = shape == 3 ? suit * 9 + (int)rng_below(9) : (int)rng_below(34);
            if (h.counts[kind] <= 2) {
                hand_add(&h, kind);
                hand_add(&h, kind);
                break;
            }
        }
        while (h.tiles < 14) hand_add(&h, shape == 3 ? suit * 9 + (int)rng_below(9) : (int)rng_below(34));
        if (shape == 1) {
            hand_remove_random(&h);
            while (h.tiles < 14) hand_add(&h, (int)rng_below(34));
        }
    }
    /* Wildcards replace real tiles. */
    for (uint32_t i = 0; i < wildcards && h.tiles - (int)h.wildcards > 0; i++) {
        hand_remove_random(&h);
        h.wildcards++;
        h.tiles++;
    }
    while (h.tiles > size) {
        if (h.tiles - (int)h.wildcards > 0) hand_remove_random(&h);
        else { h.wildcards--; h.tiles--; }
    }
    return h;
}

/* The wild kinds of the protocol's hand: one kind per four wildcards, kinds the counts lack,
 * from 7z down (from 9s down when honors are not in the rules). Returns how many (0-2). */
static int wild_kinds(const Hand *h, int honors, int out[2]) {
    int n = 0, need = ((int)h->wildcards + 3) / 4;
    for (int k = honors ? 33 : 26; k >= 0 && n < need; k--)
        if (h->counts[k] == 0) out[n++] = k;
    return n;
}

/* The protocol's mpsz text of the hand, wildcards written as tiles of the wild kinds. Returns
 * the number of wild kinds written to `wild`. */
static int hand_mpsz(const Hand *h, int honors, char *out, int wild[2]) {
    int n = wild_kinds(h, honors, wild);
    uint8_t all[34];
    memcpy(all, h->counts, 34);
    uint32_t left = h->wildcards;
    for (int i = 0; i < n; i++) {
        uint32_t take = left > 4 ? 4 : left;
        all[wild[i]] = (uint8_t)take;
        left -= take;
    }
    const char letters[4] = {'m', 'p', 's', 'z'};
    char *p = out;
    for (int s = 0; s < 4; s++) {
        int any = 0;
        for (int r = 0; r < (s == 3 ? 7 : 9); r++)
            for (int c = 0; c < all[s * 9 + r]; c++) {
                *p++ = (char)('1' + r);
                any = 1;
            }
        if (any) *p++ = letters[s];
    }
    *p = 0;
    return n;
}

static inline void kind_name(int kind, char out[3]) {
    out[0] = (char)('1' + kind % 9);
    out[1] = "mpsz"[kind / 9];
    out[2] = 0;
}

#endif
