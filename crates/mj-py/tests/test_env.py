"""The learning environments: the libraries' own checkers, determinism, masks, rewards, the
vectorised game against single games."""

import numpy as np
import pytest

import mj_engine

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from mj_engine.env import MahjongAECEnv, MahjongEnv  # noqa: E402

OPPONENTS = ["random", "tsumogiri", "efficiency", "value", "defense"]


def random_match(game, rng):
    """Plays a match to its end with uniformly random legal actions; the decisions."""
    trace = []
    while not game.done:
        legal = np.flatnonzero(game.mask())
        assert len(legal) > 0
        a = int(rng.choice(legal))
        trace.append((game.seat, a))
        game.step(a)
    return trace


@pytest.mark.parametrize("rules", ["tenhou", "sanma", "sichuan"])
def test_gymnasium_check_env(rules):
    check_env(MahjongEnv(rules=rules, opponents="efficiency"), skip_render_check=True)


@pytest.mark.parametrize("rules", ["tenhou", "sanma", "sichuan"])
def test_pettingzoo_api_test(rules):
    api_test(MahjongAECEnv(rules=rules), num_cycles=300)


def test_names_and_sizes():
    assert len(mj_engine.ACTION_NAMES) == mj_engine.ACTIONS == 121
    assert len(mj_engine.PLANE_NAMES) == mj_engine.PLANES
    assert mj_engine.ACTION_NAMES[0] == "discard 1m"
    assert mj_engine.ACTION_NAMES[111] == "ron"


def test_bad_arguments_raise():
    with pytest.raises(ValueError):
        mj_engine.Game(rules="nope")
    with pytest.raises(ValueError):
        mj_engine.Game(bots=["random", "nobody"])
    with pytest.raises(ValueError):
        mj_engine.Game(reward="money")
    with pytest.raises(ValueError):
        mj_engine.Game(length="forever")
    with pytest.raises(ValueError):
        mj_engine.VecGame(0)
    with pytest.raises(ValueError):
        MahjongEnv(seat=3, rules="sanma")
    g = mj_engine.Game()
    with pytest.raises(ValueError):
        g.obs(7)
    with pytest.raises(ValueError):
        g.mask(-1)


