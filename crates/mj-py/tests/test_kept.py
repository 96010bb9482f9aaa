"""`HandIndex` answers `hu` of the counts it holds, errors included, along seeded walks of draws
and discards under every preset and with wild kinds; its own errors (a fifth copy, a kind not
held, a bad kind) leave the hand unchanged."""

import pytest

import mj_engine as mj
from conftest import dense_counts, mpsz, random_counts, tile_name

PRESETS = ["generic", "riichi", "sichuan", "mcr", "sanma"]
WILD = [None, ["5z"], ["1m", "7z"]]


def outcome(call):
    """A call's answer, or its error as (kind, message)."""
    try:
        return ("ok", call())
    except mj.MjError as e:
        return ("error", e.kind, str(e))


def hu_of(counts, rules, wild):
    return outcome(lambda: mj.hu(list(counts), rules, wild=wild, raw=True))


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("wild", WILD, ids=["none", "one", "two"])
def test_is_winning_and_wins_with_answer_hu_along_walks(rng, rules, wild):
    checks = 0
    for walk in range(12):
        # Hands near a win most walks (pairs, triplets, runs of few kinds), random tiles (honors
        # under sichuan included: hu's error) the others.
        counts = dense_counts(rng, 13) if walk % 3 else random_counts(rng, 13)
        if rules == "sichuan" and walk % 2:
            counts = [0 if k >= 27 else c for k, c in enumerate(counts)]
            while sum(counts) < 13:
                k = rng.randrange(27)
                counts[k] += counts[k] < 4
        hand = mj.HandIndex(counts, rules, wild=wild)
        for _ in range(40):
            # A draw asked about, then made.
            k = rng.choice([j for j in range(34) if counts[j] < 4])
            more = counts.copy()
            more[k] += 1
            assert outcome(lambda: hand.wins_with(k)) == hu_of(more, rules, wild), (mpsz(more), rules, wild)
            assert hand.counts() == counts
            hand.add(tile_name(k) if rng.random() < 0.5 else k)
            counts = more
            assert outcome(hand.is_winning) == hu_of(counts, rules, wild), (mpsz(counts), rules, wild)
            assert len(hand) == sum(counts) and hand.counts() == counts
            # A discard, and the 13-tile hand asked too (hu refuses its size: the same error).
            k = rng.choice([j for j in range(34) if counts[j] > 0])
            hand.remove(k)
            counts[k] -= 1
            assert outcome(hand.is_winning) == hu_of(counts, rules, wild)
            checks += 3
    assert checks > 1000


def test_its_own_errors_leave_the_hand_unchanged():
    hand = mj.HandIndex("11112345678999m", "riichi")
    before = hand.counts()
    for bad, kind in [(0, "fifth_copy"), ("1m", "fifth_copy")]:
        with pytest.raises(mj.MjError) as e:
            hand.add(bad)
        assert e.value.kind == kind
        with pytest.raises(mj.MjError):
            hand.wins_with(bad)
    with pytest.raises(mj.MjError) as e:
        hand.remove("1z")
    assert e.value.kind == "not_held"
    for bad in [34, -1, "8z", "x", 1.5, None]:
        for method in (hand.add, hand.remove, hand.wins_with):
            with pytest.raises(mj.MjError) as e:
                method(bad)
            assert e.value.kind == "invalid_tile", (bad, e.value.kind)
    assert hand.counts() == before and hand.is_winning()


def test_every_hand_form_reads_the_same_hand():
    counts = [0] * 34
    for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 31):
        counts[k] += 1
    ids = [k * 4 + i for k, c in enumerate(counts) for i in range(c)]
    forms = [counts, tuple(counts), mpsz(counts), ids]
    hands = [mj.HandIndex(f, "riichi") for f in forms]
    assert all(h.counts() == counts for h in hands)
    assert all(h.is_winning() for h in hands)
    assert repr(hands[0]) == 'HandIndex("123m123p123s11155z", rules="riichi")'
    wild = mj.HandIndex(counts, "riichi", wild=["5z"])
    assert wild.rules == "riichi" and repr(wild).endswith(', wild=["5z"])')
