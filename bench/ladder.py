#!/usr/bin/env python3
"""bench/ladder.py - the ladder of the computer's levels: every level's Elo against beginner in
every game, with its interval, from round-robin matches of bench/match.py.

`play` plays, for each game, a match between every two of the levels (random, beginner,
greedy, easy, medium, hard) into DIR/GAME/X-Y, with bench/match.py's pairs of games (the same seed, seats
swapped), seed S; levels next to each other on the ladder play --pairs pairs, levels further
apart --far-pairs (their result is lopsided, so it says little), and hard, whose games cost the
most by far, --hard-pairs and --hard-far-pairs. Every level is played as its name says, except
hard, whose search is given its iterations on one thread and no time cap (`quiver rules GAME`
prints the spec; its `threads=2,time=1.6` become `threads=1,time=0`): the strength hard has on
a machine fast enough to reach its iterations within its time, the same on any machine and
under any load. Stopped, it goes on where it stopped; `--shard K/N` lets N processes share
every match's pairs.

`report` fits the ratings: a Bradley-Terry (logistic Elo) model by maximum likelihood over the
games' scores (a game's score: A's share of the seat comparisons won by rank, ties half; see
bench/match.py), each match with one virtual draw added (a prior, as BayesElo's, that keeps a
level that lost every game finite), beginner at 0. The 95% intervals come from the inverse of
the Fisher information; a level's interval is that of its difference to beginner. With
--markdown the tables of docs/ai/levels.md, with --c the initializers of the games' descriptors
(`ladder`), and with --check BUILD whether every figure BUILD publishes (`quiver play --help`)
lies within the measured interval (exit 1 when one does not).

Usage:
  bench/ladder.py play DIR [--game G]... [--pairs N] [--far-pairs M] [--hard-pairs N]
                  [--hard-far-pairs M] [--levels L,...] [--seed S] [--shard K/N] [--build Q]
  bench/ladder.py report DIR [--markdown | --c | --check BUILD]
  bench/ladder.py specs [--build Q]   (the spec each level is played with, per game)

The ladder of a release, two processes:
  for k in 1 2; do nice -n 19 bench/ladder.py play bench/results/ladder --shard $k/2 \\
      > bench/results/ladder.$k.log 2>&1 & done; wait; bench/ladder.py report bench/results/ladder
"""
import argparse
import math
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (bench/match.py, beside this file)

GAMES = ["three-arrows", "concardia", "evons", "arrow-party"]
LEVELS = ["random", "beginner", "greedy", "easy", "medium", "hard"]
ANCHOR = "beginner"
PREFIX = {"three-arrows": "ta", "concardia": "cc", "evons": "ev", "arrow-party": "ap"}  # C names


def level_spec(build, game, level):
    """The agent spec a level is played with: its name, but hard's search on one thread with no
    time cap (its spec read from `quiver rules GAME`)."""
    if level != "hard":
        return level
    text = subprocess.run([build, "rules", game], capture_output=True, text=True, check=True).stdout
    block = text[text.index("\n  hard "):]
    spec = re.search(r"search: (\S+)", block).group(1)
    if "time=" not in spec:
        return spec
    spec = re.sub(r"threads=\d+", "threads=1", spec)
    return re.sub(r"time=[0-9.]+", "time=0", spec)


def pairings(levels=LEVELS):
    """Every two of the levels, in the ladder's order, the pairings of a stronger level later
    (hard's, the dearest, last)."""
    levels = [lv for lv in LEVELS if lv in levels]
    return [(x, y) for j, y in enumerate(levels) for x in levels[:j]]


def match_args(args, game, x, y):
    levels = [lv for lv in LEVELS if lv in args.levels]
    near = abs(levels.index(x) - levels.index(y)) == 1
    if "hard" in (x, y):
        pairs = args.hard_pairs if near else args.hard_far_pairs
    else:
        pairs = args.pairs if near else args.far_pairs
    return argparse.Namespace(
        dir=os.path.join(args.dir, game, f"{x}-{y}"), game=game, a=level_spec(args.build, game, x),
        b=level_spec(args.build, game, y), build_a=args.build, build_b=args.build,
        pairs=pairs, seed=args.seed, param=[], shard=args.shard,
        sprt_stop=False, elo0=-20.0, elo1=0.0, alpha=0.05, beta=0.05)


