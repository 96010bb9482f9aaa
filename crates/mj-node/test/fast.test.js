// The JavaScript reader of the committed tables (fast.js) against the addon (index.js, the
// native path it stands in front of) on seeded random hands: for `hu`, built wins (melds and a
// pair, seven pairs, thirteen orphans, MCR's knitted shapes), wall draws and ready hands plus a
// draw, with 0-4 wildcards; for `shanten`, the same hands and 13-tile ones; every preset,
// every hand and fields form the reader takes, and the hands and fields it must leave to the
// addon (whose error, code and message, must be thrown).
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const mj = require('..')
const native = require('../index.js')
const fast = require('../fast.js')

const { PRESETS, NAMES, total, hands: generator } = require('../testing/hands.js')
const { below, pick, kindsOf, built, sevenPairs, thirteenOrphans, knitted, dealt } = generator(0x66617374n)

// Seven pairs with a kind held four times, less one tile of another kind (13 tiles): where
// generic rules count the four as two pairs and riichi's do not.
function quadPairs(kinds) {
  const c = new Array(34).fill(0)
  c[pick(kinds)] = 4
  while (total(c) < 14) {
    const k = pick(kinds)
    if (c[k] === 0) c[k] = 2
  }
  const others = c.map((x, k) => (x === 2 ? k : -1)).filter((k) => k >= 0)
  c[pick(others)]--
  return c
}

// Takes one tile out and puts a random one in (a ready hand and its draw), or just one out.
function moveOne(c, kinds, add = true) {
  const held = c.map((x, k) => (x > 0 ? k : -1)).filter((k) => k >= 0)
  if (held.length > 0) c[pick(held)]--
  if (add) {
    for (let t = 0; t < 30; t++) {
      const k = pick(kinds)
      if (c[k] < 4) {
        c[k]++
        break
      }
    }
  }
  return c
}

// Replaces up to `n` tiles by copies of a wild kind: the hand and the wild kind's name.
function withWildcards(c, n) {
  const w = below(34)
  for (let i = 0; i < n && c[w] < 4; i++) {
    const held = c.map((x, k) => (x > 0 && k !== w ? k : -1)).filter((k) => k >= 0)
    if (held.length === 0) break
    c[pick(held)]--
    c[w]++
  }
  return [c, NAMES[w]]
}

// One random hand of `kind` with its wild kinds: the counts (3k+2 tiles, mostly 14).
function randomHand() {
  const kind = pick(['built', 'built', 'built', 'pairs', 'orphans', 'knitted', 'knitted', 'wall', 'wall', 'ready', 'ready', 'size'])
  const twoSuits = below(3) === 0
  const kinds = kindsOf(twoSuits)
  let c
  switch (kind) {
    case 'built':
      c = built(pick([4, 4, 4, 3, 2, 1, 0, 5]), kinds)
      break
    case 'pairs':
      c = sevenPairs(kinds)
      break
    case 'orphans':
      c = thirteenOrphans()
      break
    case 'knitted':
      // Half of them one tile off (a near miss, or another win).
      c = below(2) ? knitted() : moveOne(knitted(), kindsOf(false))
      break
    case 'wall':
      c = dealt(pick([14, 14, 14, 11, 8, 17]), kinds)
      break
    case 'ready':
      c = moveOne(built(4, kinds), kinds)
      break
    default:
      c = dealt(pick([13, 15, 16, 3, 1, 18, 20]), kinds)
  }
  const n = pick([0, 0, 0, 1, 2, 3, 4])
  let wild = []
  if (n > 0) {
    const [d, name] = withWildcards(c, n)
    c = d
    wild = [name]
    if (below(4) === 0) wild.push(pick(NAMES))
    if (below(8) === 0) wild.push(`0${pick(['m', 'p', 's'])}`)
  }
  return { kind, counts: c, wild }
}

// What a call did: its answer, or the error's code and message.
function outcome(call) {
  try {
    return { value: call() }
  } catch (e) {
    return { code: e.code, message: e.message }
  }
}

// Every fields form of a preset and wild kinds, and whether the reader covers it.
function fieldForms(preset, wild) {
  const forms = [{ rules: preset }, { rules: preset, wild }, { wild, rules: preset, melds: undefined }]
  if (wild.length === 0) forms.push(preset)
  if (preset === 'generic') {
    forms.push({ wild })
    if (wild.length === 0) forms.push(undefined, null)
  }
  return forms
}

const hands = Array.from({ length: 3000 }, () => randomHand())

test('the JavaScript reader is on', () => {
  const on = { active: true, reason: null }
  assert.deepEqual(mj.tablesReader, { hu: on, shanten: on })
})

