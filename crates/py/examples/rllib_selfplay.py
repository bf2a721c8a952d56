"""Self-play PPO on a Talon game with RLlib (Ray's new API stack).

    pip install "ray[rllib]>=2.40" torch            # plus talon-py[pettingzoo]
    python crates/py/examples/rllib_selfplay.py --game schnapsen --iterations 20

Every seat is played by one shared policy ("main"), so the policy trains
against itself. The PettingZoo AEC environment is wrapped by RLlib's
PettingZooEnv; the observation's action mask is read by RLlib's
action-masking RL module, so illegal actions are never sampled. Prints the
sampled environment steps per second of each iteration.

To scale out, raise --env-runners (processes) and --envs-per-runner; each
runner steps its own copies of the environment (Talon releases the GIL
inside every step).
"""

import argparse
import time

import gymnasium as gym
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
    ("observations" and "action_mask")."""

    def __init__(self, game):
        super().__init__(game)
        for agent, space in self.observation_spaces.items():
            self.observation_spaces[agent] = gym.spaces.Dict(
                {"observations": space["observation"], "action_mask": space["action_mask"]}
            )

    def observe(self, agent):
        obs = super().observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--envs-per-runner", type=int, default=4)
    args = parser.parse_args()

    register_env("talon", lambda cfg: PettingZooEnv(MaskedTalonEnv(cfg["game"])))
    probe = MaskedTalonEnv(args.game)
    agent = probe.possible_agents[0]
    config = (
        PPOConfig()
        .environment("talon", env_config={"game": args.game})
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
    )
    algo = config.build_algo()
    last_steps, last_time = 0, time.perf_counter()
    for i in range(args.iterations):
        result = algo.train()
        steps = result["env_runners"]["num_env_steps_sampled_lifetime"]
        now = time.perf_counter()
        print(
            f"iteration {i + 1}: {steps - last_steps} env steps, "
            f"{(steps - last_steps) / (now - last_time):,.0f} steps/s, "
            f"episode return mean {result['env_runners'].get('episode_return_mean')}"
        )
        last_steps, last_time = steps, now
    algo.stop()


if __name__ == "__main__":
    main()
