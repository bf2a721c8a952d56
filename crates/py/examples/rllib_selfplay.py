"""Self-play PPO on a Talon game with RLlib (Ray's new API stack).

    pip install "ray[rllib]>=2.40" torch "./crates/py[pettingzoo]"
    python crates/py/examples/rllib_selfplay.py --game schnapsen --iterations 5

Run with Ray 2.60.0 and torch 2.15.0; crates/py/README.md gives the command
and the throughput it measured.

Every seat is played by one shared policy ("main"), so the policy trains
against itself. The PettingZoo AEC environment is wrapped by RLlib's
PettingZooEnv; the observation's action mask is read by RLlib's
action-masking RL module, so illegal actions are never sampled. After each
iteration it prints the environment steps, the time spent sampling and
learning, and the mean episode return (seat 0's return plus seat 1's, so
about 0 for a zero-sum game played against itself; the per-seat means are
printed too).

To scale out, raise --env-runners (processes) and --envs-per-runner; each
runner steps its own copies of the environment (Talon releases the GIL
inside every step).
"""

import argparse
import time

import gymnasium as gym
import numpy as np
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

from talon.pettingzoo import raw_env


class MaskedTalonEnv(raw_env):
    """Talon's AEC env with the keys RLlib's masking module expects
    ("observations" and a float "action_mask")."""

    def __init__(self, game):
        super().__init__(game)
        for agent, space in self.observation_spaces.items():
            mask = space["action_mask"]
            self.observation_spaces[agent] = gym.spaces.Dict(
                {
                    "observations": space["observation"],
                    "action_mask": gym.spaces.Box(0.0, 1.0, mask.shape, np.float32),
                }
            )

    def observe(self, agent):
        obs = super().observe(agent)
        return {
            "observations": obs["observation"],
            "action_mask": obs["action_mask"].astype(np.float32),
        }


def timer(result, *path):
    """A timer from RLlib's result dict (seconds), or None."""
    node = result
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--envs-per-runner", type=int, default=4)
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch", type=int, default=500)
    parser.add_argument("--epochs", type=int, default=4)
    args = parser.parse_args()

    register_env("talon", lambda cfg: PettingZooEnv(MaskedTalonEnv(cfg["game"])))
    probe = MaskedTalonEnv(args.game)
    agent = probe.possible_agents[0]
    config = (
        PPOConfig()
        # RLlib's env check steps random actions from the action space, which
        # are mostly illegal here; the mask is what keeps actions legal.
        .environment("talon", env_config={"game": args.game}, disable_env_checking=True)
        .env_runners(
            num_env_runners=args.env_runners,
            num_envs_per_env_runner=args.envs_per_runner,
        )
        .multi_agent(
            policies={"main"},
            # Self-play: every seat is the same learning policy.
            policy_mapping_fn=lambda agent_id, episode, **kw: "main",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "main": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        observation_space=probe.observation_space(agent),
                        action_space=probe.action_space(agent),
                        model_config={"head_fcnet_hiddens": [256, 256]},
                    )
                }
            )
        )
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=args.minibatch,
            num_epochs=args.epochs,
        )
    )
    algo = config.build_algo()
    last_steps, start = 0, time.perf_counter()
    last_time = start
    for i in range(args.iterations):
        result = algo.train()
        runners = result["env_runners"]
        steps = runners["num_env_steps_sampled_lifetime"]
        now = time.perf_counter()
        sample = timer(result, "timers", "env_runner_sampling_timer")
        learn = timer(result, "timers", "learner_update_timer")
        per_agent = runners.get("agent_episode_returns_mean", {})
        print(
            f"iteration {i + 1}: {steps - last_steps:.0f} env steps in {now - last_time:.1f} s "
            f"({(steps - last_steps) / (now - last_time):,.0f} steps/s overall; "
            f"sampling {sample if sample is None else round(sample, 1)} s, "
            f"learning {learn if learn is None else round(learn, 1)} s), "
            f"episodes {runners.get('num_episodes')}, "
            f"return mean {runners.get('episode_return_mean')}, per seat {per_agent}",
            flush=True,
        )
        last_steps, last_time = steps, now
    total = time.perf_counter() - start
    print(f"total: {last_steps:.0f} env steps in {total:.1f} s ({last_steps / total:,.0f} steps/s)")
    algo.stop()


if __name__ == "__main__":
    main()
