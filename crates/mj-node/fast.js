// The package's JavaScript reader of the engine's committed tables: `hu` and `shanten` on 34
// counts answered by JIT-compiled JavaScript, with no call into the addon. A native call costs
// about 100 ns before any work; these answer in tens of nanoseconds.
//
// The bytes are the engine's own: `crates/mj-tables/data/tables.bin` (win tables) and
// `crates/mj-ai/data/shanten.bin` (shanten tables), which the addon holds (compiled in) and
// copies out on a reader's first call, after its Rust reader has validated them
// (`_committedBlob`). The winning-shape switches of each preset come from the addon too
// (`_shapeSwitches`). What this file relies on (magic, format version, section tags, element
// sizes and lengths) is checked at load, and only the sections read are kept; on any mismatch
// the reader is off and says why (`status`), and every call goes to the addon as before.
//
// `hu` is `mj_hu::Checker::is_winning_eigen` (crates/mj-hu/src/fast.rs) over the layout of
// crates/mj-tables/src/layout.rs: each numbered suit's needs byte at its base-5 value, the
// seven honors' at theirs (plus 5^7 in the honor-sequences plane); bits 0-3 `m` (wildcards to
// finish as melds), 4-5 `p - m + 1` (melds and a pair), 6-7 `q - m + 1` (melds and a 2/5/8
// pair). The standard form needs `sum m + min (p - m)` wildcards; seven pairs, thirteen orphans
// and MCR's knitted shapes follow `crates/mj-hu/src/forms.rs`. `shanten` is `mj_ai::shanten`
// (crates/mj-ai/src/shanten.rs and tables.rs).
//
// Covered: a hand of 34 counts (a `Uint8Array`, or an array of 34 integers), and `fields`
// absent, `null`, a preset name, or an object whose only fields are `rules` (a preset name)
// and, for `hu`, `wild` (an array of tile names); `shanten` under the presets mj-ai models
// (`generic`, `riichi`) without wildcards. Everything else, and every hand the engine refuses
// (a count above 4, a tile total of the wrong size, more than 8 wildcards, honors under
// `sichuan`), returns "not covered": the caller asks the addon, which answers or throws
// exactly as before.
//
// `HandIndex` is `mj_hu::HandIndex` (crates/mj-hu/src/index.rs): a hand whose 34 counts are
// checked once and whose groups' base-5 values are kept up to date across `add` and `remove`,
// so its win check reads the tables without reading the counts.
'use strict'

const FORMAT_VERSION = 4
const SUITED_PATTERNS = 1953125 // 5^9
const HONOR_SHAPES = 78125 // 5^7
const PRESETS = ['generic', 'riichi', 'sichuan', 'mcr']
// Distinct distance vectors of a numbered suit, and of man and pin together (mj-ai's tables).
const NUMBERED_CLASSES = 187
const MAN_PIN_CLASSES = 328

// The kind index of each tile name the protocol's `wild` reads (red fives are fives).
const KIND = new Map()
for (let k = 0; k < 34; k++) KIND.set(`${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`, k)
for (const [s, at] of [['m', 4], ['p', 13], ['s', 22]]) KIND.set(`0${s}`, at)

// The win tables, set on first use; `null` while the reader is off or not yet loaded.
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
    // mj-ai models the plain shapes only (`ShapeRules::unmodelled`): others throw
    // `unsupported_rules`, from the addon.
    shanten:
      sw.honorSequences === false && sw.eyes258 === false && sw.knitted === false && sw.honors === true && sw.lackOneSuit === false,
  }
}

// The shanten tables (mj-ai's `ShantenTables`), set on first use; `null` while off.
let SIX = null
let TAIL = null
let HONOR_CLASS = null
let MAN_PIN = null
let SOU_HONOR = null
let FINAL = null
let FINAL_SLICE = 0

let GENERIC = null
let RIICHI = null
let SICHUAN = null
let MCR = null

