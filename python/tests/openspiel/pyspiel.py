"""A stand-in for OpenSpiel's pyspiel over the quiver package, so that OpenSpiel's own
pure-Python algorithms (cfr.py, exploitability.py, best_response.py, mcts.py, ismcts.py, read
from an OpenSpiel checkout: test_openspiel.py) run on quiver's games unchanged where Debian has
no OpenSpiel. A game is quiver's own Game, which has pyspiel's methods and types; this module
adds the names those algorithms take from pyspiel, and TabularBestResponse, which OpenSpiel
computes in C++ and which is written here in Python: for each information set of the best
responder, the action with the most value, its states weighted by how likely the others and
chance make them. It is written for the project's tests, from OpenSpiel's documented API."""
import enum
import random as _random

import quiver

__version__ = "quiver-standin"

Game = quiver.Game
State = quiver.State
GameType = quiver.GameType
IIGObservationType = quiver.IIGObservationType
INVALID_ACTION = -1


class PlayerId(enum.IntEnum):
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5
    DEFAULT = -6


class SpielError(RuntimeError):
    pass


class Bot:
    def __init__(self):
        pass


class UniformProbabilitySampler:
    def __init__(self, lo=0.0, hi=1.0, seed=None):
        self._lo, self._hi = lo, hi
        self._rng = _random.Random(seed)

    def __call__(self):
        return self._rng.uniform(self._lo, self._hi)


def load_game(name, params=None):
    if isinstance(params, dict):
        return quiver.load_game(name, params)
    return quiver.load_game(name, params or "")


def registered_names():
    return ["quiver_" + n.replace("-", "_") for n in quiver.games()]


class TabularBestResponse:
    """pyspiel.TabularBestResponse(game, best_responder, policy): the best response of a seat
    to a policy given as {information state: [(action, probability)]} for the other seats."""

    def __init__(self, game, best_responder, policy):
        self._game = game
        self._me = best_responder
        self._policy = policy
        self._sets = {}  # information state -> [(state, reach)]
        self._collect(game.new_initial_state(), 1.0)
        self._choice = {}
        self._memo = {}

    def _transitions(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        return self._policy[state.information_state_string(state.current_player())]

    def _collect(self, state, reach):
        if state.is_terminal() or reach == 0:
            return
        if state.current_player() == self._me:
            self._sets.setdefault(state.information_state_string(self._me), []).append(
                (state, reach))
            for a in state.legal_actions():
                self._collect(state.child(a), reach)
            return
        for a, p in self._transitions(state):
            self._collect(state.child(a), reach * p)

    def _value(self, state):
        key = state.history_str()
        if key in self._memo:
            return self._memo[key]
        if state.is_terminal():
            v = state.returns()[self._me]
        elif state.current_player() == self._me:
            v = self._value(state.child(self._action(state.information_state_string(self._me))))
        else:
            v = sum(p * self._value(state.child(a)) for a, p in self._transitions(state) if p > 0)
        self._memo[key] = v
        return v

    def _action(self, info):
        if info not in self._choice:
            states = self._sets[info]
            best, best_q = None, None
            for a in states[0][0].legal_actions():
                q = sum(r * self._value(s.child(a)) for s, r in states)
                if best_q is None or q > best_q:
                    best, best_q = a, q
            self._choice[info] = best
        return self._choice[info]

    def get_best_response_actions(self):
        return {info: self._action(info) for info in self._sets}

    def value(self, state):
        return self._value(state)
