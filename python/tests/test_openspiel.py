"""OpenSpiel's own pure-Python algorithms on quiver's games, unchanged, through the project's
stand-in for pyspiel (openspiel/pyspiel.py: Debian has no OpenSpiel): cfr.py's CFRSolver and
exploitability.py on every tiny configuration, reaching the exploitability docs/python.md
gives; exploitability.py's NashConv of the project's own CFR+ policies (quiver.solve) equal to
the project's own best responses', on Kuhn poker (kuhn.py: the uniform policy's 11/12) and on
every tiny configuration; mcts.py's MCTSBot and ismcts.py's ISMCTSBot beating a random player. OpenSpiel's files
are read from a checkout named by QUIVER_OPENSPIEL (the folder holding open_spiel/python);
without it the tests are skipped, saying so. QUIVER_OPENSPIEL_ITERATIONS sets CFR's iterations
(100 by default, the ones the bounds are for)."""
import os
import sys
import types
import unittest

import numpy as np

import quiver.solve
import quiver.tiny

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kuhn  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.environ.get("QUIVER_OPENSPIEL", "")
ITERATIONS = int(os.environ.get("QUIVER_OPENSPIEL_ITERATIONS", "100"))

# game: exploitability after 100 iterations at most (NashConv / 3 for Arrow Party's three)
BOUNDS = {"three-arrows": 0.010, "concardia": 0.025, "evons": 0.004, "arrow-party": 0.002}


def openspiel():
    """OpenSpiel's algorithms over the stand-in, or None when there is no checkout."""
    if not os.path.isfile(os.path.join(CHECKOUT, "open_spiel", "python", "algorithms",
                                       "cfr.py")):
        return None
    for path in (CHECKOUT, os.path.join(HERE, "openspiel")):
        if path not in sys.path:
            sys.path.insert(0, path)
    # OpenSpiel's python games (which best_response.py imports) are not what is tested here.
    sys.modules.setdefault("open_spiel.python.games", types.ModuleType("open_spiel.python.games"))
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts
    import pyspiel
    return types.SimpleNamespace(cfr=cfr, exploitability=exploitability, mcts=mcts,
                                 ismcts=ismcts, pyspiel=pyspiel, policy=policy)


def tabular(os_, game, tree, average):
    """The policy average (quiver.solve's, by information set) as an OpenSpiel Policy."""
    table = {key: dict(zip(tree.actions[i], average(i))) for key, i in tree.infosets.items()}

    class Tabular(os_.policy.Policy):
        def action_probabilities(self, state, player_id=None):
            return table[state.information_state_string(state.current_player())]

    return Tabular(game, list(range(game.num_players())))


def match(game, make_bot, games, seed):
    """The bot's mean return against uniform random play, seats taken in turn."""
    rng = np.random.RandomState(seed)
    total = 0.0
    for g in range(games):
        seat = g % game.num_players()
        bot = make_bot()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(ids, p=probs)))
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        total += state.returns()[seat]
    return total / games


@unittest.skipIf(openspiel() is None, "QUIVER_OPENSPIEL names no OpenSpiel checkout "
                 "(open_spiel/python/algorithms/cfr.py): OpenSpiel's algorithms not run")
class OpenSpiel(unittest.TestCase):
    def test_cfr_and_exploitability(self):
        os_ = openspiel()
        for name, bound in BOUNDS.items():
            with self.subTest(game=name):
                game = os_.pyspiel.load_game(*quiver.tiny.params(name))
                solver = os_.cfr.CFRSolver(game)
                seen = []
                for k in range(1, ITERATIONS + 1):
                    solver.evaluate_and_update_policy()
                    if k in (1, 10, ITERATIONS):
                        policy = solver.average_policy()
                        if game.num_players() == 2:
                            seen.append(os_.exploitability.exploitability(game, policy))
                        else:
                            seen.append(os_.exploitability.nash_conv(game, policy)
                                        / game.num_players())
                print("%s: OpenSpiel's CFR, exploitability after 1, 10, %d iterations: %s"
                      % (name, ITERATIONS, ", ".join("%.5f" % x for x in seen)))
                self.assertGreater(seen[0], seen[1])
                self.assertGreater(seen[1], seen[2])
                if ITERATIONS >= 100:
                    self.assertLess(seen[2], bound)

    def test_exploitability_agrees(self):
        # OpenSpiel's exploitability.py against the project's own best response (quiver.solve),
        # on Kuhn poker (whose uniform policy's NashConv is 11/12) and every tiny configuration.
        os_ = openspiel()
        games = [("kuhn", kuhn.KuhnGame())] + [
            (name, os_.pyspiel.load_game(*quiver.tiny.params(name))) for name in BOUNDS]
        for name, game in games:
            with self.subTest(game=name):
                tree = quiver.solve.Tree(game)
                solver = quiver.solve.CFR(tree, plus=True)
                uniform = quiver.solve.CFR(tree).average  # no iteration: uniform
                for _ in range(20):
                    solver.iterate()
                for average in (uniform, solver.average):
                    ours = quiver.solve.nash_conv(tree, average)
                    theirs = os_.exploitability.nash_conv(game, tabular(os_, game, tree,
                                                                         average))
                    print("%s: NashConv %.9f (quiver.solve), %.9f (OpenSpiel's "
                          "exploitability.py)" % (name, ours, theirs))
                    self.assertAlmostEqual(ours, theirs, places=9)
                if name == "kuhn":
                    self.assertAlmostEqual(quiver.solve.nash_conv(tree, uniform), 11 / 12,
                                           places=12)

    def test_mcts_wins(self):
        os_ = openspiel()
        game = os_.pyspiel.load_game("three-arrows", {"mode": "tactical"})
        make = lambda: os_.mcts.MCTSBot(
            game, 2.0, 100, os_.mcts.RandomRolloutEvaluator(1, np.random.RandomState(7)),
            random_state=np.random.RandomState(3))
        mean = match(game, make, 4, 1)
        print("OpenSpiel's MCTSBot (100 simulations) against random, THREE ARROWS tactical: "
              "mean return %+.2f" % mean)
        self.assertGreater(mean, 0.5)

    def test_ismcts_wins(self):
        os_ = openspiel()
        for name in ("concardia", "evons"):
            game = os_.pyspiel.load_game(name)
            make = lambda: os_.ismcts.ISMCTSBot(
                game, os_.mcts.RandomRolloutEvaluator(1, np.random.RandomState(7)), 2.0, 60,
                random_state=np.random.RandomState(3))
            mean = match(game, make, 10, 2)
            print("OpenSpiel's ISMCTSBot (60 simulations) against random, %s: mean return "
                  "%+.2f" % (name, mean))
            self.assertGreater(mean, 0.0)


if __name__ == "__main__":
    unittest.main()
