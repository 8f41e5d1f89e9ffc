"""The examples of examples/python run to their end in seconds and say what they measured."""
import os
import re
import subprocess
import sys
import unittest

SOURCE = os.environ.get("QUIVER_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def run(name, *args):
    path = os.path.join(SOURCE, "examples", "python", name)
    out = subprocess.run([sys.executable, path, *args], capture_output=True, text=True,
                         timeout=60, env=dict(os.environ))
    if out.returncode:
        raise AssertionError("%s failed:\n%s%s" % (name, out.stdout, out.stderr))
    return out.stdout


class Examples(unittest.TestCase):
    def test_random_vs_medium(self):
        out = run("random_vs_medium.py", "2")
        self.assertRegex(out, r"medium against random: 2 games, medium's mean return [+-]\d")
        self.assertRegex(out, r"\d+ steps/s")

    def test_cfr(self):
        out = run("cfr.py", "evons", "50")
        values = [float(x) for x in re.findall(r"exploitability ([\d.]+)", out)]
        self.assertEqual(len(values), 3, out)  # after 1, 10 and 50 iterations
        self.assertGreater(values[0], values[1], out)
        self.assertGreater(values[1], values[2], out)

    def test_ismcts(self):
        out = run("ismcts.py", "2", "40")
        self.assertRegex(out, r"2 games, mean return [+-][\d.]+")
        self.assertRegex(out, r"\d+ iterations/s")

    def test_rl_loop(self):
        out = run("rl_loop.py", "arrow-party", "10000")
        self.assertRegex(out, r"arrow-party: 10000 environment steps \(\d+ games finished\)")


if __name__ == "__main__":
    unittest.main()
