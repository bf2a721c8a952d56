import pytest

import talon

PRESETS = talon.preset_names()


def play_random(state, rng, max_steps=10_000):
    """Plays random legal actions to the end; returns the number of steps."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < max_steps
    return steps


@pytest.fixture(params=PRESETS)
def preset(request):
    return request.param
