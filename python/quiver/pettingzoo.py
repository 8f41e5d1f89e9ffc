"""An AEC (agent-environment cycle) environment of a quiver game in PettingZoo's shape, with
action masks. It needs no PettingZoo to run; when PettingZoo is installed the class subclasses
its AECEnv. Chance nodes are played inside the environment by their probabilities, so every
step is a seat's.

    env = quiver.pettingzoo.env("evons")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)
"""
import numpy as np

from . import QuiverError, load_game

try:  # PettingZoo is optional.
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object

__all__ = ["env", "QuiverEnv", "Discrete", "Box"]


class Discrete:
    """n actions (gymnasium's Discrete, without gymnasium): sample() draws a legal one when
    given the mask."""

    def __init__(self, n, seed=None):
        self.n = n
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        return int(self._rng.choice(np.flatnonzero(mask)))

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= x < self.n


class Box:
    """A float32 array of a fixed shape (gymnasium's Box, without gymnasium)."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.dtype = np.float32


class QuiverEnv(_Base):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game="three-arrows", render_mode=None, **params):
        if _Base is not object:
            super().__init__()
        self.game = load_game(game, **params) if isinstance(game, str) else game
        if render_mode not in (None, "ansi"):
            raise QuiverError("render_mode is None or 'ansi', not %r" % (render_mode,))
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="quiver_" + self.game.name().replace("-", "_"))
        n = self.game.num_players()
        self.possible_agents = ["player_%d" % i for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_spaces = {a: Discrete(self.game.num_distinct_actions()) for a in self.possible_agents}
        self._observation_spaces = {
            a: {"observation": Box([self.game.observation_tensor_size()]),
                "action_mask": Box([self.game.num_distinct_actions()])}
            for a in self.possible_agents
        }
        self.state = None
        self.agents = []

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(0 if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def _settle(self):
        """Plays chance nodes, then selects the seat to move, or ends the game for all."""
        s = self.state
        while s.is_chance_node():
            outcomes = s.chance_outcomes()
            probs = np.array([p for _, p in outcomes])
            s.apply_action(outcomes[int(self._rng.choice(len(outcomes), p=probs / probs.sum()))][0])
        if s.is_terminal():
            returns = s.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._index[a]]
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[s.current_player()]

    def observe(self, agent):
        p = self._index[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == p:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(p), "action_mask": mask}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise QuiverError("%s's game is over: step(None) removes it, not %r" % (a, action))
            self.agents.remove(a)
            del self.rewards[a], self._cumulative_rewards[a]
            del self.terminations[a], self.truncations[a], self.infos[a]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        if action is None:
            raise QuiverError("%s is to move: step() needs one of its legal ids" % a)
        for b in self.agents:
            self.rewards[b] = 0.0
        self._cumulative_rewards[a] = 0.0
        self.state.apply_action(action)
        self._settle()

    def agent_iter(self, max_iter=2**63):
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        self.state = None


def env(game="three-arrows", **kwargs):
    """The AEC environment of game (parameters as keywords: players=4)."""
    return QuiverEnv(game, **kwargs)