// What this reader uses of each blob: its magic, format version and sections by tag, each
// [element size, element count] (`null`: a count the blob sets, a multiple of `of`).
const TABLES = {
  magic: 'MJTABLES',
  version: FORMAT_VERSION,
  sections: { SNED: [1, SUITED_PATTERNS], HNED: [1, 2 * HONOR_SHAPES] },
}
const SHANTEN = {
  magic: 'MJSHANTN',
  version: 1,
  sections: {
    'SIX ': [2, 125 * 128],
    TAIL: [1, null, 128],
    HONR: [1, 4096],
    'MP  ': [2, NUMBERED_CLASSES << 8],
    'SZ  ': [4, NUMBERED_CLASSES << 7],
    'MPV ': [1, MAN_PIN_CLASSES * 12],
    'SZV ': [1, null, 12],
    'FIN ': [1, null, 6],
  },
}

// Reads a blob's header and section table (crates/mj-tables/src/blob.rs); returns each wanted
// section's bytes by tag, or a reason it cannot.
function sections(blob, want) {
  if (!(blob instanceof Uint8Array) || blob.length < 32) return 'the addon gave no table blob'
  // The blobs are little-endian; wider elements are read in the host's order.
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) return 'a big-endian host (the blobs are little-endian)'
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength)
  const magic = String.fromCharCode(...blob.subarray(0, 8))
  if (magic !== want.magic) return `blob magic ${JSON.stringify(magic)}, expected ${JSON.stringify(want.magic)}`
  const version = view.getUint32(8, true)
  if (version !== want.version) return `${want.magic} format version ${version}, this reader reads ${want.version}`
  const count = view.getUint32(12, true)
  const length = Number(view.getBigUint64(16, true))
  if (length !== blob.length) return `${want.magic} length ${length} recorded, ${blob.length} present`
  if (32 + 16 * count > blob.length) return `${want.magic} section table of ${count} entries past its end`
  const found = {}
  for (let i = 0; i < count; i++) {
    const at = 32 + 16 * i
    const tag = String.fromCharCode(...blob.subarray(at, at + 4))
    if (!Object.hasOwn(want.sections, tag)) continue
    const offset = view.getUint32(at + 4, true)
    const bytes = view.getUint32(at + 8, true)
    const size = view.getUint32(at + 12, true)
    const [esize, n, of] = want.sections[tag]
    const fits = n === null ? bytes > 0 && bytes % (esize * of) === 0 : bytes === esize * n
    if (size !== esize || !fits) {
      return `${want.magic} section ${JSON.stringify(tag)}: ${bytes} bytes of ${size}-byte elements, expected ${n ?? `a multiple of ${of}`} of ${esize}`
    }
    if (offset + bytes > blob.length) return `${want.magic} section ${JSON.stringify(tag)} past the blob's end`
    // Copied into an array of its element type (sections start at multiples of 8 in the blob,
    // but the blob's own offset in memory is the addon's), so the blob itself is not kept. A
    // Buffer's own `slice` is a view: the typed arrays' `slice` copies.
    const part = Uint8Array.prototype.slice.call(blob, offset, offset + bytes)
    found[tag] = esize === 1 ? part : esize === 2 ? new Uint16Array(part.buffer) : new Uint32Array(part.buffer)
  }
  for (const tag of Object.keys(want.sections)) if (!found[tag]) return `${want.magic} section ${JSON.stringify(tag)} missing`
  return found
}

// The addon, set by `init`; each reader loads on its first call (the copy and checks take
// some 20 ms, which a program that never asks pays nothing for).
let native = null
// Why each reader is off: `undefined` before its first call, `null` when on.
let winsOff
let shantenOff

// Remembers the addon the tables come from.
function init(addon) {
  native = addon
}

// Loads the win tables on first use; `true` when the reader is on.
function winsOn() {
  if (winsOff === undefined) winsOff = native === null ? 'no addon' : loadWins()
  return winsOff === null
}

// Loads the shanten tables on first use; `true` when the reader is on.
function shantenOn() {
  if (shantenOff === undefined) shantenOff = native === null ? 'no addon' : loadShanten()
  return shantenOff === null
}

