"""Benchmarks of the Python package (figures, not tests).

    .venv/bin/python crates/py/bench/bench.py [--quick] [--no-expert]

Runs of the things compared are interleaved and each keeps its best of 3,
and every ratio is taken between figures of the same run.

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


LOOP_GAMES = ("sixty-six", "schnapsen", "na-sixty-six", "pedro", "sixes-and-sevens")
VEC_GAMES = ("sixty-six", "pedro")


def best_of(rounds, jobs):
    """Runs every job once per round, interleaved, and keeps each job's best
    figure: on a shared machine the load changes from second to second, and
    interleaving exposes every job to the same load."""
    best = {}
    for _ in range(rounds):
        for key, job in jobs.items():
            best[key] = max(best.get(key, 0.0), job())
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--no-expert", action="store_true", help="skip the expert move time")
    args = parser.parse_args()
    secs = 0.5 if args.quick else 2.0
    deals = 10 if args.quick else 40
    rounds = 3
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False

    print(f"## Random play, one Python loop (steps/s, best of {rounds} interleaved runs of {secs:g} s)")
    jobs = {}
    if have_openspiel:
        jobs["euchre"] = lambda: openspiel_loop("euchre", secs)
    for name in LOOP_GAMES:
        jobs[name] = lambda name=name: talon_loop(name, secs)
    loop = best_of(rounds, jobs)
    euchre = loop.get("euchre")
    if euchre:
        print(f"openspiel {'euchre':16} {euchre:>12,.0f}")
    else:
        print("openspiel euchre: open_spiel is not installed")
    for name in LOOP_GAMES:
        ratio = f"   {loop[name] / euchre:5.2f}x euchre (target 3x)" if euchre else ""
        print(f"talon {name:20} {loop[name]:>12,.0f}{ratio}")

    print("\n## The same loop fetching the information-state tensor and mask every step")
    jobs = {}
    if have_openspiel:
        jobs["euchre"] = lambda: openspiel_loop("euchre", secs, True)
    for name in VEC_GAMES:
        jobs[name] = lambda name=name: talon_loop(name, secs, True)
    tens = best_of(rounds, jobs)
    for key, value in tens.items():
        print(f"{'openspiel' if key == 'euchre' else 'talon':9} {key:16} {value:>12,.0f}")

    print(
        "\n## Vectorised environment, one core (threads=1): observation tensor, mask, rewards and"
        " dones written every step"
    )
    jobs = {}
    for name in VEC_GAMES:
        for n in (256, 4096):
            jobs[(name, n, "rust")] = lambda name=name, n=n: vec_env(name, n, secs, False)
            jobs[(name, n, "numpy")] = lambda name=name, n=n: vec_env(name, n, secs, True)
    vec = best_of(rounds, jobs)
    for name in VEC_GAMES:
        for n in (256, 4096):
            rust, npy = vec[(name, n, "rust")], vec[(name, n, "numpy")]
            print(
                f"VecEnv {name:10} n={n:5}: actions from Rust {rust:>12,.0f}"
                f" = {rust / loop[name]:5.2f}x the Python loop (target 20x)"
                f"   from numpy masks {npy:>12,.0f}"
            )

    if args.no_expert:
        return
    print("\n## Expert move time at the first lead (ms per move, best of 3 alternating runs)")
    expert_rust("schnapsen", 1)  # build the example before timing anything
    for name in ("schnapsen", "sixty-six"):
        py = expert_python(name, deals)
        rs = expert_rust(name, deals)
        for _ in range(2):
            py = min(py, expert_python(name, deals))
            rs = min(rs, expert_rust(name, deals))
        print(f"{name:10} Python {py:8.2f}   Rust {rs:8.2f}   ratio {py / rs:5.2f}")


if __name__ == "__main__":
    main()
