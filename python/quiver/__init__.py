"""quiver's four games for search and learning, with OpenSpiel's names and types.

    import quiver
    game = quiver.load_game("evons")            # or load_game("arrow-party", players=4)
    state = game.new_initial_state()            # the same on every call: chance deals next
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(ids[0])
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

Everything goes through the C API of include/quiver/spiel.h (libquiver.so) by cffi; docs/python.md
describes the chance deal, the ids and their factored heads, the tensors' planes, the information
states and the resampler. Bad input raises QuiverError (a ValueError) whose message names the
problem and the form expected.
"""
from ._quiver import ffi, lib
from .game import Game, GameType, IIGObservationType, Observer, load_game, games
from .state import PlayerAction, State
from .errors import QuiverError

API_VERSION = lib.QV_SPIEL_API_VERSION
if lib.qv_spiel_api_version() != API_VERSION:
    raise ImportError(
        "quiver: libquiver.so has API version %d, this package was built for %d"
        % (lib.qv_spiel_api_version(), API_VERSION)
    )

CHANCE_PLAYER_ID = -1
SIMULTANEOUS_PLAYER_ID = -2
TERMINAL_PLAYER_ID = -4

__all__ = ["load_game", "games", "Game", "GameType", "IIGObservationType", "Observer", "State",
           "PlayerAction", "QuiverError", "API_VERSION", "CHANCE_PLAYER_ID",
           "SIMULTANEOUS_PLAYER_ID", "TERMINAL_PLAYER_ID"]
