"""Shared fixtures: the `mj` program to compare with, and seeded random hands.

The `mj` binary is `$MJ_BIN`, else `target/release/mj` or `target/debug/mj` under the repository
(`$CARGO_TARGET_DIR` first), else it is built with `cargo build -p mj-cli`.
"""

import importlib
import json
import os
import random
import subprocess
import warnings
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def need_mjai(what, *modules):
    """Skips the calling test module, and says so in a warning, when PyPI's `mjai` 0.2.1
    (Mortal's libriichi, mjai.app's engine) is not installed; CI installs it. `what` says what
    goes unchecked; `modules` are the parts of mjai the module uses."""
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:
        message = (
            f"SKIPPED: the mjai package (libriichi, mjai.app's engine) is not installed, so {what}: "
            "pip install --no-deps mjai==0.2.1 loguru requests"
        )
        warnings.warn(message, stacklevel=2)
        pytest.skip(message, allow_module_level=True)


def _find_mj():
    if os.environ.get("MJ_BIN"):
        return Path(os.environ["MJ_BIN"])
    targets = [Path(os.environ["CARGO_TARGET_DIR"])] if os.environ.get("CARGO_TARGET_DIR") else []
    targets.append(REPO / "target")
    for target in targets:
        for profile in ("release", "debug"):
            exe = target / profile / "mj"
            if exe.is_file():
                return exe
    subprocess.run(["cargo", "build", "-p", "mj-cli"], cwd=REPO, check=True)
    return _find_mj_built(targets)


def _find_mj_built(targets):
    for target in targets:
        exe = target / "debug" / "mj"
        if exe.is_file():
            return exe
    raise RuntimeError("cargo build -p mj-cli made no target/debug/mj")


@pytest.fixture(scope="session")
def mj_batch():
    """Answers a list of request dicts with one run of `mj batch`; returns the answer dicts."""
    exe = _find_mj()

    def run(requests):
        lines = "".join(json.dumps(r) + "\n" for r in requests)
        out = subprocess.run(
            [str(exe), "batch"], input=lines.encode(), capture_output=True, check=True
        ).stdout.decode()
        answers = [json.loads(line) for line in out.splitlines()]
        assert len(answers) == len(requests)
        return answers

    return run


def random_counts(rng, n):
    """`n` tiles drawn from a shuffled 136-tile set, as 34 counts."""
    ids = rng.sample(range(136), n)
    counts = [0] * 34
    for i in ids:
        counts[i // 4] += 1
    return counts


def dense_counts(rng, n):
    """`n` tiles from a few kinds (many pairs, triplets and quads): hands near a win."""
    kinds = rng.sample(range(34), rng.randint(3, 9))
    counts = [0] * 34
    while sum(counts) < n:
        k = rng.choice(kinds)
        if counts[k] < 4:
            counts[k] += 1
        elif all(counts[j] == 4 for j in kinds):
            kinds.append(rng.choice([j for j in range(34) if j not in kinds]))
    return counts


SUITS = "mpsz"


def mpsz(counts):
    """34 counts in mpsz notation (the protocol's reading of them)."""
    out = []
    for s, suit in enumerate(SUITS):
        ranks = 7 if suit == "z" else 9
        digits = "".join(str(r + 1) * counts[s * 9 + r] for r in range(ranks))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def tile_name(kind):
    return "%d%s" % (kind % 9 + 1, SUITS[kind // 9])


@pytest.fixture
def rng(request):
    """A `random.Random` seeded from the test's name (and `$MJ_PY_SEED`, default 1)."""
    return random.Random("%s/%s" % (os.environ.get("MJ_PY_SEED", "1"), request.node.name))