// Why a reader (`'hu'` or `'shanten'`) is off, `null` when on (loading it first).
function status(name) {
  if (name === 'hu') return winsOn() ? null : winsOff
  return shantenOn() ? null : shantenOff
}

// Loads the win tables and the presets from the addon: `null`, or why `hu` stays native.
function loadWins() {
  let blob, switches
  try {
    blob = native._committedBlob('tables')
    switches = PRESETS.map((p) => shapes(native._shapeSwitches(p)))
  } catch (e) {
    return `the addon refused: ${e.message}`
  }
  const found = sections(blob, TABLES)
  if (typeof found === 'string') return found
  SUITED = found.SNED
  HONORS = found.HNED
  ;[GENERIC, RIICHI, SICHUAN, MCR] = switches
  return null
}

// Loads the shanten tables (after the win tables, whose presets it reads): `null`, or why
// `shanten` stays native.
function loadShanten() {
  if (!winsOn()) return `the presets did not load: ${winsOff}`
  let blob
  try {
    blob = native._committedBlob('shanten')
  } catch (e) {
    return `the addon refused: ${e.message}`
  }
  const found = sections(blob, SHANTEN)
  if (typeof found === 'string') return found
  const slice = MAN_PIN_CLASSES * (found['SZV '].length / 12)
  if (found['FIN '].length !== 6 * slice) return `MJSHANTN final table of ${found['FIN '].length} bytes for slices of ${slice}`
  SIX = found['SIX ']
  TAIL = found.TAIL
  HONOR_CLASS = found.HONR
  MAN_PIN = found['MP  ']
  SOU_HONOR = found['SZ  ']
  FINAL = found['FIN ']
  FINAL_SLICE = slice
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
  if (SUITED === null && !winsOn()) return -1
  let rules
  if (fields === undefined || fields === null) rules = GENERIC
  else if (typeof fields === 'string') rules = presetRules(fields)
  else return huFields(hand, fields)
  if (rules === null) return -1
  if (hand instanceof Uint8Array) {
    if (hand.length !== 34) return -1
    return winCounts(hand, rules, 0)
  }
  if (Array.isArray(hand) && hand.length === 34 && fromArray(hand)) return winCounts(scratch, rules, 0)
  return -1
}

// `hu` with a fields object: only `rules` and `wild` (as the addon's own quick path takes).
function huFields(hand, fields) {
  if (typeof fields !== 'object' || Array.isArray(fields)) return -1
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
  // Every count is at most the OR of all: at most 4 when the OR is. An OR of 5-7 (a 4 beside an
  // odd count or a 2) is rare and checked count by count; a count above 4 goes to the addon,
  // which names it.
  const or =
    c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | p0 | p1 | p2 | p3 | p4 | p5 | p6 | p7 | p8 |
    s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7 | s8 | z0 | z1 | z2 | z3 | z4 | z5 | z6
  if ((or > 4 && !atMostFour(c)) || w > 8) return -1
  const manTiles = c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8
  const pinTiles = p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8
  const souTiles = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8
  const honorTiles = z0 + z1 + z2 + z3 + z4 + z5 + z6
  const n = manTiles + pinTiles + souTiles + honorTiles + w
  // 3k+2 tiles, k <= 5 (bits 2, 5, ..., 17); honors only under rules that have them.
  if (n > 17 || ((0x24924 >> n) & 1) === 0 || (!r.honors && honorTiles > 0)) return -1
  if (r.lackOneSuit && manTiles !== 0 && pinTiles !== 0 && souTiles !== 0) return 0
  // Without wildcards the standard form puts a multiple of three tiles in every group but the
  // pair's, which holds two more: most hands that are no win skip the tables.
  if (w > 0 || MELDS_AND_PAIR[manTiles] + MELDS_AND_PAIR[pinTiles] + MELDS_AND_PAIR[souTiles] + MELDS_AND_PAIR[honorTiles] === 1) {
    // Base-5 values, rank 1 lowest (`mj_tables::layout::base5`): independent products, so
    // the additions need not wait on a chain of multiplies.
    const man = c0 + 5 * c1 + 25 * c2 + 125 * c3 + 625 * c4 + 3125 * c5 + 15625 * c6 + 78125 * c7 + 390625 * c8
    const pin = p0 + 5 * p1 + 25 * p2 + 125 * p3 + 625 * p4 + 3125 * p5 + 15625 * p6 + 78125 * p7 + 390625 * p8
    const sou = s0 + 5 * s1 + 25 * s2 + 125 * s3 + 625 * s4 + 3125 * s5 + 15625 * s6 + 78125 * s7 + 390625 * s8
    const hon = z0 + 5 * z1 + 25 * z2 + 125 * z3 + 625 * z4 + 3125 * z5 + 15625 * z6
    if (standardNeed(r, man, pin, sou, hon) <= w) return 1
  }
  if (n !== 14) return 0
  // The tests every special form implies (`Checker::special_possible`), so that most hands
  // that are no standard win never count kinds: seven pairs needs no more odd counts than
  // wildcards (none at all without one), thirteen orphans no simple.
  if (r.knitted || (r.sevenPairs && (w > 0 || (or & 1) === 0)) || (r.thirteenOrphans && manTiles + pinTiles + souTiles === c0 + c8 + p0 + p8 + s0 + s8)) {
    return special(c, r, w) ? 1 : 0
  }
  return 0
}

