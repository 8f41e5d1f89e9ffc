"""The learned agent of examples/python/learn.py (docs/python.md, "A learned agent"), in short:
trained for 500 games of the tiny ConCardia configuration against random players, its mean
return against random players (greedy, 200 fresh games, each seat in turn) must end above where
it started by more than both 95% intervals. Skipped where python3 has no PyTorch (Debian's
python3-torch)."""
import importlib.util
import os
import subprocess
import sys
import unittest

import quiver.tiny

SOURCE = os.environ.get("QUIVER_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

try:
    import torch  # noqa: F401
except ImportError:
    torch = None


def load_example():
    path = os.path.join(SOURCE, "examples", "python", "learn.py")
    spec = importlib.util.spec_from_file_location("quiver_learn_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipIf(torch is None, "python3 has no PyTorch (Debian's python3-torch): the learned "
                 "agent is not trained")
class Learning(unittest.TestCase):
    def test_learns_against_random(self):
        learn = load_example()
        lines = []
        _, curve = learn.train(quiver.tiny.load("concardia"), seed=1, episodes=500,
                               eval_games=200, log=lines.append)
        print("\n".join(lines))
        (_, _, first, first_half), (_, _, last, last_half) = curve[0], curve[-1]
        self.assertGreater(last - last_half, first + first_half, lines)

    def test_command(self):
        # The command: trains, then plays quiver's own players through the spiel API.
        path = os.path.join(SOURCE, "examples", "python", "learn.py")
        out = subprocess.run([sys.executable, path, "--game", "tiny:evons", "--episodes", "64",
                              "--eval-games", "6", "--levels", "random,beginner"],
                             capture_output=True, text=True, timeout=300, env=dict(os.environ))
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertRegex(out.stdout, r"trained on tiny:evons for 64 episodes")
        for level in ("random", "beginner"):
            self.assertRegex(out.stdout, r"against %s +6 games, each seat in turn: mean return "
                             r"[+-]\d" % level)


if __name__ == "__main__":
    unittest.main()
