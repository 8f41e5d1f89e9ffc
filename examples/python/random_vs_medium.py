"""A match of THREE ARROWS: a random player against quiver's `medium`, through the Python
package. Usage: PYTHONPATH=build/python python3 examples/python/random_vs_medium.py [GAMES]"""
import random
import sys
import time

import quiver
import quiver.agents


def play(game, seats, rng):
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(seats[state.current_player()](state))
        steps += 1
    return state.returns(), steps


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    game = quiver.load_game("three-arrows")
    rng = random.Random(1)
    medium = quiver.agents.get("medium", seed=1)
    randomly = lambda state: rng.choice(state.legal_actions())
    score, steps, start = 0.0, 0, time.perf_counter()
    for g in range(games):
        # medium plays p1 in even games and p2 in odd ones.
        seats = [medium.step, randomly] if g % 2 == 0 else [randomly, medium.step]
        returns, n = play(game, seats, rng)
        score += returns[g % 2]
        steps += n
    seconds = time.perf_counter() - start
    print("medium against random: %d games, medium's mean return %+.2f" % (games, score / games))
    print("%d steps in %.2f s: %.0f steps/s (medium searches at each of its moves)"
          % (steps, seconds, steps / seconds))


if __name__ == "__main__":
    main()
