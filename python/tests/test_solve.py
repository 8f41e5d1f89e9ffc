"""The project's own solver (quiver.solve, docs/python.md "Solved values") on Kuhn poker
(kuhn.py), whose values are known: the uniform policy's NashConv is 11/12 (each seat's best
response, worked out by hand and in OpenSpiel's exploitability_test.py), CFR+ reaches the game's
value -1/18 for the first player with exploitability below 1e-4, faster than CFR; and the
stand-in's TabularBestResponse (openspiel/pyspiel.py, what OpenSpiel computes in C++) agrees
with the solver's best response."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kuhn  # noqa: E402
import quiver.solve as solve  # noqa: E402


def uniform(tree):
    return lambda i: [1.0 / len(tree.actions[i])] * len(tree.actions[i])


def run(tree, iterations, plus):
    solver = solve.CFR(tree, plus=plus)
    for _ in range(iterations):
        solver.iterate()
    return solver


class Kuhn(unittest.TestCase):
    def setUp(self):
        self.tree = solve.Tree(kuhn.KuhnGame())

    def test_tree(self):
        # 1 + 3 + 6 chance and deal nodes, 6 deals x 9 action nodes (4 decisions, 5 ends)
        self.assertEqual(len(self.tree), 1 + 3 + 6 * 9)
        self.assertEqual(len(self.tree.actions), 12)  # 3 cards x 4 histories

    def test_uniform_nash_conv(self):
        self.assertAlmostEqual(solve.nash_conv(self.tree, uniform(self.tree)), 11 / 12, places=12)
        self.assertAlmostEqual(solve.policy_value(self.tree, uniform(self.tree))[0], 0.125,
                               places=12)

    def test_cfr_plus_value(self):
        solver = run(self.tree, 2000, True)
        e = solve.exploitability(self.tree, solver.average)
        value = solve.policy_value(self.tree, solver.average)
        self.assertLess(e, 1e-4)
        self.assertAlmostEqual(value[0], -1 / 18, places=4)
        self.assertEqual(value[0] + value[1], 0.0)
        slower = run(self.tree, 2000, False)
        self.assertGreater(solve.exploitability(self.tree, slower.average), e)

    def test_stand_in_best_response_agrees(self):
        sys.path.insert(0, os.path.join(HERE, "openspiel"))
        import pyspiel
        tree, game = self.tree, kuhn.KuhnGame()
        solver = run(tree, 50, True)
        table = {key: list(zip(tree.actions[i], solver.average(i)))
                 for key, i in tree.infosets.items()}
        for p in range(2):
            br = pyspiel.TabularBestResponse(game, p, table)
            self.assertAlmostEqual(br.value(game.new_initial_state()),
                                   solve.best_response_value(tree, solver.average, p),
                                   places=12)


if __name__ == "__main__":
    unittest.main()
