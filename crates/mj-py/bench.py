"""Per-call speed of mj_engine against the Python packages `mahjong`, `riichienv` and
`xiangting` on the same hands in the same run, and the batch functions' hands per second.

Usage (in a venv with the wheel installed, see README):

    pip install mahjong==2.1.0 xiangting riichienv
    python crates/mj-py/bench.py [--hands 2000] [--batch 1000000]

Every peer is asked the same question on the same seeded hands, and the answers are checked
against ours before timing (shanten; waits; riichi points on the closed fixture wins of
crates/mj-score/testdata/riichi_oracle.jsonl). A peer that is not installed is reported as
missing. Times are the best of `--repeat` runs (default 3) over the whole corpus.
"""

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

import mj_engine as mj

REPO = Path(__file__).resolve().parents[2]


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


xiangting = optional("xiangting")
riichienv = optional("riichienv")
mahjong = optional("mahjong")
if mahjong is not None:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.shanten import Shanten


def best(fn, items, repeat):
    """Best time per item, in nanoseconds, of `fn` over `items`."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter_ns()
        for x in items:
            fn(x)
        times.append(time.perf_counter_ns() - t)
    return min(times) / len(items)


def random_hand(rng, n):
    ids = sorted(rng.sample(range(136), n))
    counts = [0] * 34
    for i in ids:
        counts[i // 4] += 1
    return ids, counts


def mpsz(counts):
    out = []
    for s, suit in enumerate("mpsz"):
        digits = "".join(str(r + 1) * counts[s * 9 + r] for r in range(7 if suit == "z" else 9))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def row(name, ours, peers):
    """One line of the report: our time and each peer's with the ratio."""
    cells = ["%-30s mj_engine %8.0f ns" % (name, ours)]
    for peer, t in peers:
        cells.append("%s %9.0f ns (%.1fx)" % (peer, t, t / ours))
    print(" | ".join(cells))


