"""Real libriichi arena logs to replay: hanchan played in Mortal's libriichi arena
(`mjai.mlibriichi.arena.Match` of the PyPI package `mjai==0.2.1`, the simulator of mjai.app),
written by the arena itself as gzipped mjai JSON Lines, one file per game.

    python tools/libriichi/arena_logs.py OUT_DIR [--games N] [--seed S]

The four seats are simple players written here (no strength intended): each wins whenever
it may, declares riichi, kans, pons and chis with its own appetite, aborts with nine terminals
when offered, and otherwise discards its least connected tile. Like Mortal, they keep to what
libriichi's `validate_reaction` does not check itself: the tiles a call takes are in the hand
(a plain five is not the red one), no swap-calling discard (`forbidden_tiles`), and after
riichi only a discard that keeps the hand ready. Every reaction is then checked with
`validate_reaction` before it is sent, so the arena never refuses one. The seeds make the
games repeatable: game `i` plays the arena's seed `(S + i, S)`.

`mj replay OUT_DIR/*.json.gz` replays them (crates/mj-py/tests/test_libriichi_logs.py does).
"""

import argparse
import json
import random
import sys
from pathlib import Path

from mjai.mlibriichi.arena import Match

HONORS = ["E", "S", "W", "N", "P", "F", "C"]


def name(kind, red=False):
    """The mjai name of a tile kind (0..34)."""
    if kind >= 27:
        return HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


def kind_of(tile):
    """The kind (0..34) of an mjai tile name."""
    if tile in HONORS:
        return 27 + HONORS.index(tile)
    return "mps".index(tile[1]) * 9 + int(tile[0]) - 1


