"""`mj_engine.review`: one seat of a game log judged decision by decision, the same JSON as
`mj review --json -`; a real Tenhou Phoenix game when `../shared/logs` is there (skipped, and
said, when absent), a game `mj game` plays otherwise; errors raise `MjError` by kind."""

import json
import os
import subprocess
import warnings
from pathlib import Path

import pytest

import mj_engine

from conftest import REPO, _find_mj

LOGS = Path(os.environ.get("MJ_LOGS", REPO.parent / "shared" / "logs"))


@pytest.fixture(scope="module")
def own_game(tmp_path_factory):
    """A hanchan of four `defense` players as mjai JSON Lines (`mj game`)."""
    exe = _find_mj()
    out = subprocess.run(
        [str(exe), "game", "--seed", "3", "--rules", "tenhou", "--players", "defense"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    path = tmp_path_factory.mktemp("review") / "game.jsonl"
    path.write_text(out)
    return path


def cli_review(path, *args):
    exe = _find_mj()
    out = subprocess.run(
        [str(exe), "review", str(path), "--json", "-", *args],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    return json.loads(out)


def test_review_of_an_own_game_is_the_programs(own_game):
    r = mj_engine.review(str(own_game), seat=2, player="efficiency", rules="tenhou")
    assert r == cli_review(own_game, "--seat", "2", "--player", "efficiency", "--rules", "tenhou")
    assert r["version"] == 1 and r["seat"] == 2 and r["player"] == "efficiency"
    assert len(r["decisions"]) == r["summary"]["decisions"] > 50
    # The text and the bytes read as the path does.
    text = own_game.read_text()
    assert mj_engine.review(text, seat=2, player="efficiency", rules="tenhou") == r
    assert mj_engine.review(text.encode(), seat=2, player="efficiency", rules="tenhou") == r
    # defense reviewing defense's own game agrees everywhere.
    same = mj_engine.review(own_game, seat=1, rules="tenhou")
    assert same["summary"]["agreed"] == same["summary"]["decisions"]


def test_review_of_a_real_game():
    games = sorted((LOGS / "tenhou-phoenix-2020").glob("*-00b9-*.mjlog"))
    if not games:
        message = f"SKIPPED: {LOGS} is absent: no real game reviewed from Python"
        warnings.warn(message)
        pytest.skip(message)
    r = mj_engine.review(games[0], name=None, seat=1)
    assert r["players"] == 3 and r["format"] == "mjlog"
    assert r == cli_review(games[0], "--seat", "1")
    names = r["names"]
    by_name = mj_engine.review(str(games[0]), name=names[1])
    assert by_name == r


def test_errors_raise_by_kind(own_game, tmp_path):
    cases = [
        (dict(log="not a log at all\n"), "unreadable_log"),
        (dict(log=str(tmp_path / "missing.mjlog")), "unreadable_log"),
        (dict(log=own_game), "unsupported"),  # an mjai log that states no rules
        (dict(log=own_game, rules="tenhou", player="nobody"), "bad_request"),
        (dict(log=own_game, rules="tenhou", seat=7), "bad_request"),
        (dict(log=own_game, rules="tenhou", rounds=["W4"]), "bad_request"),
        (dict(log=own_game, rules="tenhou", seat=0, name="x"), "bad_request"),
        (dict(log=own_game, max_bytes=10), "too_large"),
    ]
    for kwargs, kind in cases:
        with pytest.raises(mj_engine.MjError) as e:
            mj_engine.review(**kwargs)
        assert e.value.kind == kind, (kwargs, e.value.message)
    cut = "".join(own_game.read_text().splitlines(keepends=True)[:200])
    with pytest.raises(mj_engine.MjError) as e:
        mj_engine.review(cut, rules="tenhou")
    assert e.value.kind == "round" and "cut off" in e.value.message
