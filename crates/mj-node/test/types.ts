// Compiled (not run) by api.test.js with `tsc --strict`: the declarations type each call.
import * as mj from '../index'

const won: boolean = mj.hu('11m456p789s111z22z7z', { wild: ['7z'], rules: 'generic' })
const waits: string[] = mj.waits(new Uint8Array(34))
const n: number = mj.shanten([1, 2, 3], 'riichi')
const report: mj.ShantenReport = mj.shantenReport([1, 2, 3], { rules: 'riichi', options: { distinct_pairs: false } })
const sevenPairs: number | null = report.seven_pairs
const rows: mj.Discard[] = mj.discards('123m456p789s11223z', { visible: '1z' })
const score: mj.ScoreAnswer = mj.score('22334455m667788p', { rules: 'riichi', win_tile: '8p', tsumo: true })
const answer: mj.Answer = mj.request({ op: 'waits', hand: '2344m456p789s111z', id: 1 })
const line: string = mj.requestLine('{"op":"hu","hand":"11z"}')
const reader: string | null = mj.tablesReader.hu.active ? null : mj.tablesReader.hu.reason
const kept = new mj.HandIndex([1, 2, 3], { rules: 'riichi', wild: ['5z'] })
kept.add(33)
kept.remove(33)
const keptWin: boolean = kept.isWinning()
const keptCounts: Uint8Array = kept.counts()
const keptRules: string = kept.fields.rules
if (answer.error) {
  const kind: string = answer.error.kind
  console.log(kind)
}
console.log(won, waits, n, sevenPairs, rows[0].ukeire_count, score.points?.total, line, reader, keptWin, keptCounts, keptRules, kept.size)