def play(args):
    for x, y in pairings(args.levels):  # every game's cheap matches first
        for game in args.game or GAMES:
            print(f"== {game}: {x} against {y}", flush=True)
            match.play(match_args(args, game, x, y))
    return 0


# ---- the fit ---------------------------------------------------------------------------------


def results(d, game):
    """Per match of the game in folder d: (x, y, games, A's summed game score), played games
    only."""
    out = []
    for x, y in pairings():
        path = os.path.join(d, game, f"{x}-{y}")
        if not os.path.isdir(path):
            continue
        games = [g for p in match.read_pairs(path).values() for g in p["games"]]
        if games:
            out.append((x, y, len(games), sum(match.game_score(g["seating"], g["ranks"]) for g in games)))
    return out


def solve(m, v):
    """m x = v by Gauss-Jordan elimination (m small, symmetric positive definite)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(matches):
    """Ratings (Elo, the anchor at 0) and their 95% half-widths... as {level: (elo, lo, hi)}."""
    levels = [lv for lv in LEVELS if any(lv in (x, y) for x, y, _, _ in matches)]
    free = [lv for lv in levels if lv != ANCHOR]
    idx = {lv: i for i, lv in enumerate(free)}
    k = math.log(10) / 400
    data = [(x, y, n + 1, s + 0.5) for x, y, n, s in matches]  # one virtual draw each
    r = {lv: 0.0 for lv in levels}
    info = None
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for x, y, n, s in data:
            p = 1 / (1 + math.exp(-k * (r[x] - r[y])))
            g, w = k * (s - n * p), k * k * n * p * (1 - p)
            for lv, sign in ((x, 1), (y, -1)):
                if lv in idx:
                    grad[idx[lv]] += sign * g
            for a_, sa in ((x, 1), (y, -1)):
                for b_, sb in ((x, 1), (y, -1)):
                    if a_ in idx and b_ in idx:
                        info[idx[a_]][idx[b_]] += sa * sb * w
        step = solve(info, grad)
        for lv in free:
            r[lv] += step[idx[lv]]
        if max(abs(s) for s in step) < 1e-6:
            break
    out = {ANCHOR: (0.0, 0.0, 0.0)}
    for lv in free:
        e = [0.0] * len(free)
        e[idx[lv]] = 1.0
        half = 1.96 * math.sqrt(solve(info, e)[idx[lv]])
        out[lv] = (r[lv], r[lv] - half, r[lv] + half)
    return out


# ---- reports ---------------------------------------------------------------------------------


def report(args):
    per_game = {}
    for game in GAMES:
        m = results(args.dir, game)
        if m and ANCHOR in {lv for x, y, _, _ in m for lv in (x, y)}:
            per_game[game] = (m, fit(m))
    if not per_game:
        raise match.MatchError(f"{args.dir}: no match of the ladder played yet")
    if args.check:
        return check(args.check, per_game)
    (c_report if args.c else markdown_report if args.markdown else text_report)(per_game)
    return 0


def elo_cell(r):
    return "0" if r == (0.0, 0.0, 0.0) else f"{r[0]:+.0f} [{r[1]:+.0f}, {r[2]:+.0f}]"


def text_report(per_game):
    for game, (m, ratings) in per_game.items():
        print(f"{game}: " + "  ".join(f"{lv} {elo_cell(ratings[lv])}" for lv in LEVELS if lv in ratings))
        for x, y, n, s in m:
            print(f"  {x} against {y}: {n} games, {100 * s / n:.1f}%{shutout(n, s)}")


def markdown_report(per_game):
    """Two tables of docs/ai/levels.md: the ratings, a column per game, and the matches they come from."""
    games = list(per_game)
    print("| level | " + " | ".join(games) + " |\n| --- |" + " --- |" * len(games))
    for lv in LEVELS:
        cells = [elo_cell(per_game[g][1][lv]) if lv in per_game[g][1] else "" for g in games]
        print(f"| `{lv}` | " + " | ".join(cells) + " |")
    print("\n| match: the score of the first | " + " | ".join(games) + " |\n| --- |" + " --- |" * len(games))
    for x, y in pairings():
        cells = []
        for g in games:
            got = [(n, s) for a, b, n, s in per_game[g][0] if (a, b) == (x, y)]
            cells += [f"{100 * got[0][1] / got[0][0]:.1f}% of {got[0][0]}{shutout(*got[0])}" if got else ""]
        if any(cells):
            print(f"| `{x}` against `{y}` | " + " | ".join(cells) + " |")


def c_report(per_game):
    for game, (_, ratings) in per_game.items():
        print(f"/* {game}: the levels' strength measured by bench/ladder.py (docs/ai/levels.md). */")
        print(f"static const qv_level_elo {PREFIX[game]}_ladder[] = {{")
        for lv in LEVELS:
            if lv in ratings:
                e, lo, hi = (round(x) for x in ratings[lv])
                print(f'    {{"{lv}", {e}, {lo}, {hi}}},')
        print("    {NULL, 0, 0, 0},\n};")


def shutout(n, s):
    """For a match one side won every game of: the least gap the games allow, at 95% (the
    score whose chance of n wins in n is 2.5%); the fit's figure for it leans on the prior."""
    least = match.elo_of_score(0.025 ** (1 / n))
    if 0 < s < n or least <= 0:
        return ""
    return f" (all to one side: {least:.0f} Elo apart at least)"


