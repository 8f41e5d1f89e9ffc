"""A stand-in for OpenSpiel's pyspiel in the tests of quiver.spiel, where Debian has no
OpenSpiel: the names a python game uses (OpenSpiel's python/games/tic_tac_toe.py and
kuhn_poker.py: GameType and its enums, GameInfo, Game, State, PlayerId, register_game,
load_game), the way pybind11's bindings take them (keywords, State(game)), and what OpenSpiel's
python_games.cc does with a python state: clone by copy.deepcopy, serialize by pickling its
attributes. It checks the arguments it is given and nothing more."""
import copy
import enum
import pickle
import weakref

_REGISTRY = {}
# A state's game, held outside its attributes as the C++ side holds it.
_GAME_OF = weakref.WeakKeyDictionary()


class PlayerId:
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4


class GameType:
    class Dynamics(enum.Enum):
        SEQUENTIAL = 1
        SIMULTANEOUS = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 1
        EXPLICIT_STOCHASTIC = 2
        SAMPLED_STOCHASTIC = 3

    class Information(enum.Enum):
        ONE_SHOT = 1
        PERFECT_INFORMATION = 2
        IMPERFECT_INFORMATION = 3

    class Utility(enum.Enum):
        ZERO_SUM = 1
        CONSTANT_SUM = 2
        GENERAL_SUM = 3
        IDENTICAL = 4

    class RewardModel(enum.Enum):
        REWARDS = 1
        TERMINAL = 2

    FIELDS = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
              "reward_model", "max_num_players", "min_num_players",
              "provides_information_state_string", "provides_information_state_tensor",
              "provides_observation_string", "provides_observation_tensor",
              "parameter_specification")

    def __init__(self, **kw):
        if set(kw) != set(self.FIELDS):
            raise TypeError("GameType fields: %s" % sorted(set(kw) ^ set(self.FIELDS)))
        self.__dict__.update(kw)


class GameInfo:
    def __init__(self, num_distinct_actions, max_chance_outcomes, num_players, min_utility,
                 max_utility, utility_sum=None, max_game_length=None):
        for v in (num_distinct_actions, max_chance_outcomes, num_players, max_game_length):
            if not isinstance(v, int) or v < 0:
                raise TypeError("GameInfo takes whole numbers, not %r" % (v,))
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = max_chance_outcomes
        self.num_players = num_players
        self.min_utility, self.max_utility = min_utility, max_utility
        self.max_game_length = max_game_length


class Game:
    def __init__(self, game_type, game_info, params):
        self._type, self._info, self._params = game_type, game_info, params

    def get_type(self):
        return self._type

    def num_players(self):
        return self._info.num_players

    def num_distinct_actions(self):
        return self._info.num_distinct_actions

    def max_game_length(self):
        return self._info.max_game_length


class State:
    def __init__(self, game):
        _GAME_OF[self] = game

    def get_game(self):
        return _GAME_OF[self]

    def legal_actions(self, player=None):
        if player is None:
            player = self.current_player()
        if self.is_terminal():
            return []
        return self._legal_actions(player)

    def is_chance_node(self):
        return self.current_player() == PlayerId.CHANCE

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise RuntimeError("illegal action %r" % (action,))
        self._apply_action(action)

    def action_to_string(self, player, action):
        return self._action_to_string(player, action)

    def _like(self, attributes):
        other = type(self).__new__(type(self))
        _GAME_OF[other] = _GAME_OF[self]
        other.__dict__.update(attributes)
        return other

    def clone(self):
        return self._like(copy.deepcopy(self.__dict__))

    def serialize(self):
        return pickle.dumps(self.__dict__)

    def deserialized(self, data):
        return self._like(pickle.loads(data))


def register_game(game_type, cls):
    if not isinstance(game_type, GameType):
        raise TypeError("register_game takes a GameType")
    _REGISTRY[game_type.short_name] = (game_type, cls)


def load_game(name, params=None):
    return _REGISTRY[name][1](params or {})


def registered_names():
    return sorted(_REGISTRY)
