"""PettingZoo and OpenSpiel adapters (skipped when the extra is absent)."""

import numpy as np
import pytest

import talon
from conftest import PRESETS


def test_pettingzoo_api_and_seed_tests(preset):
    pz = pytest.importorskip("talon.pettingzoo")
    from pettingzoo.test import api_test, seed_test

    api_test(pz.env(preset), num_cycles=300, verbose_progress=False)
    seed_test(lambda: pz.env(preset), num_cycles=300)


def test_pettingzoo_observation_has_the_mask_of_the_agent_to_move():
    pz = pytest.importorskip("talon.pettingzoo")
    env = pz.env("pedro")
    env.reset(seed=3)
    seat = int(env.agent_selection.split("_")[1])
    obs = env.observe(env.agent_selection)
    assert list(np.flatnonzero(obs["action_mask"])) == env.unwrapped.state.legal_actions()
    other = f"player_{(seat + 1) % 4}"
    assert not env.observe(other)["action_mask"].any()


def test_openspiel_random_simulation(preset):
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel as tos

    game = pyspiel.load_game(tos.short_name(preset))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9


def test_openspiel_parameters_are_talon_options():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    game = pyspiel.load_game("python_talon_sixes_and_sevens", {"players": 5})
    assert game.num_players() == 5


def test_openspiel_ismcts_uses_talons_resampler():
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import talon.openspiel as tos

    game = pyspiel.load_game("python_talon_schnapsen")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 50, random_state=np.random.RandomState(1))
    calls = []
    resample = tos.resampler(seed=2)

    def counting(state, player):
        calls.append(player)
        s = resample(state, player)
        assert s.information_state_string(player) == state.information_state_string(player)
        return s

    bot.set_resampler(counting)
    state = game.new_initial_state()
    state.apply_action(17)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert calls