// By a group's tile count (0-17): 0 for a multiple of three, 1 for two more, 5 for one more
// (no sum of four reaches 1 with one of those).
const MELDS_AND_PAIR = new Int32Array([0, 5, 1, 0, 5, 1, 0, 5, 1, 0, 5, 1, 0, 5, 1, 0, 5, 1])

// Every count at most 4.
function atMostFour(c) {
  for (let k = 0; k < 34; k++) if (c[k] > 4) return false
  return true
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
  const t = tally(c)
  const kinds = t & 255, twice = (t >> 8) & 255, thrice = (t >> 16) & 255, four = t >>> 24
  // Odd counts: 1 and 3.
  const odd = kinds - twice + thrice - four
  let simples = 0
  for (let first = 0; first < 27; first += 9) for (let k = first + 1; k < first + 8; k++) simples += c[k]
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

// `shanten(hand, fields)`: the shanten (-1 complete, 0 ready), or -2 when not covered (the
// addon answers): 34 counts with no fields, a preset name, or `{rules}`; no wildcards.
function shanten(hand, fields) {
  if (FINAL === null && !shantenOn()) return -2
  let rules
  if (fields === undefined || fields === null) rules = GENERIC
  else if (typeof fields === 'string') rules = presetRules(fields)
  else rules = onlyRules(fields)
  if (rules === null || !rules.shanten) return -2
  if (hand instanceof Uint8Array) {
    if (hand.length !== 34) return -2
    return shantenCounts(hand, rules)
  }
  if (Array.isArray(hand) && hand.length === 34 && fromArray(hand)) return shantenCounts(scratch, rules)
  return -2
}

// The rules of a fields object whose only field is `rules`, a preset name; `null` otherwise.
function onlyRules(fields) {
  if (typeof fields !== 'object' || Array.isArray(fields)) return null
  let rules = GENERIC
  for (const key in fields) {
    const value = fields[key]
    if (value === undefined) continue
    if (key !== 'rules' || typeof value !== 'string') return null
    rules = presetRules(value)
    if (rules === null) return null
  }
  return rules
}

// By count 0-4: one in each byte of the kinds held at least once, twice, three and four times,
// so that one sum over the kinds counts all four without a branch per kind (0-7: a count of
// 5-7 never reaches a lookup, the counts being checked first).
const TALLY = new Int32Array([0, 0x1, 0x101, 0x10101, 0x1010101, 0, 0, 0])
// By count 0-4: its share of the honor key (`n1 + 8 n2 + 64 n3 + 512 n4`, `nk` the honor kinds
// held at least `k` times).
const HONOR_KEY = new Int32Array([0, 1, 9, 73, 585, 0, 0, 0])

// The four tallies of `TALLY` over the 34 counts (each at most 4).
function tally(c) {
  let t = 0
  for (let k = 0; k < 34; k++) t += TALLY[c[k]]
  return t
}

// Base-5 number of three counts, the first lowest.
const three = (a, b, c) => a + 5 * b + 25 * c

// Shanten of 34 counts (`mj_ai::shanten`): each numbered suit's class by the six-rank automaton
// and its tail, the honors' by how many kinds are held at least once, twice, three and four
// times; man with pin and sou with honors combined; the final table at `m` melds and a pair.
// Seven pairs and thirteen orphans from the counts. -2 for a hand the engine refuses.
function shantenCounts(c, r) {
  // The size, a count above 4 (`count + 3` has a bit above the lowest three) and the tallies
  // seven pairs reads, in one pass.
  let n = 0
  let any = 0
  let t = 0
  for (let k = 0; k < 34; k++) {
    const x = c[k]
    n += x
    any |= x + 3
    t += TALLY[x & 7]
  }
  // 3k+1 or 3k+2 tiles, k <= 5.
  if ((any & ~7) !== 0 || n > 17 || ((0x36db6 >> n) & 1) === 0) return -2
  const man = TAIL[(SIX[(three(c[0], c[1], c[2]) << 7) | three(c[3], c[4], c[5])] << 7) | three(c[6], c[7], c[8])]
  const pin = TAIL[(SIX[(three(c[9], c[10], c[11]) << 7) | three(c[12], c[13], c[14])] << 7) | three(c[15], c[16], c[17])]
  const sou = TAIL[(SIX[(three(c[18], c[19], c[20]) << 7) | three(c[21], c[22], c[23])] << 7) | three(c[24], c[25], c[26])]
  const key = HONOR_KEY[c[27]] + HONOR_KEY[c[28]] + HONOR_KEY[c[29]] + HONOR_KEY[c[30]] + HONOR_KEY[c[31]] + HONOR_KEY[c[32]] + HONOR_KEY[c[33]]
  const honors = HONOR_CLASS[key]
  const m = (n / 3) | 0
  const standard = FINAL[m * FINAL_SLICE + SOU_HONOR[(sou << 7) | honors] + MAN_PIN[(man << 8) | pin]] - 1
  if (m !== 4 || standard < 0 || !(r.sevenPairs || r.thirteenOrphans)) return standard
  let best = standard
  const kinds = t & 255, pairs = (t >> 8) & 255, triples = (t >> 16) & 255, quads = t >>> 24
  if (r.sevenPairs) {
    const held = r.distinctPairs ? pairs : pairs + quads
    const singles = r.distinctPairs ? kinds - pairs : kinds - pairs + triples - quads
    const full = Math.min(held, 7)
    best = Math.min(best, 13 - 2 * full - Math.min(singles, 7 - full))
  }
  if (r.thirteenOrphans) {
    const o =
      TALLY[c[0]] + TALLY[c[8]] + TALLY[c[9]] + TALLY[c[17]] + TALLY[c[18]] + TALLY[c[26]] + TALLY[c[27]] +
      TALLY[c[28]] + TALLY[c[29]] + TALLY[c[30]] + TALLY[c[31]] + TALLY[c[32]] + TALLY[c[33]]
    best = Math.min(best, 13 - (o & 255) - (((o >> 8) & 255) > 0 ? 1 : 0))
  }
  return best
}

// A 14-tile man hand, a win under every preset, that `HandIndex` asks the addon about to
// learn how `hu` words an error of the fields alone.
const PROBE = Uint8Array.from({ length: 34 }, (_, k) => [3, 1, 1, 1, 1, 1, 1, 1, 4][k] ?? 0)

// An error as the addon throws them: `code` the protocol's kind (or the kept hand's own).
function error(code, message, Kind = Error) {
  const e = new Kind(message)
  e.code = code
  return e
}

// The fields a kept hand takes: `null`/absent, a preset name, or `{ rules, wild }`. Returns
// `{ preset, wild }` (`wild` the wild kinds' names, deduplicated), or throws the error `hu`
// throws for the same fields; a field `hu` reads but a kept hand does not is `unknown_field`.
function keptFields(fields) {
  let preset = 'generic'
  let wild = []
  if (fields === undefined || fields === null) return { preset, wild }
  let ok = true
  if (typeof fields === 'string') {
    preset = fields
    ok = PRESETS.includes(fields)
  } else if (typeof fields === 'object' && !Array.isArray(fields)) {
    for (const key in fields) {
      const value = fields[key]
      if (value === undefined) continue
      if (key === 'rules') {
        preset = value
        if (!PRESETS.includes(value)) ok = false
      } else if (key === 'wild') {
        if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && KIND.has(name))) ok = false
        else wild = [...new Set(value.map((name) => KIND.get(name)))].map(kindName)
      } else {
        throw error('unknown_field', `HandIndex reads only \`rules\` and \`wild\`, not \`${key}\` (hu reads it)`)
      }
    }
  } else {
    ok = false
  }
  if (ok) return { preset, wild }
  // `hu` on a hand it takes under the same fields names their error; no error means fields the
  // kept hand does not cover.
  native.hu(PROBE, fields)
  throw error('unsupported_rules', `HandIndex takes a preset name (${PRESETS.join(', ')}) and \`wild\` (tile names): not ${JSON.stringify(fields)}`)
}

