"""Per-call speed of mj_engine's typed calls against the Python packages `riichienv`,
`xiangting` and `mahjong` on the same hands in the same run, and the batch functions' hands per
second.

Usage (in a venv with the wheel installed, see docs/python.md):

    pip install mahjong==2.1.0 xiangting riichienv
    python crates/mj-py/bench.py [--hands 2000] [--rounds 5] [--batch 1000000] [--instructions]

Every package is asked the same question on the same seeded hands, each in its native form:
34-count lists for mj_engine, xiangting and mahjong, 136-id lists for riichienv. The answers are
compared with ours before timing (shanten; waits; riichi points on the closed fixture wins of
crates/mj-score/testdata/riichi_oracle.jsonl). A package that is not installed is reported as
missing.

Timing: each round times every contender in turn (the best of `--repeat` passes over the
corpus, per call), so a round's ratios are measured under the same load; the report gives the
median over `--rounds` rounds and, in brackets, the lowest and highest. `--instructions` also
counts instructions per call under callgrind (the difference between N calls and none, with the
Python loop included), which the machine's load does not change; it needs valgrind.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import mj_engine as mj

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "crates" / "mj-score" / "testdata" / "riichi_oracle.jsonl"


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


class Contender:
    """One way to ask a question: `fn` applied to each item of `items`."""

    def __init__(self, label, fn, items, ours=False):
        self.label, self.fn, self.items, self.ours = label, fn, items, ours


def shanten_contenders(rng, hands, check):
    corpus = [random_hand(rng, 13 + (i % 2)) for i in range(hands)]
    items = [(ids, counts, mpsz(counts)) for ids, counts in corpus]
    for ids, counts, text in items if check else []:
        want = mj.shanten(counts, rules="riichi").shanten
        assert mj.shanten(text, rules="riichi", raw=True) == want
        assert mj.shanten(ids, rules="riichi", raw=True) == want
        if xiangting:
            assert xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1 == want
        if riichienv:
            assert riichienv.calculate_shanten(ids) == want
        if mahjong:
            assert Shanten.calculate_shanten(counts) == want
    sh = mj.shanten
    out = [
        Contender("mj_engine shanten(counts, 'riichi', raw=True)", lambda c: sh(c[1], "riichi", raw=True), items, True),
        Contender("mj_engine shanten(counts, 'riichi')", lambda c: sh(c[1], "riichi"), items, True),
        Contender("mj_engine shanten(counts, rules='riichi')", lambda c: sh(c[1], rules="riichi"), items, True),
        Contender("mj_engine shanten(136 ids, 'riichi', raw=True)", lambda c: sh(c[0], "riichi", raw=True), items, True),
        Contender("mj_engine shanten(mpsz, 'riichi', raw=True)", lambda c: sh(c[2], "riichi", raw=True), items, True),
    ]
    if riichienv:
        rs = riichienv.calculate_shanten
        out.append(Contender("riichienv calculate_shanten(136 ids)", lambda c: rs(c[0]), items))
    if xiangting:
        xs, four = xiangting.calculate_replacement_number, xiangting.PlayerCount.FOUR
        out.append(Contender("xiangting calculate_replacement_number(counts)", lambda c: xs(c[1], four), items))
    if mahjong:
        ms = Shanten.calculate_shanten
        out.append(Contender("mahjong Shanten.calculate_shanten(counts)", lambda c: ms(c[1]), items))
    return out


def waits_contenders(rng, hands, check):
    items = []
    while len(items) < hands:
        ids, counts = random_hand(rng, 13)
        if mj.shanten(counts, rules="riichi", raw=True) > 1:
            # Ready and 1-shanten hands, as a player asks.
            continue
        items.append((ids, counts))
    core = riichienv._riichienv.HandEvaluator if riichienv else None
    for ids, counts in items if check else []:
        want = mj.waits(counts, rules="riichi").kinds
        assert mj.waits(ids, rules="riichi", raw=True) == want
        if core:
            got = tuple(sorted(k for k in core(ids, []).get_waits() if counts[k] < 4))
            assert got == want, (counts, got, want)
        if xiangting:
            bits = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)[1]
            if mj.shanten(counts, rules="riichi", raw=True) == 0:
                assert tuple(k for k in range(34) if bits >> k & 1 and counts[k] < 4) == want
    w = mj.waits
    out = [
        Contender("mj_engine waits(counts, 'riichi', raw=True)", lambda c: w(c[1], "riichi", raw=True), items, True),
        Contender("mj_engine waits(counts, 'riichi')", lambda c: w(c[1], "riichi"), items, True),
    ]
    if core:
        out.append(Contender("riichienv HandEvaluator(136 ids).get_waits()", lambda c: core(c[0], []).get_waits(), items))
    if xiangting:
        xn, four = xiangting.calculate_necessary_tiles, xiangting.PlayerCount.FOUR
        out.append(Contender("xiangting calculate_necessary_tiles(counts)", lambda c: xn(c[1], four), items))
    return out


def fixture_wins(limit):
    """Closed riichi wins of the committed oracle fixtures, default options, no kans."""
    out = []
    with open(FIXTURE) as f:
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


def score_contenders(hands, check):
    if not FIXTURE.exists():
        print("score: fixture file missing, skipped")
        return []
    cases = []
    agree = 0
    for req in fixture_wins(hands):
        fields = {k: v for k, v in req.items() if k not in ("op", "hand")}
        hand, win, dora = tile_ids(req)
        seat = "1234".index(req["seat_wind"][0])
        rnd = "1234".index(req["round_wind"][0])
        case = {"req": req, "fields": fields, "ids": hand, "win": win, "dora": dora, "seat": seat, "round": rnd, "tsumo": req.get("tsumo", False), "riichi": req.get("riichi", False)}
        case["typed"] = dict(rules="riichi", tsumo=req.get("tsumo", False), riichi=req.get("riichi", False), seat_wind=seat, round_wind=rnd, dora=dora)
        ours = mj.score(hand, win, **case["typed"])
        if check:
            want = mj.request(dict(req))
            assert ours.to_dict() == want, (req, ours, want)
            assert mj.score(req["hand"], **fields).to_dict() == want
        if mahjong:
            cfg = HandConfig(
                is_tsumo=req.get("tsumo", False),
                is_riichi=req.get("riichi", False),
                player_wind=EAST + seat,
                round_wind=EAST + rnd,
                options=OptionalRules(has_open_tanyao=True, has_aka_dora=True),
            )
            case["cfg"] = cfg
            if check:
                r = HandCalculator.estimate_hand_value(hand, win, dora_indicators=dora, config=cfg)
                assert r.cost["total"] == ours.total, (req, r.cost, ours)
        if riichienv:
            cond = riichienv.Conditions(tsumo=req.get("tsumo", False), riichi=req.get("riichi", False), player_wind=seat, round_wind=rnd)
            case["cond"] = cond
            if check:
                w = riichienv.HandEvaluator(hand).calc(win, dora, cond)
                paid = w.ron_agari if not req.get("tsumo") else (w.tsumo_agari_oya + 2 * w.tsumo_agari_ko if seat else 3 * w.tsumo_agari_ko)
                agree += paid == ours.total
        cases.append(case)
    if check:
        print("score: %d closed fixture wins; answers equal to the protocol's%s%s" % (
            len(cases),
            "; mahjong paid the same on all" if mahjong else "",
            "; riichienv on %d" % agree if riichienv else "",
        ))
    sc = mj.score
    out = [
        Contender(
            "mj_engine score(136 ids, win id, rules='riichi', ...)",
            lambda c: sc(c["ids"], c["win"], rules="riichi", tsumo=c["tsumo"], riichi=c["riichi"], seat_wind=c["seat"], round_wind=c["round"], dora=c["dora"]),
            cases,
            True,
        ),
        Contender("mj_engine score(mpsz, win_tile='5p', ...) (protocol's fields)", lambda c: sc(c["req"]["hand"], **c["fields"]), cases, True),
    ]
    # The peers take the situation as an object (riichienv's Conditions, mahjong's HandConfig):
    # timed built in the call, as a loop over different wins builds it, and built beforehand.
    if riichienv:
        he, cond = riichienv.HandEvaluator, riichienv.Conditions
        out.append(Contender(
            "riichienv HandEvaluator(136 ids).calc(win, dora, Conditions(...))",
            lambda c: he(c["ids"]).calc(c["win"], c["dora"], cond(tsumo=c["tsumo"], riichi=c["riichi"], player_wind=c["seat"], round_wind=c["round"])),
            cases,
        ))
        out.append(Contender("riichienv HandEvaluator(136 ids).calc(win, dora, cond), cond prebuilt", lambda c: he(c["ids"]).calc(c["win"], c["dora"], c["cond"]), cases))
    if mahjong:
        hv = HandCalculator.estimate_hand_value
        rules = OptionalRules(has_open_tanyao=True, has_aka_dora=True)
        out.append(Contender(
            "mahjong estimate_hand_value(136 ids, config=HandConfig(...))",
            lambda c: hv(c["ids"], c["win"], dora_indicators=c["dora"], config=HandConfig(is_tsumo=c["tsumo"], is_riichi=c["riichi"], player_wind=EAST + c["seat"], round_wind=EAST + c["round"], options=rules)),
            cases,
        ))
        out.append(Contender("mahjong estimate_hand_value(136 ids, config), config prebuilt", lambda c: hv(c["ids"], c["win"], dora_indicators=c["dora"], config=c["cfg"]), cases))
    return out


def questions(args, check=True):
    """Every question with its contenders, on seeded corpora (answers checked when `check`)."""
    rng = random.Random(20261123)
    return [
        ("shanten", shanten_contenders(rng, args.hands, check)),
        ("waits (ready and 1-shanten hands)", waits_contenders(rng, args.hands, check)),
        ("riichi score (closed fixture wins)", score_contenders(min(args.hands, 1000), check)),
    ]


def per_call(c, repeat):
    """Best time per call over `repeat` passes, in nanoseconds."""
    fn, items = c.fn, c.items
    best = None
    for _ in range(repeat):
        t = time.perf_counter_ns()
        for x in items:
            fn(x)
        t = time.perf_counter_ns() - t
        best = t if best is None else min(best, t)
    return best / len(items)


def instructions(label, count):
    """Instructions per call of one contender under callgrind: N calls minus none."""

    def total(n):
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, "--one", label, "--count", str(n)]
        # Fixed hashing, and no BLAS threads spinning beside the loop.
        env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
        out = subprocess.run(cmd, capture_output=True, text=True, env=env).stderr
        for line in out.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
        raise RuntimeError("callgrind gave no count for %s: %s" % (label, out[-500:]))

    return (total(count) - total(0)) / count


def run_one(args):
    """The `--one` mode: `--count` calls of one contender (for `--instructions`)."""
    for _, contenders in questions(args, check=False):
        for c in contenders:
            if c.label == args.one:
                # Every item once first, so lazily built tables and caches are in place in
                # both runs, as they are for the timed passes.
                for x in c.items:
                    c.fn(x)
                items = (c.items * (args.count // max(1, len(c.items)) + 1))[: args.count]
                for x in items:
                    c.fn(x)
                return
    raise SystemExit("no contender %r" % args.one)


def fmt_ns(t):
    return "%.2f us" % (t / 1000) if t >= 1000 else "%.0f ns" % t


def report(name, contenders, rounds, counts):
    """One table per question: each contender's median time per call (lowest-highest over the
    rounds), and each peer's time over our first contender's, per round."""
    print("\n%s" % name)
    base = contenders[0]
    for c in contenders:
        ts = rounds[c.label]
        line = "  %-68s %9s [%s-%s]" % (c.label, fmt_ns(statistics.median(ts)), fmt_ns(min(ts)), fmt_ns(max(ts)))
        if not c.ours:
            ratios = [p / o for p, o in zip(ts, rounds[base.label])]
            line += "  %.2fx [%.2f-%.2f]" % (statistics.median(ratios), min(ratios), max(ratios))
        if c.label in counts:
            line += "  %7.0f instr" % counts[c.label]
        print(line)


def bench_batch(n, repeat):
    # Random 13- and 14-tile hands drawn from a 136-tile set (the 14 smallest of 136 random keys
    # per row; even rows keep 13 of them), counted with one bincount.
    keys = np.random.default_rng(7).random((n, 136), dtype=np.float32)
    ids = np.argpartition(keys, 13, axis=1)[:, :14]
    sizes = np.where(np.arange(n) % 2 == 0, 13, 14)
    keep = np.arange(14)[None, :] < sizes[:, None]
    flat = (np.arange(n)[:, None] * 34 + ids // 4)[keep]
    a = np.bincount(flat, minlength=n * 34).astype(np.uint8).reshape(n, 34)
    del keys, ids, keep, flat
    print()
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
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1_000_000, help="rows of the batch bench (0: none)")
    ap.add_argument("--instructions", action="store_true", help="also count instructions per call (valgrind)")
    ap.add_argument("--count", type=int, default=2000, help="calls counted per contender by --instructions")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        run_one(args)
        return
    versions = {m.__name__: getattr(m, "__version__", "?") for m in (mj, xiangting, riichienv, mahjong) if m}
    print("python %s, %s" % (sys.version.split()[0], versions))
    qs = questions(args)
    times = {c.label: [] for _, cs in qs for c in cs}
    for _ in range(args.rounds):
        for _, contenders in qs:
            for c in contenders:
                times[c.label].append(per_call(c, args.repeat))
    counts = {}
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("--instructions: valgrind is not installed, skipped")
        else:
            for _, contenders in qs:
                for c in contenders:
                    n = args.count if "mahjong" not in c.label else max(1, args.count // 20)
                    counts[c.label] = instructions(c.label, n)
    for name, contenders in qs:
        report(name, contenders, times, counts)
    if args.batch:
        bench_batch(args.batch, args.repeat)


if __name__ == "__main__":
    main()
