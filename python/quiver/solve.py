"""Tabular solving of small games in pure Python, the project's own (docs/python.md, "Small
configurations"): a game's whole tree built once through the package (or any game with
OpenSpiel's State methods), each decision keyed by its information state string; CFR
(Zinkevich et al., 2007) and CFR+ (Tammelin, 2014) with alternating updates on it; and the
exact value of a policy and of each seat's best response to it, from which NashConv and
exploitability, computed as OpenSpiel's exploitability.py and best_response.py compute them:
for each information set of the best responder, the action whose value, weighted by the
counterfactual reach of the set's states (chance's and the other seats' probabilities), is
largest. python/tests/test_solve.py checks them on Kuhn poker's known values (the game's value
-1/18 for the first player, the uniform policy's NashConv 11/12).

    tree = quiver.solve.Tree(quiver.small.load("concardia"))
    solver = quiver.solve.CFR(tree, plus=True)
    for _ in range(1000):
        solver.iterate()
    print(quiver.solve.exploitability(tree, solver.average),
          quiver.solve.policy_value(tree, solver.average))
"""


class Tree:
    """The game tree: per node its kind ("t" terminal, "c" chance, "d" decision), its player
    and information set (a decision), its edges (id, probability at a chance node, child)
    and the returns (a terminal)."""

    def __init__(self, game):
        self.players = game.num_players()
        self.kind, self.player, self.infoset, self.edges, self.returns = [], [], [], [], []
        self.infosets = {}  # information state string -> index
        self.actions = []   # per information set, its legal ids
        self.build(game.new_initial_state())

    def build(self, state):
        node = len(self.kind)
        self.kind.append(None)
        self.player.append(state.current_player())
        self.infoset.append(-1)
        self.edges.append([])
        self.returns.append(None)
        if state.is_terminal():
            self.kind[node] = "t"
            self.returns[node] = state.returns()
            return node
        if state.is_chance_node():
            self.kind[node] = "c"
            for a, p in state.chance_outcomes():
                self.edges[node].append((a, p, self.build(state.child(a))))
            return node
        self.kind[node] = "d"
        key = state.information_state_string()
        legal = state.legal_actions()
        if key not in self.infosets:
            self.infosets[key] = len(self.actions)
            self.actions.append(legal)
        self.infoset[node] = self.infosets[key]
        for a in legal:
            self.edges[node].append((a, None, self.build(state.child(a))))
        return node

    def __len__(self):
        return len(self.kind)


class CFR:
    """Tabular CFR with alternating updates (Zinkevich et al., 2007), or with plus=True CFR+
    (Tammelin, 2014): regrets floored at 0 after every update and the average strategy
    weighted by the iteration's number, which converges far faster."""

    def __init__(self, tree, plus=False):
        self.tree = tree
        self.plus = plus
        self.regret = [[0.0] * len(a) for a in tree.actions]
        self.total = [[0.0] * len(a) for a in tree.actions]
        self.current = []  # the strategies of this traversal, fixed while it runs
        self.iterations = 0

    def strategy(self, i):
        """Regret matching at information set i."""
        pos = [r if r > 0 else 0.0 for r in self.regret[i]]
        s = sum(pos)
        n = len(pos)
        return [p / s for p in pos] if s > 0 else [1.0 / n] * n

    def average(self, i):
        s = sum(self.total[i])
        n = len(self.total[i])
        return [t / s for t in self.total[i]] if s > 0 else [1.0 / n] * n

    def walk(self, node, p, reach_p, reach_other):
        """The value for p of node under the current strategies; accumulates p's regrets
        (weighted by the others' and chance's reach) and average strategy (by p's reach)."""
        t = self.tree
        kind = t.kind[node]
        if kind == "t":
            return t.returns[node][p]
        if kind == "c":
            return sum(prob * self.walk(child, p, reach_p, reach_other * prob)
                       for _, prob, child in t.edges[node])
        i = t.infoset[node]
        sigma = self.current[i]
        if t.player[node] != p:
            # every branch, even one the others do not play now: p's average strategy is
            # made there too, for the best responses that go there
            return sum(s * self.walk(child, p, reach_p, reach_other * s)
                       for s, (_, _, child) in zip(sigma, t.edges[node]))
        values = [self.walk(child, p, reach_p * s, reach_other)
                  for s, (_, _, child) in zip(sigma, t.edges[node])]
        v = sum(s * x for s, x in zip(sigma, values))
        regret, total = self.regret[i], self.total[i]
        weight = reach_p * (self.iterations + 1 if self.plus else 1)
        for k, x in enumerate(values):
            regret[k] += reach_other * (x - v)
            if self.plus and regret[k] < 0:
                regret[k] = 0.0
            total[k] += weight * sigma[k]
        return v

    def iterate(self):
        """One iteration: each seat in turn updates its regrets against the strategies that
        regret matching gives at the start of its traversal (alternating updates)."""
        for p in range(self.tree.players):
            self.current = [self.strategy(i) for i in range(len(self.tree.actions))]
            self.walk(0, p, 1.0, 1.0)
        self.iterations += 1


