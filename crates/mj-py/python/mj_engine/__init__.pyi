"""The mj mahjong engine from Python.

* ``request(dict) -> dict``: one ``mj batch`` request answered in-process (docs/protocol.md).
* ``hu``, ``waits``, ``shanten``, ``discards``, ``agari``, ``score``: one function per op, the
  protocol's fields as keyword arguments, typed results whose ``to_dict()`` is the answer.
* ``hu_batch``, ``ready_batch``, ``waits_batch``, ``shanten_batch``: an ``(N, 34)`` uint8 count
  array answered with the GIL released over ``threads`` OS threads.

A hand is an mpsz string (``"123m406p789s1122z"``, ``0`` a red five), a sequence of 34 tile
counts (kinds 1m..9m, 1p..9p, 1s..9s, 1z..7z), or a sequence of Tenhou 136 ids (``id // 4`` the
kind; 16, 52, 88 the red fives). A sequence of 34 integers that are all 0-4 (or repeat) is read
as counts, any other as ids.
"""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from typing_extensions import TypedDict, Unpack

import numpy as np
import numpy.typing as npt

__version__: str

Hand = Union[str, Sequence[int], "np.ndarray[Any, Any]"]
"""An mpsz string, 34 tile counts or Tenhou 136 ids."""

RowErrors = List[Tuple[int, str, str]]
"""The refused rows of a batch: ``(row, kind, message)``, in row order."""

SHANTEN_ERROR: int
"""The value ``shanten_batch`` writes for a refused row (127)."""

class MjError(Exception):
    """An error answer of the protocol."""

    kind: str
    """The protocol's error kind (``invalid_hand``, ``hand_size``, ``fifth_copy``, ...)."""
    message: str
    """The answer's message, naming what and where."""
    answer: Optional[Dict[str, Any]]
    """The whole answer (None for errors the bindings raise before asking the protocol)."""
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
    """The kinds whose draw wins, mpsz tiles sorted m, p, s, z."""
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
    """Every reading: ``{"pair", "melds": [{"kind", "tiles", "concealed"}], "form"}``."""
    def to_dict(self) -> Dict[str, Any]:
        """The protocol's answer: ``{"agari", "decompositions"}``."""
    def __bool__(self) -> bool: ...

class ScoreResult:
    """The answer of ``score``; an attribute the answer does not have is None."""

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

class _HandFields(TypedDict, total=False):
    """The protocol's hand fields, the keyword arguments of ``hu``, ``waits``, ``shanten``,
    ``discards`` and ``agari`` (None leaves one out)."""

    melds: Optional[Sequence[Mapping[str, Any]]]
    wild: Optional[Sequence[str]]
    rules: Optional[str]
    options: Optional[Mapping[str, Any]]

class _DiscardsFields(_HandFields, total=False):
    """The keyword arguments of ``discards``: the hand fields and ``visible`` (mpsz tiles seen
    elsewhere)."""

    visible: Optional[str]

def hu(hand: Hand, **fields: Unpack[_HandFields]) -> HuResult:
    """Is ``hand`` (3k+2 concealed tiles, winning tile included) a win under the rules?

    Keywords are the protocol's fields (None leaves one out): ``melds`` (``{"kind", "tiles",
    "called"?, "from"?}``), ``wild`` (wildcard kinds), ``rules`` (``"generic"``, ``"riichi"``,
    ``"sichuan"``, ``"mcr"``), ``options`` (switches). Errors raise ``MjError``.
    """

def waits(hand: Hand, **fields: Unpack[_HandFields]) -> WaitsResult:
    """The waits of ``hand`` (3k+1 concealed tiles). Keywords as for ``hu``."""

def shanten(hand: Hand, **fields: Unpack[_HandFields]) -> ShantenResult:
    """The shanten of ``hand`` (3k+1 or 3k+2 concealed tiles). Keywords as for ``hu``."""

def discards(hand: Hand, **fields: Unpack[_DiscardsFields]) -> DiscardsResult:
    """The discard table of ``hand`` (3k+2 tiles). Keywords as for ``hu``, plus ``visible``."""

def agari(hand: Hand, **fields: Unpack[_HandFields]) -> AgariResult:
    """The riichi decompositions of ``hand`` (3k+2 tiles). Keywords as for ``hu``."""

def score(
    hand: Hand,
    *,
    win_tile: str,
    rules: str,
    melds: Optional[Sequence[Mapping[str, Any]]] = None,
    wild: Optional[Sequence[str]] = None,
    options: Optional[Mapping[str, Any]] = None,
    tsumo: Optional[bool] = None,
    seat_wind: Optional[str] = None,
    round_wind: Optional[str] = None,
    riichi: Optional[bool] = None,
    double_riichi: Optional[bool] = None,
    ippatsu: Optional[bool] = None,
    haitei: Optional[bool] = None,
    houtei: Optional[bool] = None,
    rinshan: Optional[bool] = None,
    chankan: Optional[bool] = None,
    tenhou: Optional[bool] = None,
    chiihou: Optional[bool] = None,
    renhou: Optional[bool] = None,
    dora: Optional[Sequence[str]] = None,
    ura: Optional[Sequence[str]] = None,
    honba: Optional[int] = None,
    riichi_sticks: Optional[int] = None,
    flowers: Optional[int] = None,
    last_tile: Optional[bool] = None,
    kong: Optional[bool] = None,
    last_wall: Optional[bool] = None,
    lack: Optional[str] = None,
    cap: Optional[int] = None,
) -> ScoreResult:
    """The score of a win under ``rules`` (``"riichi"``, ``"sichuan"``, ``"mcr"``).

    ``hand`` holds the winning tile, ``win_tile`` names it; the other keywords are the
    protocol's score fields. No win raises ``MjError`` (``not_a_win``, ``no_yaku``,
    ``below_minimum`` with ``fan``).
    """

def to_mpsz(hand: Hand) -> str:
    """A hand given as mpsz, 34 counts or 136 ids, written in mpsz (red fives as 0)."""

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
    ) -> None: ...
    def __len__(self) -> int: ...
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
