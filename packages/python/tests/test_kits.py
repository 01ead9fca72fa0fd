"""Every kit reaches Python: a kit that declares observation features (the Liar's Dice example)
uses them, and one that declares none gets the default encoding derived from its zones and view
fields, in the AEC, Gymnasium and vector environments."""

from __future__ import annotations

import warnings
from pathlib import Path

import gymnasium

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ruleloom
from ruleloom.pettingzoo import env as make_env

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
# Built by `pnpm run build` (the example's own build script writes dist/liars-dice.mjs).
LIARS_DICE_KIT = ROOT / "examples" / "06-liars-dice" / "dist" / "liars-dice.mjs"
# Declares no observation features.
BARE_KIT = HERE / "kits" / "draw-and-play.mjs"


def test_the_liars_dice_example_kit_plays_with_its_declared_features(engine):
    assert LIARS_DICE_KIT.is_file(), f"{LIARS_DICE_KIT} is missing: run pnpm run build first"
    e = make_env(str(LIARS_DICE_KIT), players=2, options={"dice": 2}, seed=5, engine=engine)
    # src/observation.ts: 16 numbers; 20 × 6 bids and a call.
    assert (e.obs_size, e.action_size) == (16, 121)
    assert e.observation_names()[:7] == [f"myDice[{i}]" for i in range(6)] + ["diceLeft[0]"]
    e.reset()
    obs = e.last()[0]
    # The first seat to act may bid anything on 4 dice (4 × 6 bids), not call.
    assert int(obs["action_mask"].sum()) == 24
    # Its own two dice, counted by face (1/5 each).
    assert obs["observation"][:6].sum() == pytest.approx(2 / 5)
    api_test(e, num_cycles=300)
    e.close()


def test_a_kit_without_features_gets_the_default_encoding(engine):
    e = make_env(str(BARE_KIT), seed=9, engine=engine)
    assert e.num_players == 3
    names = e.observation_names()
    assert len(names) == e.obs_size
    assert names[:3] == ["seat[0]", "seat[1]", "seat[2]"]
    assert "players.1.hand.size" in names and "round" in names
    # A play of each of the 10 cards, and a pass.
    assert e.action_size == 11
    assert e.information_state_tensor_size == e.obs_size + e.action_size
    e.reset()
    for agent in e.possible_agents:
        t = e.information_state_tensor(agent)
        assert t.shape == (e.information_state_tensor_size,) and t.dtype == np.float32
    obs = e.last()[0]
    seat = e.possible_agents.index(e.agent_selection)
    assert obs["observation"][seat] == 1 and obs["observation"][:3].sum() == 1
    # The seat sees its own cards (counted per card kind), and only the sizes of other hands.
    own = names.index(f"players.{seat}.hand[0]")
    own_size = obs["observation"][names.index(f"players.{seat}.hand.size")]
    assert own_size >= 2 and obs["observation"][own : own + 5].sum() == own_size
    for other in range(3):
        if other != seat:
            at = names.index(f"players.{other}.hand[0]")
            assert obs["observation"][at : at + 5].sum() == 0
            assert obs["observation"][names.index(f"players.{other}.hand.size")] == 2
    api_test(e, num_cycles=300)
    e.close()
    seed_test(lambda: make_env(str(BARE_KIT), seed=9, engine=engine), num_cycles=100)


def test_a_kit_without_features_plays_in_gymnasium_and_vector_envs(engine, capsys):
    g = gymnasium.make("ruleloom/Game-v0", game=str(BARE_KIT), opponents=["random"], engine=engine)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(g.unwrapped)
    assert [str(w.message) for w in caught] == []
    capsys.readouterr()
    obs, _ = g.reset(seed=4)
    assert g.observation_space["observation"].shape == (g.unwrapped.obs_size,)
    assert obs["observation"].shape == g.observation_space["observation"].shape
    done, steps = False, 0
    while not done:
        mask = g.unwrapped.action_masks()
        obs, reward, term, trunc, _ = g.step(int(np.flatnonzero(mask)[0]))
        done = term or trunc
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and steps > 0
    g.close()
    v = ruleloom.vector_env(str(BARE_KIT), num_envs=4, seed=1, engine=engine)
    obs, info = v.reset(seed=1)
    assert obs.shape == (4, v.single_observation_space.shape[0]) and v.observation_space.contains(obs)
    ended = 0
    for _ in range(60):
        actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = v.step(np.array(actions))
        ended += int(terminated.sum())
    assert ended > 0, "games end and reset themselves"
    v.close()
