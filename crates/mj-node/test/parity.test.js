// mj-engine against `mj batch` on the same seeded random requests: `requestLine` must answer the
// same bytes, `request` the same object, and each typed call the answer's value, or throw the
// answer's error (kind as `code`, and its message). MJ_BIN names the `mj` program.
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const mj = require('..')

const MJ_BIN = process.env.MJ_BIN
if (!MJ_BIN) {
  throw new Error('MJ_BIN is not set: point it at the `mj` program (cargo build -p mj-cli) to compare with `mj batch`')
}

// SplitMix64, as the other parity programs use.
const { below, pick } = require('../testing/hands.js').splitmix(0x4e6f6465n)

const KINDS = Array.from({ length: 34 }, (_, k) => `${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`)

// 34 counts of a random hand: a built win (melds and a pair), a near miss or wall draws.
function randomCounts(size) {
  const c = new Array(34).fill(0)
  const add = (k) => (c[k] < 4 ? (c[k]++, true) : false)
  const total = () => c.reduce((a, b) => a + b, 0)
  if (below(4) > 0) {
    for (let m = 0; m < Math.floor(size / 3); m++) {
      for (let t = 0; t < 20; t++) {
        const k = below(34)
        const run = k < 27 && k % 9 <= 6 && below(3) < 2
        const ks = run ? [k, k + 1, k + 2] : [k, k, k]
        const probe = c.slice()
        if (ks.every((x) => ++probe[x] <= 4)) {
          ks.forEach((x) => c[x]++)
          break
        }
      }
    }
    const p = below(34)
    if (c[p] <= 2) c[p] += 2
  }
  while (total() < size) add(below(34))
  while (total() > size) {
    const k = below(34)
    if (c[k] > 0) c[k]--
  }
  return c
}

function mpsz(c) {
  let s = ''
  for (let suit = 0; suit < 4; suit++) {
    let part = ''
    for (let r = 0; r < (suit === 3 ? 7 : 9); r++) part += String(r + 1).repeat(c[suit * 9 + r])
    if (part) s += part + 'mpsz'[suit]
  }
  return s
}

// A random request: an op, a hand of a size that usually fits it, and some of the other fields.
function randomRequest(id) {
  const op = pick(['hu', 'hu', 'waits', 'waits', 'shanten', 'shanten', 'discards', 'agari', 'score'])
  const size = op === 'waits' ? pick([13, 13, 13, 10, 14]) : op === 'shanten' ? pick([13, 14, 7]) : pick([14, 14, 14, 11, 13])
  const counts = randomCounts(size)
  const fields = {}
  const rules = pick(['generic', 'generic', 'riichi', 'riichi', 'sichuan', 'mcr', 'sanma', 'tenhou'])
  if (rules !== 'generic' || below(2)) fields.rules = rules
  if (below(4) === 0) {
    const wild = pick(KINDS.filter((_, k) => counts[k] > 0))
    fields.wild = [wild]
  }
  if (below(8) === 0) fields.options = pick([{ distinct_pairs: false }, { seven_pairs: false }, { eyes_258: true }, { kuitan: false }, { nope: true }])
  if (op === 'discards' && below(2)) fields.visible = pick(['1z', '5m5m', '1234p'])
  if (op === 'score') {
    const held = KINDS.filter((_, k) => counts[k] > 0)
    fields.win_tile = pick(held)
    if (!fields.rules) fields.rules = 'riichi'
    if (below(2)) fields.tsumo = true
    if (fields.rules === 'riichi' && below(2)) fields.riichi = true
  }
  if (below(30) === 0) fields.melds = [{ kind: 'pon', tiles: '777z' }]
  return { op, counts, fields, id }
}

const requests = Array.from({ length: 1500 }, (_, i) => randomRequest(i))
const objects = requests.map(({ op, counts, fields, id }) => ({ op, hand: mpsz(counts), ...fields, id }))
const lines = objects.map((o) => JSON.stringify(o))
const batch = spawnSync(MJ_BIN, ['batch'], { input: lines.join('\n') + '\n', encoding: 'utf8' })
assert.equal(batch.status, 0, batch.stderr)
const answers = batch.stdout.split('\n').slice(0, -1)
assert.equal(answers.length, lines.length)

test('requestLine answers the same bytes as mj batch', () => {
  lines.forEach((line, i) => assert.equal(mj.requestLine(line), answers[i], line))
})

test('request answers the same object as mj batch', () => {
  objects.forEach((o, i) => assert.deepEqual(mj.request(o), JSON.parse(answers[i]), lines[i]))
})

// What a typed call must do with the answer: return `read(answer)` or throw its error.
function expectTyped(call, answer, read, line) {
  if (answer.error) {
    assert.throws(call, (e) => {
      assert.equal(e.code, answer.error.kind, line)
      assert.equal(e.message, answer.error.message, line)
      return true
    }, line)
  } else {
    assert.deepEqual(call(), read(answer), line)
  }
}

function withoutId(answer) {
  const { id, ...rest } = answer
  return rest
}

test('typed calls answer what mj batch answers, for text, Uint8Array and array hands', () => {
  let compared = 0
  requests.forEach(({ op, counts, fields }, i) => {
    const answer = JSON.parse(answers[i])
    const fn = mj[op]
    if (!fn) return
    const read = {
      hu: (a) => a.hu,
      waits: (a) => a.waits,
      shanten: (a) => a.shanten,
      discards: (a) => a.discards,
      score: (a) => withoutId(a),
    }[op]
    for (const hand of [mpsz(counts), Uint8Array.from(counts), counts]) {
      expectTyped(() => fn(hand, fields), answer, read, lines[i])
      compared++
      // A preset name alone is the same as {rules: name}.
      const keys = Object.keys(fields)
      if (keys.length === 1 && keys[0] === 'rules') {
        expectTyped(() => fn(hand, fields.rules), answer, read, lines[i])
      }
      if (keys.length === 0) expectTyped(() => fn(hand), answer, read, lines[i])
    }
    if (op === 'shanten') {
      expectTyped(() => mj.shantenReport(mpsz(counts), fields), answer, withoutId, lines[i])
    }
  })
  assert.ok(compared > 3000, `${compared} typed answers compared`)
})

test('the answers cover wins, waits and errors', () => {
  const parsed = answers.map((a) => JSON.parse(a))
  assert.ok(parsed.filter((a) => a.hu === true).length > 50)
  assert.ok(parsed.filter((a) => a.waits && a.waits.length > 0).length > 50)
  assert.ok(new Set(parsed.filter((a) => a.error).map((a) => a.error.kind)).size >= 6)
})
