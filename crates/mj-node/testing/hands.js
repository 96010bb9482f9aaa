// What the package's tests share: a seeded SplitMix64 (as the other parity programs use) and
// the random hands they ask about, as 34 counts (kind index 0-8 = 1-9m, 9-17 = 1-9p, 18-26 =
// 1-9s, 27-33 = 1-7z). Each test file makes its own generator with its own seed.
'use strict'

const PRESETS = ['generic', 'riichi', 'sichuan', 'mcr']
const NAMES = Array.from({ length: 34 }, (_, k) => `${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`)
const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
const ALL = Array.from({ length: 34 }, (_, k) => k)
const MASK = (1n << 64n) - 1n
const total = (c) => c.reduce((a, b) => a + b, 0)

/** `below(n)` (an integer in 0..n) and `pick(xs)` from SplitMix64 seeded with `seed` (a BigInt). */
function splitmix(seed) {
  let state = seed
  function next() {
    state = (state + 0x9e3779b97f4a7c15n) & MASK
    let z = state
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK
    return z ^ (z >> 31n)
  }
  const below = (n) => Number(((next() >> 32n) * BigInt(n)) >> 32n)
  const pick = (xs) => xs[below(xs.length)]
  return { below, pick }
}

/** The random hands of a generator seeded with `seed`. */
function hands(seed) {
  const { below, pick } = splitmix(seed)

  // Kinds a hand may draw from: all, or (for Sichuan-like hands) two numbered suits.
  function kindsOf(twoSuits) {
    if (!twoSuits) return ALL
    const skip = below(3)
    return ALL.filter((k) => k < 27 && Math.floor(k / 9) !== skip)
  }

  // `melds` melds (runs or triplets) and a pair over `kinds`, as far as four copies allow.
  function built(melds, kinds) {
    const c = new Array(34).fill(0)
    for (let m = 0; m < melds; m++) {
      for (let t = 0; t < 30; t++) {
        const k = pick(kinds)
        const run = k < 27 && k % 9 <= 6 && kinds.includes(k + 2) && below(3) < 2
        const ks = run ? [k, k + 1, k + 2] : [k, k, k]
        const probe = c.slice()
        if (ks.every((x) => ++probe[x] <= 4)) {
          ks.forEach((x) => c[x]++)
          break
        }
      }
    }
    for (let t = 0; t < 30; t++) {
      const p = pick(kinds)
      if (c[p] <= 2) {
        c[p] += 2
        break
      }
    }
    return c
  }

  function sevenPairs(kinds) {
    const c = new Array(34).fill(0)
    while (total(c) < 14) {
      const k = pick(kinds)
      if (c[k] <= 2) c[k] += 2
    }
    return c
  }

  function thirteenOrphans() {
    const c = new Array(34).fill(0)
    ORPHANS.forEach((k) => c[k]++)
    c[pick(ORPHANS)]++
    return c
  }

  // MCR: 全不靠 (knitted tiles and honors, 14 different kinds) or 组合龙 + a meld + a pair.
  function knitted() {
    const perm = pick([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    const c = new Array(34).fill(0)
    const knit = []
    for (let s = 0; s < 3; s++) for (let r = perm[s]; r < 9; r += 3) knit.push(9 * s + r)
    if (below(2)) {
      const pool = knit.concat([27, 28, 29, 30, 31, 32, 33])
      while (total(c) < 14) c[pick(pool)] = 1
      return c
    }
    knit.forEach((k) => c[k]++)
    const rest = built(1, ALL)
    for (let k = 0; k < 34; k++) c[k] = Math.min(4, c[k] + rest[k])
    return c
  }

  // Random tiles of `kinds` (a wall draw), at most four of each.
  function dealt(size, kinds) {
    const c = new Array(34).fill(0)
    while (total(c) < size) {
      const k = pick(kinds)
      if (c[k] < 4) c[k]++
    }
    return c
  }

  return { below, pick, kindsOf, built, sevenPairs, thirteenOrphans, knitted, dealt }
}

module.exports = { PRESETS, NAMES, ORPHANS, ALL, total, splitmix, hands }
