"""Tabular solving of small games, the project's own (docs/python.md, "Solved values"): a game's
whole tree built once through the package (or any game with OpenSpiel's State methods), each
decision keyed by its information state string, then laid out as numpy arrays; CFR (Zinkevich
et al., 2007) and CFR+ (Tammelin, 2014) with alternating updates on it, each pass over the tree
a numpy operation per depth; and the exact value of a policy and of each seat's best response to
it, from which NashConv and exploitability, computed as OpenSpiel's exploitability.py and
best_response.py compute them: for each information set of the best responder, the action whose
value, weighted by the counterfactual reach of the set's states (chance's and the other seats'
probabilities), is largest. python/tests/test_solve.py checks them on Kuhn poker's known values
(the game's value -1/18 for the first player, the uniform policy's NashConv 11/12).

    tree = quiver.solve.Tree(quiver.small.load("concardia"))
    solver = quiver.solve.CFR(tree, plus=True)
    solver.run(exploitability=1e-4)
    print(solver.exploitability(), quiver.solve.policy_value(tree, solver.average))

A policy is either a function of an information set's index giving its probabilities (in the
order of tree.actions[i]) or a flat array of every set's probabilities, set after set
(tree.start[i] is where set i's begin): what CFR.average_policy() returns.
"""
import numpy as np

TERMINAL, CHANCE, DECISION = 0, 1, 2


class Tree:
    """The game tree, built once: per node its kind (tree.kind: "t" terminal, "c" chance, "d"
    decision), its player and information set (a decision), and its returns (a terminal); per
    edge its parent, child and probability (chance) or slot (a decision: the place of its
    action among every set's, set after set). Nodes are numbered in depth-first order, so a
    child's number is above its parent's. The information sets: infosets (string -> index),
    actions (each set's legal ids), start (where each set's slots begin)."""

    def __init__(self, game):
        self.players = game.num_players()
        self.infosets = {}  # information state string -> index
        self.actions = []   # per information set, its legal ids
        kinds, players, infoset, depth, returns = [], [], [], [], {}
        e_parent, e_child, e_prob, e_k = [], [], [], []
        stack = [(game.new_initial_state(), -1, 0, 0.0, 0)]
        # an explicit stack rather than recursion: (state, parent, k, probability, depth)
        while stack:
            state, parent, k, prob, d = stack.pop()
            node = len(kinds)
            if parent >= 0:
                e_parent.append(parent)
                e_child.append(node)
                e_prob.append(prob)
                e_k.append(k)
            depth.append(d)
            players.append(state.current_player())
            if state.is_terminal():
                kinds.append(TERMINAL)
                infoset.append(-1)
                returns[node] = state.returns()
                continue
            children = []
            if state.is_chance_node():
                kinds.append(CHANCE)
                infoset.append(-1)
                for j, (a, p) in enumerate(state.chance_outcomes()):
                    children.append((state.child(a), node, j, p, d + 1))
            else:
                kinds.append(DECISION)
                key = state.information_state_string()
                legal = state.legal_actions()
                i = self.infosets.get(key)
                if i is None:
                    i = self.infosets[key] = len(self.actions)
                    self.actions.append(legal)
                elif self.actions[i] != legal:
                    raise ValueError("information set %d has two lists of legal actions: %r "
                                     "and %r" % (i, self.actions[i], legal))
                infoset.append(i)
                for j, a in enumerate(legal):
                    children.append((state.child(a), node, j, 0.0, d + 1))
            stack.extend(reversed(children))
        self._arrays(kinds, players, infoset, depth, returns, e_parent, e_child, e_prob, e_k)

    def _arrays(self, kinds, players, infoset, depth, returns, e_parent, e_child, e_prob, e_k):
        n = len(kinds)
        self.kinds = np.array(kinds, dtype=np.int8)
        self.kind = np.array(["t", "c", "d"])[self.kinds]
        self.player = np.array(players, dtype=np.int64)
        self.infoset = np.array(infoset, dtype=np.int64)
        self.depth = np.array(depth, dtype=np.int64)
        self.returns = np.zeros((n, self.players))
        for node, r in returns.items():
            self.returns[node] = r
        counts = np.array([len(a) for a in self.actions], dtype=np.int64)
        self.start = np.concatenate(([0], np.cumsum(counts)))[:-1]
        self.slots = int(counts.sum())
        self.slot_set = np.repeat(np.arange(len(self.actions)), counts)  # each slot's set
        self.e_parent = np.array(e_parent, dtype=np.int64)
        self.e_child = np.array(e_child, dtype=np.int64)
        self.e_prob = np.array(e_prob, dtype=np.float64)
        k = np.array(e_k, dtype=np.int64)
        parent_set = self.infoset[self.e_parent]
        decision = self.kinds[self.e_parent] == DECISION
        self.e_slot = np.where(decision, self.start[np.maximum(parent_set, 0)] + k, -1)
        self.e_mover = np.where(decision, self.player[self.e_parent], -1)
        # the edges grouped by their parent's depth, for the passes down and up the tree
        order = np.argsort(self.depth[self.e_parent], kind="stable")
        bounds = np.searchsorted(self.depth[self.e_parent][order],
                                 np.arange(self.depth.max() + 2))
        self.levels = [order[bounds[d]:bounds[d + 1]] for d in range(len(bounds) - 1)
                       if bounds[d + 1] > bounds[d]]
        # per level, its parents once each and each edge's place among them
        self.level_parents = [np.unique(self.e_parent[e], return_inverse=True)
                              for e in self.levels]
        # one node of each set: a set's states share their player's own reach (perfect recall)
        decisions = np.nonzero(self.kinds == DECISION)[0]
        self.first = np.zeros(len(self.actions), dtype=np.int64)
        self.first[self.infoset[decisions[::-1]]] = decisions[::-1]
        self.set_player = self.player[self.first] if len(self.actions) else self.first

    def __len__(self):
        return len(self.kinds)

    def policy_array(self, policy):
        """A policy (a function of a set's index, or already a flat array) as a flat array."""
        if callable(policy):
            out = np.empty(self.slots)
            for i in range(len(self.actions)):
                out[self.start[i]:self.start[i] + len(self.actions[i])] = policy(i)
            return out
        return np.asarray(policy, dtype=np.float64)

    def edge_weights(self, sigma):
        """Each edge's probability: chance's, or the policy's at the parent's set."""
        return np.where(self.e_slot >= 0, sigma[np.maximum(self.e_slot, 0)], self.e_prob)

    def reach(self, weight, of=None):
        """Each node's reach: the product of the edge weights above it, only those of seat
        `of`'s decisions (of >= 0), or all but those (of = -1 - seat), or all (None)."""
        if of is not None:
            mine = self.e_mover == (of if of >= 0 else -1 - of)
            weight = np.where(mine if of >= 0 else ~mine, weight, 1.0)
        r = np.ones(len(self))
        for edges in self.levels:
            r[self.e_child[edges]] = r[self.e_parent[edges]] * weight[edges]
        return r

    def values(self, weight, seat):
        """Seat's value of every node when each edge is taken with its weight."""
        v = self.returns[:, seat].copy()
        for edges, (parents, at) in zip(reversed(self.levels), reversed(self.level_parents)):
            v[parents] = np.bincount(at, weights=weight[edges] * v[self.e_child[edges]],
                                     minlength=len(parents))
        return v


