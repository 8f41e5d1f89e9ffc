#!/usr/bin/env python3
"""bench/match.py - two players of quiver against each other: two builds, two agent specs, or both.

A match lives in a folder. `play` plays its pairs of games into the folder and `report` reads
what is there; a run that is stopped (Ctrl-C, a crash, a reboot) goes on where it stopped when
`play` is given the same folder again, and `--shard K/N` lets N processes share the pairs.

Sides. Side A is the agent spec --a played by the build --build-a, side B the spec --b (default:
--a) played by --build-b (default: build/quiver). Each game runs one `quiver engine` per build
(one for both sides when the builds are the same file), all following the same game: the
engine of the seat to move chooses (`genmove`), the others are told the action (`play`), and
chance outcomes are drawn by the engine of the side in seat p1 (`settle`) and played into the
other. Each seat's agent gets its own seed (`seed=` is added to the spec), so two seats of one
side are two agents, as at a table.

Pairs. Pair i is two games from the same seed (S + i, which deals the same cards and seeds
the seats' agents alike) with every seat swapped between the sides: in two-player games A is p1
in the first game and p2 in the second. With n seats, pair i takes the i-th of the seatings
that start with A (in order, AB for two players; AAB, ABA, ABB for three), so that over the
pairs every seat is held by each side equally often. A game's score for A is the share of
(A seat, B seat) comparisons A won by rank, a tie counting half: 1, 0.5 or 0 in a two-player
game. A pair's score is the mean of its two games'.

Statistics. The score is the mean pair score with a 95% interval from the pairs' variance
(normal approximation; a pair is one sample, so what its two games share through the seed is
counted once: the pentanomial model), and the Elo difference it implies. The SPRT is fishtest's generalized SPRT
(the "expectation" statistic of its LLR_logistic): the log-likelihood ratio of the pair scores'
empirical distribution constrained to the score of elo1 against the one constrained to elo0
(Elo of A over B, logistic), zero cells regularized with 1e-3 games as fishtest does, with
bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha) (+-2.94 at alpha = beta = 0.05; no
overshoot correction). The default bounds elo0 = -20, elo1 = 0 ask "is A weaker than B by 20
Elo (about 3 points of score)?": fishtest's non-regression test has that shape ([-1.75, 0.25]
normalized Elo), at a scale these games can afford.

Files. DIR/match.json: the match (game, parameters, sides, each build's path and SHA-256,
seed, pairs, SPRT); `play` refuses a folder that holds another match, or whose builds changed
since it started. DIR/pairs-K-of-N.jsonl: one line per pair finished by shard K, written and
flushed whole (a line cut by a crash is dropped when its shard goes on).

Usage:
  bench/match.py play DIR GAME --a SPEC [--b SPEC] [--build-a Q] [--build-b Q] [--pairs N]
                 [--seed S] [--param K=V]... [--shard K/N] [--sprt-stop] [--elo0 E] [--elo1 E]
                 [--alpha A] [--beta B]
  bench/match.py report DIR [--json]
  bench/match.py llr PENTANOMIAL --elo0 E --elo1 E   (the LLR of five pair counts, LL..WW)
  bench/match.py same GAME SPEC --build-a A --build-b B [--spec-b SPEC] [--positions N]
                 (whether the builds choose alike, with one seed, on N positions: exit 0 if so)

Example, this build against the previous release at hard's iterations, two shards:
  for k in 1 2; do nice -n 19 bench/match.py play m/ta three-arrows \\
      --a ismcts:iterations=30000,threads=1,time=0 --build-b ../prev/build/quiver \\
      --pairs 500 --shard $k/2 > m/ta.$k.log 2>&1 & done; wait; bench/match.py report m/ta
"""
import argparse
import hashlib
import itertools
import json
import math
import os
import subprocess
import sys

CONFIG = "match.json"
EPSILON = 1e-3  # fishtest's regularization of empty cells, in pairs


class MatchError(Exception):
    """A problem the user must fix (bad arguments, a folder of another match, an engine that failed)."""


# ---- engines ---------------------------------------------------------------------------------


