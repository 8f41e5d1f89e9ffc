"""The loop of a reinforcement-learning trainer, training nothing: quiver's AEC environment
(quiver.pettingzoo, PettingZoo's shape, no PettingZoo needed) stepped STEPS times with a
random legal action drawn from each observation's action mask, where a learner would act and
learn, and games started again as they end. Usage:
PYTHONPATH=build/python python3 examples/python/rl_loop.py [GAME] [STEPS]"""
import sys
import time

import numpy as np

import quiver.pettingzoo


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "evons"
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    env = quiver.pettingzoo.env(name)
    rng = np.random.default_rng(0)
    done, games, start = 0, 0, time.perf_counter()
    env.reset(seed=0)
    while done < steps:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # A learner would pick from obs["observation"] here; the mask keeps it legal.
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done == steps:
                break
        if not env.agents:
            games += 1
            env.reset()  # the environment's generator goes on: a new deal
    seconds = time.perf_counter() - start
    print("%s: %d environment steps (%d games finished) in %.2f s: %.0f steps/s"
          % (name, done, games, seconds, done / seconds))


if __name__ == "__main__":
    main()
