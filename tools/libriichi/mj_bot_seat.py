"""One seat of Mortal's libriichi arena (`mjai.mlibriichi.arena.Match` of PyPI `mjai` 0.2.1)
played by an `mj bot PLAYER_ID` process, fed as mjai.app feeds a bot
(`mjai.engine.DockerMjaiLogEngine`): the events since its last answer as one JSON array a line,
others' draws and hands as `"?"`, one answer a line. Every answer is checked with libriichi's
`validate_reaction` (`invalid` lists the refused ones) and timed from the arena's side, through
the pipe (`micros`).

Used by crates/mj-py/tests/test_mj_bot.py and tools/libriichi/search_arena.py.
"""

import json
import subprocess
import time


class MjBot:
    """A seat in the form `Match.py_match` calls."""

    engine_type = "mjai-log"

    def __init__(self, exe, player, seat, stderr):
        self.exe = str(exe)
        self.name = player
        self.player = player
        self.seat = seat
        self.stderr = stderr
        self.player_ids = []
        self.proc = None
        self.sent = 0
        self.invalid = []
        self.reactions = 0
        self.micros = []

    def spawn(self, seat):
        self.proc = subprocess.Popen(
            [self.exe, "bot", "--player", self.player, "--seed", str(seat), str(seat)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
        )

    def ask(self, events):
        self.proc.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, f"mj bot ({self.player}) closed its output"
        return line.strip()

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def start_game(self, game_idx):
        self.spawn(self.player_ids[game_idx])
        self.ask([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": game_idx}])

    def end_kyoku(self, game_idx):
        self.ask([{"type": "end_kyoku"}])
        self.sent = 0

    def end_game(self, game_idx, scores):
        self.ask([{"type": "end_game"}])
        self.proc.stdin.close()
        assert self.proc.wait(timeout=30) == 0

    def react_batch(self, game_states):
        out = []
        for gs in game_states:
            me = self.player_ids[gs.game_index]
            events = json.loads(gs.events_json)
            if self.sent > len(events):
                self.sent = 0
            batch = []
            for ev in events[self.sent :]:
                if ev["type"] == "tsumo" and ev["actor"] != me:
                    ev["pai"] = "?"
                if ev["type"] == "start_kyoku":
                    ev["tehais"] = [t if s == me else ["?"] * 13 for s, t in enumerate(ev["tehais"])]
                batch.append(ev)
            self.sent = len(events)
            started = time.perf_counter()
            answer = self.ask(batch)
            if json.loads(answer).get("type") != "none":
                self.micros.append(int((time.perf_counter() - started) * 1e6))
            self.reactions += 1
            try:
                gs.state.validate_reaction(answer)
            except Exception as e:  # noqa: BLE001 - libriichi says why in a string
                self.invalid.append((answer, str(e).splitlines()[0], batch[-3:]))
            out.append(answer)
        return out
