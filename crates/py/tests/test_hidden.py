"""Hidden information: resampled states agree with the information state,
and tensors never mark a card the seat must not know (the engine's
`hidden_from` is the oracle, as in the Rust conformance tests)."""

import random

import numpy as np

import talon
from conftest import play_random


def card_id(text):
    if text == "JK":
        return 52
    ranks = "23456789TJQKA"
    suits = "CDHS"
    return suits.index(text[1]) * 13 + ranks.index(text[0])


def card_blocks(game):
    return [b for b in game.information_state_tensor_layout() if b["cards"]]


def positions(state, rng, count):
    """Up to `count` states along one random deal."""
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    out.append(state)
    return out


def test_tensors_never_mark_a_hidden_card(preset):
    game = talon.load_game(preset)
    blocks = card_blocks(game)
    assert blocks, "the layout names its card blocks"
    # The history's records name cards too: one card block per record.
    h = game.information_state_history_layout()
    for k in range(h["records"]):
        blocks.append({"name": f"history record {k}", "start": h["start"] + k * h["record_size"] + h["cards_offset"]})
    rng = random.Random(11)
    records_used = 0
    for seed in range(20):
        for state in positions(game.new_initial_state(seed=seed), rng, 500):
            for seat in range(game.num_players()):
                hidden = [card_id(c) for c in state.hidden_cards(seat)]
                info = state.information_state_tensor(seat)
                for b in blocks:
                    marked = info[b["start"] + np.array(hidden, dtype=int)] if hidden else []
                    assert not np.any(marked), (preset, b["name"], seat)
                kinds = info[h["start"] : h["start"] + h["records"] * h["record_size"]].reshape(h["records"], -1)[:, : len(h["kinds"])]
                records_used = max(records_used, int(kinds.sum()))
    assert records_used > 0, "the history has records"


def test_strings_never_name_a_hidden_card(preset):
    # The observation and information-state strings are a seat's JSON: a
    # card it may not know never appears in them as a card.
    game = talon.load_game(preset)
    rng = random.Random(12)
    for seed in range(10):
        for state in positions(game.new_initial_state(seed=seed), rng, 500):
            for seat in range(game.num_players()):
                texts = (state.observation_string(seat), state.information_state_string(seat))
                for card in state.hidden_cards(seat):
                    for text in texts:
                        assert f'"{card}"' not in text, (preset, seat, card, text)


def test_resampled_states_are_consistent_with_the_information_state(preset):
    game = talon.load_game(preset)
    rng = random.Random(5)
    samples = varied = 0
    for seed in range(6):
        for state in positions(game.new_initial_state(seed=seed), rng, 40)[::6]:
            if state.is_terminal():
                continue
            p = state.current_player()
            info = state.information_state_string(p)
            tensor = state.information_state_tensor(p)
            legal = state.legal_actions()
            worlds = set()
            for k in range(40):
                s = state.resample_from_infostate(p, seed * 1000 + k)
                assert s.information_state_string(p) == info
                assert np.array_equal(s.information_state_tensor(p), tensor)
                assert s.legal_actions() == legal
                assert s.deal() is None
                worlds.add(s.observation_string((p + 1) % game.num_players()))
                play_random(s, rng)
                samples += 1
            varied += len(worlds) > 1
    assert samples > 0
    # The hidden cards really are re-dealt, not the true state every time
    # (a late position may admit only one world; early ones never do).
    assert varied > 0, preset


def test_a_sampled_state_cannot_be_serialized():
    state = talon.load_game("sixty-six").new_initial_state(seed=1)
    s = state.resample_from_infostate(0, 1)
    try:
        s.serialize()
    except talon.TalonError as e:
        assert "cannot be serialized" in str(e)
    else:
        raise AssertionError("a sampled state has no deal to serialize")


def test_information_state_is_perfect_recall_through_python():
    """Two histories that differ only in the order the taker laid the widow's
    cards away (North American Sixty-six, three hands, widow=exchange):
    the taker remembers the order, so its information-state string and
    tensor differ; the other seats saw nothing of it, so theirs agree."""
    game = talon.load_game("na-sixty-six-3", widow="exchange")
    rng = random.Random(3)
    found = 0
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            lay = [a for a, t in zip(legal, texts) if t.startswith("discard ")]
            if len(lay) >= 2:
                taker = state.current_player()
                a, b = lay[0], lay[1]
                one, two = state.clone(), state.clone()
                one.apply_action(a)
                one.apply_action(b)
                two.apply_action(b)
                two.apply_action(a)
                assert one.information_state_string(taker) != two.information_state_string(taker)
                assert not np.array_equal(one.information_state_tensor(taker), two.information_state_tensor(taker))
                for other in range(game.num_players()):
                    if other != taker:
                        assert one.information_state_string(other) == two.information_state_string(other)
                        assert np.array_equal(one.information_state_tensor(other), two.information_state_tensor(other))
                found += 1
                break
            state.apply_action(legal[rng.randrange(len(legal))])
        if found >= 5:
            break
    assert found >= 5, found


def test_a_hand_dumped_into_a_trick_is_in_the_trick_block():
    # Sixty-three: a player out of trumps may dump the whole hand into the
    # trick, so a trick can hold far more cards than seats. Two dumps here.
    game = talon.load_game("sixty-three-queens")
    state = game.new_initial_state(seed=106)
    line = (
        "bid 61, bid 62, pass, bid 63, trump C, discard 2H, discard 9D, discard TH, keep, "
        "AC, 4C, 6C, QC, 5C, 8C, 5S, JC, 2C, TC, KD, dump, dump"
    )
    for text in line.split(", "):
        state.apply_action(state.string_to_action(text))
    trick = [b for b in game.observation_tensor_layout() if b["name"] == "trick"]
    for seat in range(game.num_players()):
        obs = state.observation_tensor(seat)
        info = state.information_state_tensor(seat)
        # More cards than seats: each dumped card is marked for its seat.
        marked = sum(int(obs[b["start"] : b["start"] + b["size"]].sum()) for b in trick)
        assert marked > game.num_players(), (seat, marked)
        hidden = np.array([card_id(c) for c in state.hidden_cards(seat)], dtype=int)
        for b in card_blocks(game):
            assert not np.any(info[b["start"] + hidden]), (seat, b["name"])