def policy_value(tree, policy, node=0):
    """Every seat's value of node when all play policy (information set -> probabilities)."""
    kind = tree.kind[node]
    if kind == "t":
        return tree.returns[node]
    if kind == "c":
        weights = [prob for _, prob, _ in tree.edges[node]]
    else:
        weights = policy(tree.infoset[node])
    out = [0.0] * tree.players
    for w, (_, _, child) in zip(weights, tree.edges[node]):
        if w > 0:
            out = [o + w * v for o, v in zip(out, policy_value(tree, policy, child))]
    return out


def best_response_value(tree, policy, br):
    """The value for seat br of its best response to everyone else playing policy: its action
    at each of its information sets the one with the most value weighted by how likely the
    others and chance make each state of the set."""
    reach = {}  # br's decision nodes -> the others' and chance's reach

    def collect(node, r):
        kind = tree.kind[node]
        if kind == "t" or r == 0:
            return
        if kind == "d" and tree.player[node] == br:
            reach[node] = r
            for _, _, child in tree.edges[node]:
                collect(child, r)
            return
        weights = ([prob for _, prob, _ in tree.edges[node]] if kind == "c"
                   else policy(tree.infoset[node]))
        for w, (_, _, child) in zip(weights, tree.edges[node]):
            collect(child, r * w)

    collect(0, 1.0)
    members = {}
    for node in reach:
        members.setdefault(tree.infoset[node], []).append(node)
    choice, memo = {}, {}

    def value(node):
        if node in memo:
            return memo[node]
        kind = tree.kind[node]
        if kind == "t":
            v = tree.returns[node][br]
        elif kind == "d" and tree.player[node] == br:
            i = tree.infoset[node]
            if i not in choice:
                k_best, best = 0, None
                for k in range(len(tree.edges[node])):
                    q = sum(reach.get(m, 0.0) * value(tree.edges[m][k][2]) for m in members[i])
                    if best is None or q > best:
                        k_best, best = k, q
                choice[i] = k_best
            v = value(tree.edges[node][choice[i]][2])
        else:
            weights = ([prob for _, prob, _ in tree.edges[node]] if kind == "c"
                       else policy(tree.infoset[node]))
            v = sum(w * value(child) for w, (_, _, child) in zip(weights, tree.edges[node])
                    if w > 0)
        memo[node] = v
        return v

    return value(0)


def nash_conv(tree, policy):
    """How much the seats gain in all by each playing its best response to the others."""
    on = policy_value(tree, policy)
    return sum(best_response_value(tree, policy, p) - on[p] for p in range(tree.players))


def exploitability(tree, policy):
    """NashConv / players: how much each seat gains on average by its best response
    (OpenSpiel's exploitability in a two-player zero-sum game)."""
    return nash_conv(tree, policy) / tree.players