test('hu from the tables in JavaScript answers what the addon answers', () => {
  let answered = 0
  let wins = 0
  const seen = new Set()
  hands.forEach(({ kind, counts, wild }, i) => {
    // Every hand as a Uint8Array and an array; some also as a Buffer and as a view into a
    // larger buffer (a byte offset).
    const forms = [Uint8Array.from(counts), counts.slice()]
    if (i % 8 === 0) forms.push(Buffer.from(counts), Uint8Array.from([9, 9, 9].concat(counts, [9])).subarray(3, 37))
    for (const preset of PRESETS) {
      for (const fields of fieldForms(preset, wild)) {
        for (const hand of forms) {
          const line = `${kind} ${JSON.stringify(counts)} ${JSON.stringify(fields)}`
          const ours = outcome(() => mj.hu(hand, fields))
          const theirs = outcome(() => native.hu(hand, fields))
          assert.deepEqual(ours, theirs, line)
          if (fast.hu(hand, fields) >= 0) {
            answered++
            // What the reader answers itself is an answer, never an error.
            assert.equal(typeof ours.value, 'boolean', line)
            if (ours.value) {
              wins++
              seen.add(`${kind} ${preset} ${wild.length > 0}`)
            }
          }
        }
      }
    }
  })
  assert.ok(answered > 50000, `${answered} answers from the JavaScript reader`)
  assert.ok(wins > 10000, `${wins} wins among them`)
  // Wins of every generator, with and without wildcards, under every preset that has them.
  for (const kind of ['built', 'pairs', 'ready']) {
    for (const preset of PRESETS) {
      for (const w of [false, true]) assert.ok(seen.has(`${kind} ${preset} ${w}`), `no ${kind} win under ${preset}, wildcards ${w}`)
    }
  }
  for (const preset of ['generic', 'riichi', 'mcr']) assert.ok(seen.has(`orphans ${preset} false`), preset)
  assert.ok(seen.has('knitted mcr false') && seen.has('knitted mcr true'), 'knitted wins under mcr')
})

test('hands and fields the reader does not take go to the addon, errors included', () => {
  const win = Uint8Array.from(built(4, kindsOf(false)))
  const cases = [
    [(() => { const c = Uint8Array.from(win); c[0] = 5; return c })(), 'riichi', 'fifth_copy'],
    [(() => { const c = Uint8Array.from(win); c[5] = 255; return c })(), undefined, null],
    [Uint8Array.from(dealt(13, kindsOf(false))), 'riichi', 'hand_size'],
    [Uint8Array.from(dealt(20, kindsOf(false))), undefined, 'hand_size'],
    [Uint8Array.from(dealt(15, kindsOf(false))), 'mcr', 'hand_size'],
    [new Uint8Array(34), 'generic', 'hand_size'],
    [new Uint8Array(33), 'generic', 'invalid_hand'],
    [(() => { const c = new Uint8Array(34); c[0] = 4; c[1] = 4; c[2] = 3; return c })(), { wild: ['1m', '2m', '3m'] }, null],
    [(() => { const c = new Uint8Array(34); c[0] = 3; c[27] = 2; return c })(), 'sichuan', null],
    [(() => { const c = new Uint8Array(34); c[0] = 3; c[27] = 2; return c })(), { rules: 'sichuan', wild: ['1z'] }, null],
    [win, 'sanma', null],
    [win, 'tenhou', 'unknown_rules'],
    [win, { rules: 'tenhou' }, 'unknown_rules'],
    [win, { rules: null }, null],
    [win, { wild: ['8x'] }, null],
    [win, { wild: '1m' }, null],
    [win, { wild: [1] }, null],
    [win, { rules: 'riichi', options: { seven_pairs: false } }, false],
    [win, { wlid: ['1z'] }, 'unknown_field'],
    [win, { id: 3 }, 'invalid_request'],
    [win, 7, null],
    [Array.from(win, (x, k) => (k === 0 ? x + 0.5 : x)), undefined, null],
    [Array.from(win, (x, k) => (k === 0 ? -1 : x)), undefined, null],
    [Array.from(win, (x, k) => (k === 0 ? String(x) : x)), undefined, null],
    [Array.from(win).slice(1), undefined, 'invalid_hand'],
    ['123m456p789s11122z', 'riichi', false],
  ]
  for (const [hand, fields, code] of cases) {
    const line = `${JSON.stringify(Array.from(hand))} ${JSON.stringify(fields)}`
    assert.equal(fast.hu(hand, fields), -1, `the reader leaves ${line} to the addon`)
    const ours = outcome(() => mj.hu(hand, fields))
    assert.deepEqual(ours, outcome(() => native.hu(hand, fields)), line)
    if (code) assert.equal(ours.code, code, line)
  }
})

