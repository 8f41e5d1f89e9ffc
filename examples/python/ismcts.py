"""Information-set MCTS (Cowling, Powley and Whitehouse, 2012) written in Python on quiver's
resampler: every iteration draws a world the searching seat cannot tell from the real one
(State.resample_from_infostate, the determinization quiver's own IS-MCTS uses), then walks a
tree keyed by the information states of the seats to move, with UCB among the actions the
world allows, a random playout, and the returns backed up. It plays ConCardia against a random
player. Usage: PYTHONPATH=build/python python3 examples/python/ismcts.py [GAMES] [ITERATIONS]"""
import math
import random
import sys
import time

import quiver


class Node:
    __slots__ = ("visits", "value", "avail")

    def __init__(self):
        self.visits, self.value, self.avail = {}, {}, {}


def search(state, iterations, rng):
    me, tree = state.current_player(), {}
    for _ in range(iterations):
        world = state.resample_from_infostate(me, rng.random)
        path = []
        expanded = False
        while not world.is_terminal():
            if world.is_chance_node():
                ids, probs = zip(*world.chance_outcomes())
                world.apply_action(rng.choices(ids, probs)[0])
                continue
            p, legal = world.current_player(), world.legal_actions()
            if expanded:  # the playout
                world.apply_action(rng.choice(legal))
                continue
            key = world.information_state_string(p)
            node = tree.get(key)
            if node is None:
                node = tree[key] = Node()
                expanded = True
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            fresh = [a for a in legal if a not in node.visits]
            if fresh:
                a = rng.choice(fresh)
                expanded = True
            else:
                a = max(legal, key=lambda b: node.value[b] / node.visits[b]
                        + 0.7 * math.sqrt(math.log(node.avail[b]) / node.visits[b]))
            path.append((node, p, a))
            world.apply_action(a)
        returns = world.returns()
        for node, p, a in path:
            node.visits[a] = node.visits.get(a, 0) + 1
            node.value[a] = node.value.get(a, 0.0) + returns[p]
    root = tree[state.information_state_string(me)]
    return max(root.visits, key=root.visits.get)


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    game = quiver.load_game("concardia")
    rng = random.Random(5)
    score, decisions, start = 0.0, 0, time.perf_counter()
    for g in range(games):
        state, me = game.new_initial_state(), g % 2
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, probs)[0])
            elif state.current_player() == me:
                state.apply_action(search(state, iterations, rng))
                decisions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        score += state.returns()[me]
    seconds = time.perf_counter() - start
    print("IS-MCTS (%d iterations) against random in ConCardia: %d games, mean return %+.2f"
          % (iterations, games, score / games))
    print("%d decisions in %.2f s: %.0f iterations/s" % (decisions, seconds,
                                                         decisions * iterations / seconds))


if __name__ == "__main__":
    main()
