// The kept hand (`HandIndex`, fast.js) against `hu` of the same counts, through the package
// (main.js) and through the addon (index.js): seeded random walks of draws and discards from
// wall deals, ready hands, seven pairs, thirteen orphans and knitted shapes, under every preset
// and fields form `hu` takes in JavaScript, with and without wild kinds; every check of the
// kept hand must give `hu`'s answer, or throw its error. Then the errors: the constructor's
// (as `hu` throws them for the same counts and fields), and `add` / `remove` refused with the
// hand unchanged.
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const mj = require('..')
const native = require('../index.js')

const { PRESETS, NAMES, ALL, total, hands } = require('../testing/hands.js')
const { below, pick, kindsOf, built, sevenPairs, thirteenOrphans, knitted, dealt } = hands(0x6b657074n)
const heldKinds = (c) => ALL.filter((k) => c[k] > 0)

// A walk's start: its counts (3k+1 tiles: a hand before its draw), the kinds it draws from,
// and where it came from.
function start() {
  const from = pick(['deal', 'deal', 'ready', 'ready', 'ready', 'pairs', 'orphans', 'knitted', 'small'])
  const kinds = kindsOf(below(3) === 0)
  let c
  switch (from) {
    case 'deal':
      c = dealt(13, kinds)
      break
    case 'ready':
      c = built(pick([4, 4, 4, 3, 2, 1]), kinds)
      break
    case 'pairs':
      c = sevenPairs(kinds)
      break
    case 'orphans':
      c = thirteenOrphans()
      break
    case 'knitted':
      c = knitted()
      break
    default:
      c = dealt(pick([1, 4, 7, 10]), kinds)
  }
  // A complete hand less one tile: the draws that follow may complete it again.
  if (total(c) % 3 === 2) c[pick(heldKinds(c))]--
  return { from, kinds, counts: c }
}

// Every fields form `hu` answers in JavaScript for a preset and wild kinds.
function fieldForms(preset, wild) {
  const forms = [{ rules: preset, wild }]
  if (wild.length === 0) forms.push(preset, { rules: preset })
  if (preset === 'generic') forms.push(wild.length === 0 ? undefined : { wild })
  return forms
}

// What a call did: its answer, or the error's code and message.
function outcome(call) {
  try {
    return { value: call() }
  } catch (e) {
    return { code: e.code, message: e.message }
  }
}

// Checks the kept hand against `hu` of its counts (the package's and the addon's); the answer.
function check(hand, fields, line) {
  const counts = hand.counts()
  const ours = outcome(() => hand.isWinning())
  assert.deepEqual(ours, outcome(() => mj.hu(counts, fields)), line)
  assert.deepEqual(ours, outcome(() => native.hu(counts, fields)), line)
  return ours
}

test('isWinning and winsWith answer hu of the same counts along seeded walks of draws and discards', () => {
  let checks = 0
  let errors = 0
  const wins = new Map()
  for (let walk = 0; walk < 2400; walk++) {
    const { from, kinds, counts } = start()
    const wild = below(3) === 0 ? [pick(NAMES)] : []
    if (wild.length > 0 && below(4) === 0) wild.push(pick(NAMES))
    // Up to 4 of the hand's tiles become tiles of the first wild kind.
    const w = wild.length > 0 ? NAMES.indexOf(wild[0]) : -1
    for (let i = pick([0, 1, 2, 3, 4]); w >= 0 && i > 0 && counts[w] < 4; i--) {
      const others = heldKinds(counts).filter((k) => k !== w)
      if (others.length === 0) break
      counts[pick(others)]--
      counts[w]++
    }
    const preset = PRESETS[walk % 4]
    const fields = pick(fieldForms(preset, wild))
    const hand = new mj.HandIndex(below(2) ? Uint8Array.from(counts) : counts.slice(), fields)
    assert.deepEqual(Array.from(hand.counts()), counts)
    const line = () => `${from} ${JSON.stringify(Array.from(hand.counts()))} ${JSON.stringify(fields)}`
    for (let step = 0; step < 12; step++) {
      // The draw (a wild kind's tile now and then, when there is one), a check, the discard, a
      // check.
      const k = wild.length > 0 && below(6) === 0 ? NAMES.indexOf(pick(wild)) : pick(kinds)
      if (hand.counts()[k] === 4) continue
      // The draw asked about first (`winsWith`, the hand unchanged), then made.
      const kept = Array.from(hand.counts())
      const asked = outcome(() => hand.winsWith(k))
      assert.deepEqual(Array.from(hand.counts()), kept, line())
      hand.add(k)
      const drawn = check(hand, fields, line())
      assert.deepEqual(asked, drawn, line())
      checks++
      if (drawn.code !== undefined) errors++
      if (drawn.value === true) {
        const key = `${preset} ${from} ${wild.length > 0}`
        wins.set(key, (wins.get(key) ?? 0) + 1)
        if (hand.fields.wild.some((name) => hand.counts()[NAMES.indexOf(name)] >= 3)) {
          wins.set('3+ wildcards', (wins.get('3+ wildcards') ?? 0) + 1)
        }
      }
      // Mostly the drawn tile goes again (a wait kept), else any tile held.
      hand.remove(below(3) ? k : pick(heldKinds(hand.counts())))
      const after = check(hand, fields, line())
      checks++
      if (after.code !== undefined) errors++
    }
  }
  const won = [...wins.values()].reduce((a, b) => a + b, 0)
  assert.ok(checks > 40000, `${checks} checks`)
  assert.ok(won > 800, `${won} wins`)
  assert.ok(errors > 1000, `${errors} errors (13-tile hands, honors under sichuan)`)
  for (const preset of PRESETS) {
    for (const w of [false, true]) assert.ok(wins.has(`${preset} ready ${w}`), `no win from a ready hand under ${preset}, wildcards ${w}`)
    if (preset !== 'sichuan') assert.ok(wins.has(`${preset} deal false`) || wins.has(`${preset} deal true`), `no win from a deal under ${preset}`)
  }
  for (const preset of ['generic', 'riichi', 'mcr']) {
    assert.ok(wins.has(`${preset} pairs false`), `no seven pairs win under ${preset}`)
    assert.ok(wins.has(`${preset} orphans false`), `no thirteen orphans win under ${preset}`)
  }
  assert.ok(wins.has('mcr knitted false'), 'no knitted win under mcr')
  assert.ok(wins.get('3+ wildcards') > 20, 'wins with 3 or more wildcards')
})

