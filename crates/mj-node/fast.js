// The package's JavaScript reader of the engine's committed win tables: `hu` on 34 counts
// answered by JIT-compiled JavaScript, with no call into the addon. A native call costs about
// 100 ns before any work; this answers in tens of nanoseconds.
//
// The bytes are the engine's own: `crates/mj-tables/data/tables.bin`, which the addon holds
// (compiled in) and copies here once at load, after its Rust reader has validated it
// (`_committedBlob('tables')`). The winning-shape switches of each preset come from the addon
// too (`_shapeSwitches`). What this file relies on (magic, format version, section tags, element
// sizes and lengths) is checked at load; on any mismatch the reader is off and says why
// (`reader.reason`), and every call goes to the addon as before.
//
// The algorithm is `mj_hu::Checker::is_winning_eigen` (crates/mj-hu/src/fast.rs) over the
// tables' layout (crates/mj-tables/src/layout.rs): each numbered suit's needs byte at its
// base-5 value, the seven honors' at theirs (plus 5^7 in the honor-sequences plane); bits 0-3
// `m` (wildcards to finish as melds), 4-5 `p - m + 1` (melds and a pair), 6-7 `q - m + 1`
// (melds and a 2/5/8 pair). The standard form needs `sum m + min (p - m)` wildcards; seven
// pairs, thirteen orphans and MCR's knitted shapes follow `crates/mj-hu/src/forms.rs`.
//
// Covered: a hand of 34 counts (a `Uint8Array`, or an array of 34 integers), and `fields`
// absent, `null`, a preset name, or an object whose only fields are `rules` (a preset name)
// and `wild` (an array of tile names). Everything else, and every hand the engine refuses (a
// count above 4, a tile total that is not 3k+2 up to 17, more than 8 wildcards, honors under
// `sichuan`), returns -1: the caller asks the addon, which answers or throws exactly as
// before.
'use strict'

const FORMAT_VERSION = 4
const SUITED_PATTERNS = 1953125 // 5^9
const HONOR_SHAPES = 78125 // 5^7
const PRESETS = ['generic', 'riichi', 'sichuan', 'mcr']

// The kind index of each tile name the protocol's `wild` reads (red fives are fives).
const KIND = new Map()
for (let k = 0; k < 34; k++) KIND.set(`${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`, k)
for (const [s, at] of [['m', 4], ['p', 13], ['s', 22]]) KIND.set(`0${s}`, at)

// The tables, set by `load`; `null` while the reader is off.
let SUITED = null
let HONORS = null

// One preset's switches as the hot path reads them.
function shapes(sw) {
  return {
    sevenPairs: sw.sevenPairs === true,
    distinctPairs: sw.distinctPairs === true,
    thirteenOrphans: sw.thirteenOrphans === true,
    honorPlane: sw.honorSequences === true ? HONOR_SHAPES : 0,
    eyes258: sw.eyes258 === true,
    knitted: sw.knitted === true,
    honors: sw.honors === true,
    lackOneSuit: sw.lackOneSuit === true,
  }
}

let GENERIC = null
let RIICHI = null
let SICHUAN = null
let MCR = null

// The sections of a format-4 blob this reader uses, by tag: [element size, element count].
const WANTED = { SNED: [1, SUITED_PATTERNS], HNED: [1, 2 * HONOR_SHAPES] }

// Reads the blob's header and section table; returns the views, or a reason it cannot.
function sections(blob) {
  if (!(blob instanceof Uint8Array) || blob.length < 32) return 'the addon gave no table blob'
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength)
  const magic = String.fromCharCode(...blob.subarray(0, 8))
  if (magic !== 'MJTABLES') return `table blob magic ${JSON.stringify(magic)}, expected "MJTABLES"`
  const version = view.getUint32(8, true)
  if (version !== FORMAT_VERSION) return `table blob format version ${version}, this reader reads ${FORMAT_VERSION}`
  const count = view.getUint32(12, true)
  const length = Number(view.getBigUint64(16, true))
  if (length !== blob.length) return `table blob length ${length} recorded, ${blob.length} present`
  if (32 + 16 * count > blob.length) return `table blob section table of ${count} entries past its end`
  const found = {}
  for (let i = 0; i < count; i++) {
    const at = 32 + 16 * i
    const tag = String.fromCharCode(...blob.subarray(at, at + 4))
    const offset = view.getUint32(at + 4, true)
    const bytes = view.getUint32(at + 8, true)
    const size = view.getUint32(at + 12, true)
    const want = WANTED[tag]
    if (!Object.hasOwn(WANTED, tag)) continue
    if (size !== want[0] || bytes !== want[0] * want[1]) {
      return `table section ${tag}: ${bytes} bytes of ${size}-byte elements, expected ${want[1]} of ${want[0]}`
    }
    if (offset + bytes > blob.length) return `table section ${tag} past the blob's end`
    found[tag] = blob.subarray(offset, offset + bytes)
  }
  for (const tag of Object.keys(WANTED)) if (!found[tag]) return `table section ${tag} missing`
  return found
}