class CFR:
    """Tabular CFR with alternating updates (Zinkevich et al., 2007); with plus=True CFR+
    (Tammelin, 2014): each set's regrets floored at 0 once the iteration's regrets of all its
    states are added, the average strategy weighted by the iteration's number; with
    predictive=True too, predictive CFR+ (Farina, Kroer and Sandholm, 2021): the strategy is
    regret matching on the regrets plus the last iteration's (a prediction of the next), the
    average weighted by the iteration's square, which converges far faster on these games
    (docs/python.md, "Solved values"). Each iteration updates each seat in turn against the
    strategies at the start of its pass."""

    def __init__(self, tree, plus=False, predictive=False):
        self.tree = tree
        self.plus = plus or predictive
        self.predictive = predictive
        self.regret = np.zeros(tree.slots)
        self.last = np.zeros(tree.slots)  # the last iteration's regrets (predictive)
        self.total = np.zeros(tree.slots)
        self.iterations = 0

    def matching(self, regret):
        """Regret matching: each set's positive regrets normalised, uniform where none."""
        t = self.tree
        pos = np.maximum(regret, 0.0)
        sums = np.bincount(t.slot_set, weights=pos, minlength=len(t.actions))[t.slot_set]
        n = np.bincount(t.slot_set, minlength=len(t.actions))[t.slot_set]
        return np.where(sums > 0, pos / np.where(sums > 0, sums, 1.0), 1.0 / n)

    def current(self):
        """The strategy of the next pass."""
        return self.matching(self.regret + self.last if self.predictive else self.regret)

    def iterate(self):
        t = self.tree
        n = self.iterations + 1
        weight = n * n if self.predictive else n if self.plus else 1.0
        for p in range(t.players):
            sigma = self.current()
            w = t.edge_weights(sigma)
            others = t.reach(w, -1 - p)
            v = t.values(w, p)
            mine = np.nonzero(t.e_mover == p)[0]
            parents = t.e_parent[mine]
            gain = others[parents] * (v[t.e_child[mine]] - v[parents])
            regret = np.bincount(t.e_slot[mine], weights=gain, minlength=t.slots)
            ours = t.set_player[t.slot_set] == p
            self.regret += regret
            if self.plus:
                np.maximum(self.regret, 0.0, out=self.regret)
            if self.predictive:
                self.last[ours] = regret[ours]
            own = t.reach(w, p)[t.first][t.slot_set]
            self.total += np.where(ours, weight * own * sigma, 0.0)
        self.iterations += 1

    def average_policy(self):
        """The average strategy as a flat array (uniform in a set never reached)."""
        t = self.tree
        sums = np.bincount(t.slot_set, weights=self.total, minlength=len(t.actions))
        n = np.bincount(t.slot_set, minlength=len(t.actions))
        s = sums[t.slot_set]
        return np.where(s > 0, self.total / np.where(s > 0, s, 1.0), 1.0 / n[t.slot_set])

    def average(self, i):
        """The average strategy at information set i."""
        t = self.tree
        total = self.total[t.start[i]:t.start[i] + len(t.actions[i])]
        s = total.sum()
        return list(total / s) if s > 0 else [1.0 / len(total)] * len(total)

    def exploitability(self):
        return exploitability(self.tree, self.average_policy())

    def run(self, exploitability=0.0, iterations=100000, every=10):
        """Iterates until the average's exploitability is at most `exploitability` (looked at
        every `every` iterations) or `iterations` were made; returns the last exploitability."""
        e = self.exploitability()
        while e > exploitability and self.iterations < iterations:
            for _ in range(min(every, iterations - self.iterations)):
                self.iterate()
            e = self.exploitability()
        return e


