/* The protocol's types (docs/protocol.md), written by hand; `napi build` puts them (package.json
 * `napi.dtsHeaderFile`) at the head of index.d.ts, above the declarations generated from the Rust. */

/** A tile in mpsz notation: `"1m"`-`"9m"`, `"1p"`-`"9p"`, `"1s"`-`"9s"`, `"1z"`-`"7z"`, `"0m"`/`"0p"`/`"0s"` red fives. */
export type Tile = string

/** A preset: `generic` (default), `riichi`, `sichuan`, `mcr`; `sanma` (three-player riichi) is read by `score` only. */
export type Preset = 'generic' | 'riichi' | 'sichuan' | 'mcr' | 'sanma'

/** A declared meld. `from`: 1-3, seats to the left. */
export interface Meld {
  kind: 'chi' | 'pon' | 'minkan' | 'ankan' | 'kakan'
  tiles: string
  called?: Tile
  from?: number
}

/** Rule switches overriding the preset (docs/protocol.md, "Switches"). */
export type Options = Record<string, boolean | string>

/** A hand: mpsz text (`"2344m456p789s111z"`), or 34 counts by kind index (0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z). */
export type HandTiles = string | Uint8Array | number[]

/** The fields every op reads besides `op` and `hand`. */
export interface HandFields {
  melds?: Meld[]
  /** Wildcard kinds: every tile of these kinds in the hand stands for any tile. */
  wild?: Tile[]
  rules?: Preset
  options?: Options
}

/** `discards` also reads the tiles seen elsewhere. */
export interface DiscardsFields extends HandFields {
  visible?: string
}

/** The score fields (docs/protocol.md, "Fields"); `win_tile` is required. */
export interface ScoreFields extends HandFields {
  win_tile: Tile
  tsumo?: boolean
  seat_wind?: Tile
  round_wind?: Tile
  riichi?: boolean
  double_riichi?: boolean
  ippatsu?: boolean
  haitei?: boolean
  houtei?: boolean
  rinshan?: boolean
  chankan?: boolean
  tenhou?: boolean
  chiihou?: boolean
  renhou?: boolean
  dora?: Tile[]
  ura?: Tile[]
  honba?: number
  riichi_sticks?: number
  kita?: number
  flowers?: number
  last_tile?: boolean
  kong?: boolean
  last_wall?: boolean
  lack?: 'm' | 'p' | 's'
  cap?: number
}

/** One request of `mj batch`. */
export interface Request extends Partial<ScoreFields> {
  op: 'hu' | 'waits' | 'shanten' | 'discards' | 'agari' | 'score' | string
  hand: string
  id?: unknown
  visible?: string
  [field: string]: unknown
}

/** An error answer: `kind` is the protocol's error kind, also the `code` of what the typed calls throw. */
export interface ErrorAnswer {
  id?: unknown
  error: { kind: string; message: string; [extra: string]: unknown }
}

/** An answer of `mj batch`: the op's fields, or `error`. */
export type Answer = ({ id?: unknown; error?: undefined; [field: string]: unknown }) | ErrorAnswer

/** One row of the discard table. */
export interface Discard {
  tile: Tile
  shanten: number
  ukeire: Tile[]
  ukeire_count: number
}

/** The answer of `score` (fields per preset, docs/protocol.md "score answers"). */
export interface ScoreAnswer {
  han?: number
  fu?: number
  fu_details?: { name: string; fu: number }[]
  yaku?: { name: string; han: number; yakuman?: number }[]
  yakuman?: number
  limit?: string | null
  points?: { total: number; ron?: number; dealer?: number; others?: number }
  fan?: number
  fans?: { name: string; zh: string; fan: number; count: number }[]
  multiplier?: number
  wildcards?: { tile: Tile; as: Tile }[]
  [field: string]: unknown
}

/** Whether one call's JavaScript reader of the committed tables (fast.js) is on; when not, `reason` says why. */
export interface ReaderState { readonly active: boolean; readonly reason: string | null }

/** Which way `hu` and `shanten` on 34 counts answer: from the committed tables in JavaScript (`active`), or
 * through the addon for every call (`reason` says why). */
export declare const tablesReader: { readonly hu: ReaderState; readonly shanten: ReaderState }

/** A kind index: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z. */
export type Kind = number

/** A concealed hand kept for repeated win checks as tiles come and go (`mj_hu::HandIndex`), answered in
 * JavaScript from the committed tables: each suit's table offset is kept up to date by `add` and `remove`, so
 * `isWinning` reads no counts. It answers `hu(hand.counts(), hand.fields)`, errors included (a tile total of the
 * wrong size, more than 8 wildcards, honors under `sichuan` throw `hu`'s error). */
export declare class HandIndex {
  /** `hand`: 34 counts, each an integer 0-4 (checked once: `hu`'s error, or `invalid_hand`); `fields`: a preset
   * name or `{ rules, wild }` (anything else `hu` reads throws `unknown_field`). Tiles of a wild kind are wildcards. */
  constructor(hand: Uint8Array | number[], fields?: Exclude<Preset, 'sanma'> | { rules?: Exclude<Preset, 'sanma'>; wild?: Tile[] } | null)
  /** One more tile of `kind`; throws `fifth_copy` (a fifth copy) or a `RangeError` `invalid_tile`, the hand unchanged. */
  add(kind: Kind): void
  /** One tile of `kind` less; throws `not_held` (none held) or a `RangeError` `invalid_tile`, the hand unchanged. */
  remove(kind: Kind): void
  /** Is the hand (3k+2 tiles) a win: `hu` of the same counts and fields. */
  isWinning(): boolean
  /** Would one more tile of `kind` (a draw) win: `add`, `isWinning`, `remove` in one call, the hand unchanged
   * (errors included: `fifth_copy`, `invalid_tile`, or `hu`'s). */
  winsWith(kind: Kind): boolean
  /** The 34 counts, wild kinds' tiles included (a copy). */
  counts(): Uint8Array
  /** Tiles held, wildcards included. */
  readonly size: number
  /** The fields as the hand reads them (wild kinds named once each). */
  readonly fields: { readonly rules: Exclude<Preset, 'sanma'>; readonly wild: readonly Tile[] }
}
