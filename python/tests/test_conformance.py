"""OpenSpiel-shaped conformance of the quiver package, written from OpenSpiel's documented API
(pyspiel's Game and State: docs/api_reference.md of OpenSpiel): random games of every game to
the end through every method, deepcopy and pickle mid-game, ids and masks, chance outcomes,
the resampler, and bad input raising QuiverError rather than crashing."""
import copy
import os
import pickle
import random
import tempfile
import unittest

import numpy as np

import quiver

CONFIGS = [
    ("three-arrows", {}),
    ("three-arrows", {"players": 4}),
    ("concardia", {}),
    ("evons", {}),
    ("arrow-party", {}),
    ("arrow-party", {"players": 5}),
]
SOURCE = os.environ.get("QUIVER_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def play_random(test, game, rng):
    state = game.new_initial_state()
    n = game.num_players()
    nd = game.num_distinct_actions()
    steps = 0
    mid = None
    while not state.is_terminal():
        player = state.current_player()
        test.assertTrue(player == quiver.CHANCE_PLAYER_ID or 0 <= player < n)
        test.assertFalse(state.is_simultaneous_node())
        legal = state.legal_actions()
        test.assertTrue(legal)
        test.assertEqual(legal, sorted(set(legal)))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            test.assertEqual([a for a, _ in outcomes], legal)
            test.assertAlmostEqual(sum(p for _, p in outcomes), 1.0, places=12)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            test.assertTrue(all(0 <= a < nd for a in legal))
            mask = state.legal_actions_mask()
            test.assertEqual(len(mask), nd)
            test.assertEqual([i for i, m in enumerate(mask) if m], legal)
            for other in range(n):
                if other != player:
                    test.assertEqual(state.legal_actions(other), [])
            action = rng.choice(legal)
            text = state.action_to_string(player, action)
            test.assertEqual(state.string_to_action(player, text), action)
            info = state.information_state_string()
            tensor = state.information_state_tensor()
            test.assertEqual(tensor.shape, (game.information_state_tensor_size(),))
            test.assertEqual(tensor.dtype, np.float32)
            test.assertEqual(state.observation_tensor(player).shape,
                             tuple(game.observation_tensor_shape()))
            test.assertIsInstance(state.observation_string(player), str)
            world = state.resample_from_infostate(player, rng.random)
            test.assertEqual(world.information_state_string(player), info)
            test.assertTrue(np.array_equal(world.information_state_tensor(player), tensor))
            test.assertEqual(world.legal_actions(), legal)
        if steps == 7:
            mid = state.serialize()
            deep = copy.deepcopy(state)
            pickled = pickle.loads(pickle.dumps(state))
            test.assertEqual(deep.serialize(), mid)
            test.assertEqual(pickled.serialize(), mid)
            test.assertEqual(game.deserialize_state(mid).serialize(), mid)
            test.assertEqual(str(pickled), str(state))
            # The copies go their own way.
            deep.apply_action(action)
            test.assertEqual(state.serialize(), mid)
        state.apply_action(action)
        test.assertEqual(state.rewards(), [0.0] * n if not state.is_terminal() else state.returns())
        if not state.is_terminal():
            test.assertEqual(state.returns(), [0.0] * n)
        steps += 1
    returns = state.returns()
    test.assertEqual(len(returns), n)
    test.assertTrue(all(-1 <= r <= 1 for r in returns))
    test.assertAlmostEqual(sum(returns), game.utility_sum(), places=9)
    test.assertEqual(len(state.history()), state.move_number())
    test.assertEqual(state.legal_actions(), [])
    test.assertEqual(state.current_player(), quiver.TERMINAL_PLAYER_ID)
    test.assertIsInstance(str(state), str)
    return steps


class Conformance(unittest.TestCase):
    def test_random_games(self):
        rng = random.Random(42)
        for name, params in CONFIGS:
            with self.subTest(game=name, params=params):
                game = quiver.load_game(name, **params)
                self.assertEqual(game.num_players(), params.get("players", game.num_players()))
                for _ in range(2):
                    self.assertGreater(play_random(self, game, rng), 7)

    def test_names_and_params(self):
        self.assertEqual(quiver.games(), ["three-arrows", "concardia", "evons", "arrow-party"])
        self.assertEqual(quiver.load_game("quiver_arrow_party", players=4).num_players(), 4)
        self.assertEqual(quiver.load_game("three-arrows", "players=3").params(), "players=3")
        game = quiver.load_game("evons")
        self.assertEqual(pickle.loads(pickle.dumps(game)).params(), game.params())

    def test_max_game_length(self):
        game = quiver.load_game("concardia", max_game_length=4)
        self.assertEqual(game.max_game_length(), 4)
        longest = quiver.load_game("concardia").max_game_length()
        self.assertGreater(longest, 1000)  # the rules' bound: 300 turns of several decisions
        state = game.new_initial_state()
        decisions = 0
        while decisions < 4:
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(state.legal_actions()[0])
        self.assertTrue(state.is_terminal())
        self.assertTrue(state.is_truncated())
        with self.assertRaises(quiver.QuiverError) as cm:
            state.apply_action(0)
        self.assertIn("max_game_length", str(cm.exception))
        with self.assertRaises(quiver.QuiverError):
            quiver.load_game("concardia", max_game_length=-3)
        with self.assertRaises(quiver.QuiverError):
            quiver.load_game("concardia", max_game_length=longest + 1)

    def test_initial_state_and_sampled_chance(self):
        # The initial state is the same on every call: the deal is chance to come.
        game = quiver.load_game("evons")
        a = game.new_initial_state()
        self.assertEqual(game.new_initial_state().serialize(), a.serialize())
        self.assertTrue(a.is_chance_node())
        self.assertEqual(game.get_type().chance_mode, quiver.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
        # chance=sampled: no chance node, a new deal on each call, the same sequence per seed.
        sampled = quiver.load_game("evons", chance="sampled", rng_seed=3)
        self.assertEqual(sampled.get_type().chance_mode,
                         quiver.GameType.ChanceMode.SAMPLED_STOCHASTIC)
        twin = quiver.load_game("evons", chance="sampled", rng_seed=3)
        deals = [sampled.new_initial_state() for _ in range(4)]
        self.assertEqual([d.serialize() for d in deals],
                         [twin.new_initial_state().serialize() for _ in range(4)])
        self.assertGreater(len({d.information_state_string(0) for d in deals}), 1)
        self.assertFalse(any(d.is_chance_node() for d in deals))

    def test_openspiel_metadata(self):
        T = quiver.GameType
        for name in quiver.games():
            game = quiver.load_game(name)
            t = game.get_type()
            self.assertEqual(t.short_name, "quiver_" + name.replace("-", "_"))
            self.assertEqual(t.dynamics, T.Dynamics.SEQUENTIAL)
            self.assertEqual(t.utility, T.Utility.ZERO_SUM)
            self.assertEqual(t.reward_model, T.RewardModel.TERMINAL)
            self.assertEqual(game.utility_sum(), 0.0)
            self.assertTrue(t.provides_information_state_tensor)
            params = game.get_parameters()
            self.assertEqual(params["max_game_length"], game.max_game_length())
            self.assertEqual(params["chance"], "explicit")
            self.assertIsInstance(params["rng_seed"], int)
            self.assertEqual(t.parameter_specification["tensor"], "planes")
            self.assertGreaterEqual(game.max_move_number(), game.max_game_length())
        tactical = quiver.load_game("three-arrows", mode="tactical")
        self.assertEqual(tactical.get_type().chance_mode, T.ChanceMode.DETERMINISTIC)
        self.assertEqual(tactical.get_type().information, T.Information.PERFECT_INFORMATION)
        self.assertEqual(quiver.load_game("arrow-party", players=3).get_parameters()["players"], 3)
        self.assertEqual(quiver.load_game("evons", shuffle=False).get_parameters()["shuffle"], False)

    def test_history_undo_and_names(self):
        game = quiver.load_game("concardia")
        state = walk(game, 4, 30)
        history = state.history()
        self.assertEqual(state.history_str(), ", ".join(map(str, history)))
        full = state.full_history()
        self.assertEqual([a for _, a in full], history)
        before = game.new_initial_state()
        for a in history[:-1]:
            before.apply_action(a)
        player, last = full[-1]
        state.undo_action(player, last)
        self.assertEqual(state.serialize(), before.serialize())
        with self.assertRaises(quiver.QuiverError):
            state.undo_action(player, last + 1)
        # any id in range has a name, legal now or not
        legal = set(state.legal_actions()) if not state.is_chance_node() else set()
        for a in range(0, game.num_distinct_actions(), 97):
            self.assertTrue(state.action_to_string(0, a)) if a not in legal else None
            self.assertTrue(game.action_to_string(0, a))

    def test_factored_actions(self):
        for name in quiver.games():
            game = quiver.load_game(name)
            heads = game.action_heads()
            self.assertEqual(heads[0][0], "type")
            for a in range(0, game.num_distinct_actions(), 13):
                h = game.action_to_heads(a)
                self.assertEqual(len(h), len(heads))
                self.assertEqual(game.heads_to_action(h), a)

    def test_observer(self):
        for name in quiver.games():
            game = quiver.load_game(name)
            state = walk(game, 6, 300)
            p = 0
            obs = game.make_observer()
            obs.set_from(state, p)
            self.assertTrue(np.array_equal(obs.tensor, state.observation_tensor(p)))
            c, h, w = game.observation_planes_shape()
            self.assertEqual(obs.dict["planes"].shape, (c, h, w))
            self.assertEqual(obs.dict["scalars"].shape, (game.observation_scalars_size(),))
            self.assertEqual(obs.string_from(state, p), state.observation_string(p))
            info = game.make_observer(quiver.IIGObservationType(perfect_recall=True))
            info.set_from(state, p)
            self.assertTrue(np.array_equal(info.tensor, state.information_state_tensor(p)))
            self.assertEqual(info.string_from(state, p), state.information_state_string(p))
            self.assertTrue(game.tensor_slot_name(0))
            hashed = quiver.load_game(name, tensor="hashed")
            self.assertEqual(hashed.observation_tensor_size(), 4096)
            self.assertEqual(hashed.observation_planes_shape(), (0, 0, 0))


def walk(game, seed, steps):
    """A state after `steps` random actions (chance by its probabilities) from seed."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


class PerfectRecall(unittest.TestCase):
    """The information state is everything the seat observed, in order (docs/python.md)."""

    def test_own_choices_remembered(self):
        # Two different choices of the seat to move stay told apart however the game goes on.
        for name, params in CONFIGS:
            with self.subTest(game=name, params=params):
                game = quiver.load_game(name, **params)
                state = walk(game, 5, 6)
                while state.is_chance_node() or len(state.legal_actions()) < 2:
                    state = walk(game, 5, state.move_number() + 1)
                me = state.current_player()
                a, b = state.legal_actions()[:2]
                x, y = state.child(a), state.child(b)
                self.assertNotEqual(x.information_state_string(me),
                                    y.information_state_string(me))
                self.assertFalse(np.array_equal(x.information_state_tensor(me),
                                                y.information_state_tensor(me)))
                self.assertTrue(x.information_state_string(me).startswith(
                    state.information_state_string(me)))

    def test_history_survives_copies(self):
        for name, params in CONFIGS:
            with self.subTest(game=name, params=params):
                game = quiver.load_game(name, **params)
                state = walk(game, 9, 30)
                text = state.serialize()
                self.assertTrue(text.startswith("quiver-spiel 5\n"))
                infos = [state.information_state_string(p) for p in range(game.num_players())]
                for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                              game.deserialize_state(text), state.clone()):
                    self.assertEqual(other.serialize(), text)
                    self.assertEqual(
                        [other.information_state_string(p) for p in range(game.num_players())],
                        infos)

    def test_world_keeps_the_seat_history(self):
        game = quiver.load_game("evons")
        state = walk(game, 3, 20)
        world = state.resample_from_infostate(0, 17)
        self.assertEqual(world.information_state_string(0), state.information_state_string(0))
        # The other seat's earlier observations in that world were never drawn.
        self.assertTrue(world.information_state_string(1).startswith("(a world drawn for p1"))
        back = pickle.loads(pickle.dumps(world))
        self.assertEqual(back.serialize(), world.serialize())
        self.assertEqual(back.information_state_string(0), state.information_state_string(0))


class BadInput(unittest.TestCase):
    def assertRefused(self, fn, words):
        with self.assertRaises(quiver.QuiverError) as cm:
            fn()
        self.assertIn(words, str(cm.exception))

    def test_unknown_game(self):
        self.assertRefused(lambda: quiver.load_game("chess"), "unknown game 'chess'")

    def test_bad_parameter(self):
        self.assertRefused(lambda: quiver.load_game("evons", colour="red"), "colour")
        self.assertRefused(lambda: quiver.load_game("three-arrows", players=9), "players")

    def test_illegal_action(self):
        self.assertRefused(lambda: quiver.load_game("evons", chance="dice"), "explicit or sampled")
        state = quiver.load_game("three-arrows").new_initial_state()
        self.assertRefused(lambda: state.apply_action(10**6), "out of range")
        self.assertRefused(lambda: state.apply_action(-1), "out of range")
        self.assertRefused(lambda: state.apply_action(2**40), "out of range")
        self.assertRefused(lambda: state.apply_action("a1"), "integer id")
        legal = set(state.legal_actions())
        bad = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
        self.assertRefused(lambda: state.apply_action(bad), "not legal now")
        self.assertRefused(lambda: state.string_to_action("banana"), "")
        self.assertRefused(lambda: state.information_state_tensor(3), "no seat")
        self.assertRefused(lambda: state.resample_from_infostate(-2, 1), "no seat")

    def test_variant_file(self):
        # variant=FILE plays the file's components, named by its SHA-256 as --variant names them
        path = os.path.join(SOURCE, "examples", "variants", "three-arrows-another-arrow.json")
        sha = quiver.load_game("three-arrows", "variant=" + path).get_parameters()["variant"]
        self.assertRegex(sha, "^[0-9a-f]{64}$")
        self.assertEqual(quiver.load_game("three-arrows", "variant=" + sha).get_parameters()
                         ["variant"], sha)
        with tempfile.TemporaryDirectory() as d:
            crosses = os.path.join(d, "crosses.json")
            with open(crosses, "w") as f:
                f.write('{"quiver_variant": 1, "game": "three-arrows", "pieces": [{"kind": "X", '
                        '"name": "Cross", "count": 2, "arrows": ["N", "E", "S", "W"]}], '
                        '"player": {"covers": 0, "shields": 0, "bonus": 1}}')
            state = quiver.load_game("three-arrows", "variant=" + crosses).new_initial_state()
            # a Cross on each of the 16 edge squares that are not corners, nothing else
            self.assertEqual(sorted({state.action_to_string(a).split()[1]
                                     for a in state.legal_actions()}), ["X"])
            self.assertEqual(len(state.legal_actions()), 16)
            bad = os.path.join(d, "bad.json")
            with open(bad, "w") as f:
                f.write('{"quiver_variant": 1, "game": "three-arrows", "player": {"covers": -1}}')
            self.assertRefused(lambda: quiver.load_game("three-arrows", "variant=" + bad),
                               "bad.json: /player/covers")
            self.assertRefused(lambda: quiver.load_game("evons", "variant=" + path),
                               "three-arrows")
            self.assertRefused(lambda: quiver.load_game("three-arrows", "variant=" + d + "/no"),
                               "no: cannot open")

    def test_corrupted_state(self):
        game = quiver.load_game("concardia")
        text = game.new_initial_state().serialize()
        self.assertRefused(lambda: game.deserialize_state("hello"), "corrupted")
        self.assertRefused(lambda: game.deserialize_state(text[: len(text) // 2]), "corrupted")
        self.assertRefused(lambda: game.deserialize_state(text.replace('"', "'", 3)), "corrupted")
        self.assertRefused(lambda: quiver.load_game("evons").deserialize_state(text), "concardia")
        self.assertRefused(lambda: game.deserialize_state(12), "text or bytes")
        old = text.replace("quiver-spiel 5", "quiver-spiel 2", 1)
        self.assertRefused(lambda: game.deserialize_state(old), "format 2")
        # A pickle is the game and the serialized text: a corrupted text is refused alike.
        restore, (data,) = game.new_initial_state().__reduce__()
        self.assertRefused(lambda: restore(data[: len(data) // 2]), "corrupted")


if __name__ == "__main__":
    unittest.main()
