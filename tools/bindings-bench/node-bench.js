// mj-engine from Node against `mj batch` through a pipe and the npm mahjong packages, on the
// corpora the C bench wrote (crates/mj-ffi/examples/c/bench.c), in one run; run.sh runs it.
// `hu` and `shanten` on 34 counts are answered by the package's JavaScript reader of the
// committed tables (crates/mj-node/fast.js); the rows marked "addon" call the native addon
// itself (the package's index.js) on the same input, and the reader's answers are compared
// with the addon's on every hand.
//
//   node node-bench.js MJ_BIN /tmp/mj-hands.bin
//
// Each peer's input is built before timing, in its own format (as a caller keeps it), and each
// answer is compared with mj-engine's on every hand it is timed on: the disagreements are
// printed with the hand, and each kind is explained in docs/performance.md. In-process calls
// are timed by the process's CPU time (a busy machine's other work does not inflate it), the
// pipe by the wall clock. Median of 7 runs, nanoseconds per call.
'use strict'
const fs = require('node:fs')
const { spawn } = require('node:child_process')
const readline = require('node:readline')
const mj = require('mj-engine')
const addon = require('mj-engine/index.js')
const agari = require('agari')
const syanten = require('syanten')
const Majiang = require('@kobalab/majiang-core')
const { RuleSet } = require('mahjong-tile-efficiency')

const [MJ_BIN, CORPUS] = process.argv.slice(2)
const N = 1024
const RUNS = 7
const bytes = fs.readFileSync(CORPUS)
const names = ['wins', 'wall', 'wild', 'ready', 'wall13']
const corpora = {}
names.forEach((name, k) => {
  corpora[name] = Array.from({ length: N }, (_, i) => {
    const at = (k * N + i) * 35
    return { counts: Array.from(bytes.subarray(at, at + 34)), wildcards: bytes[at + 34] }
  })
})

const mpsz = (c) => {
  let s = ''
  for (let suit = 0; suit < 4; suit++) {
    let part = ''
    for (let r = 0; r < (suit === 3 ? 7 : 9); r++) part += String(r + 1).repeat(c[suit * 9 + r])
    if (part) s += part + 'mpsz'[suit]
  }
  return s
}
// The four-suit arrays of `agari`, `syanten` and `mahjong-tile-efficiency`.
const suits = (c) => [c.slice(0, 9), c.slice(9, 18), c.slice(18, 27), c.slice(27, 34)]
// majiang-core's text: m123p456s789z1122.
const majiangText = (c) => {
  let s = ''
  for (let suit = 0; suit < 4; suit++) {
    let part = ''
    for (let r = 0; r < (suit === 3 ? 7 : 9); r++) part += String(r + 1).repeat(c[suit * 9 + r])
    if (part) s += 'mpsz'[suit] + part
  }
  return s
}

const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) * 1000
}

console.log(`mj-engine's JavaScript reader: hu ${JSON.stringify(mj.tablesReader.hu)}, shanten ${JSON.stringify(mj.tablesReader.shanten)}`)

const results = []
// The timed loop, compiled afresh for each row (`new Function`): a loop shared by every row
// would call through a site that has seen every row's function, so no call would be inlined
// and each row would pay a megamorphic call (5-10 ns) the caller's own loop does not.
const LOOP = 'let sink = 0; for (let rep = 0; rep < reps; rep++) for (let i = 0; i < n; i++) if (call(inputs[i])) sink++; return sink'
// Median ns per call over RUNS runs; each run passes over the hands enough times to last about
// 0.2 s (a peer slower than 20 us a call is timed on the first 64 hands, 3 runs).
function time(name, inputs, call) {
  const loop = new Function('call', 'inputs', 'n', 'reps', LOOP)
  let sink = 0
  // Warm up (the first passes run while the JIT compiles), then calibrate on the quickest of
  // three passes (one can take a collection or a recompilation).
  sink += loop(call, inputs, 64, 3)
  let start
  let per = Infinity
  for (let pass = 0; pass < 3; pass++) {
    start = cpu()
    sink += loop(call, inputs, 64, 1)
    per = Math.min(per, (cpu() - start) / 64)
  }
  const slow = per > 20000
  const n = slow ? 64 : N
  const runs = slow ? 3 : RUNS
  const reps = Math.max(1, Math.round(2e8 / (per * n)))
  const t = []
  for (let run = 0; run < runs; run++) {
    start = cpu()
    sink += loop(call, inputs, n, reps)
    t.push((cpu() - start) / (reps * n))
  }
  t.sort((a, b) => a - b)
  const median = t[runs >> 1]
  results.push([name, median])
  console.log(`${name.padEnd(52)} ${median.toFixed(1).padStart(10)} ns${slow ? ' (64 hands)' : ''}`)
  return sink
}

