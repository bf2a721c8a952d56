"""The native API on every preset."""

import json
import random
import threading

import numpy as np
import pytest

import talon
from conftest import PRESETS, play_random


def test_version_matches_the_crate():
    import pathlib
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[3]
    cargo = tomllib.loads((root / "Cargo.toml").read_text())
    assert talon.__version__ == cargo["workspace"]["package"]["version"]


def test_presets_list_options_with_defaults():
    presets = {p["name"]: p for p in talon.presets()}
    assert len(presets) == 15
    assert presets["sixty-six"]["options"]["closing"] == "true"
    assert presets["sixes-and-sevens"]["options"]["players"].isdigit()
    assert presets["pedro"]["players"] == 4
    sevens = presets["sixes-and-sevens"]
    assert (sevens["min_players"], sevens["max_players"]) == (3, 6)
    assert presets["schnapsen"]["min_players"] == presets["schnapsen"]["max_players"] == 2
    for p in presets.values():
        # Every option is documented (some documented names are shorthands, like sharp).
        assert set(p["options"]) <= set(p["option_docs"])
        assert "expert" in p["bots"] and "random" in p["bots"]


def test_load_game_options_and_names():
    g = talon.load_game("sixty_six", closing=False)
    assert g.name() == "sixty-six"
    assert g.options()["closing"] == "false"
    g = talon.load_game("sixes-and-sevens", {"players": 5})
    assert g.num_players() == 5
    assert g.new_initial_state(seed=1).num_players() == 5


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: talon.load_game("no-such-game"), "unknown preset"),
        (lambda: talon.load_game("schnapsen", shapr=True), "shapr"),
        (lambda: talon.load_game("sixty-six", schneider="many"), "many"),
        (lambda: talon.load_game("sixty-six").new_initial_state(deal="AS AS"), "deal"),
        (lambda: talon.load_game("sixty-six").new_initial_state(seed=1, deal="x"), "not more"),
        (lambda: talon.load_game("sixty-six").new_initial_state(seed=1, pack=[0]), "not more"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=[12] * 20), "AC appears twice"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=["9C"]), "9C is not in"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=[53]), "not a card id"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=["XX"]), "XX"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=[1.5]), "id or a text"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=range(10**9)), "at most 53"),
        (lambda: talon.load_game("schnapsen").new_initial_state(pack=[12, 11]), "has 2 cards"),
        (lambda: talon.deserialize_state("hello"), "talon-state"),
        # Integers out of range name the argument (pyo3 alone raises
        # OverflowError, which is not a ValueError).
        (lambda: talon.load_game("sixty-six").new_initial_state(seed=-1), "seed"),
        (lambda: talon.load_game("sixty-six").new_initial_state(seed=2**64), "seed"),
        (lambda: talon.load_game("sixty-six").shuffled_pack(-3), "seed"),
        (lambda: talon.load_game("sixty-six").new_initial_state().observation_tensor(2**70), "player"),
        (lambda: talon.load_game("sixty-six").new_initial_state().legal_actions(-(2**70)), "player"),
        (lambda: talon.load_game("sixty-six").new_initial_state().string_to_action(2**70, "QS"), "player"),
        (lambda: talon.load_game("sixty-six").new_initial_state().resample_from_infostate(0, -1), "seed"),
        (lambda: talon.Match(talon.load_game("sixty-six"), seed=-1), "seed"),
        (lambda: talon.Bot(talon.load_game("sixty-six"), "random", seed=-1), "seed"),
        (lambda: talon.Bot(talon.load_game("sixty-six"), "random", time_limit=1e20), "too long"),
        (lambda: talon.load_game("sixty-six", target=10**20), "target"),
        # One option in two spellings: which value should win?
        (lambda: talon.load_game("schnapsen", sharp=True, SHARP=False), "given twice"),
        (lambda: talon.load_game("schnapsen", {"closing": True}, closing=False), "given twice"),
        (lambda: talon.load_game("schnapsen", {"Sharp": True}, sharp=False), "given twice"),
        # A bool is not a seed (True would deal seed 1).
        (lambda: talon.load_game("sixty-six").new_initial_state(seed=True), "not a bool"),
        # Options that each read but deal no game: refused when loaded.
        (lambda: talon.load_game("king-pedro", joker=True), "kitty"),
        (lambda: talon.load_game("na-sixty-six-3", moon=True), "moon"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), -1), "count"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), 2**62), "num_envs"),
        (lambda: talon.VecEnv(talon.load_game("pedro"), 2**19, tensor="information_state"), "GiB"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), 4, threads=10**6), "threads"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), 4, seed=-1), "seed"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), 4).state(2**65), "count"),
        (lambda: talon.VecEnv(talon.load_game("sixty-six"), 4).random_actions(-1), "seed"),
    ],
)
def test_bad_input_raises_value_errors_naming_the_problem(call, message):
    with pytest.raises(talon.TalonError, match=message) as e:
        call()
    assert isinstance(e.value, ValueError)


