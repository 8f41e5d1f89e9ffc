"""pip install ./python (python/setup.py, pyproject.toml): the package built by this Python
(its cffi, numpy and setuptools, offline: --no-build-isolation) against an installed
libquiver, into a folder of its own; the installed extensions then load the installed library
and never the build tree's. The "installed" libquiver is the build's, copied with the headers
into a prefix as `cmake --install` lays them out. Skipped where this Python has no pip."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import quiver

SOURCE = os.environ.get("QUIVER_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def has_pip():
    return subprocess.run([sys.executable, "-m", "pip", "--version"],
                          capture_output=True).returncode == 0


@unittest.skipIf(not has_pip(), "this Python has no pip: pip install ./python not tried")
class PipInstall(unittest.TestCase):
    def test_installed_package_loads_installed_library(self):
        # the build tree's library: two folders above the built package (<build>/python/quiver)
        built = os.path.dirname(os.path.dirname(os.path.dirname(quiver.__file__)))
        libs = glob.glob(os.path.join(built, "libquiver.so*"))
        self.assertTrue(libs, "no libquiver.so in %s" % built)
        with tempfile.TemporaryDirectory() as tmp:
            prefix, target, src = (os.path.join(tmp, d) for d in ("prefix", "site", "src"))
            os.makedirs(os.path.join(prefix, "lib"))
            shutil.copytree(os.path.join(SOURCE, "include", "quiver"),
                            os.path.join(prefix, "include", "quiver"))
            for lib in libs:
                shutil.copy(lib, os.path.join(prefix, "lib"), follow_symlinks=False)
            # a copy of python/, so that the build leaves nothing in the source tree
            shutil.copytree(os.path.join(SOURCE, "python"), src,
                            ignore=shutil.ignore_patterns("build", "*.egg-info", "tests"))
            env = dict(os.environ, QUIVER_PREFIX=prefix)
            out = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                  "--no-build-isolation", "--no-deps", "--no-index",
                                  "--target", target, src],
                                 capture_output=True, text=True, env=env, cwd=tmp)
            self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
            probe = ("import quiver\n"
                     "g = quiver.load_game('evons')\n"
                     "s = g.new_initial_state()\n"
                     "print(quiver.__file__)\n"
                     "print(s.current_player(), len(s.legal_actions()))\n"
                     "import quiver.small\n"  # the variant files installed with the package
                     "print(quiver.small.load('arrow-party').num_players())\n"
                     "print(''.join(l for l in open('/proc/self/maps') if 'libquiver' in l))\n")
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            env["PYTHONPATH"] = target
            run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                 env=env, cwd=tmp)
            self.assertEqual(run.returncode, 0, run.stderr)
            lines = run.stdout.splitlines()
            self.assertTrue(lines[0].startswith(target), lines[0])
            self.assertEqual(lines[1], "-1 10")  # the deal's first card: chance
            self.assertEqual(lines[2], "3")
            maps = "\n".join(lines[3:])
            self.assertIn(os.path.join(prefix, "lib"), maps)
            self.assertNotIn(os.path.realpath(built) + "/libquiver", maps)

    def test_missing_library_said(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "src")
            shutil.copytree(os.path.join(SOURCE, "python"), src,
                            ignore=shutil.ignore_patterns("build", "*.egg-info", "tests"))
            env = dict(os.environ, QUIVER_PREFIX=os.path.join(tmp, "nothing"))
            out = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                  "--no-build-isolation", "--no-deps", "--no-index",
                                  "--target", os.path.join(tmp, "site"), src],
                                 capture_output=True, text=True, env=env, cwd=tmp)
            self.assertNotEqual(out.returncode, 0)
            self.assertIn("needs an installed libquiver", out.stdout + out.stderr)


if __name__ == "__main__":
    unittest.main()
