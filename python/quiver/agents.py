"""quiver's own players from Python: the levels people play against (beginner, easy, medium,
hard), random, greedy and any agent spec of docs/ai.md ("mcts:iterations=500").

    bot = quiver.agents.get("hard")
    state.apply_action(bot.step(state))

An agent sees only what the seat to move may know (it searches from resampled states), and
each step stands alone: nothing is kept from one decision to the next.
"""
from ._quiver import ffi, lib
from .errors import QuiverError
from .errors import check as _check

__all__ = ["get", "Agent", "LEVELS"]

LEVELS = ("beginner", "easy", "medium", "hard", "random", "greedy")


class Agent:
    """An agent spec, made for each game it is asked to play (the C agent is per game)."""

    def __init__(self, spec, seed=0):
        if not isinstance(spec, str) or not spec:
            raise QuiverError("an agent is a spec such as 'hard' or 'mcts:iterations=500', not %r"
                              % (spec,))
        self.spec = spec
        self.seed = seed
        self._made = {}

    def _for(self, game):
        key = id(game)
        made = self._made.get(key)
        if made is None or made[0] is not game:
            err = ffi.new("qv_err *")
            out = ffi.new("qv_spiel_agent **")
            _check(lib.qv_spiel_agent_new(game._ptr, self.spec.encode(), self.seed, out, err), err)
            made = (game, ffi.gc(out[0], lib.qv_spiel_agent_free))
            self._made[key] = made
        return made[1]

    def step(self, state):
        """The agent's action id for the seat to move at state."""
        agent = self._for(state.get_game())
        out = ffi.new("int32_t *")
        err = ffi.new("qv_err *")
        _check(lib.qv_spiel_agent_step(agent, state._ptr, out, err), err)
        return out[0]

    def __repr__(self):
        return "quiver.agents.get(%r)" % self.spec


def get(spec, seed=0):
    """The agent of spec ("hard", "medium", "random", "mcts:iterations=500", ...); an unknown
    spec raises QuiverError at its first step, naming the known kinds."""
    return Agent(spec, seed)
