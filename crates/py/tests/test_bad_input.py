"""Bad input, generated: seeded random calls on a state in play, with
arguments of every type and size. Each either works or raises a
ValueError or TypeError that says something, and a refused call leaves
the state as it was; an action applied was a legal one. Nothing else
escapes, and the interpreter survives."""

import random

import numpy as np
import pytest

import talon
from conftest import PRESETS

ARGS = [
    -1, 0, 1, 2, 3, 52, 53, 2**31, 2**64, -(2**70), 1.5, float("nan"), True, None,
    "", "QS", "close", "bid 30", "\U0001F4A5\u0000", "x" * 10_000, [1], {"a": 1}, b"QS",
    np.int64(5), np.array([1, 2]),
]

# (method, how many arguments it takes: each is drawn from ARGS or, half
# the time for actions, from the legal ones)
CALLS = [
    ("apply_action", 1),
    ("action_to_string", 1),
    ("action_to_string", 2),
    ("string_to_action", 1),
    ("string_to_action", 2),
    ("legal_actions", 1),
    ("legal_actions_mask", 1),
    ("observation_string", 1),
    ("information_state_string", 1),
    ("observation_tensor", 1),
    ("information_state_tensor", 1),
    ("resample_from_infostate", 2),
    ("player_return", 1),
    ("child", 1),
    ("hidden_cards", 1),
]


def draw(rng, legal):
    if legal and rng.random() < 0.3:
        return rng.choice(legal)
    return rng.choice(ARGS)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_calls_work_or_say_why_and_change_nothing(preset):
    game = talon.load_game(preset)
    rng = random.Random(preset)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        for _ in range(150):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            name, n = rng.choice(CALLS)
            args = [draw(rng, legal) for _ in range(n)]
            before = state.serialize()
            try:
                getattr(state, name)(*args)
            except (ValueError, TypeError) as e:
                assert str(e), f"{name}{tuple(args)!r}: an error that says nothing"
                assert state.serialize() == before, f"{name}{tuple(args)!r} refused, yet changed the state"
                continue
            if name == "apply_action":
                # Only an integer id (Python's or numpy's) of a legal action.
                assert int(args[0]) in legal, f"applied {args[0]!r}, not legal: {legal}"
            else:
                assert state.serialize() == before, f"{name}{tuple(args)!r} changed the state"


@pytest.mark.parametrize(
    "call, said",
    [
        (lambda s: s.legal_actions("0"), "a player is a seat number from 0, not the str '0'"),
        (lambda s: s.observation_tensor(1.5), "a player is a seat number from 0, not the float 1.5"),
        (lambda s: s.resample_from_infostate(0, "x" * 1000), "a seed is a whole number"),
    ],
)
def test_a_wrong_type_names_the_argument(call, said):
    state = talon.load_game("schnapsen").new_initial_state(seed=1)
    with pytest.raises(TypeError, match=said):
        call(state)
