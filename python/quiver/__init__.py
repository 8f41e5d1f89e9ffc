"""quiver's four games for search and learning, with OpenSpiel's method names.

    import quiver
    game = quiver.load_game("evons")            # or load_game("arrow-party", players=4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(ids[0])
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

Everything goes through the C API of include/quiver/spiel.h (libquiver.so) by cffi; docs/python.md
describes the ids, strings, tensors and the resampler. Bad input raises QuiverError (a ValueError)
whose message names the problem and the form expected.
"""
import threading

import numpy as np

from ._quiver import ffi, lib

API_VERSION = lib.QV_SPIEL_API_VERSION
if lib.qv_spiel_api_version() != API_VERSION:
    raise ImportError(
        "quiver: libquiver.so has API version %d, this package was built for %d"
        % (lib.qv_spiel_api_version(), API_VERSION)
    )

CHANCE_PLAYER_ID = -1
SIMULTANEOUS_PLAYER_ID = -2
TERMINAL_PLAYER_ID = -4

__all__ = ["load_game", "games", "Game", "State", "QuiverError", "API_VERSION"]


class QuiverError(ValueError):
    """Input quiver refuses: an unknown game, a bad parameter, an illegal action, a corrupted
    serialized state. The message says what is wrong and what is expected."""


def _check(rc, err):
    if rc < 0:
        raise QuiverError(ffi.string(err.msg).decode("utf-8", "replace"))
    return rc


