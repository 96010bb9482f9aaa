"""Our event streams through Mortal's libriichi (`mjai.mlibriichi.state.PlayerState` of the
PyPI package `mjai==0.2.1`, mjai.app's simulator), seat by seat, as a bot sees them.

The streams: seeded `mj game`s of the four-player presets (random players, so every kind of
action comes up, and the rule bots; libriichi plays no three-player game), with `--legal`'s
line before each decision (the seat asked and its legal actions), and the engine's events for
every four-player real Tenhou game in `../shared/logs` (`mj replay --mjai`; `$MJ_LOGS`
overrides the folder, and the test says so when it is absent). Each seat's `PlayerState` is fed
the events the way mjai.app masks them (others' draws and dealt hands as `"?"`):

* every action of that seat (discard, riichi, chi, pon, kans, wins, nine-terminals draw) must
  pass `validate_reaction` where it was decided: after the events before it, and before the
  announcements libriichi's arena broadcasts once the reactions are in (another seat's `hora`,
  `reach_accepted`, the `dora` of the seat's own kan before its discard or next kan), as
  mjai.app batches them;
* the order is libriichi's: an open or added kan's `dora` never follows a `dahai`;
* under `--rules libriichi` (Tenhou's rules, where three rons do not abort: libriichi's arena),
  at every decision our legal actions for each seat equal libriichi's `last_cans` (discard and
  the kinds that may go, chi low/mid/high, pon, open/closed/added kan and their kinds, riichi,
  tsumo, ron, nine-terminals draw, pass), and every seat libriichi lets act is asked. The one
  difference of form: our riichi is one decision with its discard, libriichi asks the `reach`
  and then the discard (whose tile it leaves to the bot), so the seat's labels after its
  `reach` must be only `discard`. libriichi's other rule difference, tenhou and chiihou as one
  yakuman alone, changes no legal action.

Skipped, and said so, when the `mjai` package is not installed (CI installs it).
"""

import json
import os
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import need_mjai, REPO, _find_mj

need_mjai(
    "no event stream was checked against libriichi",
    "mjai.mlibriichi.state",
)
from mjai.mlibriichi.state import PlayerState  # noqa: E402

# Seeded games per line-up; MJ_LIBRIICHI_GAMES raises it for a longer run.
GAMES = int(os.environ.get("MJ_LIBRIICHI_GAMES", "10"))
LINEUPS = ["random", "random,efficiency,defense,value", "value,random"]
# Events libriichi's arena broadcasts after the reactions to the event before them (and a
# kan's `dora` when the kanner acts next: see `kanner_acts_next`).
ANNOUNCEMENTS = ("reach_accepted", "hora")
ACTIONS = ("dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora")
HONORS = ["E", "S", "W", "N", "P", "F", "C"]


def kind(tile):
    """The kind (0..34) of an mjai tile name (a red five as its five)."""
    if tile in HONORS:
        return 27 + HONORS.index(tile)
    return "mps".index(tile[1]) * 9 + int(tile[0]) - 1


