"""An environment made without a seed draws one from entropy (``initial_seed`` tells which), so
unseeded environments in two processes play different games; given the same seed, two
environments play the same game."""

from __future__ import annotations

import numpy as np

import ruleloom
import ruleloom.pettingzoo as pz
import ruleloom.vector as vec
from ruleloom._seeding import entropy_seed
from ruleloom.pettingzoo import env


def _first_observations(e, steps: int = 6) -> list[np.ndarray]:
    e.reset()
    seen = []
    for agent in e.agent_iter(steps):
        obs, _reward, termination, truncation, _info = e.last()
        seen.append(obs["observation"].copy())
        e.step(None if termination or truncation else int(np.flatnonzero(obs["action_mask"])[0]))
    return seen


def test_an_unseeded_aec_env_plays_the_game_of_the_seed_it_drew(engine, monkeypatch):
    monkeypatch.setattr(pz, "entropy_seed", lambda: 4242)
    drawn = env("pig", engine=engine)
    assert drawn.initial_seed == 4242
    given = env("pig", seed=4242, engine=engine)
    assert given.initial_seed == 4242
    for a, b in zip(_first_observations(drawn), _first_observations(given)):
        np.testing.assert_array_equal(a, b)


def test_an_unseeded_vector_env_plays_the_games_of_the_seed_it_drew(engine, monkeypatch):
    monkeypatch.setattr(vec, "entropy_seed", lambda: 777)
    drawn = ruleloom.vector_env("pig", 3, engine=engine)
    given = ruleloom.vector_env("pig", 3, seed=777, engine=engine)
    assert drawn.initial_seed == given.initial_seed == 777
    a, _ = drawn.reset()
    b, _ = given.reset()
    np.testing.assert_array_equal(a, b)


def test_entropy_seeds_are_whole_numbers_below_two_to_the_31():
    for _ in range(100):
        seed = entropy_seed()
        assert isinstance(seed, int) and 0 <= seed < 2**31