def test_a_pack_deals_as_its_seed_does(preset):
    game = talon.load_game(preset)
    pack = game.pack()
    assert pack == sorted(pack) and len(set(pack)) == len(pack)
    for seed in (0, 9):
        shuffled = game.shuffled_pack(seed)
        assert sorted(shuffled) == pack
        by_seed = game.new_initial_state(seed=seed)
        assert game.new_initial_state(pack=shuffled).serialize() == by_seed.serialize()
        # Card texts and numpy arrays are packs too.
        names = [talon.card_name(c) for c in shuffled]
        assert game.new_initial_state(pack=names).serialize() == by_seed.serialize()
        assert game.new_initial_state(pack=np.array(shuffled)).deal() == by_seed.deal()


def test_card_ids_and_names_round_trip():
    assert talon.card_id("2C") == 0 and talon.card_id("AS") == 51
    assert talon.card_name(12) == "AC"
    for card in range(53):
        assert talon.card_id(talon.card_name(card)) == card


def test_every_preset_plays_through_the_api(preset):
    game = talon.load_game(preset)
    n = game.num_players()
    rng = random.Random(1)
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        assert not state.is_chance_node()
        # The same deal from its notation is the same state.
        again = game.new_initial_state(deal=state.deal())
        assert again.serialize() == state.serialize()
        while not state.is_terminal():
            p = state.current_player()
            assert 0 <= p < n
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            mask = state.legal_actions_mask()
            assert mask.shape == (game.num_distinct_actions(),)
            assert list(np.flatnonzero(mask)) == legal
            assert state.legal_actions((p + 1) % n) == []
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a
                assert state.action_to_string(p, a) == text
            assert state.returns() == [0.0] * n
            for seat in range(n):
                obs = state.observation_tensor(seat)
                assert obs.dtype == np.float32 and obs.shape == tuple(game.observation_tensor_shape())
                info = state.information_state_tensor(seat)
                assert info.shape == tuple(game.information_state_tensor_shape())
                assert np.array_equal(info[: obs.size], obs)
                # The observation reads as the engine protocol's JSON.
                seen = json.loads(state.observation_string(seat))
                assert seen["seat"] == seat and seen["family"]
            # It names the seat's own cards, as the whole information state does.
            seen = json.loads(state.observation_string(p))
            for card in seen.get("hand", []):
                assert card in state.information_state_string(p)
            state.apply_action(legal[rng.randrange(len(legal))])
        assert state.current_player() == talon.TERMINAL_PLAYER
        assert len(state.returns()) == n
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        if game.utility_sum() is not None:
            assert sum(state.returns()) == game.utility_sum()
        assert state.summary()


def test_an_illegal_action_raises_and_changes_nothing(preset):
    game = talon.load_game(preset)
    state = game.new_initial_state(seed=3)
    before = state.serialize()
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for bad in (illegal, -1, 10**6, 2**70, "QS", 1.5, None):
        with pytest.raises(talon.IllegalActionError):
            state.apply_action(bad)
    with pytest.raises(talon.IllegalActionError, match="cannot read action"):
        state.string_to_action("hello world")
    with pytest.raises(talon.TalonError, match="no player"):
        state.observation_tensor(game.num_players())
    assert state.serialize() == before


