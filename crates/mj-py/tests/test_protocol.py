"""In-process answers equal `mj batch`'s: `request()` on random requests (valid and not). The
typed functions are compared with `mj batch` in test_typed.py, on requests made here."""

import json

import pytest

import mj_engine as mj
from conftest import dense_counts, mpsz, random_counts, tile_name

OPS = ["hu", "waits", "shanten", "discards", "agari", "score"]
PRESETS = ["generic", "riichi", "sichuan", "mcr"]
TYPED = {
    "hu": mj.hu,
    "waits": mj.waits,
    "shanten": mj.shanten,
    "discards": mj.discards,
    "agari": mj.agari,
    "score": mj.score,
}


def random_request(rng, i):
    """One request: mostly valid-looking, with bad hands, fields and options mixed in."""
    op = rng.choice(OPS)
    n = rng.choice([13, 14, 13, 14, 11, 10, 8, 7, 5, 4, 2, 1, rng.randint(0, 18)])
    counts = dense_counts(rng, n) if rng.random() < 0.5 else random_counts(rng, n)
    req = {"op": op, "hand": mpsz(counts)}
    r = rng.random()
    if r < 0.03:
        req["hand"] = mpsz(counts) + "1m1m1m1m1m"  # a fifth copy
    elif r < 0.06:
        req["hand"] = rng.choice(["12x", "", " ", "0z", "123", 42, None, ["1m"]])
    if rng.random() < 0.5:
        req["rules"] = rng.choice(PRESETS + ["tenhou"] * (rng.random() < 0.05))
    if rng.random() < 0.25:
        req["wild"] = [tile_name(rng.randrange(34)) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.05:
            req["wild"] = rng.choice(["7z", [1], ["9x"]])
    if rng.random() < 0.1:
        req["options"] = rng.choice(
            [
                {"seven_pairs": False},
                {"honor_sequences": True},
                {"distinct_pairs": True},
                {"knitted": False},
                {"kuitan": "yes"},
                {"no_such_switch": True},
            ]
        )
    if rng.random() < 0.08:
        tile = tile_name(rng.randrange(27))
        req["melds"] = [{"kind": "pon", "tiles": tile[0] * 3 + tile[1]}]
    if op == "discards" and rng.random() < 0.3:
        req["visible"] = mpsz(random_counts(rng, rng.randint(0, 6)))
    if op == "score":
        tiles = [k for k in range(34) for _ in range(counts[k])]
        if tiles and rng.random() < 0.9:
            req["win_tile"] = tile_name(rng.choice(tiles))
        req["tsumo"] = rng.random() < 0.5
        if req.get("rules") == "riichi" and rng.random() < 0.5:
            req["riichi"] = True
            req["dora"] = [tile_name(rng.randrange(34))]
        if req.get("rules") == "sichuan" and rng.random() < 0.5:
            req["lack"] = rng.choice("mps")
    if rng.random() < 0.03:
        req["bogus_field"] = 1
    if rng.random() < 0.5:
        req["id"] = i
    return req


def in_process(req):
    try:
        return mj.request(req)
    except mj.MjError as e:
        assert e.answer is not None, req
        assert e.answer["error"]["kind"] == e.kind
        assert e.answer["error"]["message"] == e.message
        return e.answer


def test_request_equals_mj_batch(rng, mj_batch):
    requests = [random_request(rng, i) for i in range(3000)]
    want = mj_batch(requests)
    kinds = set()
    for req, answer in zip(requests, want):
        assert in_process(req) == answer, json.dumps(req)
        kinds.add(answer["error"]["kind"] if "error" in answer else req["op"])
    # The sample reaches every op's answer and the common error kinds.
    for k in OPS + ["hand_size", "invalid_hand", "fifth_copy", "unknown_rules", "unsupported_rules"]:
        assert k in kinds, k


def test_hand_formats_agree(rng):
    """mpsz, 34 counts, 136 ids (and a NumPy row) give the same answers."""
    import numpy as np

    for _ in range(500):
        n = rng.choice([13, 14])
        ids = rng.sample(range(136), n)
        counts = [0] * 34
        for t in ids:
            counts[t // 4] += 1
        text = mpsz(counts)
        op = mj.shanten if n == 13 or rng.random() < 0.5 else mj.hu
        want = op(text, rules="riichi")
        assert op(counts, rules="riichi") == want
        assert op(ids, rules="riichi") == want
        assert op(np.array(counts, dtype=np.uint8), rules="riichi") == want
        assert mj.to_mpsz(counts) == text


def test_red_fives_from_ids():
    assert mj.to_mpsz([16, 52, 88, 17]) == "05m0p0s"
    assert mj.to_mpsz([0, 1, 2, 3]) == "1111m"


@pytest.mark.parametrize(
    "hand, kind",
    [
        ([0, 0], "invalid_hand"),  # an id given twice
        ([136], "invalid_hand"),
        ([-1] + [0] * 33, "invalid_hand"),
        ([5] + [0] * 33, "fifth_copy"),
        ("1111m1m", "fifth_copy"),
        (None, "invalid_hand"),
        (3.5, "invalid_hand"),
    ],
)
def test_bad_hands_raise_mj_error(hand, kind):
    with pytest.raises(mj.MjError) as e:
        mj.shanten(hand)
    assert e.value.kind == kind
    assert e.value.message


def test_error_fields_and_id():
    with pytest.raises(mj.MjError) as e:
        mj.request({"op": "hu", "hand": "123m", "id": "x"})
    assert (e.value.kind, e.value.id) == ("hand_size", "x")
    assert e.value.answer["id"] == "x"
    with pytest.raises(mj.MjError) as e:
        mj.score("123m345p567s789s55m", win_tile="5m", rules="mcr")
    assert e.value.kind == "below_minimum"
    assert e.value.fan == e.value.answer["error"]["fan"]
    with pytest.raises(mj.MjError) as e:
        mj.request(["not", "an", "object"])
    assert e.value.kind == "invalid_request"
    with pytest.raises(TypeError):
        mj.request({"op": "hu", "hand": object()})
    with pytest.raises(TypeError):
        mj.hu("123m456p789s11122z", op="waits")
    with pytest.raises(TypeError):
        mj.hu("123m456p789s11122z", colour="red")


def test_typed_results():
    r = mj.hu("123m456p789s11122z")
    assert r and r.hu and r.to_dict() == {"hu": True} and repr(r) == "HuResult(hu=True)"
    w = mj.waits("2344m456p789s111z")
    assert w.waits == ["1m", "4m"] and len(w) == 2
    s = mj.shanten("123m456p789s1122z", rules="riichi")
    assert (s.shanten, s.standard, s.seven_pairs, s.thirteen_orphans) == (0, 0, 4, 8)
    s = mj.shanten("123m456p789s1122z", rules="riichi", options={"seven_pairs": False})
    assert s.seven_pairs is None
    d = mj.discards("123m456p789s11223z")
    assert d.discards[0].tile == "3z" and d.discards[0].to_dict() == d.to_dict()["discards"][0]
    a = mj.agari("123m456p789s11122z")
    assert a and a.decompositions == a.to_dict()["decompositions"]
    sc = mj.score("22334455m667788p", win_tile="8p", rules="riichi", tsumo=True, riichi=True)
    assert sc.han == sc.to_dict()["han"] and sc.fan is None and sc.points["total"] > 0
    sc = mj.score("111222m33345m777z", wild=["7z"], win_tile="5m", rules="sichuan", tsumo=True)
    assert sc.fan == sc.to_dict()["fan"] and sc.wildcards and sc.han is None
