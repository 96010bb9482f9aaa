"""The mjai.app submission (`mj bot --package OUT.zip --player NAME`) run the way mjai.app runs
it: the zip unpacked with `unzip -q` (Python's zipfile when there is no `unzip`, which drops the
file modes: bot.py must cope), `python -u bot.py PLAYER_ID` started in that directory for each
seat, and whole hanchan played in libriichi's arena (`mjai.mlibriichi.arena.Match` of PyPI's
`mjai==0.2.1`, mjai.app's simulator) through mjai.app's own engine class
(`mjai.engine.DockerMjaiLogEngine`: the batching of events, the masking, `start_game`,
`end_kyoku`, `end_game`), with the checks of its player client (`mjai.player.MjaiPlayerClient`:
2 s per answer, 10 s for `start_game` and a round's first question, no `none` to the bot's own
draw). Every reaction is also checked with libriichi's `validate_reaction`, and the arena's logs
must hold no `ryukyoku` of reason `error`: 0 invalid reactions.

The `mj` binary is `$MJ_BIN` as in conftest.py (the debug build in CI: the package is made by
whichever build runs it). `MJAI_APP_GAMES` sets the hanchan played (2).
Skipped, and said so, when the `mjai` package is not installed (CI installs it).
"""

import gzip
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import zipfile

import pytest

from conftest import need_mjai, _find_mj

need_mjai(
    "the mjai.app package was not played",
    "mjai.engine", "mjai.mlibriichi.arena",
)
from mjai.engine import DockerMjaiLogEngine  # noqa: E402
from mjai.mlibriichi.arena import Match  # noqa: E402

GAMES = int(os.environ.get("MJAI_APP_GAMES", "2"))
TIMEOUT = 2.0  # mjai.app's per-answer timeout (mjai.game.Simulator)
START_TIMEOUT = 10.0  # for start_game and start_kyoku (mjai.player.MjaiPlayerClient.react)


class BotProcess:
    """The submission as mjai.app's player client drives it, minus docker and HTTP: one
    `python -u bot.py PLAYER_ID` process, one line in, one line out."""

    def __init__(self, workdir, player_id, stderr):
        self.player_id = player_id
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "bot.py", str(player_id)],
            cwd=workdir,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.problems = []

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.decode("utf8").strip())
        self.lines.put(None)

    def react(self, events):
        parsed = json.loads(events)
        timeout = START_TIMEOUT if parsed[0]["type"] in ("start_game", "start_kyoku") else TIMEOUT
        self.proc.stdin.write((events + "\n").encode("utf8"))
        self.proc.stdin.flush()
        try:
            out = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.problems.append(f"no answer within {timeout} s to {events[-200:]}")
            return '{"type":"none"}'
        if out is None:
            self.problems.append(f"the bot exited before answering {events[-200:]}")
            return '{"type":"none"}'
        last = parsed[-1]
        if last["type"] == "tsumo" and last["actor"] == self.player_id:
            if json.loads(out)["type"] == "none":
                self.problems.append(f"`none` to its own draw: {events[-200:]}")
        return out

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


class Seat(DockerMjaiLogEngine):
    """mjai.app's engine for a submission, each reaction also checked by libriichi."""

    def __init__(self, player_id, player):
        super().__init__(name=str(player_id), player=player)
        self.invalid = []
        self.reactions = 0

    def react_batch(self, game_states):
        answers = super().react_batch(game_states)
        for gs, answer in zip(game_states, answers):
            self.reactions += 1
            try:
                gs.state.validate_reaction(answer)
            except Exception as e:  # noqa: BLE001 - libriichi says why in a string
                self.invalid.append((answer, str(e).splitlines()[0]))
        return answers


def unpack(zip_path, into):
    into.mkdir()
    if shutil.which("unzip"):
        subprocess.run(["unzip", "-q", str(zip_path)], cwd=into, check=True)
    else:
        zipfile.ZipFile(zip_path).extractall(into)


def test_the_package_plays_whole_hanchan_as_mjai_app_runs_it(tmp_path):
    exe = _find_mj()
    package = tmp_path / "submission.zip"
    made = subprocess.run(
        [str(exe), "bot", "--package", str(package), "--player", "defense"],
        capture_output=True, text=True, check=True,
    )
    assert "submission.zip" in made.stdout, made.stdout
    size = package.stat().st_size
    assert 0 < size <= 300 * 1000 * 1000, size
    names = sorted(zipfile.ZipFile(package).namelist())
    assert names == ["bot.py", "mj"], names

    work = tmp_path / "workspace"
    unpack(package, work)
    # Also from a copy unpacked without the file modes (Python's zipfile): bot.py restores them.
    bare = tmp_path / "bare"
    zipfile.ZipFile(package).extractall(bare)

    stderr_path = tmp_path / "bots.stderr"
    logs = tmp_path / "logs"
    logs.mkdir()
    reactions = 0
    with stderr_path.open("w") as stderr:
        for g in range(GAMES):
            where = work if g % 2 == 0 else bare
            procs = [BotProcess(where, pid, stderr) for pid in range(4)]
            seats = [Seat(pid, p) for pid, p in enumerate(procs)]
            Match(log_dir=str(logs)).py_match(*seats, seed_start=(300 + g, 11))
            for s, p in zip(seats, procs):
                assert not s.invalid, f"game {g} seat {s.name}: invalid {s.invalid[:3]}"
                assert not p.problems, f"game {g} seat {s.name}: {p.problems[:3]}"
                assert p.close() == 0
                reactions += s.reactions
    played = sorted(logs.glob("*.json.gz"))
    assert len(played) == GAMES
    for log in played:
        with gzip.open(log, "rt") as f:
            events = [json.loads(line) for line in f]
        errors = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
        assert not errors, f"{log.name}: {errors}"
        assert events[-1]["type"] == "end_game"
    reported = stderr_path.read_text()
    assert reported == "", f"the bots reported: {reported[:2000]}"
    assert reactions > 100 * GAMES
    print(f"mjai.app package: {size} bytes; {GAMES} hanchan, {reactions} reactions, 0 invalid")
