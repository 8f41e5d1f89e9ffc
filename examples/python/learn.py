"""A learned agent for quiver's games, trained from Python with numpy and PyTorch (Debian's
python3-numpy and python3-torch): a policy-gradient learner (REINFORCE with a learned baseline,
Williams 1992, an actor-critic's loss) that plays one seat against uniform random players and
learns from the game's returns alone. Its network reads the seat's observation tensor (what the
seat may know now, docs/python.md "Tensors") through two hidden layers and scores each legal id
by a learned embedding of the id (so that a game of 25,000 ids costs only its legal ones), the
illegal ids masked out; a value head is the baseline. Every so often it is measured against
random players (greedy, on fresh games): the learning curve. At the end it plays quiver's own
players through the spiel API (quiver.agents: random, beginner, easy, or any spec of
docs/ai.md), each seat of the game in turn. docs/python.md, "A learned agent", has a run.

Usage: PYTHONPATH=build/python /usr/bin/python3 examples/python/learn.py [options]
  --game NAME        a game ("concardia", ...) or tiny:NAME for quiver.tiny's configuration
  --params TEXT      its parameters ("players=3,...")
  --minutes M        training time (or --cpu-minutes M: the process's CPU time, for a
                     machine others share; or --episodes N), then the final matches
  --eval-games N     games per point of the curve (and per final match)
  --levels LIST      the final opponents, comma-separated (random,beginner,easy)
  --seed S           the seed of everything (the games, the network, the draws)
"""
import argparse
import math
import random
import time
import warnings

import numpy as np
import torch
from torch import nn

import quiver
import quiver.agents
import quiver.tiny


def squash(x):
    """The tensor's whole numbers (counts, ids up to thousands) brought to a network's range:
    sign(x) log(1 + |x|)."""
    return torch.sign(x) * torch.log1p(torch.abs(x))


class Policy(nn.Module):
    """Observation -> two hidden layers -> h; an id's logit is h . E[id] + b[id] over the legal
    ids; the value is a linear function of h."""

    def __init__(self, obs_size, num_actions, hidden=256):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(),
                                  nn.Linear(hidden, hidden), nn.ReLU())
        self.embed = nn.Embedding(num_actions, hidden)
        self.bias = nn.Embedding(num_actions, 1)
        self.value = nn.Linear(hidden, 1)
        nn.init.normal_(self.embed.weight, std=0.01)
        nn.init.zeros_(self.bias.weight)

    def features(self, obs):
        return self.body(squash(obs))

    def logits(self, h, ids, seg):
        """The logits of ids (a flat tensor), each of the decision seg says (index into h)."""
        return (h[seg] * self.embed(ids)).sum(-1) + self.bias(ids).squeeze(-1)


def segment_log_softmax(logits, seg, n):
    """log-softmax of logits within each of n segments (seg: each logit's segment)."""
    with warnings.catch_warnings():  # torch 1.13 calls scatter_reduce beta
        warnings.simplefilter("ignore", UserWarning)
        top = torch.full((n,), -math.inf).scatter_reduce(0, seg, logits, "amax",
                                                         include_self=True)
    shifted = logits - top[seg]
    total = torch.zeros(n).index_add(0, seg, torch.exp(shifted))
    return shifted - torch.log(total)[seg]


class Learner:
    def __init__(self, game, seed, lr=3e-4, entropy=0.01):
        torch.manual_seed(seed)
        self.game = game
        self.net = Policy(game.observation_tensor_size(), game.num_distinct_actions())
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.entropy = entropy
        self.rng = np.random.default_rng(seed)

    @torch.no_grad()
    def act(self, state, greedy=False):
        """An id for the seat to move at state, and the decision's record for training."""
        obs = torch.from_numpy(state.observation_tensor())
        legal = state.legal_actions()
        ids = torch.tensor(legal, dtype=torch.long)
        h = self.net.features(obs.unsqueeze(0))
        z = self.net.logits(h, ids, torch.zeros(len(legal), dtype=torch.long))
        if greedy:
            k = int(torch.argmax(z))
        else:
            p = torch.softmax(z, 0).numpy().astype(np.float64)
            k = int(self.rng.choice(len(legal), p=p / p.sum()))
        return legal[k], (obs, ids, k)

    def update(self, episodes):
        """One policy-gradient step over finished episodes: [(decisions, return)]."""
        obs, ids, seg, chosen, target = [], [], [], [], []
        at = 0
        for decisions, ret in episodes:
            for o, legal, k in decisions:
                n = len(obs)
                obs.append(o)
                ids.append(legal)
                seg.append(torch.full((len(legal),), n, dtype=torch.long))
                chosen.append(at + k)
                at += len(legal)
                target.append(ret)
        if not obs:
            return 0.0
        obs = torch.stack(obs)
        ids, seg = torch.cat(ids), torch.cat(seg)
        target = torch.tensor(target, dtype=torch.float32)
        h = self.net.features(obs)
        logp = segment_log_softmax(self.net.logits(h, ids, seg), seg, len(target))
        value = self.net.value(h).squeeze(-1)
        advantage = (target - value).detach()
        policy_loss = -(logp[torch.tensor(chosen)] * advantage).mean()
        entropy = -torch.zeros(len(target)).index_add(0, seg, torch.exp(logp) * logp).mean()
        loss = policy_loss + 0.5 * ((value - target) ** 2).mean() - self.entropy * entropy
        self.opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
        self.opt.step()
        return float(loss)


