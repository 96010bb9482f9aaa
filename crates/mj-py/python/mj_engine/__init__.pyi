"""The mj mahjong engine from Python.

* ``request(dict) -> dict``: one ``mj batch`` request answered in-process (docs/protocol.md).
* ``hu``, ``waits``, ``shanten``, ``discards``, ``agari``, ``score``: typed calls. The hand is
  read in the form given, the other arguments as Python values, and the answer comes without
  JSON; results build their Python values when read, and ``raw=True`` (``hu``, ``waits``,
  ``shanten``, ``discards``) returns plain values. Answers and errors are the protocol's.
* ``HandIndex``: a hand kept across draws and discards whose win check reads the tables from
  offsets it keeps up to date (``hu`` of the same counts, errors included).
* ``review``: one seat of a real game log judged decision by decision (docs/review.md).
* ``hu_batch``, ``ready_batch``, ``waits_batch``, ``shanten_batch``: an ``(N, 34)`` uint8 count
  array answered with the GIL released over ``threads`` OS threads.

A hand is an mpsz string (``"123m406p789s1122z"``, ``0`` a red five), 34 tile counts (kinds
1m..9m, 1p..9p, 1s..9s, 1z..7z) or Tenhou 136 ids (``id // 4`` the kind; 16, 52, 88 the red
fives), as a list, a tuple, a one-dimensional NumPy array of integers or any other sequence of
integers. A sequence of 34 integers that are all 0-4 (or repeat) is counts, any other ids.

A tile elsewhere in a call (a winning tile, indicators, meld tiles, ``called``) is an mpsz
string, or an integer in the hand's form: a 136 id when the hand is ids, else a kind index
(0-33). Wildcards (``wild``) are mpsz strings or kind indices; winds ``"1z"``-``"4z"`` or 0-3.
"""

import os
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Hand = Union[str, Sequence[int], "np.ndarray[Any, Any]"]
"""An mpsz string, 34 tile counts or Tenhou 136 ids."""

Tile = Union[str, int]
"""An mpsz tile (``"5m"``, ``"0p"``), or an integer in the hand's form (a 136 id when the hand
is ids, else a kind index 0-33)."""

Meld = Union[Mapping[str, Any], Tuple[str, Union[str, Sequence[Tile]]], Tuple[str, Union[str, Sequence[Tile]], Optional[Tile]], Tuple[str, Union[str, Sequence[Tile]], Optional[Tile], Optional[int]]]
"""A declared meld: the protocol's ``{"kind", "tiles", "called"?, "from"?}`` or a tuple
``(kind, tiles[, called[, from]])``; ``kind`` one of ``chi``, ``pon``, ``minkan``, ``ankan``,
``kakan``; ``tiles`` an mpsz string or a list of tiles; ``from`` 1-3 (seats to the left)."""

Rules = Literal["generic", "riichi", "sanma", "sichuan", "mcr"]
"""A preset (``sanma``: ``score`` only)."""

Wind = Union[str, int]
"""``"1z"``-``"4z"``, or 0-3 (East, South, West, North)."""

RowErrors = List[Tuple[int, str, str]]
"""The refused rows of a batch: ``(row, kind, message)``, in row order."""

SHANTEN_ERROR: int
"""The value ``shanten_batch`` writes for a refused row (127)."""

class MjError(Exception):
    """An error answer of the protocol (from ``request``, or met by a typed call)."""

    kind: str
    """The protocol's error kind (``invalid_hand``, ``hand_size``, ``fifth_copy``, ...)."""
    message: str
    """The message, naming what and where."""
    answer: Optional[Dict[str, Any]]
    """The error answer ``mj batch`` writes, ``{"error": {"kind", "message", ...}}`` (with
    ``id`` from ``request``; None for errors the bindings raise before asking the protocol)."""
    id: Any
    """The echoed ``id``, or None."""

def request(req: Mapping[str, Any]) -> Dict[str, Any]:
    """Answers one ``mj batch`` request in-process.

    Returns exactly the answer object ``mj batch`` writes for ``json.dumps(req)`` (``id`` echoed
    when given). An error answer raises ``MjError``; values JSON cannot hold raise ``TypeError``.
    """

class HuResult:
    """The answer of ``hu``; true as a bool when the hand is a win."""

    hu: bool
    """Is the hand a win under the rules."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"hu": bool}``."""
    def __bool__(self) -> bool: ...

class WaitsResult:
    """The answer of ``waits``."""

    waits: List[str]
    """The kinds whose draw wins, mpsz tiles sorted m, p, s, z (built when read)."""
    kinds: Tuple[int, ...]
    """The same kinds as indices 0-33, in order."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"waits": [tiles]}``."""
    def __len__(self) -> int: ...