def game(rules, seed, players, length="east"):
    """`mj game --legal`'s lines: events and `{"legal": ...}` decisions."""
    out = subprocess.run(
        [
            str(_find_mj()),
            "game",
            "--rules",
            rules,
            "--seed",
            str(seed),
            "--length",
            length,
            "--players",
            players,
            "--legal",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def seen_by(seat, ev):
    """The event as mjai.app shows it to `seat`: others' draws and dealt hands hidden."""
    t = ev["type"]
    if t == "tsumo" and ev["actor"] != seat:
        return {**ev, "pai": "?"}
    if t == "start_kyoku":
        tehais = [h if s == seat else ["?"] * 13 for s, h in enumerate(ev["tehais"])]
        return {**ev, "tehais": tehais}
    return ev


def reaction(ev):
    """The reaction a bot sends for one of its actions (libriichi's fields only)."""
    t = ev["type"]
    if t == "hora":
        return {"type": "hora", "actor": ev["actor"], "target": ev["target"]}
    if t == "ryukyoku":
        return {"type": "ryukyoku"}
    return ev


def ours(actions, offered):
    """Our legal actions (`mj game --legal`'s text) as the labels of libriichi's `last_cans`,
    with the kinds of closed and added kans. `offered` is the tile on offer (a discard)."""
    labels, ankan, kakan, discards = set(), set(), set(), set()
    for a in actions:
        word, *tiles = a.split(" ")
        if word == "discard":
            labels.add("discard")
            discards.add(kind(tiles[0]))
        elif word == "riichi":
            labels.add("riichi")
        elif word == "tsumo":
            labels.add("tsumo")
        elif word == "ron":
            labels.add("ron")
        elif word == "pass":
            labels.add("pass")
        elif word == "pon":
            labels.add("pon")
        elif word == "minkan":
            labels.add("daiminkan")
        elif word == "ankan":
            labels.add("ankan")
            ankan.add(kind(tiles[0]))
        elif word == "kakan":
            labels.add("kakan")
            kakan.add(kind(tiles[0]))
        elif word == "nine":
            labels.add("ryukyoku")
        elif word == "chi":
            low = min(kind(t) for t in tiles)
            called = kind(offered)
            labels.add("chi_low" if called < low else "chi_high" if called > low + 1 else "chi_mid")
        else:
            raise AssertionError("unknown action %r" % a)
    return labels, ankan, kakan, discards


def theirs(st):
    """libriichi's `last_cans` of a `PlayerState` as labels, with its kan candidates."""
    c = st.last_cans
    flags = {
        "discard": c.can_discard,
        "riichi": c.can_riichi,
        "tsumo": c.can_tsumo_agari,
        "ron": c.can_ron_agari,
        "pass": c.can_pass,
        "pon": c.can_pon,
        "daiminkan": c.can_daiminkan,
        "ankan": c.can_ankan,
        "kakan": c.can_kakan,
        "ryukyoku": c.can_ryukyoku,
        "chi_low": c.can_chi_low,
        "chi_mid": c.can_chi_mid,
        "chi_high": c.can_chi_high,
    }
    labels = {k for k, v in flags.items() if v}
    ankan = set(st.ankan_candidates()) if c.can_ankan else set()
    kakan = set(st.kakan_candidates()) if c.can_kakan else set()
    # The kinds it may discard: after riichi the tile drawn, else what the hand holds but
    # the kinds a call forbids (swap-calling).
    discards = set()
    if c.can_discard:
        if st.self_riichi_accepted:
            discards = {kind(st.last_self_tsumo())}
        else:
            forbidden = st.forbidden_tiles
            discards = {k for k, n in enumerate(st.tehai) if n and not forbidden[k]}
    return labels, {kind(t) for t in ankan}, {kind(t) for t in kakan}, discards


def sets(counts, groups):
    """Whether the counts (34 kinds) are exactly `groups` runs and triplets."""
    if groups == 0:
        return not any(counts)
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return False
    if counts[i] >= 3:
        counts[i] -= 3
        ok = sets(counts, groups - 1)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = sets(counts, groups - 1)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        return ok
    return False


def winning_shape(counts):
    """Whether concealed counts of 3n+2 tiles are a win's shape (sets and a pair, seven
    distinct pairs, thirteen orphans)."""
    total = sum(counts)
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = sets(counts, (total - 2) // 3)
            counts[p] += 2
            if ok:
                return True
    if total == 14:
        if sum(1 for n in counts if n == 2) == 7:
            return True
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        if all(counts[t] for t in orphans) and sum(counts[t] for t in orphans) == 14:
            return True
    return False


def karaten_riichi(st):
    """libriichi's riichi that the engine refuses by design: every ready discard leaves only
    waits the hand holds all four of (純カラ; Tenhou does not let such a hand riichi)."""
    hand = list(st.tehai)
    live_wait = empty_wait = False
    for d in range(34):
        if not hand[d]:
            continue
        hand[d] -= 1
        for k in range(34):
            hand[k] += 1
            if winning_shape(hand):
                if hand[k] <= 4:
                    live_wait = True
                else:
                    empty_wait = True
            hand[k] -= 1
        hand[d] += 1
    return empty_wait and not live_wait


# Where libriichi's rules are not the engine's (Tenhou's) by design, seen in legal actions:
# the rule, and the test of a difference it explains (the seat's state, our labels, libriichi's).
BY_DESIGN = {
    "riichi on a wait the hand holds all four of (純カラ): libriichi offers it, Tenhou does not": (
        lambda st, mine, theirs_now: theirs_now[0] - mine[0] == {"riichi"}
        and mine[0] == theirs_now[0] - {"riichi"}
        and mine[1:] == theirs_now[1:]
        and karaten_riichi(st)
    ),
}


def by_design(st, mine, theirs_now):
    """The name of the by-design rule difference that explains this one, if any."""
    for name, case in BY_DESIGN.items():
        if case(st, mine, theirs_now):
            return name
    return None


def play_through(lines, stats):
    """Feeds one game's lines to four `PlayerState`s; returns the differences found."""
    states = [None] * 4
    buffered = []  # announcements not yet applied
    asked = {}  # seat -> our labels since the last event applied
    offered = None  # the last discard or added kan's tile
    turn = None  # the seat that drew last
    reached = None  # the seat whose `reach` was just applied
    kanner = None  # the seat that declared the last kan
    diffs = []
    prev = None
    for n, line in enumerate(lines):
        where = "line %d" % (n + 1)
        if "legal" in line:
            seat = line["legal"]["actor"]
            mine = ours(line["legal"]["actions"], offered)
            theirs_now = theirs(states[seat])
            asked[seat] = mine
            stats["decisions"] += 1
            if mine != theirs_now:
                rule = by_design(states[seat], mine, theirs_now)
                if rule:
                    stats["by design: " + rule] += 1
                else:
                    diffs.append((where, seat, line["legal"]["actions"], mine, theirs_now))
            continue
        ev = line
        t = ev["type"]
        if t == "start_game":
            states = [PlayerState(s) for s in range(4)]
            continue
        if t == "dora":
            assert prev is None or prev["type"] != "dahai", "%s: a dora after a discard" % where
        prev = ev
        # An action: valid for its seat where it was decided.
        actor = ev.get("actor")
        if t == "ryukyoku" and ev.get("reason") == "nine_terminals":
            actor = turn
        if actor is not None and (t in ACTIONS or t == "ryukyoku"):
            try:
                states[actor].validate_reaction(json.dumps(reaction(ev)))
            except Exception as e:  # libriichi's refusal, with where it happened
                raise AssertionError("%s: seat %d may not %s: %s" % (where, actor, ev, e)) from e
            stats["actions"] += 1
            stats[t] += 1
        if t in ANNOUNCEMENTS or (t == "dora" and kanner_acts_next(lines, n, kanner)):
            buffered.append(ev)
            continue
        if t == "end_game":
            continue
        # Every seat libriichi lets act at this point was asked. Our riichi is one decision
        # (`riichi 4m`): libriichi asks the `reach` and then its discard.
        if reached is not None:
            # After its `reach` libriichi leaves the discard free (the bot keeps the hand
            # ready): the riichi discards are compared as ours were checked, by the action.
            labels = theirs(states[reached])[0]
            if labels != {"discard"}:
                diffs.append((where, reached, "after reach", {"discard"}, labels))
            asked[reached] = None
            reached = None
        for s in range(4):
            if s not in asked and states[s].last_cans.can_act:
                diffs.append((where, s, None, set(), theirs(states[s])))
        for e in buffered + [ev]:
            for s in range(4):
                states[s].update(json.dumps(seen_by(s, e)))
        buffered = []
        asked = {}
        if t == "tsumo":
            turn = ev["actor"]
        if t == "reach":
            reached = ev["actor"]
        if t in ("dahai", "kakan"):
            offered = ev["pai"]
        if t in ("daiminkan", "kakan", "ankan"):
            kanner = ev["actor"]
    return diffs


def kanner_acts_next(lines, n, kanner):
    """Whether the next event after line `n` other than a `dora` is an action of the seat
    that declared the last kan: then the `dora` at `n` is libriichi's announcement after that
    seat's reaction (its discard, or its next kan), not something the seat saw before it."""
    for line in lines[n + 1 :]:
        if "legal" in line or line["type"] == "dora":
            continue
        return line["type"] in ACTIONS and line.get("actor") == kanner
    return False


def kan_cases(lines, stats):
    """Counts the kan cases a game's events show: each kind, consecutive kans (a kan by the
    seat that just drew a replacement tile), wins on a replacement tile, robbed added kans."""
    evs = [e for e in lines if "legal" not in e and e["type"] != "dora"]
    kans = ("daiminkan", "kakan", "ankan")
    for i, e in enumerate(evs):
        t = e["type"]
        if t in kans and i >= 2 and evs[i - 1]["type"] == "tsumo" and evs[i - 2]["type"] in kans:
            stats["consecutive kans"] += 1
        if t == "hora" and e["actor"] == e["target"] and evs[i - 2]["type"] in kans:
            stats["rinshan wins"] += 1
        if t == "hora" and evs[i - 1]["type"] == "kakan" or (
            t == "hora" and evs[i - 1]["type"] == "hora" and evs[i - 2]["type"] == "kakan"
        ):
            stats["robbed kans"] += 1


def run(rules, first_seed, games, legal):
    """`games` seeded games per line-up (every third a hanchan) through libriichi; with
    `legal`, no difference of legal actions allowed."""
    stats = Counter()
    diffs = []
    for lineup in LINEUPS:
        for seed in range(first_seed, first_seed + games):
            length = "hanchan" if seed % 3 == 0 else "east"
            lines = game(rules, seed, lineup, length)
            stats["games"] += 1
            kan_cases(lines, stats)
            for d in play_through(lines, stats):
                diffs.append((rules, lineup, seed) + d)
    print(
        "\n%s: %d games, %d decisions, %d actions validated; %s"
        % (
            rules,
            stats["games"],
            stats["decisions"],
            stats["actions"],
            ", ".join(
                "%d %s" % (stats[k], k)
                for k in (
                    "daiminkan",
                    "kakan",
                    "ankan",
                    "consecutive kans",
                    "rinshan wins",
                    "robbed kans",
                    "hora",
                )
            ),
        )
    )
    if legal:
        for k, v in stats.items():
            if k.startswith("by design: "):
                print("%d decisions differ by design, %s" % (v, k))
        for d in diffs[:20]:
            print(d)
        assert not diffs, "%d legal-action differences" % len(diffs)
    return stats


@pytest.mark.parametrize("rules,first_seed", [("tenhou", 1000), ("mahjong_soul", 2000)])
def test_our_streams_pass_libriichi_seat_by_seat(rules, first_seed):
    """Every action valid for libriichi where it was decided, dora in libriichi's place (the
    four-player presets: libriichi plays no three-player game)."""
    stats = run(rules, first_seed, max(1, GAMES // 2), legal=False)
    assert stats["actions"] > 1000 and stats["daiminkan"] + stats["kakan"] > 0, stats


def test_legal_actions_equal_libriichi_last_cans():
    """Under libriichi's rules (`mj game --rules libriichi`: Tenhou's, where three rons do
    not abort), every decision's legal actions are libriichi's."""
    stats = run("libriichi", 3000, GAMES, legal=True)
    assert stats["decisions"] > 10000 and stats["daiminkan"] + stats["kakan"] > 5, stats


LOGS = Path(os.environ.get("MJ_LOGS", REPO.parent / "shared" / "logs"))
REAL = ["tenhou-phoenix-2020", "mjx/mjlog", "mjx/mjscore", "tenhou6", "corner-cases"]


def test_real_games_pass_libriichi_seat_by_seat():
    """Real Tenhou games, replayed by `mj replay --mjai`: the engine's own events for them
    (every kan of every kind, rinshan wins, robbed kans) through libriichi seat by seat."""
    if not LOGS.is_dir():
        pytest.skip("SKIPPED: no real logs at %s (set MJ_LOGS)" % LOGS)
    files = sorted(str(f) for d in REAL for f in (LOGS / d).glob("*") if f.is_file())
    out = subprocess.run(
        [str(_find_mj()), "replay", "--mjai", *files], capture_output=True, text=True
    ).stdout
    games, game_lines = [], None
    for line in out.splitlines():
        ev = json.loads(line)
        if ev["type"] == "start_game":
            game_lines = []
            games.append(game_lines)
        game_lines.append(ev)
    stats = Counter()
    for lines in games:
        starts = [e for e in lines if e["type"] == "start_kyoku"]
        if any(e["tehais"][3] == ["?"] * 13 for e in starts):
            stats["three-player games left out"] += 1
            continue
        stats["games"] += 1
        kan_cases(lines, stats)
        play_through(lines, stats)
    print("\nreal games through libriichi: %s" % dict(stats))
    assert stats["games"] > 300 and stats["robbed kans"] > 0 and stats["rinshan wins"] > 0, stats
