#!/usr/bin/env python3
"""first_minutes.py BUILD SOURCE PYTHON PAGE... - follows each "first ten minutes" page
(docs/start/*.md) to the letter against a built tree, and fails when a command of it fails.

A page marks the blocks to run with an HTML comment on the line above a fenced block (the
comment shows neither on GitHub nor in the site):

  <!-- try -->                  the block runs in bash (set -e): every command must end with
                                status 0 (a pipeline's, its last command's)
  <!-- try: background -->      the block is started and left running (a server); the next
                                block waits until its port answers; it is stopped at the end
  <!-- try: typed -->           the block runs with the next block, marked <!-- try: input -->,
                                as what the reader types at its prompt
  refuse "REGEX" (after a comma) the block fails when a line of its output matches REGEX
                                (`quiver play`'s "was not played", the engine's "?" replies)

Each page runs in a folder of its own, as if at the top of the tree: `build` is the build
folder and `examples` the source's, HOME is the folder (lesson progress, records), `python3`
is PYTHON (Debian's, with its numpy), and 8080 is replaced by a free port, so that two runs
or another server on this machine never collide. Skipped (77) when BUILD has no Python
package (the research page uses it). Each block is bounded in time (120 s); a
page without any marked block fails, so that a page cannot lose its test by losing its marks.
"""

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

BLOCK_SECONDS = 120
MARK = re.compile(r"^<!--\s*try(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(```|~~~)")


def blocks(path):
    """The marked blocks of a page: (line, options, text), in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = MARK.match(lines[i])
        if not m:
            i += 1
            continue
        start = i + 1
        if start >= len(lines) or not FENCE.match(lines[start]):
            sys.exit(f"{path}:{i + 1}: a try mark must be right above a fenced block")
        end = start + 1
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        out.append((i + 1, options(path, i + 1, m.group(1) or ""), "\n".join(lines[start + 1 : end])))
        i = end + 1
    return out


def options(path, line, text):
    """The options of a mark: {"kind": plain|background|typed|input, "refuse": regex or None}."""
    opts = {"kind": "plain", "refuse": None}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if part in ("background", "typed", "input"):
            opts["kind"] = part
        elif part.startswith("refuse "):
            opts["refuse"] = re.compile(shlex.split(part[len("refuse ") :])[0], re.M)
        else:
            sys.exit(f"{path}:{line}: unknown try option '{part}' (background, typed, input, refuse \"REGEX\")")
    return opts


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc, seconds):
    """True once 127.0.0.1:port accepts a connection; False if proc ends first or time runs out."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            return False
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


def run_page(page, build, source, python):
    marked = blocks(page)
    if not marked:
        return [f"{page}: no block is marked <!-- try --> (the test would follow nothing)"]
    work = tempfile.mkdtemp(prefix="quiver-first-minutes-")
    bindir = os.path.join(work, ".bin")
    os.mkdir(bindir)
    os.symlink(python, os.path.join(bindir, "python3"))
    os.symlink(build, os.path.join(work, "build"))
    os.symlink(os.path.join(source, "examples"), os.path.join(work, "examples"))
    env = dict(os.environ, HOME=work, PATH=bindir + os.pathsep + os.environ["PATH"])
    env.pop("PYTHONPATH", None)
    port = free_port()
    failures = []
    background = []
    i = 0
    try:
        while i < len(marked):
            line, opts, text = marked[i]
            text = text.replace("8080", str(port))
            stdin = ""
            if opts["kind"] == "typed":
                if i + 1 >= len(marked) or marked[i + 1][1]["kind"] != "input":
                    failures.append(f"{page}:{line}: a typed block needs a <!-- try: input --> block after it")
                    break
                stdin = marked[i + 1][2] + "\n"
                i += 1
            elif opts["kind"] == "input":
                failures.append(f"{page}:{line}: an input block with no typed block before it")
                break
            i += 1
            print(f"--- {os.path.basename(page)}:{line}\n{text}", flush=True)
            script = "set -e\n" + text + "\n"
            if opts["kind"] == "background":
                proc = subprocess.Popen(["bash", "-c", script], cwd=work, env=env,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
                background.append(proc)
                if not wait_port(port, proc, 60):
                    failures.append(f"{page}:{line}: the server did not answer on port {port} within 60 s")
                    break
                continue
            try:
                done = subprocess.run(["bash", "-c", script], cwd=work, env=env, input=stdin,
                                      capture_output=True, text=True, timeout=BLOCK_SECONDS)
            except subprocess.TimeoutExpired:
                failures.append(f"{page}:{line}: did not finish within {BLOCK_SECONDS} s")
                break
            output = done.stdout + done.stderr
            print(output[-3000:], flush=True)
            if done.returncode != 0:
                failures.append(f"{page}:{line}: exit status {done.returncode}")
                break
            if opts["refuse"] and opts["refuse"].search(output):
                bad = opts["refuse"].search(output).group(0)
                failures.append(f"{page}:{line}: the output has '{bad}' (refused: {opts['refuse'].pattern})")
                break
    finally:
        for proc in background:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        subprocess.run(["rm", "-rf", work], check=False)
    return failures


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: first_minutes.py BUILD SOURCE PYTHON PAGE...")
    build, source, python = (os.path.abspath(a) for a in sys.argv[1:4])
    if not os.path.isfile(os.path.join(build, "python", "quiver", ".built")):
        print(f"skipped: the Python package is not built in {build}/python (python3 needs cffi, "
              "numpy and its headers: make python installs them), and a page uses it")
        return 77
    failures = []
    for page in sys.argv[4:]:
        failures += run_page(page, build, source, python)
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"{len(sys.argv) - 4} pages followed, every marked command succeeded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
