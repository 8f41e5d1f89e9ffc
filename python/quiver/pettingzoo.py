"""An AEC (agent-environment cycle) environment of a quiver game in PettingZoo's shape, with
action masks. It follows PettingZoo's AEC contract (what pettingzoo.test.api_test checks, which
python/tests/test_pettingzoo.py encodes): Gymnasium's spaces when gymnasium can be imported
(this module's own minimal Discrete, Box and Dict otherwise, with the same methods), rewards
given at the end and cleared as the finished agents step out, state() (every seat's observation
side by side), and truncation when the game reaches max_game_length (Gymnasium's truncation:
the episode is cut with no outcome, every reward 0, unless the game's truncated_returns=ranks
asks for the ranks at the cut). When PettingZoo is
installed the class subclasses its AECEnv. Chance nodes are played inside the environment by
their probabilities, with a generator that reset(seed) seeds and reset() goes on drawing from,
so every reset deals anew and every step is a seat's.

    env = quiver.pettingzoo.env("evons")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)
"""
import numpy as np

from . import QuiverError, load_game

try:  # Gymnasium's spaces, when it is there.
    from gymnasium import spaces as _spaces
except ImportError:
    _spaces = None

try:  # PettingZoo is optional.
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object

__all__ = ["env", "QuiverEnv", "Discrete", "Box", "Dict"]

# Every slot of a quiver tensor is a whole number well inside these.
LOW, HIGH = -65536.0, 65536.0


class _Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = tuple(shape) if shape is not None else None
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]


class Discrete(_Space):
    """n actions (gymnasium's Discrete): sample(mask) draws one the mask allows."""

    def __init__(self, n, seed=None):
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = 0

    def sample(self, mask=None):
        if mask is None:
            return int(self.np_random.integers(self.n))
        allowed = np.flatnonzero(mask)
        return int(self.np_random.choice(allowed)) if len(allowed) else 0

    def contains(self, x):
        if isinstance(x, np.ndarray) and x.shape == ():
            x = x.item()
        return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and 0 <= x < self.n

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box(_Space):
    """An array of a fixed shape and dtype between low and high (gymnasium's Box)."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        super().__init__(shape, dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self, mask=None):
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __eq__(self, other):
        return (isinstance(other, Box) and other.shape == self.shape
                and other.dtype == self.dtype and np.array_equal(other.low, self.low)
                and np.array_equal(other.high, self.high))

    def __repr__(self):
        return "Box(%s, %s, %s)" % (self.low.min(), self.high.max(), self.shape)


class Dict(_Space):
    """Named spaces (gymnasium's Dict)."""

    def __init__(self, spaces, seed=None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def __iter__(self):
        return iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def items(self):
        return self.spaces.items()

    def sample(self, mask=None):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __eq__(self, other):
        return isinstance(other, Dict) and other.spaces == self.spaces


def _discrete(n):
    return _spaces.Discrete(n) if _spaces else Discrete(n)


def _box(low, high, shape, dtype):
    return _spaces.Box(low, high, shape, dtype) if _spaces else Box(low, high, shape, dtype)


def _dict(d):
    return _spaces.Dict(d) if _spaces else Dict(d)


class QuiverEnv(_Base):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game="three-arrows", render_mode=None, **params):
        if _Base is not object:
            super().__init__()
        self.game = load_game(game, **params) if isinstance(game, str) else game
        if self.game.get_type().chance_mode.name == "SAMPLED_STOCHASTIC":
            raise QuiverError("the environment draws chance itself: load the game with "
                              "chance=explicit (the default), not sampled")
        if render_mode not in (None, "ansi"):
            raise QuiverError("render_mode is None or 'ansi', not %r" % (render_mode,))
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="quiver_" + self.game.name().replace("-", "_"))
        n, nd = self.game.num_players(), self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        self.possible_agents = ["player_%d" % i for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: _discrete(nd) for a in self.possible_agents}
        self.observation_spaces = {
            a: _dict({"observation": _box(LOW, HIGH, (size,), np.float32),
                      "action_mask": _box(0, 1, (nd,), np.int8)})
            for a in self.possible_agents
        }
        self.state_space = _box(LOW, HIGH, (n * size,), np.float32)
        self._rng = np.random.default_rng()
        self._state = None
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def reset(self, seed=None, options=None):
        """A new game, chance drawn from the generator: seeded anew by seed, or going on from
        where the last game left it (so that every reset deals anew)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for a in self.possible_agents:
                self.action_spaces[a].seed(seed)
                self.observation_spaces[a].seed(seed)
        self._state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def _settle(self):
        """Plays chance nodes, then selects the seat to move, or ends the game for all: a
        termination by the rules, a truncation at max_game_length."""
        s = self._state
        while s.is_chance_node():
            s.apply_chance_sample(self._rng.random())
        if not s.is_terminal():
            self.agent_selection = self.possible_agents[s.current_player()]
            return
        returns = s.returns()
        truncated = s.is_truncated()
        for a in self.agents:
            self.rewards[a] = returns[self._index[a]]
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
        self.agent_selection = self.agents[0] if self.agents else None

    def observe(self, agent):
        p = self._index[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self._state.is_terminal() and self._state.current_player() == p:
            mask[self._state.legal_actions()] = 1
        return {"observation": self._state.observation_tensor(p), "action_mask": mask}

    def state(self):
        """Every seat's observation side by side: what all the seats know together (a
        centralized critic's input); state_space is its space."""
        return np.concatenate([self._state.observation_tensor(p)
                               for p in range(self.game.num_players())])

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise QuiverError("%s's game is over: step(None) removes it, not %r" % (a, action))
            for d in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
                del d[a]
            self.agents.remove(a)
            self.agent_selection = self.agents[0] if self.agents else None
            for b in self.rewards:  # a finished agent's step gives nobody a reward
                self.rewards[b] = 0.0
            return
        if action is None:
            raise QuiverError("%s is to move: step() needs one of its legal ids" % a)
        self._cumulative_rewards[a] = 0.0
        for b in self.rewards:
            self.rewards[b] = 0.0
        self._state.apply_action(action)
        self._settle()

    def agent_iter(self, max_iter=2**63):
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

    def render(self):
        if self.render_mode == "ansi":
            return str(self._state)
        return None

    def close(self):
        self._state = None

    def __str__(self):
        return self.metadata["name"]


def env(game="three-arrows", **kwargs):
    """The AEC environment of game (parameters as keywords: players=4)."""
    return QuiverEnv(game, **kwargs)
