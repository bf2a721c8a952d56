"""The vectorised environment."""

import threading
import time

import numpy as np
import pytest

import talon


def test_buffers_match_the_single_state_api():
    game = talon.load_game("pedro")
    env = talon.VecEnv(game, 8, seed=100)
    obs, mask, rewards, dones, players = env.buffers_tuple()
    for step in range(300):
        for i in range(env.num_envs):
            state = env.state(i)
            p = state.current_player()
            assert players[i] == p
            assert np.array_equal(obs[i], state.observation_tensor(p))
            assert list(np.flatnonzero(mask[i])) == state.legal_actions()
        before = [env.state(i) for i in range(env.num_envs)]
        actions = env.random_actions(step)
        env.step(actions)
        for i in range(env.num_envs):
            b = before[i]
            b.apply_action(int(actions[i]))
            if b.is_terminal():
                assert dones[i] == 1
                assert list(rewards[i]) == b.returns()
            else:
                assert dones[i] == 0 and not rewards[i].any()
                assert env.state(i).history() == b.history()


def test_an_illegal_action_moves_no_environment():
    env = talon.VecEnv(talon.load_game("sixty-six"), 4)
    before = [env.state(i).serialize() for i in range(4)]
    actions = env.random_actions(1)
    actions[2] = 59  # draw: never legal on the first lead
    with pytest.raises(talon.IllegalActionError, match="environment 2"):
        env.step(actions)
    assert [env.state(i).serialize() for i in range(4)] == before
    with pytest.raises(talon.TalonError, match="expected 4 actions"):
        env.step([0])
    with pytest.raises(talon.IllegalActionError, match="action id"):
        env.step([2**64] * 4)
    with pytest.raises(talon.IllegalActionError, match="environment 0: 18446744073709551615 is no action id"):
        env.step(np.array([2**64 - 1] * 4, dtype=np.uint64))
    with pytest.raises(talon.TalonError, match=r"one id per environment \(shape \(4,\)\), not shape \(4, 1\)"):
        env.step(np.zeros((4, 1), np.int64))
    with pytest.raises(TypeError, match="a sequence of 4 action ids, one per environment, not NoneType"):
        env.step(None)
    assert [env.state(i).serialize() for i in range(4)] == before


def test_a_strided_action_array_is_read_as_it_is():
    a = talon.VecEnv(talon.load_game("sixty-six"), 4, seed=3)
    b = talon.VecEnv(talon.load_game("sixty-six"), 4, seed=3)
    actions = a.random_actions(5)
    # Every other element of a longer array: not contiguous.
    spread = np.zeros(8, dtype=np.int64)
    spread[::2] = actions
    a.step(actions)
    b.step(spread[::2])
    assert [a.state(i).serialize() for i in range(4)] == [b.state(i).serialize() for i in range(4)]


def test_threads_give_the_same_results():
    game = talon.load_game("na-sixty-six")
    one = talon.VecEnv(game, 64, seed=7, threads=1, tensor="information_state")
    two = talon.VecEnv(game, 64, seed=7, threads=3, tensor="information_state")
    for step in range(100):
        a = one.random_actions(step)
        r1 = [x.copy() for x in one.step(a)]
        r2 = two.step(a)
        for x, y in zip(r1, r2):
            assert np.array_equal(x, y)


def test_stepping_releases_the_gil():
    game = talon.load_game("pedro")
    env = talon.VecEnv(game, 20_000, threads=1, tensor="information_state")
    stamps = []
    stop = threading.Event()

    def ticker():
        # A short sleep between ticks keeps the list small (a busy ticker
        # appends millions of stamps a second) and gives up the GIL, so the
        # main thread is never starved between steps.
        while not stop.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.0002)

    worker = threading.Thread(target=ticker)
    worker.start()
    try:
        inside = 0
        for k in range(5):
            actions = env.random_actions(k)
            first = len(stamps)
            start = time.perf_counter()
            env.step(actions)
            end = time.perf_counter()
            span = end - start
            assert span > 0.004, "a step long enough to see"
            # Python ticks in the middle half of the step: only possible if
            # the step ran without the GIL. (The window scales with the
            # step, which gets shorter as the engine gets faster.)
            lo, hi = start + span / 4, end - span / 4
            inside += sum(1 for t in stamps[first:] if lo < t < hi)
    finally:
        stop.set()
        worker.join()
    assert inside >= 5


def test_a_read_only_buffer_is_an_error_and_nothing_moves():
    env = talon.VecEnv(talon.load_game("sixty-six"), 4, seed=1)
    obs = env.buffers_tuple()[0]
    before = [env.state(i).serialize() for i in range(4)]
    obs.flags.writeable = False
    with pytest.raises(talon.TalonError, match="not writeable"):
        env.step(env.random_actions(0))
    assert [env.state(i).serialize() for i in range(4)] == before
    obs.flags.writeable = True
    env.step(env.random_actions(0))
    assert [env.state(i).serialize() for i in range(4)] != before


def test_a_resized_buffer_is_an_error_and_nothing_moves():
    env = talon.VecEnv(talon.load_game("sixty-six"), 4, seed=1)
    mask = env.buffers_tuple()[1]
    before = [env.state(i).serialize() for i in range(4)]
    shape = mask.shape
    mask.resize((4, 1), refcheck=False)
    with pytest.raises(talon.TalonError, match="mask buffer holds 4 values"):
        env.step(env.random_actions(0))
    assert [env.state(i).serialize() for i in range(4)] == before
    mask.resize(shape, refcheck=False)
    env.step(env.random_actions(0))
    assert [env.state(i).serialize() for i in range(4)] != before


def test_reset_deals_as_a_new_env_of_that_seed():
    game = talon.load_game("schnapsen")
    env = talon.VecEnv(game, 6, seed=5)
    first = [env.state(i).serialize() for i in range(6)]
    for step in range(40):
        env.step(env.random_actions(step))
    buffers = env.reset()
    assert [env.state(i).serialize() for i in range(6)] == first
    assert not buffers[2].any() and not buffers[3].any(), "rewards and dones cleared"
    env.reset(seed=9)
    fresh = talon.VecEnv(game, 6, seed=9)
    for x, y in zip(env.buffers_tuple(), fresh.buffers_tuple()):
        assert np.array_equal(x, y)
    # The seed holds from then on: the next deals are seed 9's too.
    for step in range(60):
        a = env.random_actions(step)
        for x, y in zip([b.copy() for b in env.step(a)], fresh.step(a)):
            assert np.array_equal(x, y)
    # A refused reset changes nothing, its seed included.
    obs = env.buffers_tuple()[0]
    before = [env.state(i).serialize() for i in range(6)]
    obs.flags.writeable = False
    with pytest.raises(talon.TalonError, match="not writeable"):
        env.reset(seed=1)
    obs.flags.writeable = True
    assert [env.state(i).serialize() for i in range(6)] == before
    env.reset()
    assert [env.state(i).serialize() for i in range(6)] == [talon.VecEnv(game, 6, seed=9).state(i).serialize() for i in range(6)]
    with pytest.raises(talon.TalonError, match="seed"):
        env.reset(seed=-1)
