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

/**
 * Which binding artifact the generated loader actually loaded: `'native'` for
 * a native addon, otherwise the `platformArchABI` of the WASI flavor. Every
 * flavor napi-rs can build is listed, because `NAPI_RS_NATIVE_LIBRARY_PATH`
 * can point the loader at a WASI artifact this package does not build itself.
 */
export declare const __napiBindingTarget: 'native' | 'wasm32-wasi' | 'wasm32-wasip1'

/**
 * The discard table of `hand` (3k+2 concealed tiles): one row per distinct kind, best first,
 * each with the shanten after the discard and its effective tiles (`ukeire`) with their live
 * copies (`ukeire_count`). Fields as for `hu`, plus `visible` (mpsz tiles seen elsewhere).
 */
export declare function discards(hand: HandTiles, fields?: DiscardsFields | Preset): Discard[]

/**
 * Is `hand` (3k+2 concealed tiles, the winning tile included) a win (胡 / 和了) under the
 * rules? `fields`: the protocol's other fields (`wild`, `rules`, `options`, `melds`), or just
 * a preset name (`'riichi'` is `{rules: 'riichi'}`).
 */
export declare function hu(hand: HandTiles, fields?: HandFields | Preset): boolean

/**
 * Answers one request object exactly as `mj batch` answers its JSON text (`JSON.stringify`
 * of it): the answer object, `id` echoed when given. Errors are answers
 * (`{error: {kind, message}}`), never thrown.
 */
export declare function request(request: Request): Answer

/**
 * Answers one request line exactly as `mj batch` does: the answer line, without its line end.
 * Errors are answers (`{"error": {"kind", "message"}}`), never thrown.
 */
export declare function requestLine(line: string): string

/**
 * The score of a win under `rules` (`riichi`, `sanma`, `sichuan` or `mcr`): `hand` holds the
 * winning tile, `fields.win_tile` names it; the other fields are the protocol's score fields.
 * Returns the answer object (`han`, `fu`, `yaku`, `points`, ... as docs/protocol.md lists per
 * preset). A hand that is no win throws `not_a_win`, `no_yaku` or `below_minimum`.
 */
export declare function score(hand: HandTiles, fields: ScoreFields): ScoreAnswer

/**
 * The shanten (向听 / 向聴) of `hand` (3k+1 or 3k+2 concealed tiles): how many tile exchanges
 * from ready, -1 complete, 0 ready; the minimum over the shapes the rules allow (the
 * protocol's `shanten` field). Fields as for `hu`; presets `sichuan` and `mcr` throw
 * `unsupported_rules` (mj-ai models the plain shapes).
 */
export declare function shanten(hand: HandTiles, fields?: HandFields | Preset): number

/**
 * The protocol's whole `shanten` answer for `hand`: the minimum and each shape's shanten.
 * Fields as for `shanten`.
 */
export declare function shantenReport(hand: HandTiles, fields?: HandFields | Preset): ShantenReport

/**
 * The shanten of a hand: the minimum over the shapes the rules allow, and each shape's
 * (`null` where it does not apply); -1 complete, 0 ready.
 */
export interface ShantenReport {
  /** The minimum over the shapes the rules allow. */
  shanten: number
  /** The standard shape (melds and a pair). */
  standard: number
  /** Seven pairs; `null` when it does not apply (melds, another size, switched off). */
  seven_pairs: number | null
  /** Thirteen orphans; `null` when it does not apply. */
  thirteen_orphans: number | null
}

/** The package's version (the crate's). */
export declare function version(): string

/**
 * The waits (听牌 / 待ち) of `hand` (3k+1 concealed tiles): every kind whose draw wins, as
 * mpsz tiles sorted m, p, s, z (a wild kind listed: drawing a wildcard wins). Fields as for
 * `hu`.
 */
export declare function waits(hand: HandTiles, fields?: HandFields | Preset): Array<string>