// Agreement of a peer with mj-engine on a corpus: prints the first disagreements.
function compare(what, hands, ours, theirs) {
  let differ = 0
  hands.forEach((h, i) => {
    const a = ours(h, i)
    const b = theirs(h, i)
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      differ++
      if (differ <= 3) console.log(`  disagree ${what}: ${mpsz(h.counts)}: mj ${JSON.stringify(a)}, peer ${JSON.stringify(b)}`)
    }
  })
  console.log(`  ${what}: ${hands.length - differ} of ${hands.length} agree`)
}

const shoupai = (c) => Majiang.Shoupai.fromString(majiangText(c))
const riichiEfficiency = new RuleSet('Riichi')

console.log('== win check (14 tiles, riichi shapes, no wildcards)')
for (const name of ['wins', 'wall']) {
  const hands = corpora[name]
  const text = hands.map((h) => mpsz(h.counts))
  const u8 = hands.map((h) => Uint8Array.from(h.counts))
  const arrs = hands.map((h) => suits(h.counts))
  const shou = hands.map((h) => shoupai(h.counts))
  const opts = { rules: 'riichi' }
  compare(`agari.checkAll ${name}`, hands, (h, i) => mj.hu(text[i], opts), (h, i) => agari.checkAll(arrs[i]))
  compare(`syanten == -1 ${name}`, hands, (h, i) => mj.hu(text[i], opts), (h, i) => syanten(arrs[i]) === -1)
  compare(`majiang xiangting == -1 ${name}`, hands, (h, i) => mj.hu(text[i], opts), (h, i) => Majiang.Util.xiangting(shou[i]) === -1)
  compare(`JS reader == addon, Uint8Array ${name}`, hands, (h, i) => mj.hu(u8[i], 'riichi'), (h, i) => addon.hu(u8[i], 'riichi'))
  compare(`JS reader == addon, number[] {rules} ${name}`, hands, (h, i) => mj.hu(h.counts, opts), (h, i) => addon.hu(text[i], opts))
  time(`mj-engine hu(Uint8Array, 'riichi') ${name}`, u8, (c) => mj.hu(c, 'riichi'))
  time(`mj-engine hu(Uint8Array, {rules}) ${name}`, u8, (c) => mj.hu(c, opts))
  time(`mj-engine hu(number[], 'riichi') ${name}`, hands.map((h) => h.counts), (c) => mj.hu(c, 'riichi'))
  time(`addon hu(Uint8Array, 'riichi') ${name}`, u8, (c) => addon.hu(c, 'riichi'))
  time(`mj-engine hu(mpsz, 'riichi') ${name}`, text, (t) => mj.hu(t, 'riichi'))
  time(`mj-engine hu(mpsz, {rules}) ${name}`, text, (t) => mj.hu(t, opts))
  // The same hands as draws on a kept hand (`HandIndex`): the 13 other tiles kept (counts
  // checked once, before timing), the drawn tile (one of the hand's kinds, picked by the hand's
  // position) added, the check, and the tile removed again: a timed call is add + isWinning +
  // remove, or the one call winsWith(drawn) that does the three. And the check alone on the 14
  // tiles kept.
  const kept = hands.map((h, i) => {
    const held = h.counts.flatMap((x, k) => (x > 0 ? [k] : []))
    const drawn = held[i % held.length]
    const c = h.counts.slice()
    c[drawn]--
    return { hand: new mj.HandIndex(c, 'riichi'), drawn }
  })
  const draw = (x) => {
    x.hand.add(x.drawn)
    const won = x.hand.isWinning()
    x.hand.remove(x.drawn)
    return won
  }
  const whole = hands.map((h) => new mj.HandIndex(h.counts, 'riichi'))
  compare(`HandIndex add/isWinning/remove == agari.checkAll ${name}`, hands, (h, i) => draw(kept[i]), (h, i) => agari.checkAll(arrs[i]))
  compare(`HandIndex add/isWinning/remove == hu ${name}`, hands, (h, i) => draw(kept[i]), (h, i) => mj.hu(u8[i], 'riichi'))
  compare(`HandIndex isWinning (14 kept) == hu ${name}`, hands, (h, i) => whole[i].isWinning(), (h, i) => mj.hu(u8[i], 'riichi'))
  compare(`HandIndex winsWith(drawn) == hu ${name}`, hands, (h, i) => kept[i].hand.winsWith(kept[i].drawn), (h, i) => mj.hu(u8[i], 'riichi'))
  time(`mj-engine HandIndex add+isWinning+remove ${name}`, kept, draw)
  time(`mj-engine HandIndex winsWith(drawn) ${name}`, kept, (x) => x.hand.winsWith(x.drawn))
  time(`mj-engine HandIndex isWinning (14 kept) ${name}`, whole, (hand) => hand.isWinning())
  time(`agari.checkAll ${name}`, arrs, (a) => agari.checkAll(a))
  time(`syanten(...) === -1 ${name}`, arrs, (a) => syanten(a) === -1)
  time(`majiang-core Util.xiangting === -1 ${name}`, shou, (s) => Majiang.Util.xiangting(s) === -1)
}

