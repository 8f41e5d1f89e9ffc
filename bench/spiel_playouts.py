"""Random playouts through the Python package, step for step what bench/spiel_playouts.c does
in C (docs/benchmarks.md, "The spiel API from C and from Python"): the legal ids listed, one
drawn uniformly, or a chance outcome drawn by its probability, and applied. With --info, the
seat to move's information state string is asked at every decision as well, as a CFR or an
IS-MCTS asks for its key.

    PYTHONPATH=build/python python3 bench/spiel_playouts.py [--info] [SECONDS [GAME [PARAMS]]]
"""
import random
import sys
import time

import quiver


def run(name, params, seconds, info=False):
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
                if info:
                    state.information_state_string(state.current_player())
            state.apply_action(action)
            steps += 1
        games += 1
    t = time.perf_counter() - start
    print("%s%s%s%s: %.0f steps/s, %.1f steps per game (%d games in %.2f s)"
          % (name, " " if params else "", params, " (--info)" if info else "", steps / t,
             steps / games, games, t))


def main():
    args = sys.argv[1:]
    info = "--info" in args
    args = [a for a in args if a != "--info"]
    seconds = float(args[0]) if args else 1.0
    if len(args) > 1:
        run(args[1], args[2] if len(args) > 2 else "", seconds, info)
    else:
        for name in quiver.games():
            run(name, "", seconds, info)


if __name__ == "__main__":
    main()
