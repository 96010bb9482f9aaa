"""The batch functions equal the single calls, row by row, on 1 and several threads; bad rows
are reported by index and never stop the batch."""

import numpy as np
import pytest

import mj_engine as mj
from conftest import dense_counts, random_counts, tile_name


def corpus(rng, n, sizes):
    rows = []
    for _ in range(n):
        size = rng.choice(sizes)
        rows.append(dense_counts(rng, size) if rng.random() < 0.5 else random_counts(rng, size))
    a = np.array(rows, dtype=np.uint8)
    # Bad rows: a fifth copy, an empty hand, a size no shape has.
    a[5, 0] = 5
    a[6, :] = 0
    a[7, :] = 0
    a[7, :12] = 1
    return a


def single(fn, row, **kw):
    """The single call's value, or the error kind."""
    try:
        return fn([int(c) for c in row], **kw)
    except mj.MjError as e:
        return e.kind


def check_errors(errors, n, want_kinds):
    """`errors` lists (row, kind, message) in row order; returns {row: kind}."""
    rows = [e[0] for e in errors]
    assert rows == sorted(rows) and len(set(rows)) == len(rows)
    assert all(0 <= r < n and msg for r, _, msg in errors)
    got = {r: kind for r, kind, _ in errors}
    assert got == want_kinds
    return got


@pytest.mark.parametrize("rules", ["generic", "riichi"])
@pytest.mark.parametrize("wild", [None, ["5z"], ["1m", "7z"]])
def test_shanten_batch_equals_shanten(rng, rules, wild):
    a = corpus(rng, 1500, [13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2, 16, 17])
    values, errors = mj.shanten_batch(a, wild=wild, rules=rules)
    assert values.dtype == np.int8 and values.shape == (len(a),)
    want_errors = {}
    for i, row in enumerate(a):
        s = single(mj.shanten, row, wild=wild, rules=rules)
        if isinstance(s, str):
            want_errors[i] = s
            assert values[i] == mj.SHANTEN_ERROR
        else:
            assert values[i] == s.shanten, (i, row)
    check_errors(errors, len(a), want_errors)
    assert {5, 6, 7} <= set(want_errors)
    for threads in (2, 3, 0, 10**6):
        v2, e2 = mj.shanten_batch(a, wild=wild, rules=rules, threads=threads)
        assert np.array_equal(v2, values) and e2 == errors


@pytest.mark.parametrize("rules", ["generic", "riichi", "sichuan", "mcr"])
@pytest.mark.parametrize("wild", [None, ["5z"]])
def test_hu_batch_equals_hu(rng, rules, wild):
    a = corpus(rng, 1500, [14, 14, 14, 11, 8, 5, 2, 13])
    values, errors = mj.hu_batch(a, wild=wild, rules=rules)
    assert values.dtype == np.bool_
    want_errors = {}
    for i, row in enumerate(a):
        h = single(mj.hu, row, wild=wild, rules=rules)
        if isinstance(h, str):
            want_errors[i] = h
            assert not values[i]
        else:
            assert values[i] == h.hu, (i, row)
    check_errors(errors, len(a), want_errors)
    assert values.any()
    v2, e2 = mj.hu_batch(a, wild=wild, rules=rules, threads=2)
    assert np.array_equal(v2, values) and e2 == errors


@pytest.mark.parametrize("rules", ["generic", "riichi", "sichuan"])
@pytest.mark.parametrize("wild", [None, ["7z"]])
def test_waits_and_ready_batch_equal_waits(rng, rules, wild):
    a = corpus(rng, 1500, [13, 13, 13, 10, 7, 4, 1, 14])
    waits, errors = mj.waits_batch(a, wild=wild, rules=rules)
    ready, ready_errors = mj.ready_batch(a, wild=wild, rules=rules)
    assert waits.shape == (len(a), 34) and waits.dtype == np.bool_
    assert ready_errors == errors
    want_errors = {}
    for i, row in enumerate(a):
        w = single(mj.waits, row, wild=wild, rules=rules)
        if isinstance(w, str):
            want_errors[i] = w
            assert not waits[i].any() and not ready[i]
            continue
        got = [tile_name(k) for k in np.flatnonzero(waits[i])]
        assert got == w.waits, (i, row)
        # Waits leave out kinds held four times; ready does not.
        if w.waits:
            assert ready[i]
        elif (row < 4).all() and not wild:
            assert not ready[i], (i, row)
    check_errors(errors, len(a), want_errors)
    assert ready.any()
    w2, _ = mj.waits_batch(a, wild=wild, rules=rules, threads=2)
    r2, _ = mj.ready_batch(a, wild=wild, rules=rules, threads=2)
    assert np.array_equal(w2, waits) and np.array_equal(r2, ready)


def test_batch_settings_and_shapes():
    a = np.zeros((3, 34), dtype=np.uint8)
    with pytest.raises(mj.MjError) as e:
        mj.shanten_batch(a, rules="tenhou")
    assert e.value.kind == "unknown_rules"
    with pytest.raises(mj.MjError) as e:
        mj.shanten_batch(a, rules="sichuan")
    assert e.value.kind == "unsupported_rules"
    with pytest.raises(mj.MjError) as e:
        mj.hu_batch(a, wild=["9x"])
    assert e.value.kind == "invalid_wild"
    with pytest.raises(ValueError):
        mj.hu_batch(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(TypeError):
        mj.hu_batch(np.zeros((3, 34), dtype=np.int64))
    empty = np.zeros((0, 34), dtype=np.uint8)
    v, e = mj.shanten_batch(empty, threads=2)
    assert v.shape == (0,) and e == []
    # A non-contiguous view is read row by row like its copy.
    rng_rows = np.array([random_counts(__import__("random").Random(i), 13) for i in range(40)], np.uint8)
    view = rng_rows[::2]
    assert np.array_equal(mj.shanten_batch(view)[0], mj.shanten_batch(view.copy())[0])


def test_too_many_wildcards_is_a_row_error():
    a = np.zeros((2, 34), dtype=np.uint8)
    a[0, 0] = 4
    a[0, 1] = 4
    a[0, 2] = 4
    a[0, 3] = 2  # 14 tiles, 12 of them wildcards
    a[1, :14] = 1
    v, e = mj.hu_batch(a, wild=["1m", "2m", "3m"])
    assert [(r, k) for r, k, _ in e] == [(0, "invalid_wild")]
    assert e[0][0] == 0 and single(mj.hu, a[0], wild=["1m", "2m", "3m"]) == "invalid_wild"