def bench_shanten(rng, hands, repeat):
    corpus = [random_hand(rng, 13 + (i % 2)) for i in range(hands)]
    texts = [mpsz(c) for _, c in corpus]
    for (ids, counts), text in zip(corpus, texts):
        want = mj.shanten(text, rules="riichi").shanten
        assert mj.shanten(counts, rules="riichi").shanten == want
        if xiangting:
            assert xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1 == want
        if riichienv:
            assert riichienv.calculate_shanten(ids) == want
        if mahjong:
            assert Shanten.calculate_shanten(counts) == want
    ours = best(lambda t: mj.shanten(t, rules="riichi"), texts, repeat)
    ours_counts = best(lambda c: mj.shanten(c[1], rules="riichi"), corpus, repeat)
    peers = []
    if riichienv:
        peers.append(("riichienv", best(lambda c: riichienv.calculate_shanten(c[0]), corpus, repeat)))
    if xiangting:
        four = xiangting.PlayerCount.FOUR
        peers.append(
            ("xiangting", best(lambda c: xiangting.calculate_replacement_number(c[1], four), corpus, repeat))
        )
    if mahjong:
        peers.append(("mahjong", best(lambda c: Shanten.calculate_shanten(c[1]), corpus[: max(1, len(corpus) // 4)], repeat)))
    row("shanten (mpsz str)", ours, peers)
    row("shanten (34 counts list)", ours_counts, peers)


def bench_waits(rng, hands, repeat):
    corpus = []
    while len(corpus) < hands:
        ids, counts = random_hand(rng, 13)
        if mj.shanten(counts, rules="riichi").shanten > 1:
            # Keep ready and 1-shanten hands, as a player asks.
            continue
        corpus.append((ids, counts, mpsz(counts)))
    for ids, counts, text in corpus:
        want = mj.waits(text, rules="riichi").waits
        if riichienv:
            got = riichienv.HandEvaluator(ids).calc_rust.get_waits()
            names = sorted(["%d%s" % (k % 9 + 1, "mpsz"[k // 9]) for k in got if counts[k] < 4], key=lambda t: ("mpsz".index(t[1]), t[0]))
            assert names == want, (text, got, want)
    ours = best(lambda c: mj.waits(c[2], rules="riichi"), corpus, repeat)
    peers = []
    if riichienv:
        core = riichienv._riichienv.HandEvaluator
        peers.append(("riichienv", best(lambda c: core(c[0], []).get_waits(), corpus, repeat)))
    if xiangting:
        four = xiangting.PlayerCount.FOUR
        peers.append(("xiangting", best(lambda c: xiangting.calculate_necessary_tiles(c[1], four), corpus, repeat)))
    row("waits (ready/1-shanten, str)", ours, peers)


def fixture_wins(limit):
    """Closed riichi wins of the committed oracle fixtures, default options, no kans."""
    out = []
    path = REPO / "crates" / "mj-score" / "testdata" / "riichi_oracle.jsonl"
    with open(path) as f:
        next(f)
        for line in f:
            rec = json.loads(line)
            req = rec["request"]
            if req.get("melds") or req.get("options") or rec["oracle"].get("error"):
                continue
            if any(k in req for k in ("ura", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "honba", "riichi_sticks")):
                continue
            out.append(req)
            if len(out) == limit:
                break
    return out


def tile_ids(req):
    """136 ids of hand, winning tile and dora indicators (red fives are copy 0)."""
    used = set()

    def take(digit, suit):
        kind = "mpsz".index(suit) * 9 + (5 if digit == "0" else int(digit)) - 1
        copies = [0] if digit == "0" else ([1, 2, 3, 0] if kind % 9 == 4 and suit != "z" else [0, 1, 2, 3])
        for c in copies:
            if kind * 4 + c not in used:
                used.add(kind * 4 + c)
                return kind * 4 + c
        raise ValueError(req)

    def pieces(text):
        out, digits = [], []
        for ch in text:
            if ch.isdigit():
                digits.append(ch)
            else:
                out.extend((d, ch) for d in digits)
                digits = []
        return out

    hand = [take(d, s) for d, s in pieces(req["hand"])]
    wd, ws = pieces(req["win_tile"])[0]
    wkind = "mpsz".index(ws) * 9 + (5 if wd == "0" else int(wd)) - 1
    win = next(i for i in hand if i // 4 == wkind and ((i in (16, 52, 88)) == (wd == "0")))
    dora = [take(d, s) for t in req.get("dora", []) for d, s in pieces(t)]
    return hand, win, dora


def bench_score(hands, repeat):
    if not os.path.exists(REPO / "crates" / "mj-score" / "testdata" / "riichi_oracle.jsonl"):
        print("score: fixture file missing, skipped")
        return
    reqs = fixture_wins(hands)
    cases = []
    for req in reqs:
        fields = {k: v for k, v in req.items() if k not in ("op", "hand")}
        hand, win, dora = tile_ids(req)
        ours = mj.score(req["hand"], **fields)
        seat = "1234".index(req["seat_wind"][0])
        rnd = "1234".index(req["round_wind"][0])
        case = {"req": req, "fields": fields, "ids": hand, "win": win, "dora": dora, "seat": seat, "round": rnd}
        if mahjong:
            cfg = HandConfig(
                is_tsumo=req.get("tsumo", False),
                is_riichi=req.get("riichi", False),
                player_wind=EAST + seat,
                round_wind=EAST + rnd,
                options=OptionalRules(has_open_tanyao=True, has_aka_dora=True),
            )
            case["cfg"] = cfg
            r = HandCalculator.estimate_hand_value(hand, win, dora_indicators=dora, config=cfg)
            assert r.cost["total"] == ours.points["total"], (req, r.cost, ours)
        if riichienv:
            cond = riichienv.Conditions(
                tsumo=req.get("tsumo", False), riichi=req.get("riichi", False), player_wind=seat, round_wind=rnd
            )
            case["cond"] = cond
            w = riichienv.HandEvaluator(hand).calc(win, dora, cond)
            paid = w.ron_agari if not req.get("tsumo") else (w.tsumo_agari_oya + 2 * w.tsumo_agari_ko if seat else 3 * w.tsumo_agari_ko)
            case["riichienv_agrees"] = paid == ours.points["total"]
        cases.append(case)
    ours = best(lambda c: mj.score(c["req"]["hand"], **c["fields"]), cases, repeat)
    peers = []
    if riichienv:
        peers.append(("riichienv", best(lambda c: riichienv.HandEvaluator(c["ids"]).calc(c["win"], c["dora"], c["cond"]), cases, repeat)))
    if mahjong:
        peers.append(("mahjong", best(lambda c: HandCalculator.estimate_hand_value(c["ids"], c["win"], dora_indicators=c["dora"], config=c["cfg"]), cases[: max(1, len(cases) // 4)], repeat)))
    row("riichi score (closed wins)", ours, peers)
    if riichienv:
        agree = sum(c["riichienv_agrees"] for c in cases)
        print("  (%d closed fixture wins; mahjong paid the same on all; riichienv on %d)" % (len(cases), agree))


def bench_batch(rng, n, repeat):
    # Random 13- and 14-tile hands drawn from a 136-tile set (the 14 smallest of 136 random keys
    # per row; even rows keep 13 of them), counted with one bincount.
    keys = np.random.default_rng(7).random((n, 136), dtype=np.float32)
    ids = np.argpartition(keys, 13, axis=1)[:, :14]
    sizes = np.where(np.arange(n) % 2 == 0, 13, 14)
    keep = np.arange(14)[None, :] < sizes[:, None]
    flat = (np.arange(n)[:, None] * 34 + ids // 4)[keep]
    a = np.bincount(flat, minlength=n * 34).astype(np.uint8).reshape(n, 34)
    del keys, ids, keep, flat
    for name, fn, rows in (
        ("shanten_batch", mj.shanten_batch, a),
        ("hu_batch (14-tile rows)", mj.hu_batch, a[sizes == 14]),
        ("ready_batch (13-tile rows)", mj.ready_batch, a[sizes == 13]),
        ("waits_batch (13-tile rows)", mj.waits_batch, a[sizes == 13]),
    ):
        rows = np.ascontiguousarray(rows)
        line = "%-28s %9d rows" % (name, len(rows))
        for threads in (1, 2):
            times = []
            for _ in range(repeat):
                t = time.perf_counter()
                _, errors = fn(rows, rules="riichi", threads=threads)
                times.append(time.perf_counter() - t)
            assert errors == []
            line += " | %d thread%s %6.1f M hands/s" % (threads, "s" if threads > 1 else " ", len(rows) / min(times) / 1e6)
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(20261123)
    versions = {m.__name__: getattr(m, "__version__", "?") for m in (mj, xiangting, riichienv, mahjong) if m}
    print("python %s, %s, load average %.2f %.2f %.2f" % (sys.version.split()[0], versions, *os.getloadavg()))
    bench_shanten(rng, args.hands, args.repeat)
    bench_waits(rng, args.hands, args.repeat)
    bench_score(min(args.hands, 1000), args.repeat)
    bench_batch(rng, args.batch, args.repeat)
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
