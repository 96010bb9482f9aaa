"""`mj replay` on logs written by Mortal's libriichi arena (`mjai.mlibriichi.arena.Match` of the
PyPI package `mjai==0.2.1`, mjai.app's simulator): fresh hanchan are played there by the
players of `tools/libriichi/arena_logs.py` and written as gzipped mjai JSON Lines, and every
one must replay with 0 mismatches: every action legal, each `hora`'s and `ryukyoku`'s changes,
the next deal after each round and the scores the match ends with. The same logs without the
arena's `seed` state no rules: refused by name, and replayed under `--rules tenhou`.

Skipped, and said so, when the `mjai` package is not installed (CI installs it).
"""

import gzip
import json
import re
import subprocess
import sys

import pytest

from conftest import need_mjai, REPO, _find_mj

need_mjai(
    "no libriichi arena log was replayed",
    "mjai.mlibriichi.arena",
)
import mjai.mlibriichi.arena  # noqa: F401

GAMES = 6


@pytest.fixture(scope="module")
def arena_logs(tmp_path_factory):
    """Fresh libriichi arena logs (gzipped), one per hanchan."""
    out = tmp_path_factory.mktemp("libriichi")
    sys.path.insert(0, str(REPO / "tools" / "libriichi"))
    import arena_logs

    arena_logs.main([str(out), "--games", str(GAMES), "--seed", "7"])
    logs = sorted(out.glob("*.json.gz"))
    assert len(logs) == GAMES
    return logs


def replay(args):
    exe = _find_mj()
    return subprocess.run([str(exe), "replay", *map(str, args)], capture_output=True, text=True)


def summary(out):
    """The numbers of `mj replay`'s summary line."""
    last = out.strip().splitlines()[-1]
    m = re.search(
        r"(\d+) files replayed \((\d+) unsupported\), (\d+) rounds, (\d+) actions; checked "
        r"(\d+) results, (\d+) next rounds, (\d+) final scores, (\d+) final points; "
        r"(\d+) mismatches",
        last,
    )
    assert m, last
    keys = "files unsupported rounds actions results next finals points mismatches".split()
    return dict(zip(keys, map(int, m.groups())))


def test_libriichi_arena_logs_replay_without_mismatch(arena_logs):
    r = replay(arena_logs)
    assert r.returncode == 0, r.stdout + r.stderr
    s = summary(r.stdout)
    print(r.stdout.strip().splitlines()[-1])
    assert s["files"] == GAMES and s["unsupported"] == 0 and s["mismatches"] == 0
    assert s["rounds"] >= 4 * GAMES and s["results"] == s["rounds"], s
    # Every game's end is checked unless a named libriichi difference stopped it.
    known = r.stdout.count("known difference:")
    assert s["finals"] + known >= GAMES, r.stdout
    # The arena writes its seed: the report says whose rules it replayed under.
    assert "libriichi" not in r.stderr


def test_a_log_without_its_rules_is_refused_then_replayed_under_a_preset(arena_logs, tmp_path):
    lines = gzip.decompress(arena_logs[0].read_bytes()).decode().splitlines()
    first = json.loads(lines[0])
    assert first["type"] == "start_game" and "seed" in first
    del first["seed"]
    plain = tmp_path / "seedless.jsonl"
    plain.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    r = replay([plain])
    assert r.returncode == 1
    assert "unsupported: the log does not state its rules" in r.stdout, r.stdout
    r = replay(["--rules", "tenhou", plain])
    assert r.returncode == 0, r.stdout + r.stderr
    assert summary(r.stdout)["mismatches"] == 0
    r = replay(["--rules", "sichuan", plain])
    assert r.returncode == 1 and "the log is a riichi game" in r.stdout, r.stdout


def test_libriichi_arena_logs_are_reviewed_from_every_seat(arena_logs):
    import mj_engine

    for log in arena_logs:
        for seat in range(4):
            r = mj_engine.review(log, seat=seat)
            assert r["format"] == "mjai" and r["rules"], log
            assert r["summary"]["decisions"] == len(r["decisions"]) > 20, (log, seat)