class Engine:
    """A `quiver engine` session: commands in, replies (lines up to the empty one) out."""

    def __init__(self, binary, seed):
        self.binary = binary
        self.p = subprocess.Popen([binary, "engine", "--seed", str(seed)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.cpu = 0.0

    def ask(self, line):
        """The reply's lines, the first without its '='; MatchError on '?' or an engine gone."""
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            raise MatchError(f"{self.binary} engine ended before {line!r}") from None
        lines = []
        while True:
            got = self.p.stdout.readline()
            if got == "":
                raise MatchError(f"{self.binary} engine ended after {line!r}")
            got = got.rstrip("\n")
            if got == "":
                break
            lines.append(got)
        if not lines or lines[0].startswith("?"):
            raise MatchError(f"{self.binary}: {line!r}: {' / '.join(lines)}")
        first = lines[0][1:].lstrip()
        return [first] + lines[1:] if first else lines[1:]

    def close(self):
        """Ends the session; its CPU seconds (user + system) in self.cpu."""
        try:
            self.ask("quit")
        except MatchError:
            pass
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except BrokenPipeError:
                pass
        _, _, usage = os.wait4(self.p.pid, 0)
        self.p.returncode = 0
        self.cpu = usage.ru_utime + usage.ru_stime


# ---- seatings and scores ---------------------------------------------------------------------


def seatings(n):
    """The seatings of a pair's first game for n seats: strings of A and B that start with A and
    hold a B, in order (AB for two seats)."""
    return ["A" + "".join(t) for t in itertools.product("AB", repeat=n - 1) if "B" in t]


def swapped(seating):
    return seating.translate(str.maketrans("AB", "BA"))


def game_score(seating, ranks):
    """A's share of the (A seat, B seat) comparisons won by rank, a tie counting half."""
    won = total = 0.0
    for a, sa in enumerate(seating):
        for b, sb in enumerate(seating):
            if sa == "A" and sb == "B":
                total += 1
                won += 1 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0
    return won / total


def seat_spec(spec, seed, seat):
    """The spec of one seat's agent: the side's spec with the seat's own seed."""
    return f"{spec}{',' if ':' in spec else ':'}seed={(seed * 16 + seat + 1) % 2**64}"


# ---- one game --------------------------------------------------------------------------------


def play_game(cfg, seed, seating):
    """Plays one game; returns what is kept of it: seating, ranks, decisions, CPU seconds per
    engine and the game's record (`quiver replay` and the engine's `load` take it)."""
    sides = {"A": (cfg["a"]["build"], cfg["a"]["spec"]), "B": (cfg["b"]["build"], cfg["b"]["spec"])}
    engines = {}
    for side, (build, _) in sides.items():
        engines[side] = next((e for e in engines.values() if e.binary == build), None) or Engine(build, seed)
    every = list({id(e): e for e in engines.values()}.values())
    try:
        for e in every:
            e.ask(" ".join(["new", cfg["game"]] + cfg["params"]))
        chance_side = seating[0]
        decisions = 0
        while True:
            for outcome in engines[chance_side].ask("settle"):
                for e in every:
                    if e is not engines[chance_side]:
                        e.ask("play " + outcome)
            who = engines[chance_side].ask("to_move")[0]
            if who == "over":
                break
            seat = int(who[1:]) - 1
            side = seating[seat]
            action = engines[side].ask("genmove " + seat_spec(sides[side][1], seed, seat))[0]
            for e in every:
                if e is not engines[side]:
                    e.ask("play " + action)
            decisions += 1
        results = [e.ask("result") for e in every]
        if any(r != results[0] for r in results):
            raise MatchError(f"seed {seed}: the builds disagree about the result: {results}")
        ranks = [int(line.split()[1]) for line in results[0]]
        record = json.loads(engines[chance_side].ask("record")[0])
    finally:
        for e in every:
            e.close()
    cpu = {side: e.cpu for side, e in engines.items()} if len(every) == 2 else {"AB": every[0].cpu}
    return {"seating": seating, "ranks": ranks, "decisions": decisions,
            "cpu": {k: round(v, 3) for k, v in cpu.items()}, "record": record}


def play_pair(cfg, i):
    seed = cfg["seed"] + i
    first = seatings(cfg["players"])[i % len(seatings(cfg["players"]))]
    games = [play_game(cfg, seed, s) for s in (first, swapped(first))]
    return {"pair": i, "seed": seed, "games": games,
            "score": sum(game_score(g["seating"], g["ranks"]) for g in games) / 2}


# ---- the folder ------------------------------------------------------------------------------


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def engine_players(build, game, params):
    """The number of seats of GAME with PARAMS, as the build's engine sets it up (a line of
    `score` per player)."""
    e = Engine(build, 1)
    try:
        e.ask(" ".join(["new", game] + params))
        return len(e.ask("score"))
    finally:
        e.close()


def new_config(args):
    for side, build in (("a", args.build_a), ("b", args.build_b)):
        if not (os.path.isfile(build) and os.access(build, os.X_OK)):
            raise MatchError(f"--build-{side} {build}: no such program (expected a built quiver, e.g. build/quiver)")
    for side, spec in (("a", args.a), ("b", args.b or args.a)):
        if "seed=" in spec:
            raise MatchError(f"--{side} {spec}: give no seed= (each seat's agent is seeded from the pair's seed)")
    cfg = {
        "game": args.game,
        "params": args.param,
        "players": engine_players(args.build_a, args.game, args.param),
        "a": {"spec": args.a, "build": os.path.abspath(args.build_a), "sha256": sha256(args.build_a)},
        "b": {"spec": args.b or args.a, "build": os.path.abspath(args.build_b), "sha256": sha256(args.build_b)},
        "seed": args.seed,
        "pairs": args.pairs,
        "sprt": {"elo0": args.elo0, "elo1": args.elo1, "alpha": args.alpha, "beta": args.beta},
    }
    if cfg["players"] < 2:
        raise MatchError(f"{args.game} with {args.param}: {cfg['players']} seats (expected 2 or more)")
    return cfg


def write_config(path, cfg, replace):
    """Writes match.json whole (a temporary file renamed or linked): without replace, only if
    no shard has made it first."""
    tmp = path + f".{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")
    if replace:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass
    os.unlink(tmp)


def open_match(args):
    """The match of DIR: made from the arguments, or the one there, which must be the same."""
    cfg = new_config(args)
    path = os.path.join(args.dir, CONFIG)
    if not os.path.exists(path):
        os.makedirs(args.dir, exist_ok=True)
        write_config(path, cfg, replace=False)
    with open(path) as f:
        have = json.load(f)
    if have["pairs"] < cfg["pairs"]:  # more pairs: the same match, longer
        have["pairs"] = cfg["pairs"]
        write_config(path, have, replace=True)
    for key in ("game", "params", "players", "a", "b", "seed", "sprt"):  # pairs: the most asked
        if have[key] != cfg[key]:
            hint = " (rebuilt since the match started: give a new folder)" if key in "ab" else ""
            raise MatchError(f"{args.dir} holds another match: its {key} is {json.dumps(have[key])}, "
                             f"not {json.dumps(cfg[key])}{hint}")
    return cfg


def shard_file(d, k, n):
    return os.path.join(d, f"pairs-{k}-of-{n}.jsonl")


def read_lines(path):
    """The whole JSON lines of a file and the bytes they take: a line cut short by a crash (no
    newline at its end, or not JSON) ends the reading."""
    out, good = [], 0
    with open(path, "rb") as f:
        data = f.read()
    for line in data.split(b"\n")[:-1]:
        try:
            out.append(json.loads(line))
        except ValueError:
            break
        good += len(line) + 1
    return out, good


def read_pairs(d):
    """Every pair recorded in the folder, by index (shards of any split)."""
    pairs = {}
    for name in sorted(os.listdir(d)):
        if name.startswith("pairs-") and name.endswith(".jsonl"):
            for p in read_lines(os.path.join(d, name))[0]:
                pairs[p["pair"]] = p
    return pairs


def play(args):
    k, n = parse_shard(args.shard)
    cfg = open_match(args)
    path = shard_file(args.dir, k, n)
    if os.path.exists(path):
        good = read_lines(path)[1]
        with open(path, "r+b") as f:
            f.truncate(good)
    done = read_pairs(args.dir)
    todo = [i for i in range(args.pairs) if i % n == k - 1 and i not in done]
    print(f"shard {k}/{n}: {len(todo)} pairs to play ({len(done)} of {args.pairs} in the folder)", flush=True)
    with open(path, "a") as out:
        for i in todo:
            if args.sprt_stop:
                s = summarize(cfg, list(read_pairs(args.dir).values()))
                if s["sprt"]["verdict"] != "continue":
                    print(f"shard {k}/{n}: SPRT {s['sprt']['verdict']} at LLR {s['sprt']['llr']:+.2f}: stopped", flush=True)
                    break
            p = play_pair(cfg, i)
            out.write(json.dumps(p, separators=(",", ":")) + "\n")
            out.flush()
            os.fsync(out.fileno())
            print(f"pair {i}: {p['score']:.2f}", flush=True)
    return 0


def parse_shard(text):
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        k = n = 0
    if not 1 <= k <= n:
        raise MatchError(f"--shard {text}: expected K/N with 1 <= K <= N, e.g. 1/2")
    return k, n


# ---- statistics ------------------------------------------------------------------------------


def score_of_elo(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / s - 1)


def constrained(pdf, s):
    """The distribution nearest to pdf (maximum likelihood) whose mean is s: fishtest's MLE with
    a given expectation, p_i / (1 + x (a_i - s)) with x the root of the secular equation,
    found by bisection."""
    d = [a - s for a, _ in pdf]
    lo, hi = -1 / max(d), -1 / min(d)
    for _ in range(200):
        x = (lo + hi) / 2
        f = sum(p * di / (1 + x * di) for (_, p), di in zip(pdf, d))
        if f > 0:
            lo = x
        else:
            hi = x
    x = (lo + hi) / 2
    return [p / (1 + x * di) for (_, p), di in zip(pdf, d)]


def llr(counts, elo0, elo1):
    """The generalized log-likelihood ratio of elo1 against elo0 for pair scores counted in
    `counts` ({score: pairs}), empty cells 0, 1/4, ... of the grid and the ends regularized."""
    counts = dict(counts)
    for v in (0.0, 1.0):
        counts.setdefault(v, 0)
    n = sum(counts.values())
    if n == 0:
        return 0.0
    reg = {v: (c if c > 0 else EPSILON) for v, c in counts.items()}
    total = sum(reg.values())
    pdf = sorted((v, c / total) for v, c in reg.items())
    p0, p1 = constrained(pdf, score_of_elo(elo0)), constrained(pdf, score_of_elo(elo1))
    return total * sum(p * (math.log(q1) - math.log(q0)) for (_, p), q0, q1 in zip(pdf, p0, p1))


def summarize(cfg, pairs):
    """The match's figures from its pairs (a list of pair records)."""
    pairs = sorted(pairs, key=lambda p: p["pair"])
    n = len(pairs)
    scores = [p["score"] for p in pairs]
    games = [g for p in pairs for g in p["games"]]
    gscores = [game_score(g["seating"], g["ranks"]) for g in games]
    mean = sum(scores) / n if n else 0.5
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    gvar = sum((s - mean) ** 2 for s in gscores) / (len(gscores) - 1) if len(gscores) > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.5  # one pair: no interval
    lo, hi = max(mean - half, 0.0), min(mean + half, 1.0)
    grid = cfg["players"] == 2
    counts = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    if grid:
        for v in (0.0, 0.25, 0.5, 0.75, 1.0):
            counts.setdefault(v, 0)
    sp = cfg["sprt"]
    value = llr(counts, sp["elo0"], sp["elo1"]) if n else 0.0
    upper, lower = math.log((1 - sp["beta"]) / sp["alpha"]), math.log(sp["beta"] / (1 - sp["alpha"]))
    verdict = "H1" if value >= upper else "H0" if value <= lower else "continue"
    cpu = {}
    for g in games:
        for side, c in g["cpu"].items():
            cpu[side] = cpu.get(side, 0.0) + c
    return {
        "pairs": n, "games": len(games),
        "wins": sum(1 for s in gscores if s > 0.5), "draws": sum(1 for s in gscores if s == 0.5),
        "losses": sum(1 for s in gscores if s < 0.5),
        "score": mean, "score_ci": [lo, hi],
        "elo": elo_of_score(mean), "elo_ci": [elo_of_score(lo), elo_of_score(hi)],
        "los": 0.5 * (1 + math.erf((mean - 0.5) / math.sqrt(2 * var / n))) if n and var > 0 else
        (1.0 if mean > 0.5 else 0.0 if mean < 0.5 else 0.5),
        "pentanomial": [counts[v] for v in (0.0, 0.25, 0.5, 0.75, 1.0)] if grid else None,
        "variance_ratio": (var / (gvar / 2)) if gvar > 0 else None,
        "decisions": sum(g["decisions"] for g in games) / len(games) if games else 0.0,
        "cpu_per_game": {side: c / len(games) for side, c in cpu.items()} if games else {},
        "sprt": dict(sp, llr=value, lower=lower, upper=upper, verdict=verdict),
    }


def elo_text(e):
    """An Elo figure as the arena writes it: within +-800 (a score of 100/101), beyond as a bound."""
    return ">+800" if e >= 800 else "<-800" if e <= -800 else "0" if abs(e) < 0.5 else f"{e:+.0f}"


def format_report(cfg, s):
    sp = s["sprt"]
    verdict = {"H1": f"H1 accepted: A is not weaker than B by {-sp['elo0']:g} Elo" if sp["elo0"] < 0 <= sp["elo1"]
               else f"H1 accepted (Elo {sp['elo1']:+g} rather than {sp['elo0']:+g})",
               "H0": f"H0 accepted (Elo {sp['elo0']:+g} rather than {sp['elo1']:+g})",
               "continue": "no verdict yet"}[sp["verdict"]]
    lines = [
        f"match {cfg['game']} {' '.join(cfg['params'])}".rstrip() + f", {cfg['players']} seats, seed {cfg['seed']}: "
        f"{s['pairs']} of {cfg['pairs']} pairs played ({s['games']} games)",
        f"A: {cfg['a']['spec']}  ({cfg['a']['build']})",
        f"B: {cfg['b']['spec']}  ({cfg['b']['build']})",
        f"A: {s['wins']} wins, {s['draws']} draws, {s['losses']} losses; "
        f"score {100 * s['score']:.1f}% [{100 * s['score_ci'][0]:.1f}, {100 * s['score_ci'][1]:.1f}] "
        f"(+-{50 * (s['score_ci'][1] - s['score_ci'][0]):.1f} points); "
        f"Elo {elo_text(s['elo'])} [{elo_text(s['elo_ci'][0])}, {elo_text(s['elo_ci'][1])}]; "
        f"LOS {100 * s['los']:.1f}%",
    ]
    if s["pentanomial"]:
        lines.append("pairs scoring 0, 1/2, 1, 3/2, 2 of 2: " + " ".join(str(c) for c in s["pentanomial"]))
    if s["variance_ratio"] is not None:
        lines.append(f"variance of a pair against two independent games: {s['variance_ratio']:.2f}")
    lines.append(f"SPRT elo0 {sp['elo0']:+g}, elo1 {sp['elo1']:+g}, alpha {sp['alpha']:g}, beta {sp['beta']:g}: "
                 f"LLR {sp['llr']:+.2f} [{sp['lower']:+.2f}, {sp['upper']:+.2f}]: {verdict}")
    cpu = ", ".join(f"{k} {v:.1f}" for k, v in sorted(s["cpu_per_game"].items()))
    lines.append(f"{s['decisions']:.1f} decisions a game; CPU seconds a game: {cpu}")
    return "\n".join(lines)


def report(args):
    path = os.path.join(args.dir, CONFIG)
    if not os.path.exists(path):
        raise MatchError(f"{args.dir}: no {CONFIG} (expected the folder of a match started with play)")
    with open(path) as f:
        cfg = json.load(f)
    s = summarize(cfg, list(read_pairs(args.dir).values()))
    if args.json:
        print(json.dumps({"match": cfg, "summary": s}, indent=2))
    else:
        print(format_report(cfg, s))
    return 0


# ---- the same choices? ------------------------------------------------------------------------


def positions(build, game, params, count):
    """Records of `count` positions of GAME where a player is to move: position i is 2i random
    decisions from seed 100 + i (chance settled), so early and late ones."""
    out = []
    for i in range(count):
        e = Engine(build, 100 + i)
        try:
            e.ask(" ".join(["new", game] + params))
            for _ in range(2 * i):
                e.ask("settle")
                if e.ask("to_move")[0] == "over":
                    break
                e.ask("genmove random")
            e.ask("settle")
            if e.ask("to_move")[0] != "over":
                out.append(e.ask("record")[0])
        finally:
            e.close()
    return out


def same_command(args):
    """Whether two builds choose alike: the agent spec, with one seed, on the same positions. A
    change that leaves the search's choices as they were chooses exactly as the build before it
    (everything is seeded), so this finds the commits that changed them without playing a game
    (`git bisect run`: exit 0 when every choice is the same, 1 when one differs)."""
    for spec in (args.spec, args.spec_b or ""):
        if "seed=" in spec:
            raise MatchError(f"{spec}: give no seed= (the choices are made with seed=5)")
    recs = positions(args.build_a, args.game, args.param, args.positions)
    specs = {"A": seat_spec(args.spec, 0, 4), "B": seat_spec(args.spec_b or args.spec, 0, 4)}  # seed=5
    chose = {}
    for side, build in (("A", args.build_a), ("B", args.build_b)):
        for r in recs:
            e = Engine(build, 7)
            try:
                e.ask("load " + r)
                chose.setdefault(side, []).append(e.ask("genmove " + specs[side])[0])
            finally:
                e.close()
    same = sum(a == b for a, b in zip(chose["A"], chose["B"]))
    for i, (a, b) in enumerate(zip(chose["A"], chose["B"])):
        if a != b:
            print(f"position {i}: A {a}, B {b}")
    print(f"{args.game} {specs['A']}: {same} of {len(recs)} choices the same")
    return 0 if same == len(recs) else 1


def llr_command(args):
    try:
        counts = [float(x) for x in args.pentanomial.split(",")]
    except ValueError:
        counts = []
    if len(counts) != 5 or min(counts) < 0:
        raise MatchError(f"{args.pentanomial}: expected five pair counts LL,LD,..,WW, e.g. 10,20,30,20,10")
    print(f"{llr(dict(zip((0.0, 0.25, 0.5, 0.75, 1.0), counts)), args.elo0, args.elo1):.4f}")
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="bench/match.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play the pairs of a match (or its shard) into DIR")
    p.add_argument("dir")
    p.add_argument("game")
    p.add_argument("--a", required=True, help="side A's agent spec")
    p.add_argument("--b", help="side B's agent spec (default: --a)")
    p.add_argument("--build-a", default="build/quiver")
    p.add_argument("--build-b", default="build/quiver")
    p.add_argument("--pairs", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--param", action="append", default=[], help="a game parameter K=V")
    p.add_argument("--shard", default="1/1", help="K/N: play the pairs i with i mod N = K - 1")
    p.add_argument("--sprt-stop", action="store_true", help="stop once the SPRT has a verdict")
    for name, default in (("elo0", -20.0), ("elo1", 0.0), ("alpha", 0.05), ("beta", 0.05)):
        p.add_argument("--" + name, type=float, default=default)
    r = sub.add_parser("report", help="the figures of the match in DIR")
    r.add_argument("dir")
    r.add_argument("--json", action="store_true")
    lc = sub.add_parser("llr", help="the LLR of pentanomial counts")
    lc.add_argument("pentanomial")
    lc.add_argument("--elo0", type=float, required=True)
    lc.add_argument("--elo1", type=float, required=True)
    sm = sub.add_parser("same", help="whether two builds choose alike on the same positions")
    sm.add_argument("game")
    sm.add_argument("spec")
    sm.add_argument("--spec-b", help="B's spec, when not SPEC")
    sm.add_argument("--build-a", default="build/quiver")
    sm.add_argument("--build-b", default="build/quiver")
    sm.add_argument("--positions", type=int, default=20)
    sm.add_argument("--param", action="append", default=[])
    args = ap.parse_args(argv)
    try:
        if args.cmd == "play":
            if args.pairs < 1:
                raise MatchError(f"--pairs {args.pairs}: expected 1 or more")
            if not (0 < args.alpha < 1 and 0 < args.beta < 1 and args.elo0 < args.elo1):
                raise MatchError("expected 0 < alpha, beta < 1 and elo0 < elo1")
            return play(args)
        if args.cmd == "same":
            return same_command(args)
        return report(args) if args.cmd == "report" else llr_command(args)
    except MatchError as e:
        print(f"bench/match.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