def test_illegal_action_is_refused_and_state_kept():
    g = mj_engine.Game(bots=[None, "random", "random", "random"], seed=3)
    mask = g.mask()
    bad = int(np.flatnonzero(mask == 0)[0])
    before = g.raw()
    for a in (bad, -1, 10**6):
        with pytest.raises(ValueError):
            g.step(a)
    assert g.raw() == before
    # The Gymnasium env plays the lowest legal action instead and says so.
    env = MahjongEnv()
    obs, _ = env.reset(seed=5)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(bad)
    assert info["illegal_action"]
    strict = MahjongEnv(illegal="raise")
    obs, _ = strict.reset(seed=5)
    with pytest.raises(ValueError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


@pytest.mark.parametrize("rules", ["tenhou", "sanma", "sichuan"])
def test_mask_is_the_legal_list_and_every_masked_action_plays(rules):
    g = mj_engine.Game(rules=rules, length="east")
    rng = np.random.default_rng(1)
    kinds = set()
    for seed in range(3):
        g.reset(seed)
        while not g.done:
            mask = g.mask()
            legal = dict(g.legal())
            assert sorted(legal) == list(np.flatnonzero(mask))
            a = int(rng.choice(list(legal)))
            kinds.add(mj_engine.ACTION_NAMES[a].split()[0])
            g.step(a)
    # Random play meets at least discards and passes on claims.
    assert {"discard", "pass"} <= kinds
    if rules == "sichuan":
        assert {"exchange", "lack"} <= kinds


def test_same_seed_same_match_and_different_seeds_differ():
    def run(seed):
        g = mj_engine.Game(bots=[None, "value", "random", "defense"], length="east")
        g.reset(seed)
        trace = random_match(g, np.random.default_rng(seed))
        return trace, g.result()

    a, b, c = run(11), run(11), run(12)
    assert a == b
    assert a != c


def test_env_reset_is_deterministic():
    env = MahjongEnv(opponents=["value", "efficiency", "defense"], length="east")
    o1, _ = env.reset(seed=42)
    o2, _ = env.reset(seed=42)
    assert np.array_equal(o1["observation"], o2["observation"])
    o3, _ = env.reset(seed=43)
    assert not np.array_equal(o1["observation"], o3["observation"])


@pytest.mark.parametrize("rules,players", [("tenhou", 4), ("sanma", 3), ("sichuan", 4)])
def test_point_and_rank_rewards_match_the_result(rules, players):
    for reward in ("points", "rank", "score"):
        g = mj_engine.Game(rules=rules, length="east", reward=reward, seed=7)
        total = np.zeros(4)
        start = list(g.raw(0)["scores"])
        rng = np.random.default_rng(7)
        while not g.done:
            g.step(int(rng.choice(np.flatnonzero(g.mask()))))
            total += g.take_rewards()
        res = g.result()
        assert g.seat == -1
        if reward == "points":
            assert np.allclose(total[:players], res["points"], atol=1e-4)
            assert abs(total.sum()) < 1e-3
        elif reward == "rank":
            expect = [(players + 1 - 2 * r) / (players - 1) for r in res["ranks"]]
            assert np.allclose(total[:players], expect)
        else:
            delta = [(res["scores"][s] - start[s]) / 1000 for s in range(players)]
            assert np.allclose(total[:players], delta, atol=1e-3)
        assert not total[players:].any()


def test_planes_describe_the_hand():
    g = mj_engine.Game(seed=9)
    raw = g.raw()
    obs = g.obs()
    assert obs.shape == (mj_engine.PLANES, 34) and obs.dtype == np.float32
    # Planes 0..4 are a thermometer of the concealed counts.
    counts = np.zeros(34)
    for t in raw["hand"]:
        counts[t // 4] += 1
    assert np.array_equal(obs[0:4].sum(0), counts)
    assert obs[0:4].sum() == len(raw["hand"]) == 14  # the dealer, before the first discard
    assert obs[5].sum() == 1  # the drawn tile
    assert obs[19].sum() == 0.25  # one dora indicator
    # Seat winds: seat 0 deals, so its wind is East (kind 27); seat 1 sees South.
    assert obs[22, 27] == 1
    assert g.obs(1)[22, 28] == 1
    assert np.allclose(obs[24:28], 0.25)  # 25,000 each


def planes_from_raw(raw, players, reds):
    """The feature planes written again in Python from the seat's raw observation (README's
    table), every plane but 6 (the tile on offer) and 31 (furiten), which the raw view does
    not carry: the twin of the Rust encoder."""
    n, seat = players, raw["seat"]
    p = np.zeros((mj_engine.PLANES, 34), np.float32)
    seen = np.zeros(34, int)
    for t in raw["hand"]:
        seen[t // 4] += 1
        if reds and t in (16, 52, 88):
            p[4, t // 4] = 1
    for j in range(4):
        p[j] = seen > j
    if raw["drawn"] is not None:
        p[5, raw["drawn"] // 4] = 1
    for r in range(n):
        s = (seat + r) % n
        for t in raw["rivers"][s]:
            p[7 + r, t["tile"] // 4] += 0.25
            seen[t["tile"] // 4] += 1
        for m in raw["melds"][s]:
            for t in m["ids"]:
                if t < 136:
                    p[11 + r, t // 4] += 0.25
                    seen[t // 4] += 1
        p[15 + r] = raw["riichi"][s]
        p[24 + r] = raw["scores"][s] / 100_000
        if raw["rivers"][s]:
            p[32 + r, raw["rivers"][s][-1]["tile"] // 4] = 1
        for t in raw["kita"][s]:
            seen[t // 4] += 1
        if raw["lacks"][s] is not None:
            p[36 + r, 9 * raw["lacks"][s] : 9 * raw["lacks"][s] + 9] = 1
        p[40 + r] = raw["won_with"][s] is not None
    for t in raw["dora_indicators"]:
        k = t // 4
        seen[k] += 1
        if k == 0 and n == 3:
            dora = 8
        elif k < 27:
            dora = k // 9 * 9 + (k % 9 + 1) % 9
        elif k < 31:
            dora = 27 + (k - 27 + 1) % 4
        else:
            dora = 31 + (k - 31 + 1) % 3
        p[19, dora] += 0.25
    p[20] = np.maximum(4 - seen, 0) / 4
    p[21, 27 + raw["round_wind"]] = 1
    p[22, 27 + (seat - raw["dealer"]) % n] = 1
    p[23] = raw["live_left"] / 70
    p[28] = raw["honba"] / 10
    p[29] = raw["sticks"] / 10
    p[30] = len(raw["kita"][seat]) / 4
    return p


@pytest.mark.parametrize(
    "rules,reds", [("tenhou", True), ("sanma", True), ("sichuan", False), ("hongzhong", False)]
)
def test_planes_equal_their_python_twin_from_the_raw_view(rules, reds):
    rng = np.random.default_rng(5)
    states = 0
    for seed in range(3):
        g = mj_engine.Game(rules=rules, length="one", seed=seed)
        while not g.done:
            for s in range(g.players):
                got = g.obs(s)
                want = planes_from_raw(g.raw(s), g.players, reds)
                keep = [i for i in range(mj_engine.PLANES) if i not in (6, 31)]
                diff = np.flatnonzero((got[keep] != want[keep]).any(1))
                assert not len(diff), (rules, seed, s, [keep[i] for i in diff])
                states += 1
            g.step(int(rng.choice(np.flatnonzero(g.mask()))))
    assert states > 300


def test_aec_env_plays_to_the_end_with_points_summing_to_zero():
    env = MahjongAECEnv(length="east")
    env.reset(seed=3)
    total = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(100_000):
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    assert abs(sum(total.values())) < 1e-3
    assert any(v != 0 for v in total.values())


@pytest.mark.parametrize("copy", [True, False])
def test_vec_game_equals_single_games_and_threads_agree(copy):
    bots = [None, "random", "efficiency", "random"]
    b = 5
    runs = []
    for threads in (1, 2):
        v = mj_engine.VecGame(b, bots=bots, length="one", seed=0, threads=threads, copy=copy)
        obs, mask, seat = v.reset(100)
        singles = [mj_engine.Game(bots=bots, length="one", seed=100 + i) for i in range(b)]
        rng = np.random.default_rng(0)
        dones = 0
        log = []
        for _ in range(200):
            for i, g in enumerate(singles):
                assert np.array_equal(obs[i], g.obs())
                assert np.array_equal(mask[i], g.mask())
                assert seat[i] == g.seat
            acts = (rng.random(mask.shape) * mask).argmax(1)
            obs, mask, seat, rewards, done, illegal = v.step(acts)
            assert not illegal.any()
            for i, g in enumerate(singles):
                g.step(int(acts[i]))
                assert np.allclose(rewards[i], g.take_rewards())
                assert done[i] == g.done
                if g.done:
                    dones += 1
                    g.reset(100 + b + dones - 1)
            log.append(acts.tolist())
        runs.append(log)
        assert dones > 0
    assert runs[0] == runs[1]


def test_vec_game_without_copy_writes_the_same_arrays_again():
    v = mj_engine.VecGame(4, seed=0, copy=False)
    assert not v.copy and mj_engine.VecGame(1).copy
    first = v.reset(7)
    out = v.step(first[1].argmax(1))
    assert out[0] is first[0] and out[1] is first[1] and out[2] is first[2]
    again = v.step(out[1].argmax(1))
    assert all(a is b for a, b in zip(out, again))
    # The copying env on the same seed agrees step by step with what the arrays hold.
    w = mj_engine.VecGame(4, seed=0)
    w_out = w.reset(7)
    w_out = w.step(w_out[1].argmax(1))
    w_out = w.step(w_out[1].argmax(1))
    for a, b in zip(again, w_out):
        assert np.array_equal(a, b)
        assert a is not b
    # An array the caller made read-only is not written: fresh arrays come back, and are kept.
    again[0].flags.writeable = False
    kept = again[0].copy()
    fresh = v.step(again[1].argmax(1))
    assert fresh[0] is not again[0] and np.array_equal(again[0], kept)
    assert v.step(fresh[1].argmax(1))[0] is fresh[0]


def test_vec_game_rejects_wrong_batch():
    v = mj_engine.VecGame(3)
    with pytest.raises(ValueError):
        v.step(np.zeros(2, np.int64))
    # Illegal indices are replaced by the lowest legal one and flagged.
    _, _, _, _, _, illegal = v.step(np.full(3, -5, np.int64))
    assert illegal.all()


@pytest.mark.parametrize("name", OPPONENTS)
def test_every_opponent_finishes_a_round(name):
    env = MahjongEnv(opponents=name, length="one")
    obs, _ = env.reset(seed=1)
    done = False
    rng = np.random.default_rng(1)
    while not done:
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game.result() is not None


def test_pettingzoo_seed_test():
    from pettingzoo.test import seed_test

    seed_test(lambda: MahjongAECEnv(length="one"), num_cycles=200)


def test_raw_observation_is_the_seat_view():
    g = mj_engine.Game(bots=[None, "random", "random", "random"], seed=4)
    raw = g.raw()
    assert raw["seat"] == 0 and len(raw["hand"]) == 14
    assert raw["scores"] == [25000] * 4
    # Other seats' hands are not in it.
    assert "hands" not in raw and "wall" not in raw
    assert len(raw["legal"]) >= int(g.mask().sum())


def test_sichuan_planes_show_declared_lacks_and_winners():
    """Planes 36..40 (lacking suit) and 40..44 (has won) against the raw observation."""
    rng = np.random.default_rng(5)
    seen_lack = seen_won = False
    for seed in range(5, 25):
        g = mj_engine.Game(rules="sichuan", length="one", bots=[None, "efficiency", "efficiency", "efficiency"], seed=seed)
        while not g.done:
            raw, obs = g.raw(0), g.obs(0)
            for r in range(4):
                lack = raw["lacks"][r]
                want = np.zeros(34)
                if lack is not None:
                    want[lack * 9 : lack * 9 + 9] = 1
                    seen_lack = True
                assert np.array_equal(obs[36 + r], want), (seed, r, lack)
                won = raw["won_with"][r] is not None
                seen_won |= won
                assert np.all(obs[40 + r] == float(won)), (seed, r, won)
            g.step(int(rng.choice(np.flatnonzero(g.mask(0)))))
        if seen_lack and seen_won:
            break
    assert seen_lack and seen_won
    # Riichi leaves them at zero.
    assert not mj_engine.Game(seed=1).obs()[36:].any()


@pytest.mark.parametrize("rules", ["sichuan_hongzhong", "hongzhong", "mcr"])
def test_every_chinese_preset_plays_to_the_end_with_a_mask_never_empty(rules):
    rng = np.random.default_rng(11)
    for seed in range(3):
        g = mj_engine.Game(rules=rules, length="one", seed=seed)
        steps = 0
        while not g.done:
            mask = g.mask()
            assert mask.any(), (rules, seed, steps)
            g.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert g.result() is not None
