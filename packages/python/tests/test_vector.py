from __future__ import annotations

import numpy as np
import pytest

import ruleloom
from conftest import GAMES


def random_actions(info, rng):
    if "action_mask" in info:
        scores = rng.random(info["action_mask"].shape) * info["action_mask"]
        return scores.argmax(axis=1)
    return np.array([legal[rng.integers(len(legal))] for legal in info["legal_actions"]])


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_steps_n_games_with_numpy_arrays(game, engine):
    v = ruleloom.vector_env(game, 8, seed=3, engine=engine)
    obs, info = v.reset()
    assert obs.shape == (8, v.obs_size) and obs.dtype == np.float32
    assert info["action_mask"].shape == (8, v.action_size) and info["action_mask"].dtype == np.int8
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        obs, rewards, terminated, truncated, info = v.step(random_actions(info, rng))
        assert rewards.shape == (8,) and terminated.shape == (8,) and truncated.shape == (8,)
        if not v.step_rewards:  # end rewards only; Pig declares per-step rewards
            assert (rewards[~terminated] == 0).all()
        assert (info["action_mask"].sum(axis=1) >= 1).all(), "auto-reset: every game awaits an action"
        ended += int(terminated.sum())
    if game != "st-augustine":
        assert ended > 0, "games end and reset themselves"
    v.close()


def test_dense_and_sparse_legal_actions_agree(engine):
    dense = ruleloom.vector_env("colonial-florida", 6, seed=9, engine=engine)
    sparse = ruleloom.vector_env("colonial-florida", 6, seed=9, mask="sparse", engine=engine)
    _, di = dense.reset()
    _, si = sparse.reset()
    rng = np.random.default_rng(4)
    for _ in range(50):
        for row, legal in zip(di["action_mask"], si["legal_actions"]):
            assert np.flatnonzero(row).tolist() == sorted(legal.tolist())
        actions = random_actions(di, rng)
        do, _, dt, _, di = dense.step(actions)
        so, _, st, _, si = sparse.step(actions)
        np.testing.assert_array_equal(do, so)
        np.testing.assert_array_equal(dt, st)
    # The mask mode can change per call.
    _, _, _, _, info = sparse.step(random_actions(di, rng), mask="dense")
    assert "action_mask" in info


def test_worker_threads_give_the_same_games(engine):
    one = ruleloom.vector_env("colonial-florida", 6, seed=5, workers=1, engine=engine)
    two = ruleloom.vector_env("colonial-florida", 6, seed=5, workers=2, engine=engine)
    assert two.workers == 2
    o1, i1 = one.reset()
    o2, i2 = two.reset()
    np.testing.assert_array_equal(o1, o2)
    rng = np.random.default_rng(1)
    for _ in range(100):
        actions = random_actions(i1, rng)
        o1, r1, t1, _, i1 = one.step(actions)
        o2, r2, t2, _, i2 = two.step(actions)
        np.testing.assert_array_equal(o1, o2)
        np.testing.assert_array_equal(r1, r2)
        np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"])
    assert one.save(3)["hash"] == two.save(3)["hash"]
    two.close()


def test_self_play_returns_the_acting_seat_and_every_seats_rewards(engine):
    v = ruleloom.vector_env("pig", 4, seat=None, seed=1, engine=engine)
    _, info = v.reset()
    rng = np.random.default_rng(2)
    seats = set()
    for _ in range(200):
        _, rewards, terminated, _, info = v.step(random_actions(info, rng))
        assert rewards.shape == (4, 2)
        seats.update(info["seat"].tolist())
        for row in rewards[terminated]:
            # The final +1/-1, plus Pig's declared per-step reward: the last score change / 100.
            low, high = sorted(row.tolist())
            assert -1.0 <= low <= -0.5 and 1.0 <= high <= 1.5
        for row in rewards[~terminated]:
            assert all(abs(r) <= 0.5 for r in row.tolist())
    assert seats == {0, 1}


def test_decode_action_gives_the_typed_action(engine):
    v = ruleloom.vector_env("pig", 2, seed=1, engine=engine)
    v.reset()
    assert v.decode_action(0, 0) == {"type": "roll"}


@pytest.mark.parametrize("game", ["pig", "liars-dice"])
def test_vector_env_is_a_gymnasium_vector_env_and_passes_its_documented_checks(game, engine):
    # Gymnasium 1.x has no vector env checker: these are the checks its VectorEnv docs describe.
    import gymnasium
    from gymnasium.vector import AutoresetMode, VectorEnv

    v = ruleloom.vector_env(game, 5, seed=2, engine=engine)
    assert isinstance(v, VectorEnv) and v.num_envs == 5
    assert v.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    f32 = float(np.finfo(np.float32).max)  # every entry is a finite float32
    assert v.single_observation_space == gymnasium.spaces.Box(-f32, f32, (v.obs_size,), np.float32)
    assert v.single_action_space == gymnasium.spaces.Discrete(v.action_size)
    assert v.observation_space.shape == (5, v.obs_size)
    assert isinstance(v.action_space, gymnasium.spaces.MultiDiscrete) and v.action_space.shape == (5,)
    obs, info = v.reset(seed=4, options={})
    assert v.observation_space.contains(obs)
    assert all(value.shape[0] == 5 for value in info.values() if isinstance(value, np.ndarray))
    # reset(seed=) is deterministic, and a list of seeds gives each game its own.
    other = ruleloom.vector_env(game, 5, seed=99, engine=engine)
    again, _ = other.reset(seed=[4, 5, 6, 7, 8])
    np.testing.assert_array_equal(obs, again)
    other.close()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(200):
        actions = random_actions(info, rng)
        assert v.action_space.contains(actions.astype(np.int64))
        obs, rewards, terminations, truncations, info = v.step(actions)
        assert v.observation_space.contains(obs)
        assert rewards.shape == (5,) and rewards.dtype == np.float32
        assert terminations.dtype == np.bool_ and truncations.dtype == np.bool_
        assert terminations.shape == truncations.shape == (5,)
        # Same-step autoreset: every game awaits an action, the ended ones in their new game.
        assert (info["action_mask"].sum(axis=1) >= 1).all()
        ended += int(terminations.sum())
    assert ended > 0
    v.close()
    assert v.closed
    v.close()  # idempotent


def test_vector_env_reset_keeps_its_mask_argument_and_refuses_unknown_ones(engine):
    v = ruleloom.vector_env("pig", 2, seed=1, engine=engine)
    _, info = v.reset(mask="sparse")
    assert "legal_actions" in info
    _, info = v.reset(options={"mask": "dense"})
    assert "action_mask" in info
    with pytest.raises(ValueError, match="mask must be"):
        v.reset(mask="bits")
    with pytest.raises(ValueError, match="3 seeds for 2 games"):
        v.reset(seed=[1, 2, 3])
    v.close()
