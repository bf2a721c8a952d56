"""Self-play PPO on a Talon game with RLlib (Ray's new API stack).

    pip install "ray[rllib]>=2.40" torch "./crates/py[pettingzoo]"
    python crates/py/examples/rllib_selfplay.py --game schnapsen --iterations 5

Run with Ray 2.60.0 and torch 2.15.0; crates/py/README.md gives the command
and the throughput it measured.

Every seat is played by one shared policy ("main"), so the policy trains
against itself. The PettingZoo AEC environment is wrapped by RLlib's
PettingZooEnv; the observation's action mask is read by RLlib's
action-masking RL module, so illegal actions are never sampled. After each
iteration it prints the environment steps, the wall time, the time spent
sampling and learning, and each seat's mean episode return (about opposite
for a zero-sum game played against itself).

To scale out, raise --env-runners (processes, each stepping its own
copies of the environment) and --envs-per-runner (copies per runner,
batched into one forward pass).
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


def timer(result, name):
    """An RLlib timer (seconds) from the result dict, or None."""
    return result.get("timers", {}).get(name)


# RLlib reports its timers as an exponential moving average with this
# coefficient (ray.rllib.utils.metrics.stats.ema), so after the first
# iteration the reported figure barely moves. The last iteration's own time
# is recovered from two successive averages.
EMA_COEFF = 0.01


def last_time(now, before):
    if now is None:
        return None
    if before is None:
        return now
    return (now - (1 - EMA_COEFF) * before) / EMA_COEFF


def rate(steps, seconds):
    return f"{steps / seconds:,.0f} steps/s" if seconds else "? steps/s"


def part(steps, seconds):
    return f"{seconds:.1f} s ({rate(steps, seconds)})" if seconds else "? s"


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="schnapsen")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--envs-per-runner", type=int, default=4)
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch", type=int, default=500)
    parser.add_argument("--epochs", type=int, default=4)
    args = parser.parse_args(argv)

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
    totals = {"steps": 0, "time": 0.0, "sample": 0.0, "learn": 0.0}
    ema = {"sample": None, "learn": None}
    for i in range(args.iterations):
        before = time.perf_counter()
        result = algo.train()
        wall = time.perf_counter() - before
        runners = result["env_runners"]
        steps = runners["num_env_steps_sampled_lifetime"] - totals["steps"]
        times = {}
        for key, name in (("sample", "env_runner_sampling_timer"), ("learn", "learner_update_timer")):
            now = timer(result, name)
            times[key] = last_time(now, ema[key])
            ema[key] = now
            totals[key] += times[key] or 0.0
        totals["steps"] += steps
        totals["time"] += wall
        per_seat = {a: round(float(r), 3) for a, r in sorted(runners.get("agent_episode_returns_mean", {}).items())}
        print(
            f"iteration {i + 1}: {steps:.0f} env steps in {wall:.1f} s = {steps / wall:,.0f} steps/s; "
            f"sampling {part(steps, times['sample'])}, learning {part(steps, times['learn'])}; "
            f"{runners.get('num_episodes')} episodes, mean return per seat {per_seat}",
            flush=True,
        )
    t = totals
    print(
        f"total: {t['steps']:.0f} env steps in {t['time']:.1f} s over {args.iterations} iterations "
        f"({t['time'] / args.iterations:.1f} s each): {t['steps'] / t['time']:,.0f} steps/s; "
        f"sampling {rate(t['steps'], t['sample'])}, learning {rate(t['steps'], t['learn'])}"
    )
    algo.stop()


if __name__ == "__main__":
    main()
