"""quiver.pettingzoo against PettingZoo's AEC contract: every assertion that PettingZoo's own
pettingzoo.test.api_test makes (read from PettingZoo's source, written here in the project's
own words: PettingZoo is no Debian package), and the conditions of its warnings too, on every
game; then what api_test does not check: reset() without a seed dealing anew, state(), and a
truncation at max_game_length. With PettingZoo installed, the environment is its AECEnv; with
Gymnasium, its spaces are Gymnasium's."""
import unittest

import numpy as np

import quiver
import quiver.pettingzoo as qpz

GAMES = [("three-arrows", {}), ("concardia", {}), ("evons", {}), ("arrow-party", {"players": 3}),
         ("arrow-party", {"players": 5, "size": 9, "rounds": 2})]


def space_classes():
    """What the spaces must be: Gymnasium's when it can be imported, the package's otherwise."""
    try:
        import gymnasium
        return gymnasium.spaces.Space, gymnasium.spaces.Discrete, gymnasium.spaces.Dict
    except ImportError:
        return qpz._Space, qpz.Discrete, qpz.Dict


class ApiTest(unittest.TestCase):
    def check_observation(self, obs):
        """api_test's checks of an observation: a dict of an 'observation' array (non-empty,
        finite, numeric, at most 3 dimensions, not a single number, not all zeros) and an
        'action_mask' (non-empty, one dimension, 0 and 1 only)."""
        self.assertIsInstance(obs, dict)
        x = obs["observation"]
        self.assertIsInstance(x, np.ndarray)
        self.assertNotEqual(x.shape, (0,))
        self.assertNotEqual(x.shape, (1,))
        self.assertLessEqual(len(x.shape), 3)
        self.assertFalse(np.isinf(x).any())
        self.assertFalse(np.isnan(x).any())
        self.assertTrue(np.can_cast(x.dtype, np.float64))
        self.assertFalse(np.array_equal(x, np.zeros(x.shape)))
        m = obs["action_mask"]
        self.assertIsInstance(m, np.ndarray)
        self.assertNotEqual(m.shape, (0,))
        self.assertEqual(len(m.shape), 1)
        self.assertFalse(np.isinf(m).any() or np.isnan(m).any())
        self.assertTrue(np.can_cast(m.dtype, np.float64))
        self.assertTrue(np.array_equal(m, m.astype(bool)))

    def check_spaces(self, env, first):
        """api_test's checks of the spaces: Space instances, the same object on every call,
        named agents (player_0, ...), the same class and size for every agent."""
        Space, Discrete, _ = space_classes()
        for agent in env.agents:
            self.assertIsInstance(env.observation_space(agent), Space)
            self.assertIsInstance(env.action_space(agent), Space)
            self.assertIs(env.observation_space(agent), env.observation_space(agent))
            self.assertIs(env.action_space(agent), env.action_space(agent))
            self.assertIsInstance(env.action_space(agent), Discrete)
            self.assertRegex(agent, "[a-z]+_[0-9]+")
            self.assertIsInstance(env.observation_space(agent),
                                  type(env.observation_space(first)))
            self.assertEqual(env.observation_space(agent), env.observation_space(first))
            self.assertEqual(env.action_space(agent), env.action_space(first))

    def play(self, env, cycles):
        """api_test's play test: whole games through agent_iter with masked actions."""
        env.reset()
        live, finished, seen = set(env.agents), set(), set()
        summed = {}
        for agent in env.agent_iter(env.num_agents * cycles):
            seen.add(agent)
            self.assertNotIn(agent, finished, "an agent came back after it finished")
            self.assertIsInstance(env.infos[agent], dict)
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
            live.add(agent)
            self.assertTrue(live <= set(env.agents))
            if terminated or truncated:
                live.remove(agent)
                finished.add(agent)
            self.assertEqual(summed.get(agent, 0), reward,
                             "last()'s reward is not the rewards summed since the agent acted")
            summed[agent] = 0
            env.step(action)
            for a, r in env.rewards.items():
                summed[a] = summed.get(a, 0) + r
            self.assertEqual(env.num_agents, len(env.agents))
            for d in (env.rewards, env.terminations, env.truncations, env.infos):
                self.assertEqual(set(d), set(env.agents))
            self.assertTrue(set(env.agents) <= set(env.possible_agents))
            if not env.agents:
                break
            self.assertTrue(env.observation_space(agent).contains(obs))
            self.assertEqual(env.observation_space(agent)["observation"].dtype,
                             obs["observation"].dtype)
            self.check_observation(obs)
            self.assertIsInstance(env.infos[env.agent_selection], dict)
        self.assertFalse(env.agents, "the game did not end in %d cycles" % cycles)
        self.assertEqual(finished, seen)
        # a second pass: last() agrees with the dictionaries, step() returns nothing
        env.reset()
        for agent in env.agent_iter(env.num_agents * 2):
            obs, reward, terminated, truncated, info = env.last()
            action = None if terminated or truncated else env.action_space(agent).sample(
                obs["action_mask"])
            self.assertIsInstance(terminated, bool)
            self.assertIsInstance(truncated, bool)
            self.assertEqual(terminated, env.terminations[agent])
            self.assertEqual(truncated, env.truncations[agent])
            self.assertEqual(info, env.infos[agent])
            float(env.rewards[agent])
            self.assertIsInstance(reward, (int, float))
            self.assertIsNone(env.step(action))

    def test_api(self):
        for name, params in GAMES:
            with self.subTest(game=name, params=params):
                env = qpz.env(name, render_mode="ansi", **params)
                env.reset(seed=0, options={"options": 1})
                try:
                    import pettingzoo
                    self.assertIsInstance(env, pettingzoo.AECEnv)
                except ImportError:
                    pass
                env.reset()
                self.assertFalse(any(env.terminations.values()))
                self.assertFalse(any(env.truncations.values()))
                self.assertIsInstance(env.num_agents, int)
                self.assertGreater(env.num_agents, 0)
                env.reset()
                first, *_ = env.last()
                self.check_observation(first)
                self.assertIsNone(env.last(observe=False)[0])
                self.check_spaces(env, env.agent_selection)
                self.play(env, 400)
                for d in (env.rewards, env.terminations, env.truncations, env.infos):
                    self.assertIsInstance(d, dict)
                    self.assertEqual(len(d), len(env.agents))
                for agent in env.agents:
                    self.assertIsInstance(env.terminations[agent], bool)
                    self.assertIsInstance(env.truncations[agent], bool)
                    float(env.rewards[agent])
                # a seeded reset takes the same action, as an int or a numpy integer
                env.reset(seed=0)
                obs, *_ = env.last()
                action = env.action_space(env.agent_selection).sample(obs["action_mask"])
                env.step(action)
                env.reset(seed=0)
                env.step(np.int32(action))
                self.assertIs(env.unwrapped, env)
                self.assertIsInstance(env.render(), str)
                env.close()


