"""The tiny configurations (quiver.tiny, docs/python.md "Tiny configurations"): each game's
whole tree built through the package, tabular CFR run on it (examples/python/cfr.py, whose
numbers are those of OpenSpiel's cfr.py and exploitability.py on the same games: the same
iterations give the same exploitability), and its average strategy's exploitability computed
exactly: decreasing, and below the bound docs/python.md gives after 100 iterations."""
import importlib.util
import os
import unittest

import quiver.tiny

SOURCE = os.environ.get("QUIVER_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# game: (the most states its tree may have, exploitability after 100 iterations at most)
BOUNDS = {
    "three-arrows": (10000, 0.010),
    "concardia": (15000, 0.025),
    "evons": (10000, 0.004),
    "arrow-party": (10000, 0.002),
}


def load_cfr():
    path = os.path.join(SOURCE, "examples", "python", "cfr.py")
    spec = importlib.util.spec_from_file_location("quiver_cfr_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Tiny(unittest.TestCase):
    def test_cfr_converges(self):
        cfr = load_cfr()
        for name, (states, bound) in BOUNDS.items():
            with self.subTest(game=name):
                game = quiver.tiny.load(name)
                self.assertEqual(game.get_type().dynamics, quiver.GameType.Dynamics.SEQUENTIAL)
                tree = cfr.Tree(game)
                self.assertLessEqual(len(tree), states)
                self.assertGreater(len(tree.actions), 50)  # information sets
                solver = cfr.CFR(tree)
                seen = []
                for k in range(1, 101):
                    solver.iterate()
                    if k in (1, 10, 100):
                        seen.append(cfr.exploitability(tree, solver.average))
                self.assertGreater(seen[0], seen[1])
                self.assertGreater(seen[1], seen[2])
                self.assertLess(seen[2], bound, "%s: %r" % (name, seen))

    def test_hidden_information(self):
        # Each keeps something hidden: some information set holds several states.
        cfr = load_cfr()
        for name in BOUNDS:
            tree = cfr.Tree(quiver.tiny.load(name))
            decisions = sum(1 for k in tree.kind if k == "d")
            self.assertLess(len(tree.actions), decisions, name)

    def test_unknown(self):
        with self.assertRaises(KeyError):
            quiver.tiny.load("chess")


if __name__ == "__main__":
    unittest.main()