def test_clone_is_independent_and_serialize_round_trips(preset):
    game = talon.load_game(preset)
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    copy = state.clone()
    text = state.serialize()
    play_random(copy, rng)
    assert state.serialize() == text
    back = game.deserialize_state(text)
    assert back.history() == state.history()
    assert back.observation_string(0) == state.observation_string(0)
    assert talon.deserialize_state(text).serialize() == text


def test_every_bot_chooses_a_legal_action():
    for preset in ("sixty-six", "na-sixty-six", "sixes-and-sevens", "pedro"):
        game = talon.load_game(preset)
        state = game.new_initial_state(seed=2)
        for name in game.bot_names():
            bot = talon.Bot(game, name, seed=1)
            assert bot.step(state) in state.legal_actions(), (preset, name)
    with pytest.raises(talon.TalonError, match="unknown bot"):
        talon.Bot(talon.load_game("pedro"), "grandmaster")


def test_legal_actions_can_be_read_while_a_bot_thinks_in_another_thread():
    # The bot holds the state with the GIL released; reading its legal
    # actions meanwhile must work (they are cached only when nothing holds it).
    game = talon.load_game("sixty-six")
    state = game.new_initial_state(seed=3)
    want = state.clone().legal_actions()
    bot = talon.Bot(game, "expert", seed=1)
    worker = threading.Thread(target=lambda: [bot.step(state) for _ in range(10)])
    worker.start()
    reads = 0
    while worker.is_alive():
        assert state.legal_actions() == want
        assert list(np.flatnonzero(state.legal_actions_mask())) == want
        reads += 1
    worker.join()
    assert reads > 0 and state.legal_actions() == want


def test_bots_play_whole_deals_reproducibly():
    game = talon.load_game("schnapsen")
    results = []
    for _ in range(2):
        bots = [talon.Bot(game, "expert", seed=5), talon.Bot(game, "heuristic")]
        state = game.new_initial_state(seed=8)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        results.append((state.history(), state.returns()))
    assert results[0] == results[1]


def test_bots_pickle_as_they_were_made():
    # Workers of a process pool get bots by pickle: a copy is the bot as it
    # was made (game, name, seed, time limit), so it plays a deal move for
    # move like a new bot of that seed, even when pickled after some moves.
    import copy
    import pickle

    game = talon.load_game("schnapsen", match_target=7)
    used = talon.Bot(game, "expert", seed=5, time_limit=30.0)
    state = game.new_initial_state(seed=8)
    used.step(state)
    for back in (pickle.loads(pickle.dumps(used)), copy.deepcopy(used)):
        assert (back.name, back.seed, repr(back)) == (used.name, 5, repr(used))
        fresh = talon.Bot(game, "expert", seed=5)
        state = game.new_initial_state(seed=8)
        while not state.is_terminal():
            want = fresh.step(state)
            assert back.step(state) == want
            state.apply_action(want)
    # Every bot of every family comes back as itself.
    for preset in ("sixty-six", "na-sixty-six", "sixes-and-sevens", "pedro"):
        g = talon.load_game(preset)
        for name in g.bot_names():
            back = pickle.loads(pickle.dumps(talon.Bot(g, name.upper(), seed=3)))
            assert (back.name, back.seed) == (talon.Bot(g, name, seed=3).name, 3), (preset, name)
    # The game travels with the bot: a pickled Sixty-six bot refuses Pedro.
    back = pickle.loads(pickle.dumps(talon.Bot(talon.load_game("sixty-six"), "heuristic")))
    with pytest.raises(talon.TalonError, match="this bot plays sixty-six, not pedro"):
        back.step(talon.load_game("pedro").new_initial_state(seed=1))


def test_the_solver_agrees_with_its_own_action_values():
    game = talon.load_game("sixty-six")
    rng = random.Random(7)
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        # Into the ending, where exact solving is quick.
        while not state.is_terminal() and len(state.history()) < 14:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        if state.is_terminal():
            continue
        answer = talon.solve(state)
        values = answer["action_values"]
        assert set(values) == set(state.legal_actions())
        best = max(values.values()) if state.current_player() == 0 else -max(values.values())
        assert answer["value"] == best