class BeyondApiTest(unittest.TestCase):
    def test_reset_deals_anew(self):
        env = qpz.env("evons")
        env.reset(seed=5)
        a = env.last()[0]["observation"]
        env.reset(seed=5)
        self.assertTrue(np.array_equal(env.last()[0]["observation"], a))
        hands = set()
        for _ in range(6):
            env.reset()
            hands.add(env.last()[0]["observation"].tobytes())
        self.assertGreater(len(hands), 1, "reset() without a seed dealt the same cards")

    def test_state(self):
        env = qpz.env("concardia")
        env.reset(seed=2)
        s = env.state()
        self.assertEqual(s.shape, env.state_space.shape)
        self.assertTrue(env.state_space.contains(s))
        n = env.game.observation_tensor_size()
        self.assertTrue(np.array_equal(s[:n], env._state.observation_tensor(0)))

    def test_truncation_at_the_cap(self):
        # Gymnasium's truncation: the episode is cut, with no outcome (reward 0 each), unless
        # truncated_returns=ranks asks for the ranks at the cut.
        for extra, outcome in (({}, False), ({"truncated_returns": "ranks"}, True)):
            env = qpz.env("concardia", max_game_length=6, **extra)
            env.reset(seed=3)
            ends = {}
            for agent in env.agent_iter(100):
                obs, reward, terminated, truncated, info = env.last()
                if terminated or truncated:
                    self.assertTrue(truncated)
                    self.assertFalse(terminated)
                    ends[agent] = reward
                    env.step(None)
                else:
                    env.step(env.action_space(agent).sample(obs["action_mask"]))
            self.assertEqual(sorted(ends), sorted(env.possible_agents))
            self.assertEqual(sum(ends.values()), 0.0)
            self.assertEqual(any(ends.values()), outcome, extra)

    def test_refusals(self):
        env = qpz.env("evons", render_mode="ansi")
        env.reset(seed=1)
        self.assertIn("p1", env.render())
        with self.assertRaises(quiver.QuiverError):
            env.step(None)
        with self.assertRaises(quiver.QuiverError):
            env.step(10**7)
        with self.assertRaises(quiver.QuiverError):
            qpz.env("evons", render_mode="human")
        with self.assertRaises(quiver.QuiverError):
            qpz.env("evons", chance="sampled")

    def test_minimal_spaces(self):
        d = qpz.Discrete(4)
        self.assertEqual(d.sample(np.array([0, 0, 1, 0], np.int8)), 2)
        self.assertTrue(d.contains(np.int64(3)))
        self.assertFalse(d.contains(4))
        b = qpz.Box(0, 1, (3,), np.int8)
        self.assertTrue(b.contains(np.array([0, 1, 1], np.int8)))
        self.assertFalse(b.contains(np.array([0, 2, 1], np.int8)))
        s = qpz.Dict({"a": d, "b": b})
        self.assertTrue(s.contains({"a": 1, "b": np.zeros(3, np.int8)}))
        self.assertFalse(s.contains({"a": 1}))


if __name__ == "__main__":
    unittest.main()
