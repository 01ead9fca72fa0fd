"""The Stable-Baselines3 VecEnv adapter, tested against SB3's documented VecEnv interface (SB3
itself is not needed; when it is installed the class is also a subclass of its VecEnv)."""

from __future__ import annotations

import numpy as np
import pytest

from ruleloom.sb3 import RuleloomSB3VecEnv, sb3_vec_env

# SB3's VecEnv interface (stable_baselines3/common/vec_env/base_vec_env.py, 2.x).
VEC_ENV_METHODS = [
    "reset",
    "step_async",
    "step_wait",
    "close",
    "get_attr",
    "set_attr",
    "env_method",
    "env_is_wrapped",
    "step",
    "get_images",
    "render",
    "seed",
    "set_options",
]


def test_the_adapter_has_sb3s_vec_env_interface(engine):
    venv = sb3_vec_env("pig", 4, seed=1, engine=engine)
    for name in VEC_ENV_METHODS:
        assert callable(getattr(venv, name)), name
    assert venv.num_envs == 4
    assert venv.observation_space.shape == (venv.venv.obs_size,)
    assert venv.action_space.n == venv.venv.action_size
    try:
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError:
        pass
    else:
        assert isinstance(venv, VecEnv)
    venv.close()


def test_an_sb3_style_rollout_with_action_masks(engine):
    venv = sb3_vec_env("liars-dice", 6, seed=2, engine=engine)
    assert venv.seed(10) == [10, 11, 12, 13, 14, 15]
    obs = venv.reset()
    assert obs.shape == (6, venv.venv.obs_size) and obs.dtype == np.float32
    assert len(venv.reset_infos) == 6
    rng = np.random.default_rng(0)
    dones_seen = 0
    for _ in range(150):
        masks = np.stack(venv.env_method("action_masks"))  # what MaskablePPO asks for
        assert masks.shape == (6, venv.action_space.n) and masks.dtype == np.bool_
        assert masks.any(axis=1).all()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        venv.step_async(actions)
        obs, rewards, dones, infos = venv.step_wait()
        assert obs.shape == (6, venv.venv.obs_size)
        assert rewards.shape == (6,) and rewards.dtype == np.float32
        assert dones.shape == (6,) and dones.dtype == np.bool_
        assert isinstance(infos, list) and len(infos) == 6 and all(isinstance(i, dict) for i in infos)
        assert (rewards[~dones] == 0).all()  # Liar's Dice rewards at the end only
        assert (np.abs(rewards[dones]) == 1).all()
        dones_seen += int(dones.sum())
    assert dones_seen > 0
    assert venv.get_attr("num_players") == [3] * 6
    assert venv.get_attr("num_players", indices=[0, 2]) == [3, 3]
    assert venv.env_is_wrapped(object) == [False] * 6
    with pytest.raises(AttributeError):
        venv.set_attr("seat", 1)
    venv.close()


def test_seeded_resets_repeat_and_self_play_is_refused(engine):
    a = sb3_vec_env("pig", 3, engine=engine)
    b = sb3_vec_env("pig", 3, engine=engine)
    a.seed(7)
    b.seed(7)
    np.testing.assert_array_equal(a.reset(), b.reset())
    for _ in range(20):
        actions = np.stack(a.env_method("action_masks")).argmax(axis=1)
        oa, ra, da, _ = a.step(actions)
        ob, rb, db, _ = b.step(actions)
        np.testing.assert_array_equal(oa, ob)
        np.testing.assert_array_equal(ra, rb)
    a.close()
    b.close()
    with pytest.raises(ValueError, match="one learning seat"):
        sb3_vec_env("pig", 2, seat=None, engine=engine)
    assert RuleloomSB3VecEnv.__name__ == "RuleloomSB3VecEnv"