def published(build):
    """The ladder a build prints in `quiver play --help`: {game: {level: elo}}."""
    text = subprocess.run([build, "play", "--help"], capture_output=True, text=True, check=True).stdout
    lines = text[text.index("The levels' strength"):].split("\n")
    at = next(i for i, line in enumerate(lines) if line.split() and set(line.split()) <= set(LEVELS))
    head = lines[at].split()
    out = {}
    for line in lines[at + 1:]:
        words = line.split()
        if len(words) != len(head) + 1 or words[0] not in GAMES:
            break
        out[words[0]] = {lv: float(w) for lv, w in zip(head, words[1:]) if w != "-"}
    return out


def check(build, per_game):
    bad = 0
    pub = published(build)
    for game, (_, ratings) in per_game.items():
        for lv, (e, lo, hi) in ratings.items():
            shown = pub.get(game, {}).get(lv)
            ok = shown is not None and lo - 0.5 <= shown <= hi + 0.5
            bad += not ok
            print(f"{game} {lv}: published {'none' if shown is None else f'{shown:+.0f}'}, "
                  f"measured {e:+.0f} [{lo:+.0f}, {hi:+.0f}]: {'within' if ok else 'OUTSIDE'}")
    return 1 if bad else 0


def main(argv):
    ap = argparse.ArgumentParser(prog="bench/ladder.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play the ladder's matches (or a shard of them) into DIR")
    p.add_argument("dir")
    p.add_argument("--game", action="append", choices=GAMES)
    p.add_argument("--pairs", type=int, default=50, help="pairs of games of neighbouring levels")
    p.add_argument("--far-pairs", type=int, default=10, help="pairs of games of the other levels")
    p.add_argument("--hard-pairs", type=int, help="pairs of hard against its neighbour (default --pairs)")
    p.add_argument("--hard-far-pairs", type=int, help="pairs of hard against the others (default --far-pairs)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--shard", default="1/1")
    p.add_argument("--build", default="build/quiver")
    p.add_argument("--levels", type=lambda t: t.split(","), default=LEVELS,
                   help="the levels, comma-separated, beginner among them (default: all five)")
    sp = sub.add_parser("specs", help="the agent spec each level is played with, per game")
    sp.add_argument("--build", default="build/quiver")
    r = sub.add_parser("report", help="the ratings of the ladder in DIR")
    r.add_argument("dir")
    g = r.add_mutually_exclusive_group()
    g.add_argument("--markdown", action="store_true")
    g.add_argument("--c", action="store_true")
    g.add_argument("--check", metavar="BUILD")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        args.hard_pairs = args.pairs if args.hard_pairs is None else args.hard_pairs
        args.hard_far_pairs = args.far_pairs if args.hard_far_pairs is None else args.hard_far_pairs
    try:
        if args.cmd == "play" and (ANCHOR not in args.levels or not set(args.levels) <= set(LEVELS)):
            raise match.MatchError(f"--levels {','.join(args.levels)}: expected levels among "
                                   f"{','.join(LEVELS)}, beginner one of them")
        if args.cmd == "specs":
            for game in GAMES:
                print(game + ": " + "  ".join(f"{lv}={level_spec(args.build, game, lv)}" for lv in LEVELS))
            return 0
        return play(args) if args.cmd == "play" else report(args)
    except match.MatchError as e:
        print(f"bench/ladder.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
