"""The typed calls (`hu`, `waits`, `shanten`, `discards`, `agari`, `score`) equal `mj batch`.

Each typed call reads its arguments as Python values and answers without JSON; these tests ask
`mj batch` the same question as a protocol line and compare:

* on thousands of random requests (valid and not) with the protocol's own values (mpsz strings,
  meld dicts), and with the hand and every tile in each other form: 34 counts (list, tuple,
  NumPy arrays of several dtypes) and Tenhou 136 ids, integers elsewhere in the hand's form;
* on the riichi, Sichuan and MCR score requests of the committed oracle fixtures;
* `raw=True` against the result objects.

An answer must be equal; an error must have the same kind, and the same message unless the
binding read the argument itself (a value the protocol would see as JSON of another type): then
the message must name the argument. Bad input of every kind raises `MjError` (an unknown
keyword: `TypeError`), never anything else.
"""

import collections
import json
import random

import numpy as np
import pytest

import mj_engine as mj
from conftest import REPO, dense_counts, mpsz, random_counts, tile_name
from test_protocol import random_request

TYPED = {
    "hu": mj.hu,
    "waits": mj.waits,
    "shanten": mj.shanten,
    "discards": mj.discards,
    "agari": mj.agari,
    "score": mj.score,
}

# Error kinds whose message may be the binding's own, naming the argument it read.
READ_KINDS = {
    "invalid_hand",
    "invalid_wild",
    "invalid_meld",
    "invalid_option",
    "unknown_option",
    "unknown_rules",
    "invalid_field",
    "fifth_copy",
}
# The argument each of them names.
NAMES = {
    "invalid_hand": ("hand",),
    "fifth_copy": ("hand", "fifth copy"),
    "invalid_wild": ("wild",),
    "invalid_meld": ("melds",),
    "invalid_option": ("option",),
    "unknown_option": ("option",),
    "unknown_rules": ("rules",),
    "invalid_field": ("field", "win_tile", "flowers", "visible", "seat_wind", "round_wind", "ura", "kita"),
}


def call(op, hand, fields):
    """`to_dict()` of the typed call, or its error's answer."""
    try:
        result = TYPED[op](hand, **fields)
    except mj.MjError as e:
        assert e.answer == {"error": {"kind": e.kind, "message": e.message, **({"fan": e.fan} if e.kind == "below_minimum" else {})}}
        return e.answer
    d = result.to_dict()
    assert repr(result).startswith(type(result).__name__ + "(")
    return d


def same(got, want, where):
    """`got` (a typed call's answer) agrees with `want` (the protocol's)."""
    if "error" not in want or "error" not in got:
        assert got == want, where
        return
    g, w = got["error"], want["error"]
    assert g["kind"] == w["kind"], (where, g, w)
    if g != w:
        assert w["kind"] in READ_KINDS, (where, g, w)
        assert any(n in g["message"] for n in NAMES[w["kind"]]), (where, g, w)


def typed_request(rng, i):
    """A random request the typed calls read as the protocol does: no unknown field, and no
    value they read otherwise (an integer where the protocol wants a tile string)."""
    while True:
        req = random_request(rng, i)
        req.pop("id", None)
        req.pop("bogus_field", None)
        if req.get("hand") is None or isinstance(req["hand"], list):
            continue
        if req.get("wild") == [1]:
            continue
        return req


def test_typed_calls_equal_mj_batch(rng, mj_batch):
    requests = [typed_request(rng, i) for i in range(4000)]
    want = mj_batch(requests)
    answered = set()
    for req, answer in zip(requests, want):
        fields = {k: v for k, v in req.items() if k not in ("op", "hand")}
        same(call(req["op"], req["hand"], fields), answer, json.dumps(req))
        answered.add(answer["error"]["kind"] if "error" in answer else req["op"])
    for k in list(TYPED) + ["hand_size", "invalid_hand", "fifth_copy", "unknown_rules", "unsupported_rules"]:
        assert k in answered, k


# The other forms of a hand and of the tiles beside it.


