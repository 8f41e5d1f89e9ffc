"""The small games (quiver.small, docs/python.md "Small games"): each one's whole tree built
through the package from the initial state, with hidden information from the first move, solved
by the project's CFR+ (quiver.solve, predictive) to exploitability 1e-4, and each seat's value
under equilibrium pinned to four decimals."""
import unittest

import numpy as np

import quiver.small
import quiver.solve

# game: (the first node's kind; the tree's states, decision states, information sets and
# decision states in a set of two or more; each seat's value to four decimals)
VALUES = {
    "three-arrows": ("d", (118137, 19937, 14961, 9952), ["0.0000", "0.0000"]),
    "concardia": ("c", (13216, 336, 72, 336), ["0.0000", "0.0000"]),
    "evons": ("c", (146947, 1888, 404, 1840), ["-0.0139", "0.0139"]),
    "arrow-party": ("d", (1680, 502, 108, 437), ["-0.2500", "-0.2500", "0.5000"]),
}


def fixed(v):
    text = "%.4f" % v
    return "0.0000" if text == "-0.0000" else text


class Small(unittest.TestCase):
    def test_solved_values(self):
        self.assertEqual(sorted(VALUES), sorted(quiver.small.CONFIGS))
        for name, (first, size, values) in VALUES.items():
            with self.subTest(game=name):
                game = quiver.small.load(name)
                state = game.new_initial_state()
                self.assertTrue(state.is_initial_state())
                self.assertEqual(state.history(), [])
                tree = quiver.solve.Tree(game)
                self.assertEqual(tree.kind[0], first)
                # hidden information: fewer information sets than decision states, and the
                # decision states that share their set with another counted
                decisions = tree.kinds == quiver.solve.DECISION
                sizes = np.bincount(tree.infoset[decisions])
                hidden = int((sizes[tree.infoset[decisions]] > 1).sum())
                self.assertEqual((len(tree), int(decisions.sum()), len(tree.actions), hidden),
                                 size)
                self.assertLess(len(tree.actions), int(decisions.sum()))
                solver = quiver.solve.CFR(tree, predictive=True)
                self.assertLessEqual(solver.run(exploitability=1e-4, iterations=1000), 1e-4)
                # the values to four decimals once the exploitability is ten times smaller
                self.assertLessEqual(solver.run(exploitability=1e-5, iterations=2000), 1e-5)
                value = quiver.solve.policy_value(tree, solver.average_policy())
                self.assertEqual([fixed(v) for v in value], values)

    def test_unknown(self):
        with self.assertRaises(KeyError):
            quiver.small.load("chess")


if __name__ == "__main__":
    unittest.main()