console.log('== shanten (riichi shapes, no wildcards)')
for (const name of ['wall', 'wall13']) {
  const hands = corpora[name]
  const text = hands.map((h) => mpsz(h.counts))
  const u8 = hands.map((h) => Uint8Array.from(h.counts))
  const arrs = hands.map((h) => suits(h.counts))
  const shou = hands.map((h) => shoupai(h.counts))
  const ours = (h, i) => mj.shanten(text[i], 'riichi')
  compare(`syanten ${name}`, hands, ours, (h, i) => syanten(arrs[i]))
  compare(`majiang-core xiangting ${name}`, hands, ours, (h, i) => Majiang.Util.xiangting(shou[i]))
  compare(`mahjong-tile-efficiency ${name}`, hands, ours, (h, i) => riichiEfficiency.calShanten(arrs[i]))
  compare(`JS reader == addon, Uint8Array ${name}`, hands, (h, i) => mj.shanten(u8[i], 'riichi'), (h, i) => addon.shanten(u8[i], 'riichi'))
  time(`mj-engine shanten(Uint8Array, 'riichi') ${name}`, u8, (c) => mj.shanten(c, 'riichi'))
  time(`mj-engine shanten(Uint8Array, {rules}) ${name}`, u8, (c) => mj.shanten(c, { rules: 'riichi' }))
  time(`mj-engine shanten(number[], 'riichi') ${name}`, hands.map((h) => h.counts), (c) => mj.shanten(c, 'riichi'))
  time(`addon shanten(Uint8Array, 'riichi') ${name}`, u8, (c) => addon.shanten(c, 'riichi'))
  time(`mj-engine shanten(mpsz, 'riichi') ${name}`, text, (t) => mj.shanten(t, 'riichi'))
  time(`mj-engine shanten(mpsz, {rules}) ${name}`, text, (t) => mj.shanten(t, { rules: 'riichi' }))
  time(`syanten(...) ${name}`, arrs, (a) => syanten(a))
  time(`majiang-core Util.xiangting ${name}`, shou, (s) => Majiang.Util.xiangting(s))
  time(`mahjong-tile-efficiency calShanten ${name}`, arrs, (a) => riichiEfficiency.calShanten(a))
}

