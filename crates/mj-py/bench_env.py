"""Environment steps per second from Python with uniformly random players: mj_engine's `Game`
(one match, every seat a Python player), its Gymnasium env (the learner in Python, three
`random` bots in Rust), `VecGame` (B matches per call; fresh output arrays each call, and with
`copy=False` the same arrays written again), and RiichiEnv's env when `riichienv`
is installed, all four-player hanchan in the same run.

A step is one decision of one seat (a discard, a call, a pass...). RiichiEnv's `step` takes
the actions of every seat that must decide at once; each counts as a step.

    pip install riichienv  # optional
    python crates/mj-py/bench_env.py [--seconds 3] [--batch 256] [--threads 2]
"""

import argparse
import os
import random
import time

import numpy as np

import mj_engine


def timed(seconds, body):
    """Runs `body()` (returns steps done) until `seconds` pass; (steps per wall second, calls,
    steps per CPU second of the process: what a loaded machine distorts less)."""
    start = time.perf_counter()
    cpu = time.process_time()
    steps = calls = 0
    while time.perf_counter() - start < seconds:
        steps += body()
        calls += 1
    cpu = time.process_time() - cpu
    return steps / (time.perf_counter() - start), calls, steps / max(cpu, 1e-9)


def bench_game(seconds):
    g = mj_engine.Game()
    rng = random.Random(0)
    seed = iter(range(10**9))

    def one_match():
        g.reset(next(seed))
        n = 0
        while not g.done:
            g.step(rng.choice(np.flatnonzero(g.mask()).tolist()))
            n += 1
        return n

    return timed(seconds, one_match)


def bench_gym(seconds):
    from mj_engine.env import MahjongEnv

    env = MahjongEnv(opponents="random")
    rng = random.Random(0)
    seed = iter(range(10**9))

    def one_match():
        obs, _ = env.reset(seed=next(seed))
        n, done = 0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            obs, _, done, _, _ = env.step(rng.choice(legal))
            n += 1
        return n

    return timed(seconds, one_match)


def bench_vec(seconds, batch, threads, copy):
    v = mj_engine.VecGame(batch, threads=threads, copy=copy)
    _, mask, _ = v.reset(0)
    rng = np.random.default_rng(0)
    state = {"mask": mask, "done": 0}

    def one_call():
        acts = (rng.random(state["mask"].shape) * state["mask"]).argmax(1)
        _, state["mask"], _, _, done, _ = v.step(acts)
        state["done"] += int(done.sum())
        return batch

    rate, _, per_cpu = timed(seconds, one_call)
    return rate, state["done"], per_cpu


def bench_riichienv(seconds):
    try:
        from riichienv import RiichiEnv
        from riichienv.game_mode import GameType
    except ImportError:
        return None
    env = RiichiEnv(game_mode=GameType.YON_HANCHAN, skip_mjai_logging=True, seed=0)
    rng = random.Random(0)

    def one_match():
        obs = env.reset()
        n = 0
        while not env.done():
            acts = {p: rng.choice(o.legal_actions()) for p, o in obs.items()}
            n += len(acts)
            obs = env.step(acts)
        return n

    return timed(seconds, one_match)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    rows = []
    rate, games, cpu = bench_game(args.seconds)
    rows.append(("mj_engine Game (4 Python players)", rate, cpu, f"{games} matches"))
    rate, games, cpu = bench_gym(args.seconds)
    rows.append(("mj_engine MahjongEnv (learner + 3 Rust bots)", rate, cpu, f"{games} matches"))
    for threads in sorted({1, args.threads}):
        for copy in (True, False):
            rate, games, cpu = bench_vec(args.seconds, args.batch, threads, copy)
            name = f"mj_engine VecGame B={args.batch} threads={threads} copy={copy}"
            rows.append((name, rate, cpu, f"{games} matches ended"))
    r = bench_riichienv(args.seconds)
    if r is not None:
        from importlib.metadata import version

        name = f"riichienv {version('riichienv')} RiichiEnv"
        rows.append((name, r[0], r[2], f"{r[1]} matches"))
    else:
        rows.append(("riichienv", float("nan"), float("nan"), "not installed"))
    base, base_cpu = rows[-1][1], rows[-1][2]
    print(f"{'env':58} {'steps/s':>10} {'vs riichi':>9} {'per CPU s':>10} {'vs riichi':>9}  note")
    for name, rate, cpu, note in rows:
        vs, vs_cpu = rate / base, cpu / base_cpu
        print(f"{name:58} {rate:10,.0f} {vs:8.1f}x {cpu:10,.0f} {vs_cpu:8.1f}x  {note}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
