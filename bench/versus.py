#!/usr/bin/env python3
"""bench/versus.py - one agent spec played by two builds of quiver against each other.

Each game runs one `quiver engine` of each build, both following the same game: the engine of
the seat to move chooses (`genmove AGENT`), the other is told the action (`play`), and chance
outcomes are drawn by the first build's engine (`settle`) and played into the second's. Game i
starts both engines with --seed SEED+i (the agents' seeds derive from it) and seats the first
build as p1 in even games and as p2 in odd ones, so both builds play both seats equally often.
The result is the first build's wins, draws and losses by rank (`result`), its score with a
95% interval (normal approximation) and the Elo difference it implies. Two-player games only.

Usage: bench/versus.py A B GAME AGENT [--games N] [--seed S] [--jobs J] [--param K=V]...
  A, B    the quiver binaries (e.g. build/quiver and a build of the previous release)
  AGENT   the agent spec both play, e.g. mcts:iterations=2000
  --games N   games (default 200, rounded up to even)   --jobs J  games at once (default 2)
"""
import argparse
import math
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


class Engine:
    """A `quiver engine` session: commands in, replies (lines up to the empty one) out."""

    def __init__(self, binary, seed):
        self.p = subprocess.Popen([binary, "engine", "--seed", str(seed)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            got = self.p.stdout.readline()
            if got == "":
                raise RuntimeError(f"engine ended after {line!r}")
            got = got.rstrip("\n")
            if got == "":
                break
            lines.append(got)
        if not lines or lines[0].startswith("?"):
            raise RuntimeError(f"{line!r}: {lines}")
        first = lines[0][1:].lstrip()
        return [first] + lines[1:] if first else lines[1:]

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait()


def play(args, i):
    """Game i: 1, 0.5 or 0 for build A, and the number of decisions."""
    seed = args.seed + i
    a, b = Engine(args.a, seed), Engine(args.b, seed)
    try:
        new = " ".join(["new", args.game] + args.param)
        a.ask(new)
        b.ask(new)
        seat_a = i % 2  # A plays p1 in even games
        decisions = 0
        while True:
            outcomes = a.ask("settle")
            for o in outcomes:
                b.ask("play " + o)
            who = a.ask("to_move")[0]
            if who == "over":
                break
            mover, other = (a, b) if int(who[1:]) - 1 == seat_a else (b, a)
            action = mover.ask("genmove " + args.agent)[0]
            other.ask("play " + action)
            decisions += 1
        ranks = {}
        for line in a.ask("result"):
            p, rank, _ = line.split()
            ranks[int(p[1:]) - 1] = int(rank)
        ra, rb = ranks[seat_a], ranks[1 - seat_a]
        return (1.0 if ra < rb else 0.5 if ra == rb else 0.0), decisions
    finally:
        a.close()
        b.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("game")
    ap.add_argument("agent")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--param", action="append", default=[])
    args = ap.parse_args()
    games = args.games + args.games % 2
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda i: play(args, i), range(games)))
    scores = [r for r, _ in results]
    wins = sum(1 for s in scores if s == 1)
    draws = sum(1 for s in scores if s == 0.5)
    losses = games - wins - draws
    mean = sum(scores) / games
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (games - 1)) if games > 1 else 0
    half = 1.96 * sd / math.sqrt(games)
    lo, hi = max(mean - half, 0.0), min(mean + half, 1.0)

    def elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    print(f"{args.game} {' '.join(args.param)} {args.agent}: {games} games, seed {args.seed}")
    print(f"A {args.a} against B {args.b}")
    print(f"A: {wins} wins, {draws} draws, {losses} losses; score {100 * mean:.1f}% "
          f"[{100 * lo:.1f}, {100 * hi:.1f}]; Elo {elo(mean):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}]; "
          f"{sum(d for _, d in results) / games:.1f} decisions a game")


if __name__ == "__main__":
    sys.exit(main())