def test_the_solver_keeps_to_a_budget():
    game = talon.load_game("sixty-six")
    # A whole deal: some thousands of nodes.
    state = game.new_initial_state(seed=3)
    before = state.serialize()
    # Enough: the same answer as without a budget.
    assert talon.solve(state, max_nodes=10**9) == talon.solve(state)
    # Too little: an error naming the budget, and nothing changed.
    with pytest.raises(talon.SolverBudgetError, match="within 10 solver nodes"):
        talon.solve(state, max_nodes=10)
    for bad in (-1, 2**64):
        with pytest.raises(talon.TalonError, match="max_nodes is a whole number"):
            talon.solve(state, max_nodes=bad)
    assert state.serialize() == before
    # A whole Pedro deal, which would take minutes, gives up at once.
    pedro = talon.load_game("sixty-three").new_initial_state(seed=1)
    while pedro.action_to_string(pedro.legal_actions()[0]).startswith(("bid", "pass")):
        pedro.apply_action(pedro.legal_actions()[-1])
    with pytest.raises(RuntimeError):
        talon.solve(pedro, max_nodes=50_000)


def test_a_match_keeps_its_score_sheet():
    game = talon.load_game("schnapsen")
    m = talon.Match(game)
    rng = random.Random(0)
    seed = 0
    while not m.is_over():
        state = m.new_deal(seed)
        with pytest.raises(talon.TalonError, match="not over"):
            m.record(state)
        play_random(state, rng)
        m.record(state)
        seed += 1
    assert m.winner() in (0, 1)
    assert m.winners() == [m.winner()]
    assert max(m.scores()) >= 7
    assert m.deals_played() == seed
    with pytest.raises(talon.TalonError, match="over"):
        m.new_deal(seed)


def test_a_partnership_match_names_both_winners():
    m = talon.Match(talon.load_game("sixty-six-4"), seed=3)
    rng = random.Random(3)
    seed = 0
    assert m.winners() == []
    while not m.is_over():
        state = m.new_deal(seed)
        play_random(state, rng)
        m.record(state)
        seed += 1
    assert m.winners() == [m.winner(), m.winner() + 2]


def test_a_match_books_only_its_own_next_deal():
    rng = random.Random(3)
    m = talon.Match(talon.load_game("sixty-six"))
    other = talon.load_game("schnapsen").new_initial_state(seed=1)
    play_random(other, rng)
    with pytest.raises(talon.TalonError, match="another game or other options"):
        m.record(other)
    three = talon.Match(talon.load_game("sixes-and-sevens", {"players": 3}))
    six = talon.load_game("sixes-and-sevens", {"players": 6}).new_initial_state(seed=1)
    play_random(six, rng)
    with pytest.raises(talon.TalonError, match="another game or other options"):
        three.record(six)
    # Booked once only; a deal from another match's sheet is refused too.
    for game in ("schnapsen", "na-sixty-six", "pedro", "sixes-and-sevens"):
        m = talon.Match(talon.load_game(game))
        state = m.new_deal(5)
        play_random(state, rng)
        m.record(state)
        played = m.deals_played()
        scores = m.scores()
        with pytest.raises(talon.TalonError, match="booked already"):
            m.record(state)
        assert m.deals_played() == played and m.scores() == scores, game


def test_a_match_refuses_a_sampled_world_and_another_matchs_deal():
    rng = random.Random(1)
    m = talon.Match(talon.load_game("schnapsen"))
    state = m.new_deal(6)
    world = state.resample_from_infostate(0, seed=1)
    play_random(world, rng)
    with pytest.raises(talon.TalonError, match="sampled"):
        m.record(world)
    other = talon.Match(talon.load_game("schnapsen")).new_deal(7)
    play_random(other, rng)
    with pytest.raises(talon.TalonError, match="not the deal this match"):
        m.record(other)
    assert m.deals_played() == 0
    play_random(state, rng)
    m.record(state)
    assert m.deals_played() == 1


def test_states_pickle_through_serialize(preset):
    import pickle

    state = talon.load_game(preset).new_initial_state(seed=4)
    for _ in range(3):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert back.serialize() == state.serialize()
    assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", ["schnapsen", "na-sixty-six", "pedro"])