// `hu` from a kept hand's sums: the groups' base-5 values and tile counts, the tally and the
// wildcards. 1 a win, 0 not; `SUMS_SPECIAL` when a special form must be read on the counts,
// `SUMS_REFUSED` for a hand `hu` refuses (the addon words it).
function sumsWin(r, man, pin, sou, hon, gm, gp, gs, gh, t, w) {
  const n = gm + gp + gs + gh + w
  // 3k+2 tiles, k <= 5; at most 8 wildcards.
  if (n > 17 || ((0x24924 >> n) & 1) === 0 || w > 8) return SUMS_REFUSED
  if (r.lackOneSuit && gm !== 0 && gp !== 0 && gs !== 0) return 0
  if (w > 0 || MELDS_AND_PAIR[gm] + MELDS_AND_PAIR[gp] + MELDS_AND_PAIR[gs] + MELDS_AND_PAIR[gh] === 1) {
    if (standardNeed(r, man, pin, sou, hon) <= w) return 1
  }
  if (n !== 14) return 0
  // Odd counts (1 and 3): kinds held once, less twice, plus three times, less four.
  const odd = (t & 255) - ((t >> 8) & 255) + ((t >> 16) & 255) - (t >>> 24)
  if (r.knitted || (r.sevenPairs && (w > 0 || odd === 0)) || (r.thirteenOrphans && man % NINES < 5 && pin % NINES < 5 && sou % NINES < 5)) {
    return SUMS_SPECIAL
  }
  return 0
}
const SUMS_SPECIAL = -2
const SUMS_REFUSED = -1