// Loads the tables and presets from the addon; returns `null`, or why the reader is off.
function load(native) {
  let blob, switches
  try {
    blob = native._committedBlob('tables')
    switches = PRESETS.map((p) => shapes(native._shapeSwitches(p)))
  } catch (e) {
    return `the addon refused: ${e.message}`
  }
  const found = sections(blob)
  if (typeof found === 'string') return found
  SUITED = found.SNED
  HONORS = found.HNED
  ;[GENERIC, RIICHI, SICHUAN, MCR] = switches
  return null
}

// The rules of `fields` when the reader covers them; `null` otherwise.
function presetRules(name) {
  switch (name) {
    case 'generic':
      return GENERIC
    case 'riichi':
      return RIICHI
    case 'sichuan':
      return SICHUAN
    case 'mcr':
      return MCR
    default:
      return null
  }
}

// Scratch counts: an array hand's counts, or a hand with its wild kinds taken out.
const scratch = new Uint8Array(34)

// Copies an array of 34 counts into `scratch`; `false` unless each is an integer 0-4.
function fromArray(hand) {
  for (let k = 0; k < 34; k++) {
    const x = hand[k]
    if (x !== (x & 7) || x > 4) return false
    scratch[k] = x
  }
  return true
}

// `hu(hand, fields)`: 1 a win, 0 not, -1 not covered (the addon answers).
function hu(hand, fields) {
  let rules
  if (fields === undefined || fields === null) rules = GENERIC
  else if (typeof fields === 'string') rules = presetRules(fields)
  else return huFields(hand, fields)
  if (rules === null || SUITED === null) return -1
  if (hand instanceof Uint8Array) {
    if (hand.length !== 34) return -1
    return winCounts(hand, rules, 0)
  }
  if (Array.isArray(hand) && hand.length === 34 && fromArray(hand)) return winCounts(scratch, rules, 0)
  return -1
}

// `hu` with a fields object: only `rules` and `wild` (as the addon's own quick path takes).
function huFields(hand, fields) {
  if (SUITED === null || typeof fields !== 'object' || Array.isArray(fields)) return -1
  let rules = GENERIC
  let wild = null
  for (const key in fields) {
    const value = fields[key]
    if (value === undefined) continue
    if (key === 'rules') {
      if (typeof value !== 'string') return -1
      rules = presetRules(value)
      if (rules === null) return -1
    } else if (key === 'wild') {
      if (!Array.isArray(value) || value.length > 64) return -1
      wild = value
    } else {
      return -1
    }
  }
  if (hand instanceof Uint8Array) {
    if (hand.length !== 34) return -1
    for (let k = 0; k < 34; k++) scratch[k] = hand[k]
  } else if (!(Array.isArray(hand) && hand.length === 34 && fromArray(hand))) {
    return -1
  }
  if (wild === null || wild.length === 0) return winCounts(scratch, rules, 0)
  // Every count is checked (wild kinds too: a fifth copy is an error either way) before the
  // wild kinds' tiles become wildcards.
  for (let k = 0; k < 34; k++) if (scratch[k] > 4) return -1
  let w = 0
  let honorWild = 0
  for (const name of wild) {
    const k = typeof name === 'string' ? KIND.get(name) : undefined
    if (k === undefined) return -1
    w += scratch[k]
    if (k >= 27) honorWild += scratch[k]
    scratch[k] = 0
  }
  // Under rules without honors a held honor is an error, wild or not: the addon words it.
  if (!rules.honors && honorWild > 0) return -1
  return winCounts(scratch, rules, w)
}

