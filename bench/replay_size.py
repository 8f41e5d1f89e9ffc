#!/usr/bin/env python3
"""The size of a replay's answer per step, its whole views against its changes, in one run.

Usage: bench/replay_size.py QUIVER [--games N] [--seed S] [--vs BASE_QUIVER [--repeat R]]

For each game (THREE ARROWS in both modes, ConCardia, Evons, Arrow Party with 5 players on a
26x26 area), `QUIVER arena` plays N games (default 20) between random seats from seed S (default
57) and keeps their records. A `QUIVER serve` on a temporary database replays each record with
`POST /api/replay?views=full` (every step's view whole: the answer of before, byte for byte)
and `POST /api/replay` (the start's view, then each step's changes), and the script prints, per
game, the bytes a step of both answers over all N games and of the longest game, side by side, and the most an answer was times its record's size.

With --vs, it also measures the work of writing an answer, in instructions: BASE_QUIVER (a
build of the previous release) and QUIVER each serve under valgrind's callgrind, counting only
inside qv__replay_text (the function that writes an answer in both), while each longest game is
replayed R times (default 3) in the default form of each; a third run, QUIVER with ?views=full,
gives the old form's instructions in the new build. It checks that BASE_QUIVER's answer is the
new ?views=full answer byte for byte. Instruction counts are deterministic: one run of each is
the figure. Needs python3 and, for --vs, valgrind.
"""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

GAMES = [
    # (label, game, seats, parameters)
    ("THREE ARROWS standard", "three-arrows", 2, ["mode=standard"]),
    ("THREE ARROWS tactical", "three-arrows", 2, ["mode=tactical"]),
    ("ConCardia", "concardia", 2, []),
    ("Evons", "evons", 2, []),
    ("Arrow Party 5p 26x26", "arrow-party", 5, ["players=5", "size=26"]),
]


def arguments():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__.strip().split("\n\n")[1])
    o = {"quiver": args[0], "games": 20, "seed": 57, "vs": None, "repeat": 3}
    i = 1
    while i + 1 < len(args):
        key = args[i].lstrip("-")
        if key not in ("games", "seed", "vs", "repeat"):
            sys.exit("unknown option %s\n%s" % (args[i], __doc__.strip().split("\n\n")[1]))
        o[key] = args[i + 1] if key == "vs" else int(args[i + 1])
        i += 2
    if i != len(args):
        sys.exit("%s needs a value" % args[i])
    return o


def records(quiver, game, seats, params, games, seed, where):
    """The records of `games` random games (text), from `quiver arena`."""
    cmd = [quiver, "arena", game, "--agents"] + ["random"] * seats
    cmd += ["--games", str(games), "--seed", str(seed), "--threads", "1", "--records", where]
    for p in params:
        cmd += ["--param", p]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [open(f).read() for f in sorted(glob.glob(os.path.join(where, "*.json")))]


class Server:
    """`quiver serve` on a temporary database and port 0, optionally under a wrapper."""

    def __init__(self, quiver, db, wrapper=()):
        cmd = list(wrapper) + [quiver, "serve", "--port", "0", "--db", db, "--threads", "1"]
        # The tunable the server would run itself again with (docs/server/limits.md, "Memory"): set
        # here, it starts once, and valgrind follows it.
        env = dict(os.environ, GLIBC_TUNABLES="glibc.malloc.tcache_count=0")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=env)
        line = self.proc.stdout.readline().decode()
        m = re.match(r"serving http://(.*):(\d+)/", line)
        if not m:
            self.proc.kill()
            sys.exit("the server did not start: %r" % line)
        self.base = "http://127.0.0.1:%s" % m.group(2)

    def replay(self, record, query=""):
        req = urllib.request.Request(self.base + "/api/replay" + query, data=record.encode(),
                                     method="POST")
        with urllib.request.urlopen(req, timeout=600) as r:
            return r.read()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=600)


def sizes(server, recs):
    """Per record: (steps, bytes of the whole views' answer, of the changes' answer, of the
    record)."""
    out = []
    for text in recs:
        full = server.replay(text, "?views=full")
        changes = server.replay(text)
        steps = len(json.loads(changes)["steps"])
        assert steps == len(json.loads(full)["steps"])
        out.append((steps, len(full), len(changes), len(text.encode())))
    return out


def instructions(quiver, tmp, name, recs, repeat, query=""):
    """Instructions spent in qv__replay_text while quiver replays each record `repeat` times."""
    out = os.path.join(tmp, "callgrind.%s" % name)
    wrapper = ["valgrind", "--tool=callgrind", "--toggle-collect=qv__replay_text",
               "--callgrind-out-file=" + out]
    server = Server(quiver, os.path.join(tmp, name + ".db"), wrapper)
    answers = []
    for text in recs:
        for _ in range(repeat):
            answer = server.replay(text, query)
        answers.append(answer)
    server.stop()
    totals = [l for l in open(out) if l.startswith("totals:") or l.startswith("summary:")]
    return int(totals[-1].split()[1]), answers


def main():
    o = arguments()
    tmp = tempfile.mkdtemp(prefix="qv-replay-size-")
    try:
        longest = {}
        server = Server(o["quiver"], os.path.join(tmp, "sizes.db"))
        print("| game | games | steps (mean) | bytes a step, views | bytes a step, changes | "
              "ratio | longest game: steps | views | changes | answer / record, most: views "
              "| changes |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for label, game, seats, params in GAMES:
            where = os.path.join(tmp, game + "-" + "-".join(params))
            recs = records(o["quiver"], game, seats, params, o["games"], o["seed"], where)
            got = sizes(server, recs)
            steps = sum(g[0] for g in got)
            full = sum(g[1] for g in got)
            changes = sum(g[2] for g in got)
            i = max(range(len(got)), key=lambda k: got[k][0])
            longest[label] = recs[i]
            s, f, c, _ = got[i]
            print("| %s | %d | %.0f | %.0f | %.0f | %.1fx | %d | %.0f | %.0f | %.0f | %.0f |"
                  % (label, len(got), steps / len(got), full / steps, changes / steps,
                     full / changes, s, f / s, c / s, max(g[1] / g[3] for g in got),
                     max(g[2] / g[3] for g in got)))
        server.stop()
        if not o["vs"]:
            return
        print()
        print("| game | instructions an answer: before | after (changes) | ratio | "
              "after, ?views=full |")
        print("| --- | --- | --- | --- | --- |")
        for label in longest:
            rec = [longest[label]]
            base, old = instructions(o["vs"], tmp, "base", rec, o["repeat"])
            new, _ = instructions(o["quiver"], tmp, "new", rec, o["repeat"])
            full, same = instructions(o["quiver"], tmp, "full", rec, o["repeat"], "?views=full")
            if old != same:
                sys.exit("%s: the old answer and ?views=full differ" % label)
            n = o["repeat"]
            print("| %s | %d | %d | %.2fx | %d |"
                  % (label, base // n, new // n, new / base, full // n))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