def _take_string(ptr, what):
    if ptr == ffi.NULL:
        raise MemoryError("quiver: no memory for " + what)
    try:
        return ffi.string(ptr).decode("utf-8")
    finally:
        lib.qv_spiel_free(ptr)


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
    (players=3), a dict, or text "players=3,size=7"."""
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


class Game:
    """A game with its parameters (OpenSpiel's Game). Immutable; states keep it alive."""

    def __init__(self, name, params=""):
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_game **")
        _check(lib.qv_spiel_game_new(out, name.encode(), params.encode(), err), err)
        self._ptr = ffi.gc(out[0], lib.qv_spiel_game_free)
        self._name = ffi.string(lib.qv_spiel_game_name(self._ptr)).decode()
        self._params = ffi.string(lib.qv_spiel_game_params(self._ptr)).decode()
        self._nplayers = lib.qv_spiel_num_players(self._ptr)
        self._ndistinct = lib.qv_spiel_num_distinct_actions(self._ptr)
        self._tensor = lib.qv_spiel_tensor_size(self._ptr)
        self._max_legal = lib.qv_spiel_max_legal_actions(self._ptr)
        self._seeds = 0
        # A buffer of legal ids per thread (cffi lets other threads run during a C call).
        self._local = threading.local()

    def name(self):
        return self._name

    def params(self):
        """The parameters as text, "key=value,...", as given."""
        return self._params

    def num_players(self):
        return self._nplayers

    def num_distinct_actions(self):
        return self._ndistinct

    def max_chance_outcomes(self):
        return lib.qv_spiel_max_chance_outcomes(self._ptr)

    def max_game_length(self):
        """The actions (chance outcomes included) after which a state is terminal: the
        parameter max_game_length, 10,000 by default (docs/python.md)."""
        return lib.qv_spiel_max_game_length(self._ptr)

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def information_state_tensor_size(self):
        return self._tensor

    def observation_tensor_size(self):
        return self._tensor

    def information_state_tensor_shape(self):
        return [self._tensor]

    def observation_tensor_shape(self):
        return [self._tensor]

    def new_initial_state(self, seed=None):
        """The initial state; its own RNG (the games that keep one) seeded by seed, by default
        0, 1, 2, ... for the successive states of this game object."""
        if seed is None:
            seed = self._seeds
            self._seeds += 1
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_state **")
        _check(lib.qv_spiel_new_initial_state(self._ptr, _seed(seed), out, err), err)
        return State(self, ffi.gc(out[0], lib.qv_spiel_state_free))

    def deserialize_state(self, data):
        """A state from State.serialize()'s text (or bytes) for this game and parameters."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise QuiverError("a serialized state is text or bytes, not %s" % type(data).__name__)
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_state **")
        _check(lib.qv_spiel_deserialize(self._ptr, bytes(data), len(data), out, err), err)
        return State(self, ffi.gc(out[0], lib.qv_spiel_state_free))

    def __str__(self):
        return "%s(%s)" % (self._name, self._params)

    def __repr__(self):
        return "quiver.load_game(%r, %r)" % (self._name, self._params)

    def __reduce__(self):
        return (Game, (self._name, self._params))

    def _buffer(self):
        buf = getattr(self._local, "ids", None)
        if buf is None:
            buf = self._local.ids = ffi.new("int32_t[]", self._max_legal)
        return buf


def _seed(seed):
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0 or seed >= 2**64:
        raise QuiverError("a seed is a whole number 0 to 2**64-1, not %r" % (seed,))
    return int(seed)


class State:
    """A state of a quiver game (OpenSpiel's State): a C state, cloned, pickled and deep-copied
    through the C API."""

    __slots__ = ("_game", "_ptr", "__weakref__")

    def __init__(self, game, ptr):
        self._game = game
        self._ptr = ptr

    def get_game(self):
        return self._game

    def num_players(self):
        return self._game._nplayers

    def current_player(self):
        """A seat 0..n-1, CHANCE_PLAYER_ID (-1) or TERMINAL_PLAYER_ID (-4)."""
        return lib.qv_spiel_current_player(self._ptr)

    def is_terminal(self):
        return lib.qv_spiel_current_player(self._ptr) == TERMINAL_PLAYER_ID

    def is_chance_node(self):
        return lib.qv_spiel_current_player(self._ptr) == CHANCE_PLAYER_ID

    def is_simultaneous_node(self):
        return False

    def is_player_node(self):
        return lib.qv_spiel_current_player(self._ptr) >= 0

    def move_number(self):
        return lib.qv_spiel_move_number(self._ptr)

    def legal_actions(self, player=None):
        """The legal ids, ascending: the seat to move's, or the chance outcomes' at a chance
        node; [] for another player or at the end."""
        if player is not None and player != lib.qv_spiel_current_player(self._ptr):
            return []
        game = self._game
        buf = game._buffer()
        n = lib.qv_spiel_legal_actions(self._ptr, buf, game._max_legal, ffi.NULL)
        if n < 0:
            err = ffi.new("qv_err *")
            _check(lib.qv_spiel_legal_actions(self._ptr, buf, game._max_legal, err), err)
        return ffi.unpack(buf, n)

    def legal_actions_mask(self, player=None):
        """A 0/1 list over num_distinct_actions ids (chance outcomes: max_chance_outcomes)."""
        size = (self._game.max_chance_outcomes() if self.is_chance_node()
                else self._game._ndistinct)
        mask = [0] * size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def chance_outcomes(self):
        """[(id, probability)] at a chance node (summing to 1), [] elsewhere."""
        cap = self._game.max_chance_outcomes()
        ids = ffi.new("int32_t[]", cap)
        probs = ffi.new("double[]", cap)
        n = lib.qv_spiel_chance_outcomes(self._ptr, ids, probs, cap)
        return [(ids[i], probs[i]) for i in range(n)]

    def apply_action(self, action):
        """Applies a legal id (or chance outcome); an illegal one raises QuiverError."""
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise QuiverError("an action is an integer id, not %r" % (action,))
        if not -(2**31) <= action < 2**31:
            raise QuiverError(
                "action id %d is out of range: ids are 0 to %d" % (action, self._game._ndistinct - 1)
            )
        err = ffi.new("qv_err *")
        _check(lib.qv_spiel_apply(self._ptr, int(action), err), err)

    def child(self, action):
        c = self.clone()
        c.apply_action(action)
        return c

    def returns(self):
        """Each seat's return in [-1, 1] (at the end; before it, what it would be now)."""
        out = ffi.new("double[]", self._game._nplayers)
        lib.qv_spiel_returns(self._ptr, out)
        return list(out)

    def rewards(self):
        """OpenSpiel's rewards: the returns once the game is over, zeros before."""
        return self.returns() if self.is_terminal() else [0.0] * self._game._nplayers

    def player_return(self, player):
        return self.returns()[player]

    def action_to_string(self, player_or_action, action=None):
        """The notation of an id, as action_to_string(action) or (player, action)."""
        if action is None:
            action = player_or_action
        if not isinstance(action, (int, np.integer)) or not -(2**31) <= action < 2**31:
            raise QuiverError("an action is an integer id, not %r" % (action,))
        buf = ffi.new("char[]", 512)
        err = ffi.new("qv_err *")
        n = _check(lib.qv_spiel_action_to_string(self._ptr, int(action), buf, 512, err), err)
        return ffi.string(buf, n).decode("utf-8")

    def string_to_action(self, player_or_text, text=None):
        """The id of notation text (legal now), as string_to_action(text) or (player, text)."""
        if text is None:
            text = player_or_text
        if not isinstance(text, str):
            raise QuiverError("an action's notation is a string, not %r" % (text,))
        out = ffi.new("int32_t *")
        err = ffi.new("qv_err *")
        _check(lib.qv_spiel_string_to_action(self._ptr, text.encode("utf-8"), out, err), err)
        return out[0]

    def _player(self, player):
        if player is None:
            player = self.current_player()
        if not isinstance(player, (int, np.integer)) or not 0 <= player < self._game._nplayers:
            raise QuiverError(
                "player %r is no seat: this game has seats 0 to %d"
                % (player, self._game._nplayers - 1)
            )
        return int(player)

    def information_state_string(self, player=None):
        """Everything the seat observed, in order, then its view: perfect recall
        (docs/python.md, "Strings")."""
        return _take_string(
            lib.qv_spiel_information_state_string(self._ptr, self._player(player)),
            "an information state",
        )

    def observation_string(self, player=None):
        return _take_string(
            lib.qv_spiel_observation_string(self._ptr, self._player(player)), "an observation"
        )

    def _tensor(self, fn, player):
        out = np.zeros(self._game._tensor, dtype=np.float32)
        err = ffi.new("qv_err *")
        _check(fn(self._ptr, self._player(player), ffi.from_buffer("float[]", out), err), err)
        return out

    def information_state_tensor(self, player=None):
        """The seat's view and its observations so far hashed into a float32 array
        (docs/python.md, "Tensors")."""
        return self._tensor(lib.qv_spiel_information_state_tensor, player)

    def observation_tensor(self, player=None):
        return self._tensor(lib.qv_spiel_observation_tensor, player)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A full state the seat cannot tell from this one, everything hidden from it redrawn
        (the game's determinize, quiver's IS-MCTS's). probability_sampler: a seed (int) or a
        callable giving floats in [0, 1) (OpenSpiel's samplers, random.random); None: a seed
        drawn from numpy."""
        if probability_sampler is None:
            seed = int(np.random.randint(0, 2**63, dtype=np.int64))
        elif callable(probability_sampler):
            seed = int(probability_sampler() * 2**53) * 1024 + int(probability_sampler() * 1024)
        else:
            seed = _seed(probability_sampler)
        err = ffi.new("qv_err *")
        out = ffi.new("qv_spiel_state **")
        _check(lib.qv_spiel_resample(self._ptr, self._player(player_id), seed, out, err), err)
        return State(self._game, ffi.gc(out[0], lib.qv_spiel_state_free))

    def clone(self):
        ptr = lib.qv_spiel_clone(self._ptr)
        if ptr == ffi.NULL:
            raise MemoryError("quiver: no memory for a clone")
        return State(self._game, ffi.gc(ptr, lib.qv_spiel_state_free))

    def serialize(self):
        """The state as text; Game.deserialize_state reads it back equal byte for byte."""
        n = ffi.new("size_t *")
        ptr = lib.qv_spiel_serialize(self._ptr, n)
        if ptr == ffi.NULL:
            raise MemoryError("quiver: no memory to serialize a state")
        try:
            return ffi.unpack(ptr, n[0]).decode("utf-8")
        finally:
            lib.qv_spiel_free(ptr)

    def __str__(self):
        return _take_string(lib.qv_spiel_state_string(self._ptr), "a diagram")

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __getstate__(self):
        return {"game": self._game._name, "params": self._game._params, "state": self.serialize()}

    def __setstate__(self, d):
        try:
            game = Game(d["game"], d["params"])
            data = d["state"]
        except (KeyError, TypeError) as e:
            raise QuiverError(
                "a pickled quiver state is a dict of 'game', 'params' and 'state', not %r" % (d,)
            ) from e
        other = game.deserialize_state(data)
        self._game = game
        self._ptr = other._ptr
