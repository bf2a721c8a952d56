"""PettingZoo and OpenSpiel adapters (skipped when the extra is absent)."""

import numpy as np
import pytest

import talon
from conftest import PRESETS


def test_pettingzoo_api_and_seed_tests(preset):
    pz = pytest.importorskip("talon.pettingzoo")
    from pettingzoo.test import api_test, seed_test

    # Seeded (deals and the test's random actions), so that a failure
    # replays: the env's unseeded resets then follow the first seed.
    env = pz.env(preset)
    env.reset(seed=0)
    for agent in env.possible_agents:
        env.action_space(agent).seed(0)
    api_test(env, num_cycles=300, verbose_progress=False)
    seed_test(lambda: pz.env(preset), num_cycles=300)


def test_pettingzoo_observation_has_the_mask_of_the_agent_to_move():
    pz = pytest.importorskip("talon.pettingzoo")
    env = pz.env("pedro")
    env.reset(seed=3)
    seat = int(env.agent_selection.split("_")[1])
    obs = env.observe(env.agent_selection)
    assert list(np.flatnonzero(obs["action_mask"])) == env.unwrapped.talon_state.legal_actions()
    other = f"player_{(seat + 1) % 4}"
    assert not env.observe(other)["action_mask"].any()
    # PettingZoo's own state() is not hidden by the Talon state.
    with pytest.raises(NotImplementedError):
        env.unwrapped.state()
    # True is no action id (it would play action 1).
    before = env.unwrapped.talon_state.serialize()
    with pytest.raises(talon.IllegalActionError, match="not a bool"):
        env.unwrapped.step(True)
    assert env.unwrapped.talon_state.serialize() == before


def test_openspiel_random_simulation(preset):
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel as tos

    game = pyspiel.load_game(tos.short_name(preset))
    # serialize=True: every state on the way is serialized and read back.
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == talon.load_game(preset).pack()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9


def test_openspiel_chance_nodes_draw_the_pack_card_by_card(preset):
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel as tos

    game = pyspiel.load_game(tos.short_name(preset))
    native = talon.load_game(preset)
    shuffled = native.shuffled_pack(4)
    state = game.new_initial_state()
    for k, card in enumerate(shuffled):
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        # Uniform over the cards not yet drawn.
        assert sorted(outcomes) == sorted(shuffled[k:])
        assert all(abs(p - 1 / (len(shuffled) - k)) < 1e-12 for p in outcomes.values())
        for player in range(game.num_players()):
            # The cards drawn so far reach no seat: not as text, not as tensors.
            assert "before the deal" in state.observation_string(player)
            assert not np.any(state.observation_tensor(player))
            assert not np.any(state.information_state_tensor(player))
        state.apply_action(card)
    # The pack in seed 4's order deals seed 4's deal.
    expected = native.new_initial_state(seed=4)
    assert not state.is_chance_node()
    for player in range(game.num_players()):
        assert state.information_state_string(player) == expected.information_state_string(player)
    assert state.inner.serialize() == expected.serialize()


def test_openspiel_chance_sampling_mccfr_runs_on_talon_games():
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    import talon.openspiel as tos

    game = pyspiel.load_game(tos.short_name("schnapsen"))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    # Each iteration samples its own deal through the chance nodes: 30
    # deals of about ten decisions a seat each.
    assert len(solver._infostates) > 300
    state = game.new_initial_state()
    for card in talon.load_game("schnapsen").shuffled_pack(1):
        state.apply_action(card)
    probs = solver.average_policy().action_probabilities(state)
    assert sorted(probs) == state.legal_actions()
    assert abs(sum(probs.values()) - 1.0) < 1e-9


def test_openspiel_refuses_a_card_already_drawn():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel as tos

    state = pyspiel.load_game(tos.short_name("schnapsen")).new_initial_state()
    state.apply_action(12)
    with pytest.raises(Exception, match="not a card left"):
        state.apply_action(12)
    assert len(state.chance_outcomes()) == 19
    assert state.history() == [12]
    # Once the pack is drawn there is no chance node to ask about.
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="chance_outcomes is for chance nodes"):
        state.chance_outcomes()


def test_openspiel_parameters_are_talon_options():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    game = pyspiel.load_game("python_talon_sixes_and_sevens", {"players": 5})
    assert game.num_players() == 5


def test_openspiel_sixes_and_sevens_is_constant_sum():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    for players, winner, total in [(3, "most", 17), (5, "fewest", -10)]:
        game = pyspiel.load_game("python_talon_sixes_and_sevens", {"players": players, "winner": winner})
        assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == total
        state = game.new_initial_state()
        while not state.is_terminal():
            options = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
            state.apply_action(options[len(state.history()) % len(options)][0])
        assert sum(state.returns()) == total