def test_a_match_deal_pickles_with_its_score_sheet(name):
    import pickle

    rng = random.Random(5)
    m = talon.Match(talon.load_game(name))
    seed = 0
    while m.scores() == [0] * len(m.scores()):
        first = m.new_deal(seed)
        play_random(first, rng)
        m.record(first)
        seed += 1
    state = m.new_deal(seed)
    assert "\nsheet " in state.serialize()
    back = pickle.loads(pickle.dumps(state))
    for player in range(state.num_players()):
        assert np.array_equal(
            back.information_state_tensor(player), state.information_state_tensor(player)
        )
    # The sheet is what lets the match book the copy as its own deal.
    play_random(back, rng)
    m.record(back)


def test_deserialize_state_checks_the_options():
    text = talon.load_game("sixes-and-sevens", {"players": 6}).new_initial_state(seed=1).serialize()
    with pytest.raises(talon.TalonError, match="players=6 \\(this game: 3\\)"):
        talon.load_game("sixes-and-sevens", {"players": 3}).deserialize_state(text)
    same = talon.load_game("sixes-and-sevens", {"players": 6}).deserialize_state(text)
    assert same.serialize() == text


def test_options_show_the_rules_in_force():
    options = talon.load_game("schnapsen", sharp=True).options()
    assert options["exchange_on_first_lead"] == "false"
    assert options["close_on_first_lead"] == "false"
    assert set(options) == set(talon.load_game("schnapsen").options())


def test_a_seat_the_game_does_not_have_raises():
    state = talon.load_game("sixty-six").new_initial_state(seed=1)
    for call in (state.legal_actions, state.legal_actions_mask):
        with pytest.raises(talon.TalonError, match="no player 5"):
            call(5)
    assert state.legal_actions(1) == []


def test_a_double_bid_reads_as_one_in_the_tensor():
    game = talon.load_game("eighty-three")
    double = 420  # the Pedro family's id of "bid double"
    start = next(b["start"] for b in game.observation_tensor_layout() if b["name"] == "high_bid")
    state = next(
        s
        for s in (game.new_initial_state(seed=seed) for seed in range(50))
        if double in s.legal_actions()
    )
    assert state.action_to_string(double) == "bid double"
    state.apply_action(double)
    assert state.observation_tensor(0)[start] == 1.0


def test_the_solver_values_a_resampled_north_american_world_for_seat_0():
    # A world sampled for seat 1 is searched for seat 1's side; `solve`
    # still answers for seat 0's side, and for the mover's actions.
    game = talon.load_game("na-sixty-six")
    rng = random.Random(2)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and (
            len(state.history()) < 24 or state.current_player() not in (0, 2)
        ):
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        if state.is_terminal():
            continue
        answer = talon.solve(state.resample_from_infostate(1, seed))
        assert answer["value"] == max(answer["action_values"].values()), seed
        checked += 1
    assert checked >= 10


def test_a_game_pickles_and_copies_with_its_options():
    import copy
    import pickle

    game = talon.load_game("sixes-and-sevens", players=5)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert twin.name() == "sixes-and-sevens"
        assert twin.options() == game.options()
        assert twin.new_initial_state(seed=3).deal() == game.new_initial_state(seed=3).deal()


def test_a_state_without_a_seed_is_a_fresh_deal():
    game = talon.load_game("schnapsen")
    deals = {game.new_initial_state().deal() for _ in range(20)}
    assert len(deals) == 20
    # A seed still replays its deal.
    assert game.new_initial_state(seed=5).deal() == game.new_initial_state(seed=5).deal()


def test_a_text_given_as_an_action_id_says_what_to_use():
    state = talon.load_game("schnapsen").new_initial_state(seed=1)
    before = state.serialize()
    with pytest.raises(talon.IllegalActionError, match="'QS' is not a valid action id.*string_to_action"):
        state.apply_action("QS")
    assert state.serialize() == before


