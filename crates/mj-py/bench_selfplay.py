"""Self-play decisions/s on 1 and 2 Ray workers (the same games), and in one process.

    python crates/mj-py/bench_selfplay.py --games 32 --length east --games-per-task 2

Each run plays games `seed .. seed+N-1` with `mj_engine.selfplay.run` into a scratch directory
and reports decisions/s over the play time (`play_seconds`: tasks submitted to the last shard
written; Ray's start-up is reported apart as `init_seconds`). The datasets of every run are
compared (they must be equal). With `--repeat R` each configuration runs R times (interleaved)
and its best rate counts. The load average before and after is printed: the machine may
be shared.
"""

import argparse
import os
import tempfile
import time

from mj_engine import selfplay


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=32)
    p.add_argument("--players", default="efficiency,value,defense,random")
    p.add_argument("--rules", default="tenhou")
    p.add_argument("--length", default="east")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games-per-task", type=int, default=2)
    p.add_argument("--workers", default="0,1,2", help="runs to make (0: one process, no Ray)")
    p.add_argument("--repeat", type=int, default=1, help="runs of each; the best rate counts")
    a = p.parse_args()
    players = a.players.split(",")
    print(f"load average before: {os.getloadavg()}; {os.cpu_count()} CPUs")
    print(f"{a.games} {a.length} games of {a.rules}, players {players}, "
          f"{a.games_per_task} games per task")
    rates = {}
    tables = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = [int(x) for x in a.workers.split(",")] * max(1, a.repeat)
        for i, w in enumerate(runs):
            out = os.path.join(tmp, f"run{i}")
            t0 = time.perf_counter()
            m = selfplay.run(a.games, players, out, rules=a.rules, length=a.length,
                             seed=a.seed, workers=w, games_per_task=a.games_per_task)
            total = time.perf_counter() - t0
            rate = m["rows"] / m["play_seconds"]
            rates[w] = max(rate, rates.get(w, 0.0))
            tables[i] = selfplay.read_table(out)
            name = "one process (no Ray)" if w == 0 else f"Ray, {w} worker(s)"
            print(f"{name:<22} {m['rows']:>8} decisions  play {m['play_seconds']:7.2f} s  "
                  f"{rate:>10,.0f} decisions/s  tasks' CPU {m['task_cpu_seconds']:6.2f} s  "
                  f"(Ray init {m['init_seconds']:.1f} s, total {total:.1f} s)  "
                  f"load {os.getloadavg()[0]:.2f}")
    first = next(iter(tables.values()))
    same = all(t.equals(first) for t in tables.values())
    print(f"datasets equal across runs: {same}")
    if 1 in rates and 2 in rates:
        print(f"2 workers / 1 worker (best rates): {rates[2] / rates[1]:.2f}x (target >= 1.8x)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
