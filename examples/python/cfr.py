"""Tabular CFR (Zinkevich et al., 2007), written here in a few dozen lines, on a small THREE
ARROWS tactical position (mode=tactical: no die, no covers): the last moves of a seeded random
game, taken from where its whole tree has at most MAX_NODES states. The average strategy's
value for p1 is checked against the position's minimax value, which CFR approaches in a
two-player zero-sum game.
Usage: PYTHONPATH=build/python python3 examples/python/cfr.py [ITERATIONS]"""
import sys
import time

import quiver

MAX_NODES = 3000


def tree_size(state, cap):
    if state.is_terminal():
        return 1
    n = 1
    for a in state.legal_actions():
        n += tree_size(state.child(a), cap - n)
        if n > cap:
            break
    return n


def small_position(game, seed):
    """The earliest state of a random game whose tree has at most MAX_NODES states."""
    import random
    rng = random.Random(seed)
    states = [game.new_initial_state()]
    while not states[-1].is_terminal():
        states.append(states[-1].child(rng.choice(states[-1].legal_actions())))
    for s in reversed(states):
        if tree_size(s, MAX_NODES) > MAX_NODES:
            break
        best = s
    return best


def minimax(state):
    if state.is_terminal():
        return state.returns()[0]
    values = [minimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


class CFR:
    def __init__(self):
        self.regret, self.total = {}, {}

    def strategy(self, key, n):
        r = [max(x, 0.0) for x in self.regret.setdefault(key, [0.0] * n)]
        s = sum(r)
        return [x / s for x in r] if s > 0 else [1.0 / n] * n

    def walk(self, state, reach):
        """Counterfactual values for both players; reach holds both players' reach."""
        if state.is_terminal():
            return state.returns()
        p, legal = state.current_player(), state.legal_actions()
        key = state.information_state_string(p)
        sigma = self.strategy(key, len(legal))
        values, node = [], [0.0, 0.0]
        for a, prob in zip(legal, sigma):
            r = list(reach)
            r[p] *= prob
            v = self.walk(state.child(a), r)
            values.append(v)
            node = [node[i] + prob * v[i] for i in range(2)]
        other = reach[1 - p]
        regret, total = self.regret[key], self.total.setdefault(key, [0.0] * len(legal))
        for i in range(len(legal)):
            regret[i] += other * (values[i][p] - node[p])
            total[i] += reach[p] * sigma[i]
        return node

    def average(self, key, n):
        t = self.total.get(key, [0.0] * n)
        s = sum(t)
        return [x / s for x in t] if s > 0 else [1.0 / n] * n


def value(state, cfr):
    """p1's expected return when both play CFR's average strategy."""
    if state.is_terminal():
        return state.returns()[0]
    legal = state.legal_actions()
    avg = cfr.average(state.information_state_string(state.current_player()), len(legal))
    return sum(p * value(state.child(a), cfr) for a, p in zip(legal, avg) if p > 0)


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    game = quiver.load_game("three-arrows", mode="tactical")
    root = small_position(game, 3)
    print(root)
    print("a tree of %d states; p1's minimax value %+.3f" % (tree_size(root, 10**9), minimax(root)))
    cfr, start = CFR(), time.perf_counter()
    for _ in range(iterations):
        cfr.walk(root, [1.0, 1.0])
    seconds = time.perf_counter() - start
    print("CFR: %d iterations in %.2f s (%.0f iterations/s); the average strategy's value %+.3f"
          % (iterations, seconds, iterations / seconds, value(root, cfr)))


if __name__ == "__main__":
    main()
