"""`mj bot` as an mjai bot in Mortal's libriichi arena (`mjai.mlibriichi.arena.Match` of the
PyPI package `mjai==0.2.1`, mjai.app's simulator): whole hanchan with four `mj bot`
processes, each fed the way mjai.app feeds a bot (`mjai.engine.DockerMjaiLogEngine`: the
events since its last answer as one JSON array a line, others' draws and hands as `"?"`, one
answer a line). Every reaction is checked with libriichi's `validate_reaction` before the
arena gets it, and the arena's log must hold no `ryukyoku` of reason `error`: 0 invalid
reactions, and 0 lines reported on the bots' stderr.

The `mj` binary is `$MJ_BIN` as in conftest.py. `MJ_BOT_GAMES` sets the hanchan played (4).
Skipped, and said so, when the `mjai` package is not installed (CI installs it).
"""

import gzip
import json
import os
import subprocess
import sys

import pytest

from conftest import REPO, need_mjai, _find_mj

need_mjai(
    "`mj bot` was not played against libriichi's arena",
    "mjai.mlibriichi.arena",
)
from mjai.mlibriichi.arena import Match  # noqa: E402

sys.path.insert(0, str(REPO / "tools" / "libriichi"))
from mj_bot_seat import MjBot  # noqa: E402

GAMES = int(os.environ.get("MJ_BOT_GAMES", "4"))
LINEUPS = [
    ["defense", "efficiency", "value", "random"],
    ["random", "random", "tsumogiri", "defense"],
    ["value", "defense", "random", "efficiency"],
    ["value_untuned", "random", "defense", "value"],
]


def test_mj_bot_plays_whole_hanchan_in_libriichi(tmp_path):
    stderr_path = tmp_path / "bots.stderr"
    reactions = 0
    with stderr_path.open("w") as stderr:
        for g in range(GAMES):
            lineup = LINEUPS[g % len(LINEUPS)]
            bots = [MjBot(_find_mj(), p, s, stderr) for s, p in enumerate(lineup)]
            Match(log_dir=str(tmp_path)).py_match(*bots, seed_start=(100 + g, 7))
            for b in bots:
                assert not b.invalid, f"game {g} {b.player}: invalid reactions {b.invalid[:3]}"
                reactions += b.reactions
    logs = sorted(tmp_path.glob("*.json.gz"))
    assert len(logs) == GAMES
    for log in logs:
        with gzip.open(log, "rt") as f:
            events = [json.loads(line) for line in f]
        errors = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert not errors, f"{log.name}: {errors}"
        assert events[-1]["type"] == "end_game"
    reported = stderr_path.read_text()
    assert reported == "", f"mj bot reported: {reported[:2000]}"
    assert reactions > 100 * GAMES


def test_mj_bot_events_format_answers_only_when_it_acts():
    """Mortal's framing: one event a line; the bot's draw is answered, others' events not."""
    exe = _find_mj()
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "W"]
    start = {
        "type": "start_kyoku", "bakaze": "E", "dora_marker": "1s", "kyoku": 1, "honba": 0,
        "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
        "tehais": [hand, ["?"] * 13, ["?"] * 13, ["?"] * 13],
    }
    lines = [
        {"type": "start_game", "names": ["a", "b", "c", "d"]},
        start,
        {"type": "tsumo", "actor": 0, "pai": "N"},
    ]
    text = "".join(json.dumps(e) + "\n" for e in lines)
    run = subprocess.run(
        [str(exe), "bot", "--format", "events", "--player", "tsumogiri", "0"],
        input=text, capture_output=True, text=True, check=True,
    )
    answers = run.stdout.splitlines()
    assert answers == ['{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}'], run.stderr
