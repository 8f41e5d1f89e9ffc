"""quiver's games as OpenSpiel's Game: load_game, the game's type (pyspiel's GameType, with
its enums), its metadata and parameters, the factored actions, the tensors' layout and
observers (make_observer), and the initial state."""
import enum
import threading

import numpy as np

from ._quiver import ffi, lib
from .errors import QuiverError, check
from .state import State

_LONG = {"three-arrows": "quiver THREE ARROWS", "concardia": "quiver ConCardia",
         "evons": "quiver Evons", "arrow-party": "quiver Arrow Party"}


def games():
    """The names of quiver's games."""
    out, i = [], 0
    while True:
        name = lib.qv_spiel_game_name_at(i)
        if name == ffi.NULL:
            return out
        out.append(ffi.string(name).decode())
        i += 1


def _params_text(params):
    items = []
    for key, value in params.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        items.append("%s=%s" % (key, value))
    return ",".join(items)


def load_game(name, params=None, **kwargs):
    """The game `name` ("three-arrows", "concardia", "evons", "arrow-party"; underscores are
    read as hyphens, and a "quiver_" prefix is dropped) with its parameters as keywords
    (players=3), a dict, or text "players=3,size=7". Besides the game's own parameters:
    max_game_length, truncated_returns ("zero" or "ranks"), chance ("explicit" or "sampled"),
    rng_seed, tensor ("planes" or "hashed") and recall (the information-state tensor's rows):
    docs/python.md."""
    if not isinstance(name, str):
        raise QuiverError("the game's name must be a string such as 'evons', not %r" % (name,))
    if name.startswith("quiver_"):
        name = name[len("quiver_"):]
    name = name.replace("_", "-")
    if isinstance(params, str):
        text = params
        if kwargs:
            text = ",".join(t for t in (text, _params_text(kwargs)) if t)
    else:
        merged = dict(params or {})
        merged.update(kwargs)
        text = _params_text(merged)
    return Game(name, text)