// `HandIndex.#held`: a kind's count (the low three bits), and the flag of a wild kind.
const COUNT = 7
const WILD_KIND = 8
// A numbered suit's 9s in its base-5 value: the value modulo this is below 5 when it holds no
// simple (only 1s, and 9s).
const NINES = 390625
// By a count 0-3: what one more copy adds to `tally`.
const TALLY_UP = Int32Array.from([0, 1, 2, 3], (x) => TALLY[x + 1] - TALLY[x])
// By kind, eight entries: what one more tile of it adds to the base-5 values of man, pin, sou
// and honors (its power of 5 in its own group's, 0 in the others) and to their tile counts, so
// that a tile in or out updates the sums with no branch on its group.
const DRAW = new Int32Array(34 * 8)
for (let k = 0; k < 34; k++) {
  const group = Math.floor(k / 9)
  DRAW[k * 8 + group] = 5 ** (k % 9)
  DRAW[k * 8 + 4 + group] = 1
}

// A concealed hand kept for repeated win checks as tiles come and go (`mj_hu::HandIndex`):
// each group's base-5 value, where its needs byte sits in the tables, is kept up to date, so
// that a draw of a kind adds its power of 5 to one group and `isWinning` reads four bytes and
// adds them, reading no counts. Tiles of a wild kind count as wildcards. Answers `hu` of the
// same counts and fields, errors included: a hand `hu` refuses (a tile total of the wrong size,
// more than 8 wildcards, honors under `sichuan`) is asked of the addon, which throws its error.
class HandIndex {
  #fields
  #rules
  // Wild kinds: `#anyWild` when there is one.
  #anyWild
  // All tiles, wild kinds' included, by kind: the count, plus `WILD_KIND` on a wild kind (so a
  // tile's count and kind are one read).
  #held
  // The sums kept, each a field (read with no bounds check): of the real (not wild) tiles, the
  // base-5 values of man, pin, sou and honors, their tile counts (`#gm`...), and their `tally`;
  // the wildcards.
  #man = 0
  #pin = 0
  #sou = 0
  #hon = 0
  #gm = 0
  #gp = 0
  #gs = 0
  #gh = 0
  #tally = 0
  #wild = 0

