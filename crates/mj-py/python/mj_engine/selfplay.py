"""Self-play datasets: seeded matches between mj-bot players, split over Ray tasks.

    python -m mj_engine.selfplay --games 1000 --players efficiency,value,defense,random \\
        --rules tenhou --length hanchan --seed 0 --out data/ [--address ray://HOST:10001 | auto]
        [--workers W] [--games-per-task K]

Game ``i`` (``0 <= i < N``) is played from seed ``S + i``; task ``t`` plays games
``t*K .. t*K+K-1`` entirely in Rust (``mj_engine.selfplay_games``, the GIL released) and its
rows become the shard ``shard-{t:05d}.parquet``. A game depends only on its seed, the players,
the rules and the length, so the dataset (every shard in name order, or all rows sorted by
``seed, step``) is the same with or without Ray and for any number of workers or games per task.

With no ``--address`` a local Ray is started (``ray.init(num_cpus=W)``); ``--address auto`` or
``ray://...`` joins an existing cluster (every node needs ``mj-engine`` and ``pyarrow``
installed; the shards travel back to the driver as Parquet bytes, so no shared filesystem is
needed). ``--workers 0`` (or ``--no-ray``) plays every task in this process without importing
Ray.

One row per decision (``SCHEMA``): ``seed`` (the game's seed), ``game`` (its index ``i``),
``seat``, ``player`` (the bot's name), ``step`` (decision number in the game), ``round`` (rounds
finished before it), ``obs`` (the ``PLANES x 34`` feature planes as float16, little-endian,
``2 * PLANES * 34`` bytes; README "Learning environments" has the plane table), ``mask`` (the
``ACTIONS`` legal-action flags as bytes 0/1), ``action`` (the index played), and that seat's
final ``score``, ``rank`` and ``points`` (uma and oka included). ``load(DIR)`` reads it back as
NumPy arrays. Beside the shards: ``games.parquet`` (one row per game: seed, per-seat scores,
ranks, points, wins, deal-ins), ``stats.json`` (the arena statistics summed) and
``manifest.json`` (the arguments, the shards with their rows and games, and the timings). A run
replaces the shards of an earlier run in the same directory.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from . import mj_engine as _mj

PLANES: int = _mj.PLANES
ACTIONS: int = _mj.ACTIONS
OBS_BYTES = 2 * PLANES * 34
# Games per call into Rust inside a task (bounds a task's memory: a hanchan is about a thousand
# decisions of 2.5 kB).
CHUNK = 8
FORMAT = "mj-selfplay/1"


def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "mj_engine.selfplay needs pyarrow: pip install 'mj-engine[selfplay]'"
        ) from e
    return pa, pq


def schema():
    """The Arrow schema of a shard (one row per decision)."""
    pa, _ = _pa()
    return pa.schema(
        [
            ("seed", pa.uint64()),
            ("game", pa.int64()),
            ("seat", pa.int8()),
            ("player", pa.string()),
            ("step", pa.int32()),
            ("round", pa.int16()),
            ("obs", pa.binary(OBS_BYTES)),
            ("mask", pa.binary(ACTIONS)),
            ("action", pa.int16()),
            ("score", pa.int32()),
            ("rank", pa.int8()),
            ("points", pa.float64()),
        ]
    )


def _fixed_binary(pa, arr: np.ndarray, width: int):
    """A fixed-size binary Arrow array over the rows of a C-contiguous array."""
    data = np.ascontiguousarray(arr).view(np.uint8).reshape(-1)
    n = data.size // width
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(width), n, [None, pa.py_buffer(data)])


def _batch(pa, out: Dict[str, Any], first_game: int, players: Sequence[str]):
    """The record batch of one `selfplay_games` answer."""
    g = out["game"]
    seat = out["seat"].astype(np.int64)
    obs = out["obs"]
    if obs.dtype != np.float16:
        obs = obs.astype(np.float16)
    obs = obs.astype("<f2", copy=False)
    names = np.asarray(list(players), dtype=object)
    cols = [
        pa.array(out["seed"], pa.uint64()),
        pa.array(g + first_game, pa.int64()),
        pa.array(out["seat"], pa.int8()),
        pa.array(names[seat], pa.string()),
        pa.array(out["step"], pa.int32()),
        pa.array(out["round"], pa.int16()),
        _fixed_binary(pa, obs, OBS_BYTES),
        _fixed_binary(pa, out["mask"].astype(np.int8), ACTIONS),
        pa.array(out["action"], pa.int16()),
        pa.array(out["scores"][g, seat], pa.int32()),
        pa.array(out["ranks"][g, seat], pa.int8()),
        pa.array(out["points"][g, seat], pa.float64()),
    ]
    return pa.RecordBatch.from_arrays(cols, schema=schema())


GAME_FIELDS = ("scores", "ranks", "points", "wins", "deal_ins", "win_points", "deal_in_points",
               "decisions")


def run_task(
    first_game: int,
    seeds: Sequence[int],
    players: Sequence[str],
    rules: str,
    length: str,
) -> Dict[str, Any]:
    """Plays `seeds` (games `first_game ..`) and returns the shard as Parquet bytes (`parquet`),
    its row count (`rows`), the per-game results (`games`: lists per field) and the CPU time it
    took (`cpu_seconds`)."""
    pa, pq = _pa()
    cpu0 = time.process_time()
    sink = pa.BufferOutputStream()
    games: Dict[str, list] = {k: [] for k in ("game_seed", "rounds") + GAME_FIELDS}
    rows = 0
    with pq.ParquetWriter(sink, schema(), compression="zstd") as w:
        for c in range(0, len(seeds), CHUNK):
            part = [int(s) for s in seeds[c : c + CHUNK]]
            out = _mj.selfplay_games(part, list(players), rules, length)
            batch = _batch(pa, out, first_game + c, players)
            rows += batch.num_rows
            w.write_batch(batch)
            games["game_seed"].extend(int(s) for s in out["game_seed"])
            games["rounds"].extend(int(r) for r in out["rounds"])
            for k in GAME_FIELDS:
                games[k].extend(out[k].tolist())
    return {
        "parquet": sink.getvalue().to_pybytes(),
        "rows": rows,
        "games": games,
        "cpu_seconds": time.process_time() - cpu0,
    }


def _warm_up() -> None:
    _pa()
    # Long enough that the warm-up tasks overlap and each starts its own worker.
    time.sleep(0.2)


def _tasks(games: int, seed: int, per_task: int) -> List[tuple]:
    per_task = max(1, per_task)
    return [
        (t, first, [seed + i for i in range(first, min(games, first + per_task))])
        for t, first in enumerate(range(0, games, per_task))
    ]


def _summarise(games: Dict[str, list], players: Sequence[str]) -> Dict[str, Any]:
    """The arena statistics of the per-game results, per seat and per player name."""
    n = len(players)
    g = len(games["game_seed"])
    arr = {k: np.asarray(games[k], dtype=np.float64).reshape(g, 4)[:, :n] if g else
           np.zeros((0, n)) for k in GAME_FIELDS}
    rounds = np.asarray(games["rounds"], dtype=np.float64)
    total_rounds = float(rounds.sum())

    def block(cols: List[int]) -> Dict[str, Any]:
        k = g * len(cols)
        r = total_rounds * len(cols)
        ranks = arr["ranks"][:, cols].reshape(-1)
        wins = float(arr["wins"][:, cols].sum())
        deal_ins = float(arr["deal_ins"][:, cols].sum())
        return {
            "games": k,
            "rounds": int(r),
            "avg_rank": float(ranks.mean()) if k else None,
            "rank_share": [float((ranks == i + 1).mean()) if k else None for i in range(n)],
            "avg_points": float(arr["points"][:, cols].mean()) if k else None,
            "avg_score": float(arr["scores"][:, cols].mean()) if k else None,
            "wins": int(wins),
            "deal_ins": int(deal_ins),
            "win_rate": wins / r if r else None,
            "deal_in_rate": deal_ins / r if r else None,
            "avg_win_points": float(arr["win_points"][:, cols].sum()) / wins if wins else None,
            "avg_deal_in_points": (float(arr["deal_in_points"][:, cols].sum()) / deal_ins
                                   if deal_ins else None),
            "decisions": int(arr["decisions"][:, cols].sum()),
        }

    per_seat = [dict(seat=s, player=players[s], **block([s])) for s in range(n)]
    per_player = {p: block([s for s in range(n) if players[s] == p]) for p in dict.fromkeys(players)}
    return {
        "games": g,
        "rounds": int(total_rounds),
        "decisions": int(arr["decisions"].sum()),
        "per_seat": per_seat,
        "per_player": per_player,
        "note": "rates are per round (kyoku); a double ron is one deal-in; points include uma "
                "and oka",
    }


def run(
    games: int,
    players: Sequence[str],
    out: os.PathLike | str,
    rules: str = "tenhou",
    length: str = "hanchan",
    seed: int = 0,
    workers: int = 2,
    games_per_task: int = 16,
    address: Optional[str] = None,
) -> Dict[str, Any]:
    """Plays `games` games (seeds `seed ..`) and writes the dataset to `out`; returns the
    manifest. `workers=0` plays in this process without Ray; otherwise Ray is used: a local
    instance with `workers` CPUs, or the cluster at `address` (`auto`, `ray://host:port`)."""
    if games < 0 or games_per_task < 1 or workers < 0:
        raise ValueError("games >= 0, games_per_task >= 1, workers >= 0")
    if seed < 0 or seed + games > 2**64:
        raise ValueError("seeds seed .. seed + games - 1 must fit in 64 bits")
    players = list(players)
    # Check the arguments before any task starts (an empty call validates them).
    _mj.selfplay_games([], players, rules, length)
    pa, pq = _pa()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("shard-*.parquet"):
        old.unlink()
    tasks = _tasks(games, seed, games_per_task)
    results: Dict[int, Dict[str, Any]] = {}
    t0 = time.perf_counter()
    init_seconds = 0.0

    def keep(t: int, res: Dict[str, Any]) -> None:
        (out / f"shard-{t:05d}.parquet").write_bytes(res.pop("parquet"))
        results[t] = res

    if workers == 0 and address is None:
        for t, first, seeds in tasks:
            keep(t, run_task(first, seeds, players, rules, length))
        backend = "process"
    else:
        import ray

        started = False
        if not ray.is_initialized():
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
            started = True
        if started and address is None:
            # Start the local workers (a process each, importing the engine and pyarrow) before
            # the clock of the play starts: their start-up is Ray's, not the games'.
            warm = ray.remote(num_cpus=1)(_warm_up)
            ray.get([warm.remote() for _ in range(workers)])
        init_seconds = time.perf_counter() - t0
        remote = ray.remote(num_cpus=1)(run_task)
        limit = workers if (address is not None and workers > 0) else len(tasks)
        pending: Dict[Any, int] = {}
        queue = list(tasks)
        try:
            while queue or pending:
                while queue and len(pending) < max(1, limit):
                    t, first, seeds = queue.pop(0)
                    pending[remote.remote(first, seeds, players, rules, length)] = t
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    keep(pending.pop(ref), ray.get(ref))
        finally:
            if started:
                ray.shutdown()
        backend = "ray" if address is None else f"ray:{address}"
    play_seconds = time.perf_counter() - t0 - init_seconds

    merged: Dict[str, list] = {k: [] for k in ("game_seed", "rounds") + GAME_FIELDS}
    for t in sorted(results):
        for k in merged:
            merged[k].extend(results[t]["games"][k])
    _write_games(pa, pq, out / "games.parquet", merged, len(players))
    stats = _summarise(merged, players)
    stats.update(rules=rules, length=length, players=players, first_seed=seed)
    (out / "stats.json").write_text(json.dumps(stats, indent=2) + "\n")
    rows = sum(r["rows"] for r in results.values())
    manifest = {
        "format": FORMAT,
        "engine": _mj.__version__,
        "rules": rules,
        "length": length,
        "players": players,
        "first_seed": seed,
        "games": games,
        "games_per_task": games_per_task,
        "rows": rows,
        "obs": {"dtype": "float16", "byteorder": "little", "shape": [PLANES, 34]},
        "mask": {"dtype": "uint8", "shape": [ACTIONS]},
        "shards": [
            {
                "file": f"shard-{t:05d}.parquet",
                "first_game": first,
                "games": len(seeds),
                "rows": results[t]["rows"],
            }
            for t, first, seeds in tasks
        ],
        "backend": backend,
        "workers": workers,
        "init_seconds": round(init_seconds, 3),
        "play_seconds": round(play_seconds, 3),
        "task_cpu_seconds": round(sum(r["cpu_seconds"] for r in results.values()), 3),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _write_games(pa, pq, path: Path, games: Dict[str, list], n: int) -> None:
    cols = {"seed": pa.array(games["game_seed"], pa.uint64()),
            "rounds": pa.array(games["rounds"], pa.int32())}
    for k in GAME_FIELDS:
        m = np.asarray(games[k]).reshape(-1, 4)[:, :n]
        typ = pa.float64() if k == "points" else pa.int64()
        cols[k] = pa.FixedSizeListArray.from_arrays(pa.array(m.reshape(-1), typ), n)
    pq.write_table(pa.table(cols), path, compression="zstd")


def read_table(path: os.PathLike | str):
    """Every shard of a dataset directory as one Arrow table, in canonical order (game seed,
    then decision)."""
    pa, pq = _pa()
    files = sorted(Path(path).glob("shard-*.parquet"))
    if not files:
        return schema().empty_table()
    return pa.concat_tables(pq.read_table(f) for f in files)


def load(path: os.PathLike | str) -> Dict[str, np.ndarray]:
    """A dataset as NumPy arrays: `obs` (D, PLANES, 34) float16, `mask` (D, ACTIONS) uint8, and
    one (D,) array per other column."""
    t = read_table(path)
    out: Dict[str, np.ndarray] = {}
    for name in t.column_names:
        col = t.column(name).combine_chunks()
        if name == "obs":
            buf = np.frombuffer(col.buffers()[1], dtype="<f2")
            out[name] = buf[col.offset * PLANES * 34 : (col.offset + len(col)) * PLANES * 34] \
                .reshape(-1, PLANES, 34)
        elif name == "mask":
            buf = np.frombuffer(col.buffers()[1], dtype=np.uint8)
            out[name] = buf[col.offset * ACTIONS : (col.offset + len(col)) * ACTIONS] \
                .reshape(-1, ACTIONS)
        else:
            out[name] = col.to_numpy(zero_copy_only=False)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m mj_engine.selfplay",
        description="Self-play between mj-bot players; Parquet shards, stats.json, manifest.json.",
    )
    p.add_argument("--games", type=int, required=True, help="number of games N")
    p.add_argument("--players", required=True,
                   help="comma-separated bot per seat (random, tsumogiri, efficiency, value, "
                        "value_untuned, defense, imitation); 3 names for sanma")
    p.add_argument("--rules", default="tenhou",
                   help="tenhou, mahjong_soul, sanma, sanma_mahjong_soul, sichuan")
    p.add_argument("--length", default="hanchan", help="hanchan, east, one")
    p.add_argument("--seed", type=int, default=0, help="game i plays seed SEED + i")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--address", default=None,
                   help="a Ray cluster to join: auto or ray://HOST:PORT (default: a local Ray)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="CPUs of the local Ray (0: no Ray, this process); with --address, "
                        "tasks in flight (0: all)")
    p.add_argument("--no-ray", action="store_true", help="same as --workers 0")
    p.add_argument("--games-per-task", type=int, default=16, help="games per Ray task (K)")
    a = p.parse_args(argv)
    workers = 0 if a.no_ray else a.workers
    if a.no_ray and a.address:
        p.error("--no-ray and --address exclude each other")
    try:
        m = run(a.games, [x.strip() for x in a.players.split(",") if x.strip()], a.out,
                rules=a.rules, length=a.length, seed=a.seed, workers=workers,
                games_per_task=a.games_per_task, address=a.address)
    except (ValueError, _mj.MjError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rate = m["rows"] / m["play_seconds"] if m["play_seconds"] > 0 else float("nan")
    print(f"{m['games']} games, {m['rows']} decisions, {len(m['shards'])} shards in {a.out} "
          f"({m['backend']}; init {m['init_seconds']:.1f} s, play {m['play_seconds']:.1f} s, "
          f"{rate:,.0f} decisions/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