test('shanten from the tables in JavaScript answers what the addon answers', () => {
  let answered = 0
  const values = new Set()
  const sized = Array.from({ length: 1500 }, () => {
    const size = pick([13, 13, 14, 14, 10, 11, 7, 8, 4, 5, 1, 2, 16, 17, 12, 0])
    return pick([() => dealt(size, kindsOf(below(3) === 0)), () => moveOne(built(4, kindsOf(false)), kindsOf(false), false), () => moveOne(sevenPairs(kindsOf(false)), kindsOf(false), below(2) === 0), () => moveOne(thirteenOrphans(), kindsOf(false), below(2) === 0), () => quadPairs(kindsOf(false))])()
  })
  const all = sized.concat(hands.map((h) => h.counts))
  for (const counts of all) {
    for (const preset of PRESETS) {
      const forms = [preset, { rules: preset }, { rules: preset, wild: [] }]
      if (preset === 'generic') forms.push(undefined, null, {})
      for (const fields of forms) {
        for (const hand of [Uint8Array.from(counts), counts.slice()]) {
          const line = `${JSON.stringify(counts)} ${JSON.stringify(fields)}`
          const ours = outcome(() => mj.shanten(hand, fields))
          assert.deepEqual(ours, outcome(() => native.shanten(hand, fields)), line)
          if (fast.shanten(hand, fields) >= -1) {
            answered++
            assert.equal(typeof ours.value, 'number', line)
            values.add(ours.value)
          }
        }
      }
    }
  }
  assert.ok(answered > 20000, `${answered} answers from the JavaScript reader`)
  for (let v = -1; v <= 6; v++) assert.ok(values.has(v), `no hand of shanten ${v}`)
})

test('shanten the reader does not take goes to the addon, errors included', () => {
  const hand = Uint8Array.from(dealt(14, kindsOf(false)))
  const cases = [
    [hand, 'sichuan', 'unsupported_rules'],
    [hand, { rules: 'mcr' }, 'unsupported_rules'],
    [hand, { wild: ['1m'] }, null],
    [hand, { rules: 'riichi', options: { seven_pairs: false } }, null],
    [hand, 'tenhou', 'unknown_rules'],
    [new Uint8Array(34), 'riichi', 'hand_size'],
    [Uint8Array.from(dealt(12, kindsOf(false))), 'riichi', 'hand_size'],
    [Uint8Array.from(dealt(18, kindsOf(false))), 'riichi', 'hand_size'],
    [(() => { const c = Uint8Array.from(hand); c[3] = 5; return c })(), 'riichi', 'fifth_copy'],
    [new Uint8Array(35), undefined, 'invalid_hand'],
    [Array.from(hand, (x, k) => (k === 3 ? x + 0.25 : x)), undefined, null],
  ]
  for (const [h, fields, code] of cases) {
    const line = `${JSON.stringify(Array.from(h))} ${JSON.stringify(fields)}`
    assert.equal(fast.shanten(h, fields), -2, `the reader leaves ${line} to the addon`)
    const ours = outcome(() => mj.shanten(h, fields))
    assert.deepEqual(ours, outcome(() => native.shanten(h, fields)), line)
    if (code) assert.equal(ours.code, code, line)
  }
})

test('a blob the reader does not expect turns it off, with the reason, and the addon answers', () => {
  // A fresh instance of the reader, given the addon with one blob altered.
  delete require.cache[require.resolve('../fast.js')]
  const fresh = () => require('../fast.js')
  const altered = (name, change) => {
    const blob = Uint8Array.from(native._committedBlob(name))
    change(blob, new DataView(blob.buffer))
    return { ...native, _committedBlob: (n) => (n === name ? blob : native._committedBlob(n)) }
  }
  const win = Uint8Array.from(built(4, kindsOf(false)))
  const cases = [
    ['tables', (b, v) => v.setUint32(8, 5, true), /MJTABLES format version 5, this reader reads 4/, /presets did not load/],
    ['tables', (b) => b.set([0x58], 0), /blob magic "XJTABLES", expected "MJTABLES"/, /presets did not load/],
    ['tables', (b, v) => v.setUint32(32 + 8, 1000, true), /section "SNED": 1000 bytes/, /presets did not load/],
    ['shanten', (b, v) => v.setUint32(32 + 16 * 9 + 8, 7, true), null, /section "FIN "/],
    ['shanten', (b, v) => v.setUint32(8, 2, true), null, /MJSHANTN format version 2, this reader reads 1/],
  ]
  for (const [name, change, huReason, shantenReason] of cases) {
    delete require.cache[require.resolve('../fast.js')]
    const reader = fresh()
    reader.init(altered(name, change))
    if (huReason) {
      assert.match(reader.status('hu'), huReason)
      assert.equal(reader.hu(win, 'riichi'), -1)
    } else {
      assert.equal(reader.status('hu'), null)
      assert.equal(reader.hu(win, 'riichi'), 1)
    }
    assert.match(reader.status('shanten'), shantenReason)
    assert.equal(reader.shanten(win, 'riichi'), -2)
  }
  delete require.cache[require.resolve('../fast.js')]
})