def test_a_match_that_never_reaches_its_target_ends_at_the_deal_cap():
    # Random play in North American Sixty-six: bids are set as often as
    # made, and the sides hover near zero.
    game = talon.load_game("na-sixty-six")
    m = talon.Match(game)
    rng = random.Random(2)
    seed = 0
    while not m.is_over():
        state = m.new_deal(seed)
        play_random(state, rng)
        m.record(state)
        seed += 1
    assert m.deals_played() == 200
    assert m.unfinished() and m.winner() is None and m.winners() == []
    with pytest.raises(talon.TalonError, match="200-deal cap"):
        m.new_deal(seed)


def test_a_bool_is_not_an_action_id():
    # Python's True is the int 1; taken as an id it would play a card.
    state = talon.load_game("schnapsen").new_initial_state(seed=1)
    before = state.serialize()
    for call in (state.apply_action, state.action_to_string):
        with pytest.raises(talon.IllegalActionError, match="True is not a valid action id .*not a bool"):
            call(True)
        with pytest.raises(talon.IllegalActionError, match="not a bool"):
            call(np.True_)
    # Nor a player, nor a card.
    for call in (state.observation_tensor, state.legal_actions, state.observation_string):
        with pytest.raises(talon.TalonError, match="not a bool"):
            call(True)
    with pytest.raises(talon.TalonError, match="not the bool True"):
        talon.card_name(True)
    assert state.serialize() == before
    # Nor an action in a batch or an environment.
    env = talon.VecEnv(talon.load_game("schnapsen"), num_envs=2, seed=1)
    for actions in ([True, 1], np.array([True, False])):
        with pytest.raises(talon.IllegalActionError, match="environment 0: True is no action id"):
            env.step(actions)


def test_observations_default_to_the_player_to_move():
    state = talon.load_game("schnapsen").new_initial_state(seed=2)
    mover = state.current_player()
    assert state.observation_string() == state.observation_string(mover)
    assert state.information_state_string() == state.information_state_string(mover)
    assert (state.observation_tensor() == state.observation_tensor(mover)).all()
    assert (state.information_state_tensor() == state.information_state_tensor(mover)).all()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(talon.TalonError, match="nobody is to move"):
        state.observation_string()


def test_numpy_scalars_are_option_values():
    game = talon.load_game("sixes-and-sevens", players=np.int64(5), ace_wild=np.True_)
    assert game.num_players() == 5 and game.options()["ace_wild"] == "true"
    with pytest.raises(talon.TalonError, match="must be a bool, an int or a str"):
        talon.load_game("sixes-and-sevens", players=5.0)


def test_openspiel_conveniences_and_game_equality():
    game = talon.load_game("schnapsen", sharp=True)
    # The same rules are the same game, however they were written.
    same = talon.load_game("schnapsen", talon.load_game("schnapsen", sharp=True).options())
    assert game == same and hash(game) == hash(same)
    assert game != talon.load_game("schnapsen") and game != "schnapsen"
    state = game.new_initial_state(seed=4)
    first = state.legal_actions()[0]
    child = state.child(first)
    assert child.history() == [first] and state.history() == []
    with pytest.raises(talon.IllegalActionError):
        state.child(10_000)
    assert state.history() == []
    assert state.is_player_node() and not state.is_simultaneous_node()
    while not child.is_terminal():
        child.apply_action(child.legal_actions()[-1])
    assert not child.is_player_node()
    assert [child.player_return(p) for p in range(2)] == child.returns()
    assert child.history_str() == " ".join(map(str, child.history()))


def test_the_solver_refuses_sixes_and_sevens():
    # Three to six seats, each for itself: no two sides to play off.
    state = talon.load_game("sixes-and-sevens", players=3).new_initial_state(seed=1)
    with pytest.raises(talon.TalonError, match="every seat plays for itself"):
        talon.solve(state)


def test_a_lone_deal_is_not_booked_by_a_match():
    game = talon.load_game("schnapsen")
    m = talon.Match(game)
    m.new_deal(seed=1)
    lone = game.new_initial_state(seed=1)
    while not lone.is_terminal():
        lone.apply_action(lone.legal_actions()[0])
    with pytest.raises(talon.TalonError, match="a lone deal, dealt at no score"):
        m.record(lone)