def policy_value(tree, policy):
    """Every seat's value of the game when all play policy."""
    w = tree.edge_weights(tree.policy_array(policy))
    return [float(tree.values(w, p)[0]) for p in range(tree.players)]


def best_response_value(tree, policy, br):
    """The value for seat br of its best response to everyone else playing policy: its action
    at each of its information sets the one with the most value weighted by how likely the
    others and chance make each state of the set. The sets are decided from br's last decisions
    back to its first: a node's "stage" is how many decisions of br lie above it, and every
    node of a stage has its value once the stage below is done."""
    t = tree
    w = t.edge_weights(t.policy_array(policy))
    reach = t.reach(w, -1 - br)
    mine = (t.kinds == DECISION) & (t.player == br)
    stage = np.zeros(len(t), dtype=np.int64)  # br's decisions above each node
    for edges in t.levels:
        stage[t.e_child[edges]] = stage[t.e_parent[edges]] + mine[t.e_parent[edges]]
    v = t.returns[:, br].copy()
    for s in range(int(stage.max()), -1, -1):
        # br's decisions at this stage: each set's action by its members' weighted values
        at = mine[t.e_parent] & (stage[t.e_parent] == s)
        if at.any():
            e = np.nonzero(at)[0]
            q = np.bincount(t.e_slot[e], weights=reach[t.e_parent[e]] * v[t.e_child[e]],
                            minlength=t.slots)
            top = np.maximum.reduceat(q, t.start)
            ties = np.nonzero(q == top[t.slot_set])[0][::-1]
            best = np.empty(len(t.actions), dtype=np.int64)
            best[t.slot_set[ties]] = ties  # the first of the best, as argmax
            chosen = e[t.e_slot[e] == best[t.infoset[t.e_parent[e]]]]
            v[t.e_parent[chosen]] = v[t.e_child[chosen]]
        # then the other nodes of the stage, from the deepest up
        level_of = (stage[t.e_parent] == s) & ~mine[t.e_parent]
        for edges in reversed(t.levels):
            e = edges[level_of[edges]]
            if len(e):
                parents, at = np.unique(t.e_parent[e], return_inverse=True)
                v[parents] = np.bincount(at, weights=w[e] * v[t.e_child[e]],
                                         minlength=len(parents))
    return float(v[0])


def nash_conv(tree, policy):
    """How much the seats gain in all by each playing its best response to the others."""
    sigma = tree.policy_array(policy)
    on = policy_value(tree, sigma)
    return sum(best_response_value(tree, sigma, p) - on[p] for p in range(tree.players))


def exploitability(tree, policy):
    """NashConv / players: how much each seat gains on average by its best response
    (OpenSpiel's exploitability in a two-player zero-sum game)."""
    return nash_conv(tree, policy) / tree.players