def play(game, seat, learner, opponent, rng, greedy, record):
    """One game: the learner at seat, the other seats by opponent (None: uniform random, else
    a quiver agent), chance by its probabilities. Returns (the learner's decisions, its
    return)."""
    state = game.new_initial_state()
    decisions = []
    while not state.is_terminal():
        who = state.current_player()
        if who == quiver.CHANCE_PLAYER_ID:
            state.apply_chance_sample(rng.random())
        elif who == seat:
            a, d = learner.act(state, greedy)
            if record:
                decisions.append(d)
            state.apply_action(a)
        elif opponent is None:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        else:
            state.apply_action(opponent.step(state))
    return decisions, state.returns()[seat]


def match(game, learner, level, games, seed):
    """The learner's mean return over games against level at the other seats (its seat taken
    in turn), greedy, and the 95% interval's half-width (1.96 standard errors)."""
    rng = random.Random(seed)
    opponent = None if level == "uniform" else quiver.agents.get(level, seed=seed)
    out = [play(game, g % game.num_players(), learner, opponent, rng, True, False)[1]
           for g in range(games)]
    mean = float(np.mean(out))
    half = 1.96 * float(np.std(out, ddof=1)) / math.sqrt(games) if games > 1 else math.inf
    return mean, half


def load(name, params):
    if name.startswith("tiny:"):
        return quiver.tiny.load(name[5:])
    return quiver.load_game(name, params)


def train(game, seed=1, minutes=0.0, episodes=0, batch=32, eval_every=0, eval_games=100,
          log=print, cpu=False):
    """Trains a learner on game against uniform random players, for minutes of wall time (of
    the process's CPU time with cpu) or a number of episodes; the curve is measured at the start
    and then every eval_every episodes (and at the end). Returns (learner, curve: [(episodes,
    seconds, mean, half-width)])."""
    torch.set_num_threads(1)
    learner = Learner(game, seed)
    rng = random.Random(seed)
    curve = []

    def measure(done, t):
        mean, half = match(game, learner, "uniform", eval_games, seed + 7919 * (len(curve) + 1))
        curve.append((done, t, mean, half))
        log("episodes %6d  %6.1f min%s  against random: %+.3f +- %.3f"
            % (done, t / 60, " CPU" if cpu else "", mean, half))

    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    measure(0, 0.0)
    done, pending = 0, []
    while (done < episodes) if episodes else (clock() - start < 60 * minutes):
        pending.append(play(game, done % game.num_players(), learner, None, rng, False, True))
        done += 1
        if len(pending) == batch:
            learner.update(pending)
            pending = []
        if eval_every and done % eval_every == 0:
            measure(done, clock() - start)
    if not eval_every or done % eval_every:
        measure(done, clock() - start)
    return learner, curve


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="concardia")
    ap.add_argument("--params", default="")
    ap.add_argument("--minutes", type=float, default=1.0)
    ap.add_argument("--cpu-minutes", type=float, default=0.0)
    ap.add_argument("--episodes", type=int, default=0)
    ap.add_argument("--eval-every", type=int, default=2000)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--levels", default="random,beginner,easy")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = load(args.game, args.params)
    t0, c0 = time.perf_counter(), time.process_time()
    learner, curve = train(game, args.seed, args.cpu_minutes or args.minutes, args.episodes,
                           eval_every=args.eval_every, eval_games=args.eval_games,
                           cpu=args.cpu_minutes > 0)
    print("trained on %s for %d episodes: %.1f min, %.1f min of CPU"
          % (args.game, curve[-1][0], (time.perf_counter() - t0) / 60,
             (time.process_time() - c0) / 60))
    for level in args.levels.split(","):
        mean, half = match(game, learner, level, args.eval_games, args.seed + 1)
        print("against %-8s %d games, each seat in turn: mean return %+.3f +- %.3f"
              % (level, args.eval_games, mean, half))
    print("all: %.1f min, %.1f min of CPU" % ((time.perf_counter() - t0) / 60,
                                             (time.process_time() - c0) / 60))


if __name__ == "__main__":
    main()