  // `hand`: 34 counts (a `Uint8Array` or an array of integers 0-4), checked once; `fields`: as
  // `hu` takes them, a preset name or `{ rules, wild }`.
  constructor(hand, fields) {
    const { preset, wild } = keptFields(fields)
    const counts = new Uint8Array(34)
    if ((hand instanceof Uint8Array || Array.isArray(hand)) && hand.length === 34) {
      for (let k = 0; k < 34; k++) {
        const x = hand[k]
        if (x !== (x & 7) || x > 4) return HandIndex.#refuse(hand, fields)
        counts[k] = x
      }
    } else {
      return HandIndex.#refuse(hand, fields)
    }
    this.#fields = Object.freeze({ rules: preset, wild: Object.freeze(wild) })
    this.#held = new Uint8Array(34)
    for (const name of wild) this.#held[KIND.get(name)] = WILD_KIND
    this.#anyWild = wild.length > 0
    // `null` while the JavaScript reader is off: every check is then the addon's.
    this.#rules = winsOn() ? presetRules(preset) : null
    for (let k = 0; k < 34; k++) for (let i = 0; i < counts[k]; i++) this.add(k)
  }

  // Throws the error `hu` throws for these counts (or the kept hand's own, if it throws none).
  static #refuse(hand, fields) {
    native.hu(hand, fields)
    throw error('invalid_hand', 'HandIndex takes 34 counts, each an integer 0-4')
  }

  // Adds one tile of kind `kind` (0-33); a fifth copy throws `fifth_copy` and leaves the hand
  // unchanged.
  add(kind) {
    if (kind !== (kind & 63) || kind > 33) throw badKind(kind)
    const held = this.#held
    const v = held[kind]
    const x = v & COUNT
    if (x === 4) throw error('fifth_copy', `fifth copy of ${kindName(kind)}`)
    held[kind] = v + 1
    if (v >= WILD_KIND) {
      this.#wild++
      return
    }
    const d = kind << 3
    this.#man += DRAW[d]
    this.#pin += DRAW[d + 1]
    this.#sou += DRAW[d + 2]
    this.#hon += DRAW[d + 3]
    this.#gm += DRAW[d + 4]
    this.#gp += DRAW[d + 5]
    this.#gs += DRAW[d + 6]
    this.#gh += DRAW[d + 7]
    this.#tally += TALLY_UP[x]
  }

  // Removes one tile of kind `kind` (0-33); a kind not held throws `not_held` and leaves the hand
  // unchanged.
  remove(kind) {
    if (kind !== (kind & 63) || kind > 33) throw badKind(kind)
    const held = this.#held
    const v = held[kind]
    const x = v & COUNT
    if (x === 0) throw error('not_held', `no ${kindName(kind)} to remove`)
    held[kind] = v - 1
    if (v >= WILD_KIND) {
      this.#wild--
      return
    }
    const d = kind << 3
    this.#man -= DRAW[d]
    this.#pin -= DRAW[d + 1]
    this.#sou -= DRAW[d + 2]
    this.#hon -= DRAW[d + 3]
    this.#gm -= DRAW[d + 4]
    this.#gp -= DRAW[d + 5]
    this.#gs -= DRAW[d + 6]
    this.#gh -= DRAW[d + 7]
    this.#tally -= TALLY_UP[x - 1]
  }

  // `hu` of the hand with one more tile of `kind` (a draw asked about), the hand left as it
  // was: the kept sums plus the tile's share (`DRAW`) read by `sumsWin`, as `isWinning` reads
  // them; a wild kind, a special form to read on the counts, and every hand the addon must
  // word are `add`, `isWinning` and `remove`, errors included (a fifth copy throws
  // `fifth_copy`, the hand unchanged).
  winsWith(kind) {
    if (kind !== (kind & 63) || kind > 33) throw badKind(kind)
    // Below 4: a kind that is not wild, held fewer than four times.
    const x = this.#held[kind]
    const r = this.#rules
    if (x < 4 && r !== null && (r.honors || !(kind >= 27 || this.#holdsHonors()))) {
      const d = kind << 3
      const won = sumsWin(r, this.#man + DRAW[d], this.#pin + DRAW[d + 1], this.#sou + DRAW[d + 2], this.#hon + DRAW[d + 3],
        this.#gm + DRAW[d + 4], this.#gp + DRAW[d + 5], this.#gs + DRAW[d + 6], this.#gh + DRAW[d + 7], this.#tally + TALLY_UP[x], this.#wild)
      if (won >= 0) return won === 1
      if (won === SUMS_SPECIAL) {
        // The special forms read the counts: the drawn tile is counted for the reading only.
        const held = this.#held
        held[kind] = x + 1
        const yes = special(this.#real(), r, this.#wild)
        held[kind] = x
        return yes
      }
    }
    this.add(kind)
    try {
      return this.isWinning()
    } finally {
      this.remove(kind)
    }
  }

  // The fields as the hand reads them: `{ rules, wild }` (wild kinds named once each).
  get fields() {
    return this.#fields
  }

  // Tiles held, wildcards included.
  get size() {
    return this.#gm + this.#gp + this.#gs + this.#gh + this.#wild
  }

  // The 34 counts, wild kinds' tiles included (a copy).
  counts() {
    return this.#held.map((v) => v & COUNT)
  }

  // `hu(this.counts(), fields)`: `winCounts` with the counts' sums kept, not read.
  isWinning() {
    const r = this.#rules
    if (r === null || (!r.honors && this.#holdsHonors())) return this.#addon()
    const won = sumsWin(r, this.#man, this.#pin, this.#sou, this.#hon, this.#gm, this.#gp, this.#gs, this.#gh, this.#tally, this.#wild)
    if (won >= 0) return won === 1
    if (won === SUMS_REFUSED) return this.#addon()
    return special(this.#real(), r, this.#wild)
  }

  // Any honor held, wild or not.
  #holdsHonors() {
    for (let k = 27; k < 34; k++) if ((this.#held[k] & COUNT) !== 0) return true
    return false
  }

  // The real counts: the held ones, or (with wild kinds) a copy with theirs taken out.
  #real() {
    if (!this.#anyWild) return this.#held
    for (let k = 0; k < 34; k++) scratch[k] = this.#held[k] < WILD_KIND ? this.#held[k] : 0
    return scratch
  }

  // The addon's answer or error for the hand as it is.
  #addon() {
    return native.hu(this.counts(), { rules: this.#fields.rules, wild: this.#fields.wild.slice() })
  }
}

// A kind index that is not an integer 0-33.
const badKind = (kind) => error('invalid_tile', `a kind index is an integer 0-33, not ${String(kind)}`, RangeError)

// A kind's tile name (1m-9m, 1p-9p, 1s-9s, 1z-7z).
const kindName = (k) => `${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`

module.exports = { init, status, hu, shanten, HandIndex }