def test_a_bot_plays_its_own_preset_with_any_options():
    bot = talon.Bot(talon.load_game("sixty-six"), "heuristic", seed=1)
    with pytest.raises(talon.TalonError, match="this bot plays sixty-six, not schnapsen"):
        bot.step(talon.load_game("schnapsen").new_initial_state(seed=1))
    state = talon.load_game("sixty-six", sharp=True).new_initial_state(seed=1)
    assert bot.step(state) in state.legal_actions()


def test_the_sheet_block_is_the_score_as_a_share_of_the_target():
    game = talon.load_game("sixty-three")  # to 250
    text = talon.Match(game).new_deal(1).serialize().replace("sheet 0,0", "sheet -400,125")
    state = game.deserialize_state(text)
    (sheet,) = [b for b in game.information_state_tensor_layout() if b["name"] == "sheet"]
    values = state.information_state_tensor(0)[sheet["start"] : sheet["start"] + sheet["size"]]
    # From seat 0's chair: its side set deep below zero reads -1, not -1.6.
    assert list(values) == [-1.0, 0.5, -1.0, 0.5]


def test_a_bad_sheet_line_is_named_by_its_own_number():
    text = talon.Match(talon.load_game("schnapsen")).new_deal(1).serialize()
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("sheet ")) + 1
    bad = text.replace(lines[at - 1], "sheet 9,x")
    with pytest.raises(talon.TalonError, match=f"^line {at}: "):
        talon.deserialize_state(bad)


@pytest.mark.parametrize("name", ["schnapsen", "na-sixty-six-3", "sixty-three", "sixes-and-sevens"])
def test_a_match_pickles_with_its_deals_and_the_one_waiting(name):
    import copy
    import pickle

    rng = random.Random(9)
    m = talon.Match(talon.load_game(name), seed=4)
    for seed in range(3):
        state = m.new_deal(seed)
        play_random(state, rng)
        m.record(state)
    waiting = m.new_deal(3)
    back = pickle.loads(pickle.dumps(m))
    assert (back.scores(), back.deals_played(), back.winners()) == (m.scores(), 3, m.winners())
    assert repr(copy.deepcopy(m).scores()) == repr(m.scores())
    # The copy books the deal the original had dealt, and deals on alike.
    play_random(waiting, rng)
    back.record(waiting)
    m.record(waiting)
    assert (back.scores(), back.is_over()) == (m.scores(), m.is_over())
    if not m.is_over():
        assert back.new_deal(4).serialize() == m.new_deal(4).serialize()


def test_a_damaged_match_pickle_is_refused():
    import pickle

    m = talon.Match(talon.load_game("schnapsen"))
    state = m.new_deal(1)
    play_random(state, random.Random(1))
    m.record(state)
    blob = pickle.dumps(m).replace(b"sheet 0,0", b"sheet 5,0")
    with pytest.raises(talon.TalonError, match="booked deal 1 does not restore"):
        pickle.loads(blob)


def test_options_are_kept_as_talon_writes_them():
    yes = talon.load_game("sixty-six", sharp="yes")
    assert "option sharp=true" in yes.new_initial_state(seed=1).serialize()
    # Two spellings of the same rules read each other's states.
    text = yes.new_initial_state(seed=2).serialize()
    assert talon.load_game("sixty-six", sharp=True).deserialize_state(text).serialize() == text


def test_utility_bounds_and_sums_follow_the_rules():
    schnapsen = talon.load_game("schnapsen")
    assert (schnapsen.min_utility(), schnapsen.max_utility(), schnapsen.utility_sum()) == (-3.0, 3.0, 0.0)
    # Sixes and Sevens: the deal's tricks, minus them when fewest wins.
    assert talon.load_game("sixes-and-sevens", players=5, winner="fewest").utility_sum() == -10.0
    assert talon.load_game("sixes-and-sevens", players=3).utility_sum() == 17.0
    # Partnership deals score both sides: no fixed sum.
    assert talon.load_game("pedro").utility_sum() is None
    # A failed double bid in 83 loses double_factor times 83.
    doubled = talon.load_game("eighty-three", double_factor=10)
    assert doubled.min_utility() <= -830 and doubled.max_utility() >= 830
    assert talon.load_game("eighty-three").max_utility() < doubled.max_utility()
