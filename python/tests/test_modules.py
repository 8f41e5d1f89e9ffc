"""quiver.agents and quiver.pettingzoo: quiver's players answer legal ids for every game, and
the AEC environment plays whole games with masks, rewards at the end and agents leaving
(test_pettingzoo.py holds PettingZoo's contract)."""
import unittest

import numpy as np

import quiver
import quiver.agents
import quiver.pettingzoo


class Agents(unittest.TestCase):
    def test_levels_play_legal_ids(self):
        bot = quiver.agents.get("mcts:iterations=30", seed=2)
        for name in quiver.games():
            with self.subTest(game=name):
                state = quiver.load_game(name).new_initial_state()
                for _ in range(400):
                    if state.is_terminal():
                        break
                    if state.is_chance_node():
                        state.apply_action(state.legal_actions()[0])
                        continue
                    action = bot.step(state)
                    self.assertIn(action, state.legal_actions())
                    state.apply_action(action)

    def test_hard_and_refusals(self):
        state = quiver.load_game("three-arrows").new_initial_state()
        self.assertIn(quiver.agents.get("hard").step(state), state.legal_actions())
        with self.assertRaises(quiver.QuiverError) as cm:
            quiver.agents.get("nobody").step(state)
        self.assertIn("nobody", str(cm.exception))
        with self.assertRaises(quiver.QuiverError):
            quiver.agents.get("")


class AEC(unittest.TestCase):
    def test_whole_games(self):
        for name, params in [("arrow-party", {"players": 4}), ("concardia", {})]:
            with self.subTest(game=name):
                env = quiver.pettingzoo.env(name, **params)
                self.assertEqual(len(env.possible_agents), params.get("players", 2))
                env.reset(seed=4)
                steps, ends = 0, {}
                for agent in env.agent_iter(100000):
                    obs, reward, terminated, truncated, info = env.last()
                    self.assertEqual(obs["observation"].shape,
                                     env.observation_space(agent)["observation"].shape)
                    if terminated:
                        self.assertEqual(obs["action_mask"].sum(), 0)
                        ends[agent] = reward
                        env.step(None)
                        continue
                    self.assertEqual(reward, 0.0)
                    legal = np.flatnonzero(obs["action_mask"])
                    self.assertEqual(list(legal), env._state.legal_actions())
                    env.step(int(env.action_space(agent).sample(obs["action_mask"])))
                    steps += 1
                self.assertEqual(env.agents, [])
                self.assertEqual(sorted(ends), sorted(env.possible_agents))
                self.assertEqual([ends[a] for a in env.possible_agents], env._state.returns())
                self.assertGreater(steps, 10)


if __name__ == "__main__":
    unittest.main()