def test_openspiel_utility_bounds_cover_a_multiplied_double_bid():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    # A failed double bid in 83 loses double_factor times 83.
    game = pyspiel.load_game("python_talon_eighty_three", {"double_factor": 10})
    assert game.min_utility() <= -830 and game.max_utility() >= 830
    plain = pyspiel.load_game("python_talon_eighty_three")
    assert plain.max_utility() < game.max_utility()


def test_openspiel_utility_bounds_follow_the_point_options():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    points = {f"{n}_points": 50 for n in ("ace", "king", "queen", "jack", "ten", "nine", "five", "three", "two")}
    game = pyspiel.load_game("python_talon_pedro", points)
    assert game.max_utility() >= 500 and game.min_utility() <= -500
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_openspiel_takes_the_sharp_shorthand():
    pytest.importorskip("pyspiel")
    import pyspiel

    import talon.openspiel  # noqa: F401

    sharp = pyspiel.load_game("python_talon_schnapsen", {"sharp": True})
    assert sharp.talon_game.options()["marriage_lead"] == "king_only"
    # The parameters report the rules in force, and load them again.
    params = sharp.get_parameters()
    assert params["marriage_lead"] == "king_only" and params["close_on_first_lead"] is False
    again = pyspiel.load_game(str(sharp))
    assert again.talon_game.options() == sharp.talon_game.options()
    soft = pyspiel.load_game("python_talon_schnapsen")
    assert soft.talon_game.options()["marriage_lead"] == "king_or_queen"


def test_openspiel_ismcts_keeps_the_movers_actions_in_every_world():
    # 83, seven trumps, give-then-discard: whether seat 0 may give depends
    # on partner's hidden trumps; every resampled world must agree.
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import talon.openspiel as tos

    game = pyspiel.load_game("python_talon_eighty_three")
    state = game.new_initial_state()
    for card in talon.load_game("eighty-three").shuffled_pack(2):
        state.apply_action(card)
    for a in [228, 238, 248, 159, 159, 159, 164, 86, 60, 69, 74, 62]:
        state.apply_action(a)
    for seed in range(3):
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), 2.0, 40,
            random_state=np.random.RandomState(seed),
        )
        bot.set_resampler(tos.resampler(seed=seed))
        assert bot.step(state) in state.legal_actions()


def test_openspiel_ismcts_resamples_through_the_state_without_a_resampler():
    # OpenSpiel's Python ISMCTSBot, left as it comes, asks the state itself
    # (`state.resample_from_infostate(player, sampler)`).
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    import talon.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_talon_schnapsen")
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while state.is_chance_node():
        cards, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(cards, p=probs)))
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    # A seed gives the same world each time (its hands shown by `str`).
    assert str(state.resample_from_infostate(player, 9)) == str(
        state.resample_from_infostate(player, 9)
    )
    with pytest.raises(ValueError, match="not a number in"):
        state.resample_from_infostate(player, lambda: 1.5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    assert bot.step(state) in state.legal_actions()


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
    rng = np.random.RandomState(3)
    while state.is_chance_node():
        cards, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(cards, p=probs)))
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert calls


def test_openspiel_refuses_observation_types_it_cannot_give():
    # Talon's tensors hold the player's own hand: handing them out as a
    # public (private_info=NONE) observation would leak it.
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.observation import make_observation

    import talon.openspiel  # noqa: F401

    game = pyspiel.load_game("python_talon_schnapsen")
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="one player"):
        make_observation(game, public)
    mine = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    assert make_observation(game, mine).tensor.size == game.information_state_tensor_size()


def test_openspiel_games_and_states_pickle_into_a_fresh_process():
    pytest.importorskip("pyspiel")
    import pickle
    import subprocess
    import sys

    import pyspiel
    import talon.openspiel  # noqa: F401

    game = pyspiel.load_game("python_talon_sixty_six(match_target=5)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    blob = pickle.dumps((game, state))
    # Another interpreter, which has not imported talon.openspiel: loading
    # the game registers Talon's games there.
    code = (
        "import pickle, sys\n"
        "game, state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(game.talon_game.options()['match_target'], state.history() == "
        f"{state.history()!r}, state.current_player())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=blob, capture_output=True, check=True
    ).stdout.decode()
    assert out.split() == ["5", "True", str(state.current_player())], out
    # The observation strings of the two read the same.
    again, copy = pickle.loads(blob)
    assert str(again) == str(game)
    assert copy.observation_string(0) == state.observation_string(0)
