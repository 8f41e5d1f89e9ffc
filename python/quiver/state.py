"""quiver's states as OpenSpiel's State: the same methods and types as pyspiel's, each a call of
the C API (include/quiver/spiel.h). The hot ones (current_player, legal_actions,
chance_outcomes, apply_action) read into buffers the game keeps per thread and unpack them in
one call, so that a step from Python costs a few C calls."""
import collections

import numpy as np

from . import _state
from ._quiver import ffi, lib
from .errors import QuiverError, check, take_string

_state.set_error(QuiverError)

CHANCE = -1
TERMINAL = -4

PlayerAction = collections.namedtuple("PlayerAction", ["player", "action"])


def _seed(seed):
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise QuiverError("a seed is a whole number 0 to 2**64-1, not %r" % (seed,))
    return int(seed)


class State(_state.StateCore):
    """A state of a quiver game (OpenSpiel's State): a C state, cloned, pickled and deep-copied
    through the C API. The methods every step calls (current_player, is_terminal,
    is_chance_node, is_player_node, move_number, legal_actions, chance_outcomes, apply_action,
    apply_chance_sample, returns) are its base's, in C (_state.c)."""

    __slots__ = ("_game", "_ptr", "__weakref__")

    def __init__(self, game, ptr):
        _state.StateCore.__init__(self, int(ffi.cast("uintptr_t", ptr)), ptr, game._max_legal,
                                  game._nplayers)
        self._game = game
        self._ptr = ptr

    def get_game(self):
        return self._game

    def get_type(self):
        return self._game.get_type()

    def num_players(self):
        return self._game._nplayers

    def num_distinct_actions(self):
        return self._game._ndistinct

    def is_simultaneous_node(self):
        return False

    def is_mean_field_node(self):
        return False

    def is_initial_state(self):
        return lib.qv_spiel_move_number(self._ptr) == 0

    def is_truncated(self):
        """Terminal by max_game_length while the game goes on."""
        return bool(lib.qv_spiel_truncated(self._ptr))

    def legal_actions_mask(self, player=None):
        """A 0/1 list over num_distinct_actions ids (chance outcomes: max_chance_outcomes)."""
        size = self._game._nchance if self.is_chance_node() else self._game._ndistinct
        mask = [0] * size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action_with_legality_check(self, action):
        self.apply_action(action)

    def undo_action(self, player, action):
        """Takes back the last action, which must be `action` of `player` (OpenSpiel's
        UndoAction): the state is then the one before it, information states included."""
        err = ffi.new("qv_err *")
        check(lib.qv_spiel_undo(self._ptr, int(player), int(action), err), err)

    def child(self, action):
        c = self.clone()
        c.apply_action(action)
        return c

    def history(self):
        """The ids applied since the initial state, chance outcomes included (a resampled
        world: since it was drawn)."""
        n = lib.qv_spiel_history(self._ptr, ffi.NULL, ffi.NULL, 0)
        ids = ffi.new("int32_t[]", max(n, 1))
        lib.qv_spiel_history(self._ptr, ids, ffi.NULL, n)
        return ffi.unpack(ids, n)

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def full_history(self):
        """[PlayerAction(player, action)]: who chose each id of the history (-1 for chance)."""
        n = lib.qv_spiel_history(self._ptr, ffi.NULL, ffi.NULL, 0)
        ids = ffi.new("int32_t[]", max(n, 1))
        who = ffi.new("int8_t[]", max(n, 1))
        lib.qv_spiel_history(self._ptr, ids, who, n)
        return [PlayerAction(who[i], ids[i]) for i in range(n)]

    def rewards(self):
        """OpenSpiel's rewards: the returns, which are 0 until the end (terminal rewards)."""
        return self.returns()

    def player_return(self, player):
        return self.returns()[player]

    def player_reward(self, player):
        return self.returns()[player]

    def action_to_string(self, player_or_action, action=None):
        """The notation of any id in range, as action_to_string(action) or (player, action):
        a legal one in the game's notation, another in its factored form."""
        if action is None:
            action = player_or_action
        if not isinstance(action, (int, np.integer)) or not -(2**31) <= action < 2**31:
            raise QuiverError("an action is an integer id, not %r" % (action,))
        buf = ffi.new("char[]", 512)
        err = ffi.new("qv_err *")
        n = check(lib.qv_spiel_action_to_string(self._ptr, int(action), buf, 512, err), err)
        return ffi.string(buf, n).decode("utf-8")

    def string_to_action(self, player_or_text, text=None):
        """The id of notation text (legal now), as string_to_action(text) or (player, text)."""
        if text is None:
            text = player_or_text
        if not isinstance(text, str):
            raise QuiverError("an action's notation is a string, not %r" % (text,))
        out = ffi.new("int32_t *")
        err = ffi.new("qv_err *")
        check(lib.qv_spiel_string_to_action(self._ptr, text.encode("utf-8"), out, err), err)
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
        """Everything the seat observed, in order: its own actions in the notation and each
        change of its observation (docs/python.md, "Information state")."""
        return self._information_state_string(self._player(player))

    def observation_string(self, player=None):
        return take_string(
            lib.qv_spiel_observation_string(self._ptr, self._player(player)), "an observation"
        )

    def information_state_tensor(self, player=None):
        """The seat's observation, then its information state as rows: the rows before those
        held, then the last `recall` rows, the last first (docs/python.md, "Tensors"),
        float32."""
        out = np.empty(self._game._info, dtype=np.float32)
        self._information_state_tensor(player, out)
        return out

    def observation_tensor(self, player=None):
        """The seat's planes [C, H, W] then its scalars, flat, float32."""
        out = np.empty(self._game._obs, dtype=np.float32)
        self._observation_tensor(player, out)
        return out

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
        check(lib.qv_spiel_resample(self._ptr, self._player(player_id), seed, out, err), err)
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
        return take_string(lib.qv_spiel_state_string(self._ptr), "a diagram")

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        """Pickled as the game and the serialized text, read back by the game's
        deserialize_state (a Game pickles as its name and parameters), so that this module
        needs nothing of game.py's."""
        return (self._game.deserialize_state, (self.serialize(),))