// Is the hand a win: real counts `c` (Uint8Array of 34) and `w` wildcards? 1, 0, or -1 for a
// hand the engine refuses (the addon names the error).
function winCounts(c, r, w) {
  const c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3], c4 = c[4], c5 = c[5], c6 = c[6], c7 = c[7], c8 = c[8]
  const p0 = c[9], p1 = c[10], p2 = c[11], p3 = c[12], p4 = c[13], p5 = c[14], p6 = c[15], p7 = c[16], p8 = c[17]
  const s0 = c[18], s1 = c[19], s2 = c[20], s3 = c[21], s4 = c[22], s5 = c[23], s6 = c[24], s7 = c[25], s8 = c[26]
  const z0 = c[27], z1 = c[28], z2 = c[29], z3 = c[30], z4 = c[31], z5 = c[32], z6 = c[33]
  const man = c0 + 5 * (c1 + 5 * (c2 + 5 * (c3 + 5 * (c4 + 5 * (c5 + 5 * (c6 + 5 * (c7 + 5 * c8)))))))
  const pin = p0 + 5 * (p1 + 5 * (p2 + 5 * (p3 + 5 * (p4 + 5 * (p5 + 5 * (p6 + 5 * (p7 + 5 * p8)))))))
  const sou = s0 + 5 * (s1 + 5 * (s2 + 5 * (s3 + 5 * (s4 + 5 * (s5 + 5 * (s6 + 5 * (s7 + 5 * s8)))))))
  const hon = z0 + 5 * (z1 + 5 * (z2 + 5 * (z3 + 5 * (z4 + 5 * (z5 + 5 * z6)))))
  // A count above 4 (the addon says which): each count is at most 255, so bit 3 of
  // `count + 3` is set for 5..=12 and bits 4-7 of the count itself for 16 and above; `13-15 + 3`
  // carry into bit 4.
  const any =
    (c0 + 3) | (c1 + 3) | (c2 + 3) | (c3 + 3) | (c4 + 3) | (c5 + 3) | (c6 + 3) | (c7 + 3) | (c8 + 3) |
    (p0 + 3) | (p1 + 3) | (p2 + 3) | (p3 + 3) | (p4 + 3) | (p5 + 3) | (p6 + 3) | (p7 + 3) | (p8 + 3) |
    (s0 + 3) | (s1 + 3) | (s2 + 3) | (s3 + 3) | (s4 + 3) | (s5 + 3) | (s6 + 3) | (s7 + 3) | (s8 + 3) |
    (z0 + 3) | (z1 + 3) | (z2 + 3) | (z3 + 3) | (z4 + 3) | (z5 + 3) | (z6 + 3)
  if ((any & ~7) !== 0 || w > 8) return -1
  const honorTiles = z0 + z1 + z2 + z3 + z4 + z5 + z6
  const n =
    c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8 + p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 +
    s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + honorTiles + w
  // 3k+2 tiles, k <= 5; honors only under rules that have them.
  if (n > 17 || n % 3 !== 2 || (!r.honors && honorTiles > 0)) return -1
  if (r.lackOneSuit && man !== 0 && pin !== 0 && sou !== 0) return 0
  if (standardNeed(r, man, pin, sou, hon) <= w) return 1
  if (n !== 14) return 0
  return special(c, r, w) ? 1 : 0
}

// Wildcards the standard form needs: the sum of the four groups' melds needs plus the least
// extra a pair costs in one of them (`Checker::standard_need`).
function standardNeed(r, man, pin, sou, hon) {
  const em = SUITED[man], ep = SUITED[pin], es = SUITED[sou], eh = HONORS[hon + r.honorPlane]
  const melds = (em & 15) + (ep & 15) + (es & 15) + (eh & 15)
  let field
  if (r.eyes258) {
    // Honors hold no 2/5/8 pair.
    field = Math.min((em >> 6) & 3, (ep >> 6) & 3, (es >> 6) & 3)
  } else {
    field = Math.min((em >> 4) & 3, (ep >> 4) & 3, (es >> 4) & 3, (eh >> 4) & 3)
  }
  return melds + field - 1
}

// The special forms of 14 tiles with no declared meld (`Checker::wins_special`): real counts
// `c`, `w` wildcards.
function special(c, r, w) {
  let kinds = 0, odd = 0, twice = 0, thrice = 0, simples = 0
  for (let k = 0; k < 34; k++) {
    const x = c[k]
    if (x >= 1) kinds++
    if (x & 1) odd++
    if (x >= 2) twice++
    if (x >= 3) thrice++
    if (k < 27 && k % 9 !== 0 && k % 9 !== 8) simples += x
  }
  if (r.sevenPairs) {
    if (w === 0 ? odd === 0 && !(r.distinctPairs && thrice > 0) : r.distinctPairs ? kinds <= 7 && thrice === 0 : odd <= w) {
      return true
    }
  }
  if (r.thirteenOrphans && simples === 0 && thrice === 0 && twice <= 1) return true
  if (r.knitted) return knitted(c, r, w, twice)
  return false
}

// The six knitted straights: which suit takes ranks 1-4-7, 2-5-8 and 3-6-9.
const PERMS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
const knitScratch = new Uint8Array(34)

// MCR: 全不靠 (one knitted straight's tiles and the honors, all different) and 组合龙 (a knitted
// straight, a meld and a pair), as `forms::lesser_honors_knitted` and
// `Checker::wins_knitted_straight`.
function knitted(c, r, w, twice) {
  for (const perm of PERMS) {
    // Lesser honors: every real numbered tile of suit s on ranks offset, offset + 3, offset + 6.
    if (twice === 0) {
      let fits = true
      for (let s = 0; s < 3 && fits; s++) {
        for (let rank = 0; rank < 9; rank++) {
          if (c[9 * s + rank] > 0 && rank % 3 !== perm[s]) fits = false
        }
      }
      if (fits) return true
    }
  }
  for (const perm of PERMS) {
    for (let k = 0; k < 34; k++) knitScratch[k] = c[k]
    let missing = 0
    for (let s = 0; s < 3; s++) {
      for (let rank = perm[s]; rank < 9; rank += 3) {
        if (knitScratch[9 * s + rank] > 0) knitScratch[9 * s + rank]--
        else missing++
      }
    }
    const b = (from, len) => {
      let v = 0
      for (let i = len - 1; i >= 0; i--) v = 5 * v + knitScratch[from + i]
      return v
    }
    if (missing + standardNeed(r, b(0, 9), b(9, 9), b(18, 9), b(27, 7)) <= w) return true
  }
  return false
}

module.exports = { load, hu, KIND }
