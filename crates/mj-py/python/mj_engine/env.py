"""Learning environments over the Rust engine (riichi four and three players, Sichuan).

* `MahjongEnv`: a Gymnasium single-agent environment, the learner in one seat and mj-bot
  players (`random`, `tsumogiri`, `efficiency`, `value`, `defense`) in the others.
* `MahjongAECEnv` (and `aec_env()`): a PettingZoo AEC environment, every seat an agent
  (`player_0` ...).

Observations are dicts: `observation`, a `(PLANES, 34)` float32 feature tensor (the planes
are named in `mj_engine.PLANE_NAMES`, table in README), and `action_mask`, an `(ACTIONS,)`
int8 mask over the fixed action space (`mj_engine.ACTION_NAMES`). `raw()` gives what the seat
sees as a dict. Rewards: `points` (final points, uma and oka included, at the end), `rank`
(+1 first .. -1 last, at the end) or `score` (each change of the seat's score, in thousands).

Seeded and deterministic: `reset(seed=s)` fixes the walls and the bots' choices. An illegal
action raises `ValueError` with `illegal="raise"`; by default (`illegal="first"`) the lowest
legal action is played instead and `info["illegal_action"]` is True.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .mj_engine import ACTIONS, PLANES, Game, VecGame  # noqa: F401

__all__ = ["MahjongEnv", "MahjongAECEnv", "aec_env", "Game", "VecGame", "ACTIONS", "PLANES"]

_BOUND = 16.0


def _obs_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-_BOUND, _BOUND, (PLANES, 34), np.float32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
        }
    )


def _play(game: Game, action, illegal: str) -> bool:
    """Plays `action` for the seat to act; True when it was illegal and replaced."""
    try:
        game.step(int(action))
        return False
    except (ValueError, TypeError, OverflowError):
        if illegal == "raise":
            raise
    legal = np.flatnonzero(game.mask())
    if len(legal):
        game.step(int(legal[0]))
    return True


class MahjongEnv(gymnasium.Env):
    """One learner at a riichi table (Gymnasium API).

    `seat`: the learner's seat (0 deals first); `opponents`: one bot name for every other seat
    or a list with one name per other seat; `rules`: a preset (`tenhou`, `mahjong_soul`,
    `sanma`, `sanma_mahjong_soul`, `sichuan`); `length`: `hanchan`, `east` or `one`.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str = "tenhou",
        length: str = "hanchan",
        seat: int = 0,
        opponents="random",
        reward: str = "points",
        illegal: str = "first",
        render_mode: str | None = None,
    ):
        if illegal not in ("first", "raise"):
            raise ValueError("illegal: 'first' or 'raise'")
        probe = Game(rules, length, None, reward)
        n = probe.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a table of {n}")
        others = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != n - 1:
            raise ValueError(f"opponents: {n - 1} names for a table of {n}")
        bots = others[:seat] + [None] + others[seat:]
        self.game = Game(rules, length, bots, reward)
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = _obs_space()
        self.action_space = spaces.Discrete(ACTIONS)

    def _obs(self) -> dict:
        return {"observation": self.game.obs(self.seat), "action_mask": self.game.mask(self.seat)}

    def reset(self, *, seed: int | None = None, options=None):
        super().reset(seed=seed)
        self.game.reset(int(self.np_random.integers(0, 2**63)))
        return self._obs(), {}

    def step(self, action):
        if self.game.done:
            raise RuntimeError("the match is over: call reset()")
        bad = _play(self.game, action, self.illegal)
        reward = float(self.game.take_rewards()[self.seat])
        info = {"illegal_action": bad}
        if self.game.done:
            info["result"] = self.game.result()
        return self._obs(), reward, self.game.done, False, info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (the name MaskablePPO looks for)."""
        return self.game.mask(self.seat).astype(bool)

    def raw(self) -> dict:
        """What the learner's seat sees, as a dict."""
        return self.game.raw(self.seat)

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game) + "\n" + repr(self.game.raw(self.seat))
        return None


class MahjongAECEnv(AECEnv):
    """Every seat an agent (`player_0` ...), PettingZoo's AEC API. When several seats may claim
    a discard, each answers in turn (lowest seat first); the engine resolves the claims once all
    have answered."""

    metadata = {
        "name": "mj_engine_riichi_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str = "tenhou",
        length: str = "hanchan",
        reward: str = "points",
        illegal: str = "first",
        render_mode: str | None = None,
    ):
        super().__init__()
        if illegal not in ("first", "raise"):
            raise ValueError("illegal: 'first' or 'raise'")
        self.game = Game(rules, length, None, reward)
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = _obs_space()
        self._act_space = spaces.Discrete(ACTIONS)
        self._seeds = np.random.default_rng(0)

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def observe(self, agent):
        seat = self._index[agent]
        return {"observation": self.game.obs(seat), "action_mask": self.game.mask(seat)}

    def reset(self, seed: int | None = None, options=None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game.reset(int(self._seeds.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[max(self.game.seat, 0)]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        bad = _play(self.game, action, self.illegal)
        owed = self.game.take_rewards()
        for a in self.agents:
            self.rewards[a] = float(owed[self._index[a]])
        self.infos[agent] = {"illegal_action": bad}
        if self.game.done:
            result = self.game.result()
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = dict(self.infos[a], result=result)
        else:
            self.agent_selection = self.possible_agents[self.game.seat]
        self._accumulate_rewards()

    def raw(self, agent) -> dict:
        """What `agent`'s seat sees, as a dict."""
        return self.game.raw(self._index[agent])

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game)
        return None

    def close(self):
        pass


def aec_env(**kwargs) -> MahjongAECEnv:
    """A `MahjongAECEnv` (keyword arguments as its constructor)."""
    return MahjongAECEnv(**kwargs)