class ShantenResult:
    """The answer of ``shanten``: -1 complete, 0 ready."""

    shanten: int
    """The minimum over the shapes the rules allow."""
    standard: int
    """The standard shape (melds and a pair)."""
    seven_pairs: Optional[int]
    """Seven pairs, None where it does not apply."""
    thirteen_orphans: Optional[int]
    """Thirteen orphans, None where it does not apply."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"shanten", "standard", "seven_pairs", "thirteen_orphans"}``."""

class Discard:
    """One row of a discard table."""

    tile: str
    """The tile discarded."""
    shanten: int
    """The shanten of the hand left."""
    ukeire: List[str]
    """The kinds whose draw lowers that shanten."""
    ukeire_count: int
    """Their copies not visible."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's row: ``{"tile", "shanten", "ukeire", "ukeire_count"}``."""

class DiscardsResult:
    """The answer of ``discards``."""

    discards: List[Discard]
    """One row per distinct kind, best first."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"discards": [...]}``."""
    def __len__(self) -> int: ...

class AgariResult:
    """The answer of ``agari``; true as a bool when the hand is a riichi winning shape."""

    agari: bool
    """Is the hand a riichi winning shape."""
    decompositions: List[Dict[str, Any]]
    """Every reading: ``{"form", "pair", "pairs"?, "melds": [{"kind", "tiles", "concealed",
    "declared"?}], "flags"?}`` (built when read)."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"agari", "decompositions"}``."""
    def __bool__(self) -> bool: ...
    def __len__(self) -> int: ...

class ScoreResult:
    """The answer of ``score``; each attribute is built when read, None when the answer does not
    have it."""

    han: Optional[int]
    """Riichi: the han (0 for a yakuman hand)."""
    fu: Optional[int]
    """Riichi: the fu."""
    fu_details: Optional[List[Dict[str, Any]]]
    """Riichi: ``[{"name", "fu"}]`` (None on yakuman)."""
    yaku: Optional[List[Dict[str, Any]]]
    """Riichi: ``[{"name", "han", "yakuman"?}]``."""
    yakuman: Optional[int]
    """Riichi: the counted yakuman."""
    limit: Optional[str]
    """Riichi: ``"mangan"`` ... ``"yakuman"``, or None."""
    points: Optional[Dict[str, int]]
    """Riichi: ``{"total", "ron"}`` or ``{"total", "dealer"?, "others"}``."""
    total: Optional[int]
    """Riichi: everything the winner receives (``points["total"]``, without the dict)."""
    fan: Optional[int]
    """Sichuan and MCR: the total fan."""
    fans: Optional[List[Dict[str, Any]]]
    """Sichuan and MCR: ``[{"name", "zh", "fan", "count"}]``."""
    multiplier: Optional[int]
    """Sichuan: 2^fan, capped."""
    wildcards: Optional[List[Dict[str, str]]]
    """Sichuan with wildcards: ``[{"tile", "as"}]``."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer, a fresh dict."""

DiscardRow = Tuple[int, int, Tuple[int, ...], int]
"""A raw discard row: ``(kind, shanten, ukeire kinds, ukeire_count)``."""

@overload
def hu(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[False] = False) -> HuResult: ...
@overload
def hu(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[True]) -> bool:
    """Is ``hand`` (3k+2 concealed tiles, winning tile included) a win under ``rules``?

    ``melds``: declared melds; ``wild``: wildcard kinds; ``rules``: a preset (default
    ``generic``); ``options``: rule switches (docs/protocol.md). ``raw=True``: a bool. Errors
    raise ``MjError`` with the protocol's kinds.
    """

class HandIndex:
    """A concealed hand kept across draws and discards for repeated win checks: each suit's
    place in the win tables is kept up to date tile by tile, so ``is_winning()`` reads no list
    and converts no counts. It answers ``hu(self.counts(), rules, wild=wild, raw=True)``
    exactly, errors included (a hand ``hu`` refuses raises ``hu``'s error when checked).

    ``hand``: any form ``hu`` reads, checked once; ``rules``, ``wild``: as ``hu`` takes them
    (tiles of a wild kind are wildcards). A ``kind`` is a kind index 0-33 or a tile name
    (``"5m"``; red fives are fives).
    """

    def __init__(self, hand: Hand, rules: Optional[Rules] = None, *, wild: Optional[Sequence[Tile]] = None) -> None: ...
    def add(self, kind: Tile) -> None:
        """One tile more; a fifth copy raises ``MjError`` (``fifth_copy``), the hand unchanged."""
    def remove(self, kind: Tile) -> None:
        """One tile less; a kind not held raises ``MjError`` (``not_held``), the hand unchanged."""
    def is_winning(self) -> bool:
        """``hu`` of the tiles held."""
    def wins_with(self, kind: Tile) -> bool:
        """Would one more tile of ``kind`` win? The hand is left as it was (a fifth copy raises)."""
    def counts(self) -> List[int]:
        """The 34 counts held, wild kinds' tiles included."""
    @property
    def rules(self) -> str:
        """The preset's name."""
    def __len__(self) -> int: ...

