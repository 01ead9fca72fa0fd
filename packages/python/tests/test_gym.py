from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ruleloom  # noqa: F401  (registers the ids)
from ruleloom import IllegalActionError


@pytest.mark.parametrize(
    "env_id,kwargs",
    [
        ("ruleloom/ColonialFlorida-v0", {}),
        ("ruleloom/StAugustine-v0", {}),
        ("ruleloom/Pig-v0", {}),
        ("ruleloom/Game-v0", {"game": "liars-dice"}),
    ],
)
def test_gymnasium_check_env_passes_with_its_default_settings_and_warns_nothing(env_id, kwargs, engine, capsys):
    # The env as made by default (no illegal_action argument), checked with check_env's
    # defaults: random unmasked actions, determinism, the render modes (through the spec).
    e = gymnasium.make(env_id, engine=engine, **kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(e.unwrapped)
    assert [str(w.message) for w in caught] == []
    e.close()
    capsys.readouterr()  # the "human" render mode printed boards


def test_the_single_agent_env_plays_whole_games_against_bots(engine):
    e = gymnasium.make("ruleloom/ColonialFlorida-v0", opponents=["random"], engine=engine)
    rng = np.random.default_rng(0)
    rewards = []
    for episode in range(3):
        obs, info = e.reset(seed=episode)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, term, trunc, info = e.step(action)
            done = term or trunc
        rewards.append(reward)
        assert info["result"]["winners"]
    assert all(r in (-1.0, 0.0, 1.0) for r in rewards)
    e.close()


def test_seeds_reproduce_episodes(engine):
    e = gymnasium.make("ruleloom/StAugustine-v0", opponents=["random"], engine=engine).unwrapped
    a, _ = e.reset(seed=7)
    a = {k: v.copy() for k, v in a.items()}
    e.step(int(np.flatnonzero(a["action_mask"])[0]))
    b, _ = e.reset(seed=7)
    np.testing.assert_array_equal(a["observation"], b["observation"])
    np.testing.assert_array_equal(a["action_mask"], b["action_mask"])


def test_greedy_opponents_play_inside_the_engine(engine):
    e = gymnasium.make("ruleloom/ColonialFlorida-v0", opponents=["greedy"], engine=engine)
    obs, _ = e.reset(seed=1)
    obs, *_ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert obs["observation"].dtype == np.float32


def test_an_illegal_action_ends_the_episode_with_minus_one_by_default(engine):
    # Gymnasium's contract: every element of the action space is a valid input to step.
    e = gymnasium.make("ruleloom/ColonialFlorida-v0", engine=engine).unwrapped
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, term, trunc, info = e.step(illegal)
    assert (reward, term, trunc, info) == (-1.0, True, False, {"illegal_action": illegal})
    assert not obs["action_mask"].any() and not e.action_masks().any()


def test_an_illegal_action_raises_when_asked_to(engine):
    e = gymnasium.make("ruleloom/ColonialFlorida-v0", illegal_action="raise", engine=engine).unwrapped
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        e.step(illegal)
    obs, *_ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the game is untouched and goes on


def test_pig_rewards_every_step_with_the_score_change_and_the_final_reward_at_the_end(engine):
    e = gymnasium.make("ruleloom/Pig-v0", opponents=["random"], players=2, options={"target": 30}, engine=engine)
    assert e.unwrapped.step_rewards
    obs, _info = e.reset(seed=3)
    total, done, i, during = 0.0, False, 0, []
    while not done:
        action = 1 if i % 3 == 2 and obs["action_mask"][1] == 1 else 0
        obs, reward, term, trunc, info = e.step(action)
        done = term or trunc
        total += reward
        if not done:
            during.append(reward)
        i += 1
    assert any(r > 0 for r in during), "a hold banks points: a reward before the end"
    final = 1.0 if 0 in info["result"]["winners"] else -1.0
    assert total == pytest.approx(info["result"]["scores"][0] / 100 + final, abs=1e-5)
    e.close()


def test_action_masks_is_the_maskable_ppo_contract(engine):
    """sb3-contrib's MaskablePPO reads ``action_masks()`` through the wrappers
    (``get_wrapper_attr``, as SB3's DummyVecEnv.env_method does): a bool array over
    ``Discrete(action_size)``, True where the action is legal, matching the observation's mask."""
    e = gymnasium.make("ruleloom/ColonialFlorida-v0", opponents=["random"], engine=engine)
    masks = e.get_wrapper_attr("action_masks")
    obs, _ = e.reset(seed=5)
    n = e.action_space.n
    over = False
    steps = 0
    while not over:
        m = masks()
        assert m.dtype == np.bool_ and m.shape == (n,)
        np.testing.assert_array_equal(m, obs["action_mask"] == 1)
        assert m.any()
        obs, _reward, over, _truncated, _info = e.step(int(np.flatnonzero(m)[0]))
        steps += 1
    assert steps > 3
    assert not masks().any()
