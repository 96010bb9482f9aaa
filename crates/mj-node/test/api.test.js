// The package's own contract: examples from its README, errors thrown with the protocol's kind
// as `code`, and the TypeScript declarations compiling a typed program under --strict.
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const mj = require('..')

test('README examples', () => {
  assert.deepEqual(mj.waits('2344m456p789s111z'), ['1m', '4m'])
  assert.equal(mj.hu('11m456p789s111z22z7z', { wild: ['7z'] }), true)
  assert.equal(mj.shanten('123m456p789s23455z', 'riichi'), 1)
  assert.deepEqual(mj.shantenReport('123m456p789s23455z', { rules: 'riichi' }), {
    shanten: 1, standard: 1, seven_pairs: 5, thirteen_orphans: 6,
  })
  assert.deepEqual(mj.request({ op: 'waits', hand: '2344m456p789s111z', id: 1 }), { id: 1, waits: ['1m', '4m'] })
  assert.equal(mj.requestLine('{"op":"hu","hand":"11z"}'), '{"hu":true}')
  const best = mj.discards('123m456p789s11223z')[0]
  assert.deepEqual(best, { tile: '3z', shanten: 0, ukeire: ['1z', '2z'], ukeire_count: 4 })
  const s = mj.score('22334455m667788p', { rules: 'riichi', win_tile: '8p', tsumo: true, riichi: true, dora: ['1p'] })
  assert.equal(s.limit, 'haneman')
  assert.equal(s.points.total, 18000)
})

test('errors are thrown with the protocol kind as code', () => {
  const code = (f) => {
    try {
      f()
    } catch (e) {
      assert.ok(e instanceof Error)
      return e.code
    }
    return null
  }
  assert.equal(code(() => mj.hu('123m')), 'hand_size')
  assert.equal(code(() => mj.hu('11111m456p789s11z')), 'fifth_copy')
  assert.equal(code(() => mj.hu('11z', { rules: 'tenhou' })), 'unknown_rules')
  assert.equal(code(() => mj.hu('11z', 'tenhou')), 'unknown_rules')
  assert.equal(code(() => mj.shanten('123m456p789s1122s', { rules: 'sichuan' })), 'unsupported_rules')
  assert.equal(code(() => mj.score('123m456p789s11122z', { rules: 'riichi', win_tile: '5m' })), 'invalid_field')
  assert.equal(code(() => mj.hu('11z', { id: 3 })), 'invalid_request')
  assert.equal(code(() => mj.hu(new Uint8Array(3))), 'invalid_hand')
  assert.equal(code(() => mj.hu('11z', { wlid: ['1z'] })), 'unknown_field')
  // A count is a whole number: 1.5 is refused, not read as 1 (by the JavaScript reader and the
  // addon alike: with a wildcard-free preset and with fields the reader leaves to the addon).
  const halves = Array(34).fill(0)
  halves[0] = 1.5
  halves[27] = 2
  for (const fields of [undefined, { rules: 'riichi' }, { wild: ['7z'], rules: 'generic' }]) {
    assert.equal(code(() => mj.hu(halves, fields)), 'invalid_hand')
    assert.equal(code(() => mj.waits(halves, fields)), 'invalid_hand')
  }
  // Errors through request are answers, never thrown.
  assert.equal(mj.request({ op: 'hu', hand: '123m' }).error.kind, 'hand_size')
})

test('the TypeScript declarations type a program under --strict', () => {
  const tsc = require.resolve('typescript/bin/tsc')
  const file = path.join(__dirname, 'types.ts')
  execFileSync(process.execPath, [tsc, '--noEmit', '--strict', file], {
    stdio: 'pipe',
  })
})
