"""quiver's games inside OpenSpiel: importing this module registers every game with
pyspiel.register_game as quiver_<game> (quiver_three_arrows, quiver_concardia, quiver_evons,
quiver_arrow_party), so that pyspiel.load_game("quiver_evons") hands a quiver game to
OpenSpiel's algorithms. It needs OpenSpiel's pyspiel and says so when it cannot import it.

    import pyspiel, quiver.spiel
    game = pyspiel.load_game("quiver_arrow_party", {"players": 4})

The states are OpenSpiel python-game states around a quiver.State: OpenSpiel clones them by
copy.deepcopy and serializes them by pickling, which quiver.State does through the C API.
OpenSpiel's Python IS-MCTS takes its worlds from quiver's resampler with
bot.set_resampler(quiver.spiel.resampler).
"""
import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "quiver.spiel needs OpenSpiel's pyspiel, which cannot be imported here (%s): install "
        "OpenSpiel (pip install open_spiel) to register quiver's games with it; quiver's own "
        "classes (quiver.load_game) have OpenSpiel's method names without it" % e
    ) from e

import quiver

__all__ = ["GAMES", "resampler"]

# What each game's OpenSpiel type says: (long name, min players, max players, default players).
GAMES = {
    "three-arrows": ("quiver THREE ARROWS", 2, 4, 2),
    "concardia": ("quiver ConCardia", 2, 2, 2),
    "evons": ("quiver Evons", 2, 2, 2),
    "arrow-party": ("quiver Arrow Party", 3, 5, 4),
}


def _short(name):
    return "quiver_" + name.replace("-", "_")


def _game_type(name):
    """pyspiel's GameType of the game with its default parameters, from quiver's own
    (quiver.Game.get_type), its enums pyspiel's."""
    t = quiver.load_game(name).get_type()
    T = pyspiel.GameType
    return T(
        short_name=_short(name),
        long_name=t.long_name,
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=getattr(T.ChanceMode, t.chance_mode.name),
        information=getattr(T.Information, t.information.name),
        utility=getattr(T.Utility, t.utility.name),
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": GAMES[name][3], "max_game_length": 0,
                                 "chance": "explicit", "rng_seed": 0},
    )


def _quiver_params(name, params):
    """OpenSpiel's parameters as quiver's: players only where the game takes it,
    max_game_length 0 for the game's own longest."""
    out = dict(params or {})
    _, lo, hi, default = GAMES[name]
    if lo == hi and out.get("players", default) == default:
        out.pop("players", None)
    if not out.get("max_game_length", 1):
        out.pop("max_game_length")
    return out


class _Observer:
    """OpenSpiel's python observer: a seat's tensor and its string; the information state
    (its observations so far and its view) with perfect recall asked, the observation (its
    view) otherwise."""

    def __init__(self, game, info):
        self._observer = game.make_observer(quiver.IIGObservationType(perfect_recall=info))
        self.tensor = self._observer.tensor
        self.dict = self._observer.dict

    def set_from(self, state, player):
        self._observer.set_from(state._q, player)

    def string_from(self, state, player):
        return self._observer.string_from(state._q, player)


def _make(name):
    game_type = _game_type(name)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            self._quiver = quiver.load_game(name, **_quiver_params(name, params))
            q = self._quiver
            info = pyspiel.GameInfo(
                num_distinct_actions=q.num_distinct_actions(),
                max_chance_outcomes=q.max_chance_outcomes(),
                num_players=q.num_players(),
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=q.max_game_length(),
            )
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return State(self, self._quiver.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            info = bool(iig_obs_type and iig_obs_type.perfect_recall)
            return _Observer(self._quiver, info)

    class State(pyspiel.State):
        def __init__(self, game, q):
            super().__init__(game)
            self._q = q

        def current_player(self):
            p = self._q.current_player()
            if p == quiver.TERMINAL_PLAYER_ID:
                return pyspiel.PlayerId.TERMINAL
            if p == quiver.CHANCE_PLAYER_ID:
                return pyspiel.PlayerId.CHANCE
            return p

        def _legal_actions(self, player):
            return self._q.legal_actions(player)

        def chance_outcomes(self):
            return self._q.chance_outcomes()

        def _apply_action(self, action):
            self._q.apply_action(action)

        def _action_to_string(self, player, action):
            return self._q.action_to_string(action)

        def is_terminal(self):
            return self._q.is_terminal()

        def returns(self):
            return self._q.returns()

        def resample_from_infostate(self, player_id, probability_sampler=None):
            return State(self.get_game(), self._q.resample_from_infostate(player_id,
                                                                          probability_sampler))

        def __str__(self):
            return str(self._q)

    Game.__name__ = "Quiver" + name.title().replace("-", "") + "Game"
    State.__name__ = "Quiver" + name.title().replace("-", "") + "State"
    return game_type, Game


def resampler(state, player):
    """For OpenSpiel's ISMCTSBot.set_resampler: a world the seat cannot tell from state's."""
    return state.resample_from_infostate(player, np.random.random)


for _name in GAMES:
    pyspiel.register_game(*_make(_name))