class GameType:
    """OpenSpiel's GameType: the same field names and enums as pyspiel's, for the algorithms
    that read them (CFR asks for SEQUENTIAL dynamics, exploitability for ZERO_SUM)."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    FIELDS = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
              "reward_model", "max_num_players", "min_num_players",
              "provides_information_state_string", "provides_information_state_tensor",
              "provides_observation_string", "provides_observation_tensor",
              "parameter_specification", "default_loadable",
              "provides_factored_observation_string", "is_concrete", "action_structs_only")

    def __init__(self, **fields):
        unknown = set(fields) - set(self.FIELDS)
        if unknown:
            raise TypeError("GameType has no field %s" % ", ".join(sorted(unknown)))
        self.__dict__.update(fields)

    def __eq__(self, other):
        return isinstance(other, GameType) and self.__dict__ == other.__dict__

    def __repr__(self):
        return "GameType(%s)" % ", ".join("%s=%r" % (k, self.__dict__.get(k)) for k in self.FIELDS)


class IIGObservationType:
    """pyspiel's IIGObservationType: what an observer shows. quiver's show a seat's own view
    (private_info SINGLE_PLAYER, public_info True), with perfect recall (the information
    state) or without (the observation)."""

    class PrivateInfoType(enum.Enum):
        NONE = 0
        SINGLE_PLAYER = 1
        ALL_PLAYERS = 2

    def __init__(self, public_info=True, perfect_recall=False,
                 private_info=PrivateInfoType.SINGLE_PLAYER):
        self.public_info = public_info
        self.perfect_recall = perfect_recall
        self.private_info = private_info


class Observer:
    """OpenSpiel's observer (Game.make_observer): `tensor` (float32), `dict` (named views of it:
    "planes" [C, H, W] and "scalars", and with perfect recall "recall_before" (the rows before
    those held) and "recall" [rows, 6]: the seat's last events, the last first), set_from(state,
    player) and string_from(state, player)."""

    def __init__(self, game, perfect_recall):
        self._game = game
        self._info = perfect_recall
        size = (game.information_state_tensor_size() if perfect_recall
                else game.observation_tensor_size())
        self.tensor = np.zeros(size, np.float32)
        self._buf = ffi.from_buffer("float[]", self.tensor)
        self.dict = {}
        c, h, w = game.observation_planes_shape()
        n = c * h * w
        obs = game.observation_tensor_size()
        if n:
            self.dict["planes"] = self.tensor[:n].reshape(c, h, w)
        self.dict["scalars"] = self.tensor[n:obs]
        if perfect_recall and obs < size:
            self.dict["recall_before"] = self.tensor[obs:obs + 1]
            self.dict["recall"] = self.tensor[obs + 1:].reshape(-1, 6)

    def set_from(self, state, player):
        fn = (lib.qv_spiel_information_state_tensor if self._info
              else lib.qv_spiel_observation_tensor)
        err = ffi.new("qv_err *")
        check(fn(state._ptr, state._player(player), self._buf, err), err)

    def string_from(self, state, player):
        return (state.information_state_string(player) if self._info
                else state.observation_string(player))

    def compress(self):
        return self.tensor.tobytes()

    def decompress(self, data):
        self.tensor[:] = np.frombuffer(data, np.float32)


_KINDS = {0: "text", 1: "int", 2: "real", 3: "bool", 4: "choice"}


def _typed(kind, value):
    if kind == 1:
        try:
            return int(value)
        except ValueError:
            return value  # "auto"
    if kind == 2:
        return float(value)
    if kind == 3:
        return value == "true"
    return value


class Game:
    """A game with its parameters (OpenSpiel's Game). Immutable; states keep it alive."""

    def __init__(self, name, params=""):
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_game **")
        check(lib.qv_spiel_game_new(out, name.encode(), params.encode(), err), err)
        self._ptr = ffi.gc(out[0], lib.qv_spiel_game_free)
        self._name = ffi.string(lib.qv_spiel_game_name(self._ptr)).decode()
        self._params = ffi.string(lib.qv_spiel_game_params(self._ptr)).decode()
        self._nplayers = lib.qv_spiel_num_players(self._ptr)
        self._ndistinct = lib.qv_spiel_num_distinct_actions(self._ptr)
        self._nchance = lib.qv_spiel_max_chance_outcomes(self._ptr)
        self._max_legal = lib.qv_spiel_max_legal_actions(self._ptr)
        self._obs = lib.qv_spiel_observation_tensor_size(self._ptr)
        self._info = lib.qv_spiel_information_state_tensor_size(self._ptr)
        # Buffers per thread (cffi lets other threads run during a C call).
        self._local = threading.local()
        self._type = None

    def name(self):
        return self._name

    def params(self):
        """The parameters as text, "key=value,...", as given."""
        return self._params

    def get_parameters(self):
        """Every parameter, given or defaulted, typed (OpenSpiel's GetParameters)."""
        text = ffi.string(lib.qv_spiel_game_parameters(self._ptr)).decode()
        out, key = {}, None
        for item in text.split(","):
            if "=" in item and lib.qv_spiel_parameter_kind(self._ptr, item.split("=")[0].encode()) >= 0:
                key, value = item.split("=", 1)
                out[key] = value
            elif key is not None:  # a value with commas: a deck's card ids
                out[key] += "," + item
        return {k: _typed(lib.qv_spiel_parameter_kind(self._ptr, k.encode()), v)
                for k, v in out.items()}

    def get_type(self):
        """OpenSpiel's GameType of this game with these parameters."""
        if self._type is None:
            lo, hi = ffi.new("int *"), ffi.new("int *")
            lib.qv_spiel_players_range(self._ptr, lo, hi)
            chance = (GameType.ChanceMode.DETERMINISTIC if lib.qv_spiel_deterministic(self._ptr)
                      else GameType.ChanceMode.SAMPLED_STOCHASTIC
                      if lib.qv_spiel_chance_sampled(self._ptr)
                      else GameType.ChanceMode.EXPLICIT_STOCHASTIC)
            info = (GameType.Information.PERFECT_INFORMATION
                    if lib.qv_spiel_perfect_information(self._ptr)
                    else GameType.Information.IMPERFECT_INFORMATION)
            self._type = GameType(
                short_name="quiver_" + self._name.replace("-", "_"),
                long_name=_LONG.get(self._name, self._name),
                dynamics=GameType.Dynamics.SEQUENTIAL, chance_mode=chance, information=info,
                utility=GameType.Utility.ZERO_SUM, reward_model=GameType.RewardModel.TERMINAL,
                max_num_players=hi[0], min_num_players=lo[0],
                provides_information_state_string=True, provides_information_state_tensor=True,
                provides_observation_string=True, provides_observation_tensor=True,
                parameter_specification=load_game(self._name).get_parameters(),
                default_loadable=True, provides_factored_observation_string=False,
                is_concrete=True, action_structs_only=False)
        return self._type

    def num_players(self):
        return self._nplayers

    def num_distinct_actions(self):
        return self._ndistinct

    def max_chance_outcomes(self):
        return self._nchance

    def max_game_length(self):
        """The most decisions a game goes through (chance outcomes not counted): the game's own
        longest from its rules and parameters, or the parameter max_game_length."""
        return lib.qv_spiel_max_game_length(self._ptr)

    def max_chance_nodes_in_history(self):
        return lib.qv_spiel_max_chance_nodes(self._ptr)

    def max_move_number(self):
        return self.max_game_length() + self.max_chance_nodes_in_history()

    def max_history_length(self):
        return self.max_move_number()

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        """0: every game's returns sum to 0 (zero-sum)."""
        return 0.0

    def information_state_tensor_size(self):
        return self._info

    def observation_tensor_size(self):
        return self._obs

    def information_state_tensor_shape(self):
        return [self._info]

    def observation_tensor_shape(self):
        return [self._obs]

    def observation_planes_shape(self):
        """(C, H, W) of the observation's planes (the tensor's first C*H*W floats; the scalars
        follow); (0, 0, 0) with tensor=hashed."""
        c, h, w, n = (ffi.new("int *") for _ in range(4))
        lib.qv_spiel_tensor_layout(self._ptr, c, h, w, n)
        return (c[0], h[0], w[0])

    def observation_scalars_size(self):
        c, h, w = self.observation_planes_shape()
        return self._obs - c * h * w

    def tensor_slot_name(self, slot):
        """The name of slot `slot` of the information-state tensor (the observation's come
        first): "owner.me@c3", "score.next", "recall.before", "recall0.what"."""
        buf = ffi.new("char[]", 128)
        n = lib.qv_spiel_tensor_slot_name(self._ptr, int(slot), buf, 128)
        if n < 0:
            raise QuiverError("slot %r is out of range: 0 to %d" % (slot, self._info - 1))
        return ffi.string(buf, n).decode()

    def action_heads(self):
        """The factored actions' heads, [(name, size)], the type first."""
        return [(ffi.string(lib.qv_spiel_action_head_name(self._ptr, h)).decode(),
                 lib.qv_spiel_action_head_size(self._ptr, h))
                for h in range(lib.qv_spiel_action_heads(self._ptr))]

    def action_to_heads(self, action):
        """An id's heads (a tuple, the type first; heads its type does not use are 0)."""
        n = lib.qv_spiel_action_heads(self._ptr)
        heads = ffi.new("int32_t[]", n)
        err = ffi.new("qv_err *")
        check(lib.qv_spiel_action_factor(self._ptr, _id(action), heads, err), err)
        return tuple(heads)

    def heads_to_action(self, heads):
        """The id of heads (action_to_heads's inverse); heads that are no id's are refused."""
        n = lib.qv_spiel_action_heads(self._ptr)
        if len(heads) != n:
            raise QuiverError("%s has %d heads, not %d" % (self._name, n, len(heads)))
        out = ffi.new("int32_t *")
        err = ffi.new("qv_err *")
        check(lib.qv_spiel_action_unfactor(self._ptr, [int(h) for h in heads], out, err), err)
        return out[0]

    def action_to_string(self, player, action):
        """An id's factored form, whatever the state ("place(square=3,facing=1,...)")."""
        buf = ffi.new("char[]", 256)
        err = ffi.new("qv_err *")
        n = check(lib.qv_spiel_game_action_to_string(self._ptr, _id(action), buf, 256, err), err)
        return ffi.string(buf, n).decode()

    def new_initial_state(self):
        """The initial state, the same on every call (the deal is chance to come); with
        chance=sampled, a state past chance, dealt anew on every call from rng_seed."""
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_state **")
        check(lib.qv_spiel_new_initial_state(self._ptr, out, err), err)
        return State(self, ffi.gc(out[0], lib.qv_spiel_state_free))

    def new_initial_states(self):
        """[the initial state] (OpenSpiel's NewInitialStates, for games with one root)."""
        return [self.new_initial_state()]

    def deserialize_state(self, data):
        """A state from State.serialize()'s text (or bytes) for this game and parameters."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise QuiverError("a serialized state is text or bytes, not %s" % type(data).__name__)
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_state **")
        check(lib.qv_spiel_deserialize(self._ptr, bytes(data), len(data), out, err), err)
        return State(self, ffi.gc(out[0], lib.qv_spiel_state_free))

    def make_observer(self, iig_obs_type=None, params=None):
        """An observer (OpenSpiel's): the information state with iig_obs_type.perfect_recall,
        the observation otherwise, a seat's own view in either case."""
        if params:
            raise QuiverError("quiver's observers take no parameters, not %r (the layout is "
                              "the game's parameter tensor=planes or hashed)" % (params,))
        private = getattr(iig_obs_type, "private_info", None)
        if private is not None and getattr(private, "name", str(private)) not in (
                "SINGLE_PLAYER", "PrivateInfoType.SINGLE_PLAYER"):
            raise QuiverError("quiver's observers show a seat its own view: private_info "
                              "SINGLE_PLAYER, not %s" % (private,))
        return Observer(self, bool(getattr(iig_obs_type, "perfect_recall", False)))

    make_py_observer = make_observer

    def __eq__(self, other):
        return (isinstance(other, Game) and self._name == other._name
                and self.get_parameters() == other.get_parameters())

    def __hash__(self):
        return hash((self._name, self._params))

    def __str__(self):
        return "%s(%s)" % (self._name, self._params)

    def __repr__(self):
        return "quiver.load_game(%r, %r)" % (self._name, self._params)

    def __reduce__(self):
        return (Game, (self._name, self._params))

    def _buffers(self):
        local = self._local
        ids = getattr(local, "ids", None)
        if ids is None:
            ids = local.ids = ffi.new("int32_t[]", self._max_legal)
            local.probs = ffi.new("double[]", self._max_legal)
            local.returns = ffi.new("double[]", self._nplayers)
        return local


def _id(action):
    if not isinstance(action, (int, np.integer)) or not -(2**31) <= action < 2**31:
        raise QuiverError("an action is an integer id, not %r" % (action,))
    return int(action)