console.log('== waits (13-tile ready hands, riichi shapes)')
{
  const hands = corpora.ready
  const text = hands.map((h) => mpsz(h.counts))
  const u8 = hands.map((h) => Uint8Array.from(h.counts))
  const shou = hands.map((h) => shoupai(h.counts))
  const majiangWaits = (s) => Majiang.Util.tingpai(s).map((p) => p[1] + p[0]).sort(byKind)
  const kindOf = (t) => 'mpsz'.indexOf(t[1]) * 9 + Number(t[0])
  function byKind(a, b) { return kindOf(a) - kindOf(b) }
  compare('majiang-core tingpai ready', hands, (h, i) => mj.waits(text[i], { rules: 'riichi' }), (h, i) => majiangWaits(shou[i]))
  time("mj-engine waits(mpsz, 'riichi') ready", text, (t) => mj.waits(t, 'riichi'))
  time("mj-engine waits(Uint8Array, 'riichi') ready", u8, (c) => mj.waits(c, 'riichi'))
  time('majiang-core Util.tingpai ready', shou, (s) => Majiang.Util.tingpai(s))
}

console.log('== wildcards (generic rules; no npm peer answers them)')
{
  const hands = corpora.wild
  // The wildcards as tiles of a kind the hand lacks, as the protocol names them (wild: [kind]).
  const inputs = hands.map((h) => {
    const c = h.counts.slice()
    let k = 33
    while (c[k] > 0) k--
    c[k] = h.wildcards
    return [mpsz(c), { wild: [`${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`] }, Uint8Array.from(c)]
  })
  compare('JS reader == addon, Uint8Array {wild} wild', hands, (h, i) => mj.hu(inputs[i][2], inputs[i][1]), (h, i) => addon.hu(inputs[i][0], inputs[i][1]))
  time('mj-engine hu(Uint8Array, {wild}) wild (1-4)', inputs, ([, f, c]) => mj.hu(c, f))
  time('addon hu(Uint8Array, {wild}) wild (1-4)', inputs, ([, f, c]) => addon.hu(c, f))
  time('mj-engine hu(mpsz, {wild}) wild (1-4)', inputs, ([t, f]) => mj.hu(t, f))
}

console.log('== protocol: request(obj) in-process')
{
  const reqs = corpora.wall.map((h) => ({ op: 'shanten', hand: mpsz(h.counts), rules: 'riichi' }))
  const lines = reqs.map((r) => JSON.stringify(r))
  time('mj-engine request({op: shanten}) wall', reqs, (r) => mj.request(r).shanten)
  time('mj-engine requestLine(text) wall', lines, (l) => mj.requestLine(l).length)
}

// `mj batch` through a pipe: one request written, its answer awaited, then the next.
async function pipeRoundTrips(name, lines) {
  const child = spawn(MJ_BIN, ['batch'], { stdio: ['pipe', 'pipe', 'inherit'] })
  const answers = readline.createInterface({ input: child.stdout })
  const it = answers[Symbol.asyncIterator]()
  const t = []
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint()
    for (const line of lines) {
      child.stdin.write(line + '\n')
      await it.next()
    }
    t.push(Number(process.hrtime.bigint() - start) / lines.length)
  }
  child.stdin.end()
  t.sort((a, b) => a - b)
  results.push([name, t[RUNS >> 1]])
  console.log(`${name.padEnd(52)} ${t[RUNS >> 1].toFixed(1).padStart(10)} ns`)
}

;(async () => {
  console.log('== mj batch through a pipe from Node (wall clock, round trip per request)')
  const hu = corpora.wins.map((h) => JSON.stringify({ op: 'hu', hand: mpsz(h.counts), rules: 'riichi' }))
  const sh = corpora.wall.map((h) => JSON.stringify({ op: 'shanten', hand: mpsz(h.counts), rules: 'riichi' }))
  await pipeRoundTrips('pipe mj batch hu wins (round trip)', hu)
  await pipeRoundTrips('pipe mj batch shanten wall (round trip)', sh)
})()