test('a kept hand answers as hu for every size from 1 to 17 tiles and up to 8 wildcards and past', () => {
  for (const preset of PRESETS) {
    const hand = new mj.HandIndex(new Uint8Array(34), { rules: preset, wild: ['5p', '9s'] })
    // Fill up with wildcards (5p, 9s) and man tiles, then empty it again.
    const order = [13, 13, 13, 13, 26, 26, 26, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2]
    for (const k of order) {
      hand.add(k)
      check(hand, { rules: preset, wild: ['5p', '9s'] }, `${preset} ${JSON.stringify(Array.from(hand.counts()))}`)
    }
    for (const k of order.reverse()) {
      hand.remove(k)
      check(hand, { rules: preset, wild: ['5p', '9s'] }, `${preset} ${JSON.stringify(Array.from(hand.counts()))}`)
    }
    assert.equal(hand.size, 0)
  }
})

test('add and remove refuse what they cannot do and leave the hand unchanged', () => {
  const counts = built(4, ALL)
  counts[pick(heldKinds(counts))]--
  const full = heldKinds(counts).find((k) => counts[k] === 3) ?? 33
  const hand = new mj.HandIndex(counts, 'riichi')
  while (hand.counts()[full] < 4) hand.add(full)
  const before = hand.counts()
  const answer = outcome(() => hand.isWinning())
  const absent = ALL.find((k) => before[k] === 0)
  const cases = [
    [() => hand.add(full), 'fifth_copy', Error],
    [() => hand.winsWith(full), 'fifth_copy', Error],
    [() => hand.winsWith(34), 'invalid_tile', RangeError],
    [() => hand.remove(absent), 'not_held', Error],
    [() => hand.add(34), 'invalid_tile', RangeError],
    [() => hand.add(-1), 'invalid_tile', RangeError],
    [() => hand.remove(1.5), 'invalid_tile', RangeError],
    [() => hand.add('1'), 'invalid_tile', RangeError],
    [() => hand.remove(undefined), 'invalid_tile', RangeError],
  ]
  for (const [call, code, Kind] of cases) {
    assert.throws(call, (e) => e instanceof Kind && e.code === code, code)
    assert.deepEqual(hand.counts(), before)
    assert.deepEqual(outcome(() => hand.isWinning()), answer)
  }
  // And it keeps answering as hu after the refusals.
  hand.remove(full)
  hand.add(full)
  assert.deepEqual(outcome(() => hand.isWinning()), outcome(() => mj.hu(before, 'riichi')))
})

test('the constructor throws the errors hu throws for the same counts and fields', () => {
  const win = Uint8Array.from(built(4, ALL))
  const changed = (k, x) => {
    const c = Array.from(win)
    c[k] = x
    return c
  }
  // Counts hu refuses (whatever the tile total): the same error. The addon reads a fraction in
  // an array as its integer part (0.5 as 0); the kept hand refuses it (`invalid_hand`).
  for (const [hand, fields] of [
    [Uint8Array.from(changed(0, 5)), 'riichi'],
    [Uint8Array.from(changed(3, 9)), undefined],
    [changed(0, 0.5), undefined],
    [changed(0, -1), 'mcr'],
    [changed(0, '1'), undefined],
    [new Uint8Array(33), 'generic'],
    [Array.from(win).slice(1), undefined],
    ['123m456p789s11122z', 'riichi'],
  ]) {
    const line = `${JSON.stringify(Array.from(hand))} ${JSON.stringify(fields)}`
    const ours = outcome(() => new mj.HandIndex(hand, fields))
    assert.ok(ours.code !== undefined, `${line} refused`)
    const theirs = outcome(() => mj.hu(hand, fields))
    if (theirs.code === undefined) assert.equal(ours.code, 'invalid_hand', line)
    else assert.deepEqual(ours, theirs, line)
  }
  // Fields hu refuses: the same error.
  for (const fields of ['tenhou', { rules: 'tenhou' }, { rules: null }, { wild: ['8x'] }, { wild: '1m' }, { wild: [1] }, 7]) {
    const ours = outcome(() => new mj.HandIndex(win, fields))
    assert.ok(ours.code !== undefined, JSON.stringify(fields))
    assert.deepEqual(ours, outcome(() => mj.hu(win, fields)), JSON.stringify(fields))
  }
  // Fields hu reads and the kept hand does not: an error, never a silent answer.
  assert.throws(() => new mj.HandIndex(win, { rules: 'riichi', options: { seven_pairs: false } }), { code: 'unknown_field' })
  assert.throws(() => new mj.HandIndex(win, { melds: [] }), { code: 'unknown_field' })
  assert.throws(() => new mj.HandIndex(win, 'sanma'), (e) => typeof e.code === 'string')
  // Red fives name fives; a wild kind named twice is one.
  const h = new mj.HandIndex(win, { wild: ['0p', '5p', '5p'] })
  assert.deepEqual(h.fields, { rules: 'generic', wild: ['5p'] })
})
