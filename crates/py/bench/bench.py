"""Benchmarks of the Python package (figures, not tests).

    .venv/bin/python crates/py/bench/bench.py [--quick]

1. Random steps/s of a Python loop over Talon's API (legal_actions, a random
   choice, apply_action), and the same loop over OpenSpiel's C++ euchre
   (when open_spiel is installed); also the loop that fetches the
   information-state tensor and legal-action mask at every step, as RL does
   (euchre has no observation tensor).
2. The vectorised environment's steps/s on one core (threads=1), random
   legal actions chosen in Rust, and chosen in numpy from the masks.
3. The expert's move time at the first lead of seeded deals, from Python
   (talon.Bot) and from Rust (the expert_time example, same deals, same bot).
"""

import argparse
import pathlib
import random
import subprocess
import time

import numpy as np

import talon

ROOT = pathlib.Path(__file__).resolve().parents[3]


def talon_loop(name, seconds, tensors=False):
    game = talon.load_game(name)
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal():
            if tensors:
                p = state.current_player()
                state.information_state_tensor(p)
                state.legal_actions_mask(p)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_loop(name, seconds, tensors=False):
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if tensors:
                p = state.current_player()
                state.information_state_tensor(p)
                state.legal_actions_mask(p)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def vec_env(name, num_envs, seconds, numpy_actions):
    env = talon.VecEnv(talon.load_game(name), num_envs, threads=1)
    _, mask, _, _, _ = env.buffers_tuple()
    rng = np.random.default_rng(0)
    steps, k = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if numpy_actions:
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        else:
            actions = env.random_actions(k)
        env.step(actions)
        steps += num_envs
        k += 1
    return steps / (time.perf_counter() - start)


def expert_python(name, count):
    game = talon.load_game(name)
    states = [game.new_initial_state(seed=s) for s in range(count)]
    bot = talon.Bot(game, "expert", seed=1)
    start = time.perf_counter()
    for s in states:
        bot.step(s)
    return (time.perf_counter() - start) * 1000 / count


def expert_rust(name, count):
    out = subprocess.run(
        ["cargo", "run", "-q", "--release", "-p", "talon-py", "--example", "expert_time", "--", name, str(count)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args()
    secs = 1.0 if args.quick else 5.0
    deals = 10 if args.quick else 40

    print("## Random play, one Python loop (steps/s)")
    for name in ("sixty-six", "schnapsen", "na-sixty-six", "pedro", "sixes-and-sevens"):
        print(f"talon {name:18} {talon_loop(name, secs):>12,.0f}   with infostate+mask {talon_loop(name, secs, True):>10,.0f}")
    try:
        print(f"openspiel {'euchre':14} {openspiel_loop('euchre', secs):>12,.0f}   with infostate+mask {openspiel_loop('euchre', secs, True):>10,.0f}")
    except ImportError:
        print("openspiel euchre: open_spiel is not installed")

    print("\n## Vectorised environment, one core (steps/s, observation tensor + mask written every step)")
    for name in ("sixty-six", "pedro"):
        for n in (256, 4096):
            rust = vec_env(name, n, secs, False)
            npy = vec_env(name, n, secs, True)
            print(f"VecEnv {name:10} n={n:5}: actions from Rust {rust:>12,.0f}   from numpy masks {npy:>12,.0f}")

    print("\n## Expert move time at the first lead (ms per move, best of 3 alternating runs)")
    expert_rust("schnapsen", 1)  # build the example before timing anything
    for name in ("schnapsen", "sixty-six"):
        # Alternate the two and keep each one's best run: on a shared
        # machine the load changes from run to run.
        py = expert_python(name, deals)
        rs = expert_rust(name, deals)
        for _ in range(2):
            py = min(py, expert_python(name, deals))
            rs = min(rs, expert_rust(name, deals))
        print(f"{name:10} Python {py:8.2f}   Rust {rs:8.2f}   ratio {py / rs:5.2f}")


if __name__ == "__main__":
    main()
