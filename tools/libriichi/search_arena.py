"""One of our players against three others in Mortal's libriichi arena (PyPI `mjai` 0.2.1,
mjai.app's simulator), every seat an `mj bot` process fed as mjai.app feeds it: the player's
rank and points, its answers refused by libriichi's `validate_reaction`, and its answer times
from the arena's side (p50, p99, max over the answers that are actions).

    python tools/libriichi/search_arena.py MJ_BIN [--player search] [--others defense]
        [--games 8] [--seed 7] [--logs DIR]

Game `i` seats the player at seat `i % 4` and plays the arena's seed `(S + i, S)`; the arena
writes each game's log (gzipped mjai) to `--logs` (`mj replay DIR/*.json.gz` replays them).
"""

import argparse
import gzip
import json
import statistics
import sys
import tempfile
from pathlib import Path

from mjai.mlibriichi.arena import Match

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mj_bot_seat import MjBot  # noqa: E402


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round((len(xs) - 1) * q))] if xs else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mj")
    ap.add_argument("--player", default="search")
    ap.add_argument("--others", default="defense")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--logs")
    args = ap.parse_args(argv)
    logs = Path(args.logs or tempfile.mkdtemp(prefix="search-arena-"))
    logs.mkdir(parents=True, exist_ok=True)
    ranks, points, micros, invalid, reactions = [], [], [], [], 0
    for g in range(args.games):
        seat = g % 4
        lineup = [args.others] * 4
        lineup[seat] = args.player
        bots = [MjBot(args.mj, p, s, sys.stderr) for s, p in enumerate(lineup)]
        before = set(logs.glob("*.json.gz"))
        Match(log_dir=str(logs)).py_match(*bots, seed_start=(args.seed + g, args.seed))
        (log,) = set(logs.glob("*.json.gz")) - before
        with gzip.open(log, "rt") as f:
            events = [json.loads(line) for line in f]
        errors = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert not errors, f"{log}: {errors}"
        scores = next(e for e in reversed(events) if "scores" in e)["scores"]
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        ranks.append(order.index(seat) + 1)
        points.append(scores[seat])
        me = bots[seat]
        micros += me.micros
        invalid += me.invalid
        reactions += me.reactions
        print(f"game {g}: {args.player} at seat {seat}, rank {ranks[-1]}, {scores[seat]} points, "
              f"{len(me.micros)} actions, {len(me.invalid)} invalid", flush=True)
    print(
        f"{args.player} vs 3 {args.others}, {args.games} hanchan in libriichi's arena: "
        f"average rank {statistics.mean(ranks):.3f}, average final score {statistics.mean(points):.0f}; "
        f"{reactions} reactions, {len(invalid)} invalid; action times p50 {quantile(micros, 0.5) / 1000:.1f} ms, "
        f"p99 {quantile(micros, 0.99) / 1000:.1f} ms, max {max(micros, default=0) / 1000:.1f} ms "
        f"over {len(micros)} actions; logs in {logs}"
    )
    if invalid:
        print("invalid:", invalid[:3])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