@overload
def waits(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[False] = False) -> WaitsResult: ...
@overload
def waits(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[True]) -> Tuple[int, ...]:
    """The waits of ``hand`` (3k+1 concealed tiles). Arguments as for ``hu``; ``raw=True``: a
    tuple of kind indices."""

@overload
def shanten(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[False] = False) -> ShantenResult: ...
@overload
def shanten(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, raw: Literal[True]) -> int:
    """The shanten of ``hand`` (3k+1 or 3k+2 concealed tiles). Arguments as for ``hu``;
    ``raw=True``: the minimum as an int. Presets ``sichuan`` and ``mcr`` raise ``MjError``
    (``unsupported_rules``)."""

@overload
def discards(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, visible: Optional[Hand] = None, raw: Literal[False] = False) -> DiscardsResult: ...
@overload
def discards(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None, visible: Optional[Hand] = None, raw: Literal[True]) -> Tuple[DiscardRow, ...]:
    """The discard table of ``hand`` (3k+2 tiles), best first. Arguments as for ``hu``, plus
    ``visible`` (tiles seen elsewhere, in any hand form); ``raw=True``: tuples of rows."""

def agari(hand: Hand, rules: Optional[Rules] = None, *, melds: Optional[Sequence[Meld]] = None, wild: Optional[Sequence[Tile]] = None, options: Optional[Mapping[str, Union[bool, str]]] = None) -> AgariResult:
    """The riichi decompositions of ``hand`` (3k+2 tiles). Arguments as for ``hu``."""

def score(
    hand: Hand,
    win_tile: Optional[Tile] = None,
    *,
    rules: Optional[Rules] = None,
    tsumo: Optional[bool] = None,
    riichi: Optional[bool] = None,
    seat_wind: Optional[Wind] = None,
    round_wind: Optional[Wind] = None,
    dora: Optional[Sequence[Tile]] = None,
    ura: Optional[Sequence[Tile]] = None,
    melds: Optional[Sequence[Meld]] = None,
    honba: Optional[int] = None,
    riichi_sticks: Optional[int] = None,
    ippatsu: Optional[bool] = None,
    double_riichi: Optional[bool] = None,
    haitei: Optional[bool] = None,
    houtei: Optional[bool] = None,
    rinshan: Optional[bool] = None,
    chankan: Optional[bool] = None,
    tenhou: Optional[bool] = None,
    chiihou: Optional[bool] = None,
    renhou: Optional[bool] = None,
    kita: Optional[int] = None,
    wild: Optional[Sequence[Tile]] = None,
    options: Optional[Mapping[str, Union[bool, str]]] = None,
    flowers: Optional[int] = None,
    last_tile: Optional[bool] = None,
    kong: Optional[bool] = None,
    last_wall: Optional[bool] = None,
    lack: Optional[str] = None,
    cap: Optional[int] = None,
) -> ScoreResult:
    """The score of a win under ``rules`` (``"riichi"``, ``"sanma"``, ``"sichuan"``, ``"mcr"``).

    ``hand`` holds the winning tile, ``win_tile`` names it (a 136 id must be one of the hand's
    ids); the keywords are the protocol's score fields, typed (a field of another preset is
    ``invalid_field``). No win raises ``MjError`` (``not_a_win``, ``no_yaku``, ``below_minimum``
    with ``fan``), as does every malformed argument.
    """

def to_mpsz(hand: Hand) -> str:
    """A hand given as mpsz, 34 counts or 136 ids, written in mpsz (red fives as 0)."""

def review(
    log: Union[str, bytes, "os.PathLike[str]"],
    seat: Optional[int] = None,
    player: str = "defense",
    *,
    name: Optional[str] = None,
    rounds: Optional[Sequence[str]] = None,
    rules: Optional[str] = None,
    seed: int = 0,
    max_bytes: Optional[int] = None,
) -> Dict[str, Any]:
    """Reviews one seat of a game log decision by decision.

    ``log`` is a path, the log's text (a ``str`` starting with ``<``, ``{`` or ``[``, or with a
    line break) or its bytes: Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON Lines, gzipped
    or not. The seat is ``seat`` (0-based, default 0) or the player called ``name``; ``player``
    is the reviewing player (any ``mj arena`` name); ``rounds`` keeps only rounds by label
    (``"E1"``, ``"S3.1"``); ``rules`` is the preset of an mjai log that states none. Returns the
    JSON ``mj review --json`` writes (docs/review.md). Raises ``MjError`` (``kind``:
    ``unreadable_log``, ``unsupported``, ``round``, ``bad_request``, ``too_large``).
    """