def kinds_of(text):
    """The kinds of an mpsz string, in order (red fives as fives)."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            out.extend("mpsz".index(ch) * 9 + (5 if d == 0 else d) - 1 for d in digits)
            digits = []
    return out


class Ids:
    """Hands 136 ids to kinds, each id once across a call (red fives only where written)."""

    def __init__(self, rng):
        self.used = set()
        self.rng = rng

    def take(self, kind, red=False):
        copies = [0] if red else [c for c in (0, 1, 2, 3) if not (kind % 9 == 4 and kind < 27 and c == 0)]
        self.rng.shuffle(copies)
        for c in copies:
            if kind * 4 + c not in self.used:
                self.used.add(kind * 4 + c)
                return kind * 4 + c
        return None


def convert(req, form, rng):
    """`req`'s hand and tiles in `form` (`counts`, `tuple`, `u8`, `i64`, `i32`, `ids`), or None
    when the form cannot hold them (a bad mpsz string, a fifth copy as ids, red fives as
    counts)."""
    text = req["hand"]
    try:
        mj.to_mpsz(text)
    except mj.MjError:
        return None
    if "0" in text:
        return None
    kinds = kinds_of(text)
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    ids = Ids(rng)
    if form == "ids":
        hand = [ids.take(k) for k in kinds]
        if None in hand:
            return None
        rng.shuffle(hand)
    elif form == "counts":
        hand = counts
    elif form == "tuple":
        hand = tuple(counts)
    else:
        hand = np.array(counts, dtype={"u8": np.uint8, "i64": np.int64, "i32": np.int32}[form])

    def tile(t):
        """One tile of another field: a fresh id of its kind, or a kind index."""
        if not isinstance(t, str) or "0" in t:
            return t
        try:
            (k,) = kinds_of(t)
        except ValueError:
            return t
        if form != "ids":
            return k
        i = ids.take(k)
        if i is None:
            raise Unrepresentable
        return i

    try:
        return hand, convert_fields(req, form, hand, ids, tile)
    except Unrepresentable:
        return None


class Unrepresentable(Exception):
    """A request the form cannot hold."""


def convert_fields(req, form, hand, ids, tile):
    fields = {}
    for k, v in req.items():
        if k in ("op", "hand"):
            continue
        if k == "win_tile" and form == "ids" and isinstance(v, str) and len(kinds_of(v)) == 1:
            held = [i for i in hand if i // 4 == kinds_of(v)[0]]
            v = held[0] if held else tile(v)
        elif k in ("win_tile",):
            v = tile(v)
        elif k in ("dora", "ura") and isinstance(v, list):
            v = [tile(t) for t in v]
        elif k == "wild" and isinstance(v, list) and form != "ids":
            v = [tile(t) for t in v]
        elif k == "melds" and isinstance(v, list):
            melds = []
            for m in v:
                if not isinstance(m, dict) or "0" in m.get("tiles", "") or "0" in m.get("called", ""):
                    raise Unrepresentable
                tiles = kinds_of(m["tiles"])
                converted = [ids.take(t) for t in tiles] if form == "ids" else tiles
                if None in converted:
                    raise Unrepresentable
                called = tile(m["called"]) if "called" in m else None
                melds.append((m["kind"], converted, called, m.get("from")))
            v = melds
        elif k == "seat_wind" or k == "round_wind":
            if isinstance(v, str) and v in ("1z", "2z", "3z", "4z"):
                v = int(v[0]) - 1
        fields[k] = v
    return fields


@pytest.mark.parametrize("form", ["counts", "tuple", "u8", "i64", "i32", "ids"])
def test_every_hand_form_equals_mj_batch(rng, mj_batch, form):
    requests, calls = [], []
    while len(requests) < 1500:
        req = typed_request(rng, len(requests))
        converted = convert(req, form, rng)
        if converted is None:
            continue
        requests.append(req)
        calls.append(converted)
    want = mj_batch(requests)
    answers = 0
    for req, (hand, fields), answer in zip(requests, calls, want):
        same(call(req["op"], hand, fields), answer, (form, json.dumps(req), hand, fields))
        answers += "error" not in answer
    assert answers > 300


def fixture_requests(name, limit):
    path = REPO / "crates" / "mj-score" / "testdata" / name
    with open(path) as f:
        next(f)
        return [json.loads(line)["request"] for line in f][:limit]


@pytest.mark.parametrize(
    "fixture, limit",
    [("riichi_oracle.jsonl", 4000), ("mcr_oracle.jsonl", 1500)],
)
def test_fixture_scores_equal_mj_batch(rng, mj_batch, fixture, limit):
    path = REPO / "crates" / "mj-score" / "testdata" / fixture
    if not path.exists():
        pytest.skip("%s is not in this checkout" % path)
    requests = fixture_requests(fixture, limit)
    want = mj_batch(requests)
    forms = 0
    assert sum("error" not in a for a in want) > limit // 3
    for req, answer in zip(requests, want):
        fields = {k: v for k, v in req.items() if k not in ("op", "hand")}
        same(call("score", req["hand"], fields), answer, json.dumps(req))
        form = rng.choice(["counts", "ids"])
        converted = convert(req, form, rng)
        if converted is not None:
            same(call("score", *converted), answer, (form, json.dumps(req), converted))
            forms += 1
    assert forms > limit // 4


def winning_counts(rng, suits):
    """A random complete hand (four sets and a pair) of the given suits (indices 0-3)."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            s = rng.choice(suits)
            if s < 3 and rng.random() < 0.6:
                r = rng.randrange(7)
                for k in range(3):
                    counts[s * 9 + r + k] += 1
            else:
                counts[s * 9 + rng.randrange(7 if s == 3 else 9)] += 3
        s = rng.choice(suits)
        counts[s * 9 + rng.randrange(7 if s == 3 else 9)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("rules", ["riichi", "sichuan", "mcr"])
def test_random_wins_score_as_mj_batch(rng, mj_batch, rules):
    """Score on random complete hands (most of them wins), with and without wildcards, in every
    form, against the protocol."""
    requests = []
    for _ in range(1500):
        suits = rng.sample([0, 1, 2], rng.choice([1, 2])) + ([3] if rules != "sichuan" and rng.random() < 0.5 else [])
        counts = winning_counts(rng, suits)
        wild = rules == "sichuan" and rng.random() < 0.4
        if wild:
            # 红中 as the wildcard, standing for one or two of the tiles.
            for _ in range(rng.randint(1, 2)):
                k = rng.choice([k for k in range(27) if counts[k]])
                counts[k] -= 1
                counts[33] += 1
        held = [k for k in range(34) if counts[k]]
        req = {"op": "score", "hand": mpsz(counts), "rules": rules, "win_tile": tile_name(rng.choice(held)), "tsumo": rng.random() < 0.5}
        if rules == "riichi":
            req["riichi"] = rng.random() < 0.5
            req["dora"] = [tile_name(rng.randrange(34))]
            req["seat_wind"] = tile_name(27 + rng.randrange(4))
            if req["riichi"] and rng.random() < 0.3:
                req["ura"] = [tile_name(rng.randrange(34))]
        elif rules == "sichuan":
            if wild:
                req["wild"] = [tile_name(33)]
            req["lack"] = rng.choice("mps")
            if rng.random() < 0.3:
                req["cap"] = rng.randrange(8)
        else:
            req["flowers"] = rng.randrange(3)
        requests.append(req)
    want = mj_batch(requests)
    assert sum("error" not in a for a in want) > 300
    if rules == "sichuan":
        assert sum("wildcards" in a for a in want) > 50
    for req, answer in zip(requests, want):
        fields = {k: v for k, v in req.items() if k not in ("op", "hand")}
        same(call("score", req["hand"], fields), answer, json.dumps(req))
        form = rng.choice(["counts", "ids", "u8"])
        converted = convert(req, form, rng)
        if converted is not None:
            same(call("score", *converted), answer, (form, json.dumps(req), converted))


def test_raw_answers_equal_the_results(rng):
    for i in range(3000):
        n = rng.choice([13, 14, 13, 14, 10, 11, 7, 8])
        counts = dense_counts(rng, n) if i % 3 == 0 else random_counts(rng, n)
        rules = rng.choice([None, "generic", "riichi", "sichuan", "mcr"])
        wild = rng.choice([None, None, [rng.randrange(34)]])
        for hand in (counts, mpsz(counts)):
            for op in ("hu", "waits", "shanten", "discards"):
                try:
                    result = TYPED[op](hand, rules, wild=wild)
                except mj.MjError as e:
                    with pytest.raises(mj.MjError) as raw_e:
                        TYPED[op](hand, rules, wild=wild, raw=True)
                    assert (raw_e.value.kind, raw_e.value.message) == (e.kind, e.message)
                    continue
                raw = TYPED[op](hand, rules, wild=wild, raw=True)
                if op == "hu":
                    assert raw is result.hu
                elif op == "waits":
                    assert raw == result.kinds == tuple(kinds_of("".join(result.waits)))
                elif op == "shanten":
                    assert raw == result.shanten
                else:
                    assert [(kinds_of(d.tile)[0], d.shanten, tuple(kinds_of("".join(d.ukeire))), d.ukeire_count) for d in result.discards] == list(raw)


def test_score_result_attributes_are_the_answer():
    r = mj.score([1, 2, 5, 6, 9, 10, 13, 14, 17, 20, 21, 24, 25, 29], 29, rules="riichi", tsumo=True, riichi=True, seat_wind=1, dora=[0])
    d = r.to_dict()
    assert set(d) == {"han", "fu", "yaku", "yakuman", "limit", "points", "fu_details"}
    for k, v in d.items():
        assert getattr(r, k) == v, k
    assert r.total == d["points"]["total"] and r.fan is None and r.fans is None
    s = mj.score("111222m33345m777z", "5m", rules="sichuan", wild=["7z"], tsumo=True)
    assert s.to_dict() == {k: getattr(s, k) for k in ("fan", "fans", "multiplier", "wildcards")}
    assert s.han is None and s.total is None


# Bad input: MjError naming what and where, never a crash or another exception.


@pytest.mark.parametrize(
    "hand, kind, names",
    [
        ([0, 0], "invalid_hand", "hand[1]"),
        ([136], "invalid_hand", "hand[0]"),
        ([-1] + [0] * 33, "invalid_hand", "hand[0]"),
        ([0] * 33 + [-1], "invalid_hand", "hand[33]"),
        ([5] + [0] * 33, "fifth_copy", "hand[0]"),
        ([0] * 20 + [7] + [0] * 13, "fifth_copy", "hand[20]"),
        ([1] * 33 + [1.5], "invalid_hand", "hand[33]"),
        (list(range(137)), "invalid_hand", "hand"),
        ("1111m1m", "fifth_copy", "hand"),
        ("12x", "invalid_hand", "hand"),
        (None, "invalid_hand", "hand"),
        (3.5, "invalid_hand", "hand"),
        (np.zeros((2, 34), dtype=np.uint8), "invalid_hand", "hand"),
        (np.zeros(34, dtype=np.float32), "invalid_hand", "hand"),
        (np.full(34, 9, dtype=np.uint8), "fifth_copy", "hand[0]"),
        (np.array([3, 3], dtype=np.int64), "invalid_hand", "hand[1]"),
        (collections.deque([1, 2, "x"]), "invalid_hand", "hand[2]"),
    ],
)
@pytest.mark.parametrize("op", list(TYPED))
def test_bad_hands_raise_mj_error(hand, kind, names, op):
    with pytest.raises(mj.MjError) as e:
        if op == "score":
            mj.score(hand, "1m", rules="riichi")
        else:
            TYPED[op](hand, "riichi")
    assert e.value.kind == kind
    assert names in e.value.message, e.value.message


@pytest.mark.parametrize(
    "fields, kind, names",
    [
        ({"wild": "7z"}, "invalid_wild", "wild"),
        ({"wild": ["9x"]}, "invalid_wild", "wild[0]"),
        ({"wild": ["7z", 34]}, "invalid_wild", "wild[1]"),
        ({"wild": [None]}, "invalid_wild", "wild[0]"),
        ({"melds": "111z"}, "invalid_meld", "melds"),
        ({"melds": [("pon",)]}, "invalid_meld", "melds[0]"),
        ({"melds": [("pon", "123m")]}, "invalid_meld", "melds[0]"),
        ({"melds": [("chi", [0, 1, 2]), ("pon", [27, 27])]}, "invalid_meld", "melds[1]"),
        ({"melds": [{"kind": "pon", "tiles": "777z", "from": 9}]}, "invalid_meld", "melds[0]"),
        ({"melds": [{"kind": "pon", "tiles": "777z", "colour": 1}]}, "invalid_meld", "melds[0]"),
        ({"melds": [("kan", [0, 0, 0, 0])]}, "invalid_meld", "melds[0]"),
        ({"melds": [("pon", [99, 99, 99])]}, "invalid_meld", "tiles[0]"),
        ({"options": {"seven_pairs": 1}}, "invalid_option", "seven_pairs"),
        ({"options": {"no_such": True}}, "unknown_option", "no_such"),
        ({"options": [1]}, "invalid_option", "options"),
        ({"options": {1: True}}, "invalid_option", "options"),
        ({"rules": "tenhou"}, "unknown_rules", "tenhou"),
        ({"rules": 3}, "unknown_rules", "rules"),
    ],
)
@pytest.mark.parametrize("op", ["hu", "waits", "shanten", "discards", "agari"])
def test_bad_fields_raise_mj_error(fields, kind, names, op):
    fields = dict(fields)
    rules = fields.pop("rules", "riichi")
    with pytest.raises(mj.MjError) as e:
        TYPED[op]("123m456p789s1122z", rules, **fields)
    assert e.value.kind == kind
    assert names in e.value.message, e.value.message


WIN = [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 112, 113]  # 123m 123p 123s 111z 22z as ids


@pytest.mark.parametrize(
    "fields, kind, names",
    [
        ({}, "invalid_field", "win_tile"),
        ({"win_tile": 200}, "invalid_field", "win_tile"),
        ({"win_tile": "5x"}, "invalid_field", "win_tile"),
        ({"win_tile": 1}, "invalid_field", "win_tile"),  # an id the hand does not hold
        ({"win_tile": 113, "tsumo": 1}, "invalid_field", "tsumo"),
        ({"win_tile": 113, "seat_wind": 4}, "invalid_field", "seat_wind"),
        ({"win_tile": 113, "round_wind": "5z"}, "invalid_field", "round_wind"),
        ({"win_tile": 113, "seat_wind": [1]}, "invalid_field", "seat_wind"),
        ({"win_tile": 113, "dora": "1m"}, "invalid_field", "dora"),
        ({"win_tile": 113, "dora": [0, 999]}, "invalid_field", "dora`[1]"),
        ({"win_tile": 113, "dora": [0, 1, 2, 3, 5, 6]}, "invalid_field", "dora"),
        ({"win_tile": 113, "ura": [0]}, "invalid_field", "ura"),
        ({"win_tile": 113, "honba": -1}, "invalid_field", "honba"),
        ({"win_tile": 113, "honba": 2**40}, "invalid_field", "honba"),
        ({"win_tile": 113, "riichi_sticks": True}, "invalid_field", "riichi_sticks"),
        ({"win_tile": 113, "kita": 5}, "invalid_field", "kita"),
        ({"win_tile": 113, "lack": "m"}, "invalid_field", "lack"),
        ({"win_tile": 113, "flowers": 2}, "invalid_field", "flowers"),
        ({"win_tile": 113, "ippatsu": True}, "invalid_field", "ippatsu"),
        ({"win_tile": 113, "wild": [31]}, "unsupported_rules", "wild"),
        ({"win_tile": 113, "options": {"seven_pairs": False}}, "unsupported_rules", "seven_pairs"),
        ({"win_tile": 113, "rules": "generic"}, "unsupported_rules", "rules"),
        ({"win_tile": 113, "rules": "sanma"}, "invalid_hand", "hand"),
    ],
)
def test_bad_score_fields_raise_mj_error(fields, kind, names):
    fields = dict(fields)
    fields.setdefault("rules", "riichi")
    with pytest.raises(mj.MjError) as e:
        mj.score(WIN, **fields)
    assert e.value.kind == kind, e.value.message
    assert names in e.value.message, e.value.message


def test_unknown_keywords_raise_type_error():
    for op, f in TYPED.items():
        with pytest.raises(TypeError):
            f("123m456p789s11122z", colour="red")
        with pytest.raises(TypeError):
            f("123m456p789s11122z", op="waits")


VALUES = [None, 0, 1, -1, 4, 34, 135, 136, 2**70, 1.5, True, "", "1m", "9x", "0z", [], [0], [1.5], ["1m"], [[0]], {}, {"kind": "pon"}, (0, 1), b"\x01", np.zeros(3, dtype=np.uint8), object()]


def test_any_value_anywhere_is_an_answer_or_mj_error(rng):
    """Every argument given any value: an answer, `MjError`, or `TypeError` for a value no
    Python call could take (never a crash or another exception)."""
    names = ["rules", "melds", "wild", "options", "visible", "win_tile", "tsumo", "seat_wind", "dora", "ura", "honba", "kita", "flowers", "lack", "cap"]
    hands = ["123m456p789s11122z", WIN, [1] * 13 + [0] * 21, "2344m456p789s111z"]
    for _ in range(3000):
        op = rng.choice(list(TYPED))
        hand = rng.choice(hands + VALUES)
        fields = {}
        for _ in range(rng.randint(0, 3)):
            name = rng.choice(names)
            if name == "visible" and op != "discards":
                continue
            if name in ("win_tile", "tsumo", "seat_wind", "dora", "ura", "honba", "kita", "flowers", "lack", "cap") and op != "score":
                continue
            fields[name] = rng.choice(VALUES + ["riichi", "sichuan", "mcr", "sanma"])
        try:
            TYPED[op](hand, **fields)
        except mj.MjError as e:
            assert e.kind and e.message and e.answer["error"]["kind"] == e.kind
