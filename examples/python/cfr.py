"""Tabular CFR (Zinkevich et al., 2007) on quiver's tiny configurations (docs/python.md, "Tiny
configurations") with the package's solver (quiver.solve, a few dozen lines of pure Python): the
game's whole tree is built once through the package (each decision keyed by its information
state string), then CFR with alternating updates runs on it, and the exploitability of the
average strategy is computed exactly with a best response per seat (NashConv divided by the
players: OpenSpiel's exploitability in a two-player zero-sum game).

Usage: PYTHONPATH=build/python python3 examples/python/cfr.py [GAME [ITERATIONS]]
"""
import sys
import time

import quiver.tiny
from quiver.solve import CFR, Tree, best_response_value, exploitability, policy_value  # noqa: F401


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "concardia"
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    game = quiver.tiny.load(name)
    t0 = time.perf_counter()
    tree = Tree(game)
    print("%s tiny: a tree of %d states, %d information sets, built in %.1f s"
          % (name, len(tree), len(tree.actions), time.perf_counter() - t0))
    solver = CFR(tree)
    t0 = time.perf_counter()
    checkpoints = {1, 10, 50, iterations}
    for k in range(1, iterations + 1):
        solver.iterate()
        if k in checkpoints:
            print("CFR: %d iterations, exploitability %.4f" % (k, exploitability(tree, solver.average)))
    print("CFR: %d iterations in %.1f s" % (iterations, time.perf_counter() - t0))


if __name__ == "__main__":
    main()