def hand_tiles(state):
    """The concealed tiles as mjai names (a red five once, as `5mr`)."""
    out = []
    for k, n in enumerate(state.tehai):
        red = k in (4, 13, 22) and state.akas_in_hand[k // 9]
        for i in range(n):
            out.append(name(k, red and i == 0))
    return out


def variants(kinds, state):
    """Every way to take tiles of these kinds from the hand (a five with or without the red),
    each a sub-multiset of the hand."""
    held = hand_tiles(state)
    options = [[]]
    for k in kinds:
        red = k in (4, 13, 22) and state.akas_in_hand[k // 9]
        names = [name(k), name(k, True)] if red else [name(k)]
        options = [o + [n] for o in options for n in names]
    out = []
    for o in options:
        left = list(held)
        try:
            for n in o:
                left.remove(n)
        except ValueError:
            continue
        if sorted(o) not in [sorted(x) for x in out]:
            out.append(o)
    return out


def complete(counts, groups):
    """Whether `counts` (34 kinds) is `groups` sets (runs or triplets) exactly."""
    if groups == 0:
        return not any(counts)
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return False
    if counts[i] >= 3:
        counts[i] -= 3
        ok = complete(counts, groups - 1)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = complete(counts, groups - 1)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        return ok
    return False


def wins(counts):
    """Whether a concealed part of 3n+2 tiles (its melds set apart) is a winning shape."""
    total = sum(counts)
    groups = (total - 2) // 3
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = complete(counts, groups)
            counts[p] += 2
            if ok:
                return True
    if total == 14:
        if sum(1 for n in counts if n == 2) == 7:
            return True
        terminals = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        if all(counts[t] for t in terminals) and sum(counts[t] for t in terminals) == 14:
            return True
    return False


def held(state):
    """Copies of each kind in the hand and its melds."""
    counts = list(state.tehai)
    for k in state.pons:
        counts[k] += 3
    for k in list(state.minkans) + list(state.ankans):
        counts[k] += 4
    for k in state.chis:
        for j in (k, k + 1, k + 2):
            counts[j] += 1
    return [min(n, 4) for n in counts]


def ready(counts, all_held):
    """Whether a concealed part of 3n+1 tiles is ready: a kind the seat does not hold all four
    of would complete it (Tenhou's rules do not count a wait on tiles all in one's own hand;
    libriichi does, so a player keeps clear of such a riichi)."""
    for t in range(34):
        if all_held[t] < 4:
            counts[t] += 1
            ok = wins(counts)
            counts[t] -= 1
            if ok:
                return True
    return False


def ready_after(state, tile):
    """Whether the hand is ready once `tile` is discarded."""
    counts = list(state.tehai)
    all_held = held(state)
    k = kind_of(tile[:2])
    counts[k] -= 1
    all_held[k] -= 1
    return ready(counts, all_held)


def connection(kind, counts):
    """How much a tile holds the hand together: copies and neighbours within two ranks."""
    n = counts[kind]
    if kind >= 27:
        return 3 * (n - 1)
    score = 3 * (n - 1)
    for d in (-2, -1, 1, 2):
        j = kind + d
        if 0 <= j < 27 and j // 9 == kind // 9:
            score += counts[j] * (2 if abs(d) == 1 else 1)
    rank = kind % 9
    return score - (1 if rank in (0, 8) else 0)


class Player:
    """One seat's engine, in the form `Match` calls: `react_batch` answers every game's state."""

    engine_type = "mjai-log"

    def __init__(self, name_, seed, calls, kans):
        self.name = name_
        self.rng = random.Random(seed)
        self.calls = calls
        self.kans = kans
        self.player_ids = []

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def start_game(self, game_idx):
        pass

    def end_kyoku(self, game_idx):
        pass

    def end_game(self, game_idx, scores):
        pass

    def react_batch(self, game_states):
        return [self.react(gs) for gs in game_states]

    def first_valid(self, state, reactions):
        for r in reactions:
            text = json.dumps(r)
            try:
                state.validate_reaction(text)
                return text
            except Exception:  # noqa: BLE001 - libriichi says why in a string
                continue
        return None

    def react(self, gs):
        me = self.player_ids[gs.game_index]
        st = gs.state
        c = st.last_cans
        rng = self.rng
        wins = []
        if c.can_tsumo_agari:
            wins.append({"type": "hora", "actor": me, "target": me})
        if c.can_ron_agari:
            wins.append({"type": "hora", "actor": me, "target": c.target_actor})
        tries = list(wins)
        if c.can_ryukyoku and rng.random() < 0.7:
            tries.append({"type": "ryukyoku", "actor": me})
        if (
            c.can_riichi
            and rng.random() < 0.85
            and any(ready_after(st, t) for t in set(hand_tiles(st)))
        ):
            tries.append({"type": "reach", "actor": me})
        if c.can_ankan and rng.random() < self.kans:
            for t in st.ankan_candidates():
                tries += [{"type": "ankan", "actor": me, "consumed": v}
                          for v in variants([kind_of(t)] * 4, st)]
        if c.can_kakan and rng.random() < self.kans:
            for t in st.kakan_candidates():
                k = kind_of(t)
                for pai in variants([k], st):
                    tries += [{"type": "kakan", "actor": me, "pai": pai[0], "consumed": v}
                              for v in [[name(k)] * 3, [name(k, True)] + [name(k)] * 2]]
        last = st.last_kawa_tile()
        if last is not None:
            k = kind_of(last[:2])
            target = c.target_actor
            if c.can_daiminkan and rng.random() < self.kans:
                tries += [{"type": "daiminkan", "actor": me, "target": target, "pai": last,
                           "consumed": v} for v in variants([k] * 3, st)]
            if c.can_pon and rng.random() < self.calls:
                tries += [{"type": "pon", "actor": me, "target": target, "pai": last,
                           "consumed": v} for v in variants([k] * 2, st)]
            for can, ks in ((c.can_chi_low, (k + 1, k + 2)), (c.can_chi_mid, (k - 1, k + 1)),
                            (c.can_chi_high, (k - 2, k - 1))):
                if can and rng.random() < self.calls:
                    tries += [{"type": "chi", "actor": me, "target": target, "pai": last,
                               "consumed": v} for v in variants(list(ks), st)]
        answer = self.first_valid(st, tries)
        if answer is not None:
            return answer
        if c.can_discard:
            return self.discard(me, st)
        return json.dumps({"type": "none"})

    def discard(self, me, st):
        drawn = st.last_self_tsumo()
        if st.self_riichi_accepted:
            order = [drawn]
        else:
            counts = list(st.tehai)
            tiles = [t for t in hand_tiles(st) if not st.forbidden_tiles[kind_of(t[:2])]]
            self.rng.shuffle(tiles)
            order = sorted(tiles, key=lambda t: connection(kind_of(t[:2]), counts))
            if st.self_riichi_declared:
                # The riichi discard keeps the hand ready; the drawn tile first.
                order = sorted(
                    (t for t in order if ready_after(st, t)), key=lambda t: t != drawn
                )
        for t in order:
            answer = self.first_valid(
                st, [{"type": "dahai", "actor": me, "pai": t, "tsumogiri": t == drawn}]
            )
            if answer is not None:
                return answer
        # Nothing above was valid (cannot happen with a legal state): the drawn tile.
        return json.dumps({"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True})


STYLES = [(0.6, 0.9), (0.3, 0.6), (0.1, 0.3), (0.8, 1.0), (0.0, 0.2), (0.0, 1.0)]


def players(seed):
    """Four seats with appetites for calls and kans chosen by the seed (closed hands, which
    riichi more, in some games)."""
    rng = random.Random(seed)
    return [Player(f"p{i}", seed * 4 + i, *rng.choice(STYLES)) for i in range(4)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for i in range(args.games):
        seed = (args.seed + i, args.seed)
        Match(log_dir=str(args.out)).py_match(*players(args.seed + i), seed_start=seed)
    written = sorted(args.out.glob("*.json.gz"))
    print(f"{len(written)} libriichi arena logs in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
