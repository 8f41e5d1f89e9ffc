"""A cold information state through the Python package (docs/history/benchmarks-5.md, "The spiel API from
C and from Python"): random games played to their first decision at or after AT actions (60 by
default) and serialized; then, per game, the mean time of a step of those playouts, of
deserializing a state (which replays and checks its history, working out the seats'
information states as it goes), and of the first information state string asked of the
deserialized state, also in steps.

    PYTHONPATH=build/python python3 bench/spiel_cold.py [STATES [AT]]
"""
import random
import sys
import time

import quiver


def run(name, nstates, at):
    game = quiver.load_game(name)
    draw = random.Random(3).random
    texts, steps, playing = [], 0, 0.0
    while len(texts) < nstates:
        state, n = game.new_initial_state(), 0
        start = time.perf_counter()
        while not state.is_terminal():
            if n >= at and not state.is_chance_node():
                playing += time.perf_counter() - start
                steps += n
                texts.append((state.serialize(), state.current_player()))
                break
            if state.is_chance_node():
                state.apply_chance_sample(draw())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
            n += 1
    step = playing / steps
    start = time.perf_counter()
    states = [game.deserialize_state(text) for text, _ in texts]
    load = (time.perf_counter() - start) / nstates
    start = time.perf_counter()
    for state, (_, seat) in zip(states, texts):
        state.information_state_string(seat)
    cold = (time.perf_counter() - start) / nstates
    print("%s: a step %.1f us; deserialize (%d actions on average) %.0f us = %.0f steps; "
          "the first information state after it %.1f us = %.2f steps"
          % (name, step * 1e6, steps // nstates, load * 1e6, load / step, cold * 1e6,
             cold / step))


def main():
    nstates = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    for name in quiver.games():
        run(name, nstates, at)


if __name__ == "__main__":
    main()
