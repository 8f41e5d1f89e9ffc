"""Random playouts through the Python package, step for step what bench/spiel_playouts.c does
in C (docs/benchmarks.md, "The spiel API from C and from Python"): the legal ids listed, one
drawn uniformly, or a chance outcome drawn by its probability, and applied.

    PYTHONPATH=build/python python3 bench/spiel_playouts.py [SECONDS [GAME [PARAMS]]]
"""
import random
import sys
import time

import quiver


def run(name, params, seconds):
    game = quiver.load_game(name, params)
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = rng.random()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    x -= p
                    if x < 0:
                        action = a
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        games += 1
    t = time.perf_counter() - start
    print("%s%s%s: %.0f steps/s, %.1f steps per game (%d games in %.2f s)"
          % (name, " " if params else "", params, steps / t, steps / games, games, t))


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    if len(sys.argv) > 2:
        run(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "", seconds)
    else:
        for name in quiver.games():
            run(name, "", seconds)


if __name__ == "__main__":
    main()