def hu_batch(
    counts: "npt.NDArray[np.uint8]",
    *,
    wild: Optional[Sequence[str]] = None,
    rules: str = "generic",
    threads: int = 1,
) -> Tuple["npt.NDArray[np.bool_]", RowErrors]:
    """``hu`` of every row of an ``(N, 34)`` uint8 count array (3k+2 tiles each).

    Returns an ``(N,)`` bool array (False on a refused row) and the refused rows. ``wild``:
    wildcard kinds; ``rules``: a preset; ``threads``: OS threads (0: one per core; at most 256). The GIL is
    released; a bad row never stops the batch.
    """

def ready_batch(
    counts: "npt.NDArray[np.uint8]",
    *,
    wild: Optional[Sequence[str]] = None,
    rules: str = "generic",
    threads: int = 1,
) -> Tuple["npt.NDArray[np.bool_]", RowErrors]:
    """Is every row (3k+1 tiles) ready? As ``hu_batch``."""

def waits_batch(
    counts: "npt.NDArray[np.uint8]",
    *,
    wild: Optional[Sequence[str]] = None,
    rules: str = "generic",
    threads: int = 1,
) -> Tuple["npt.NDArray[np.bool_]", RowErrors]:
    """The waits of every row (3k+1 tiles) as an ``(N, 34)`` bool array. As ``hu_batch``."""

def shanten_batch(
    counts: "npt.NDArray[np.uint8]",
    *,
    wild: Optional[Sequence[str]] = None,
    rules: str = "generic",
    threads: int = 1,
) -> Tuple["npt.NDArray[np.int8]", RowErrors]:
    """The shanten of every row (3k+1 or 3k+2 tiles) as an ``(N,)`` int8 array.

    ``SHANTEN_ERROR`` (127) on a refused row. Presets ``sichuan`` and ``mcr`` raise
    ``MjError`` (``unsupported_rules``).
    """

# Learning environments (src/env.rs; the Gymnasium and PettingZoo wrappers are mj_engine.env).
ACTIONS: int
PLANES: int
ACTION_NAMES: list[str]
PLANE_NAMES: list[str]

class Game:
    def __init__(
        self,
        rules: str = "tenhou",
        length: str = "hanchan",
        bots: Optional[Sequence[Optional[str]]] = None,
        reward: str = "points",
        seed: int = 0,
    ) -> None: ...
    def reset(self, seed: int) -> None: ...
    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def done(self) -> bool: ...
    @property
    def steps(self) -> int: ...
    def obs(self, seat: Optional[int] = None) -> np.ndarray: ...
    def mask(self, seat: Optional[int] = None) -> np.ndarray: ...
    def legal(self, seat: Optional[int] = None) -> list[tuple[int, str]]: ...
    def step(self, index: int) -> None: ...
    def take_rewards(self) -> list[float]: ...
    def raw(self, seat: Optional[int] = None) -> dict[str, Any]: ...
    def result(self) -> Optional[dict[str, Any]]: ...

class VecGame:
    def __init__(
        self,
        n: int,
        rules: str = "tenhou",
        length: str = "hanchan",
        bots: Optional[Sequence[Optional[str]]] = None,
        reward: str = "points",
        seed: int = 0,
        threads: int = 1,
        copy: bool = True,
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def copy(self) -> bool:
        """False: every call returns the same arrays, written again in place."""
    def seed_all(self, seed: int) -> None: ...
    def reset(self, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...

# Self-play (src/selfplay.rs; the Ray driver and the Parquet writer are mj_engine.selfplay).
SELFPLAY_MAX_GAMES: int

def selfplay_games(
    seeds: Sequence[int],
    players: Sequence[str],
    rules: str = "tenhou",
    length: str = "hanchan",
    obs_dtype: str = "float16",
) -> dict[str, Any]:
    """Plays the seeded games between mj-bot players in Rust (GIL released) and returns NumPy
    arrays: per decision `game`, `seed`, `seat`, `step`, `round`, `obs` (D, PLANES, 34)
    float16 (or float32), `mask` (D, ACTIONS) int8, `action`; per game `game_seed`, `scores`,
    `ranks`, `points`, `rounds`, `wins`, `deal_ins`, `win_points`, `deal_in_points`,
    `decisions` ((G, 4) each but `game_seed` and `rounds`), and `players`."""
