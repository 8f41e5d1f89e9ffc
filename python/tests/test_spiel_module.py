"""quiver.spiel: without pyspiel, importing it fails saying what it needs; with a stand-in of
pyspiel (fake_pyspiel/, Debian having no OpenSpiel), it registers the four games as
quiver_<game>, and their states play to the end, clone by deepcopy, serialize by pickling
their attributes and resample, as OpenSpiel's python_games.cc drives them."""
import importlib
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def fresh_import(with_fake):
    for name in ("quiver.spiel", "pyspiel"):
        sys.modules.pop(name, None)
    path = os.path.join(HERE, "fake_pyspiel")
    if with_fake:
        sys.path.insert(0, path)
    try:
        return importlib.import_module("quiver.spiel")
    finally:
        if with_fake:
            sys.path.remove(path)


class SpielModule(unittest.TestCase):
    def tearDown(self):
        for name in ("quiver.spiel", "pyspiel"):
            sys.modules.pop(name, None)

    def test_without_pyspiel(self):
        sys.modules.pop("pyspiel", None)
        try:
            import pyspiel  # noqa: F401
            self.skipTest("pyspiel is installed here")
        except ImportError:
            pass
        with self.assertRaises(ImportError) as cm:
            fresh_import(False)
        self.assertIn("needs OpenSpiel's pyspiel", str(cm.exception))

    def test_registered_games(self):
        spiel = fresh_import(True)
        pyspiel = sys.modules["pyspiel"]
        self.assertEqual(pyspiel.registered_names(), ["quiver_arrow_party", "quiver_concardia",
                                                      "quiver_evons", "quiver_three_arrows"])
        rng = random.Random(3)
        for name, params in [("quiver_evons", {}), ("quiver_arrow_party", {"players": 4}),
                             ("quiver_three_arrows", {"players": 3}),
                             ("quiver_concardia", {"players": 2})]:
            with self.subTest(game=name):
                game = pyspiel.load_game(name, params)
                self.assertEqual(game.num_players(), params.get("players", 2))
                state = game.new_initial_state()
                observer = game.make_py_observer()
                steps = 0
                while not state.is_terminal():
                    if state.is_chance_node():
                        ids, probs = zip(*state.chance_outcomes())
                        state.apply_action(rng.choices(ids, probs)[0])
                        continue
                    p = state.current_player()
                    legal = state.legal_actions()
                    self.assertTrue(all(0 <= a < game.num_distinct_actions() for a in legal))
                    observer.set_from(state, p)
                    self.assertEqual(observer.tensor.shape, (state._q.get_game().observation_tensor_size(),))
                    info = game.make_py_observer(type("T", (), {"perfect_recall": True})())
                    self.assertEqual(info.string_from(state, p),
                                     state._q.information_state_string(p))
                    self.assertEqual(game.make_py_observer().string_from(state, p),
                                     state._q.observation_string(p))
                    if steps == 5:
                        clone = state.clone()
                        copied = state.deserialized(state.serialize())
                        self.assertEqual(str(clone), str(state))
                        self.assertEqual(str(copied), str(state))
                        clone.apply_action(legal[0])
                        self.assertNotEqual(clone._q.serialize(), state._q.serialize())
                        world = spiel.resampler(state, p)
                        self.assertEqual(world.legal_actions(), legal)
                    self.assertIsInstance(state.action_to_string(p, legal[0]), str)
                    state.apply_action(rng.choice(legal))
                    steps += 1
                self.assertEqual(len(state.returns()), game.num_players())
                self.assertLessEqual(steps, game.max_game_length())
        with self.assertRaises(Exception):
            pyspiel.load_game("quiver_concardia", {"players": 3})


if __name__ == "__main__":
    unittest.main()
