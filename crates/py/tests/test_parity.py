"""10,000 seeded random deals through the Python API give the same returns
as the engine played directly in Rust (talon._reference_returns plays the
same deals through the engine's text interface, not through the binding's
action ids)."""

import pytest

import talon
from conftest import PRESETS

GAMES = 10_000
MASK = (1 << 64) - 1


def lcg(x):
    return (x * 6364136223846793005 + 1442695040888963407) & MASK


def python_returns(game, seed):
    state = game.new_initial_state(seed=seed)
    x = seed
    while not state.is_terminal():
        by_text = sorted((state.action_to_string(a), a) for a in state.legal_actions())
        x = lcg(x)
        state.apply_action(by_text[(x >> 33) % len(by_text)][1])
    return [int(r) for r in state.returns()]


def test_ten_thousand_random_deals_match_the_rust_engine():
    per_preset = GAMES // len(PRESETS) + 1
    total = 0
    for i, preset in enumerate(PRESETS):
        game = talon.load_game(preset)
        first = 1000 * i
        expected = talon._reference_returns(preset, first, per_preset)
        got = [python_returns(game, seed) for seed in range(first, first + per_preset)]
        assert got == expected, preset
        total += per_preset
    assert total >= GAMES


def test_the_reference_refuses_seeds_past_the_last():
    # A private helper, but bad input still gets an error, not a wrap.
    with pytest.raises(talon.TalonError, match="past the last seed"):
        talon._reference_returns("schnapsen", MASK, 2)
    assert len(talon._reference_returns("schnapsen", MASK, 1)) == 1
