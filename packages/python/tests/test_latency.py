"""The round trip's polling (``spin_us`` in Python, ``RULELOOM_ENGINE_SPIN_US`` in the engine)
changes how the processes wait, never what they answer."""

from __future__ import annotations

import numpy as np

import ruleloom
from ruleloom._engine import _spin_us
from ruleloom.pettingzoo import env


def _play(engine: ruleloom.Engine, game: str, seed: int) -> tuple[list[int], dict, list[float]]:
    """A whole game with the last legal index every time: the actions, the result, the final
    rewards and a checksum of the observations."""
    e = env(game, seed=seed, engine=engine)
    e.reset()
    actions: list[int] = []
    rewards: list[float] = []
    checksum = 0.0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _info = e.last()
        if termination or truncation:
            rewards.append(reward)
            e.step(None)
            continue
        checksum += float(obs["observation"].sum())
        actions.append(int(np.flatnonzero(obs["action_mask"])[-1]))
        e.step(actions[-1])
    result = e.result()
    e.close()
    return actions, result, rewards + [checksum]


def test_polling_or_not_plays_the_same_game(engine, monkeypatch):
    polled = _play(engine, "colonial-florida", seed=11)  # the suite's engine: the default budgets
    monkeypatch.setenv("RULELOOM_ENGINE_SPIN_US", "0")
    still = ruleloom.Engine(spin_us=0)
    try:
        assert _play(still, "colonial-florida", seed=11) == polled
        # Without polling, every reply not there at the first read is waited for in poll().
        assert still.blocked > 0
    finally:
        still.close()
    assert len(polled[0]) > 5


def test_the_spin_budget_from_the_environment(monkeypatch):
    monkeypatch.setenv("RULELOOM_SPIN_US", "50")
    assert _spin_us() == 50
    monkeypatch.setenv("RULELOOM_SPIN_US", "not a number")
    assert _spin_us() == 200
    monkeypatch.setenv("RULELOOM_SPIN_US", "-3")
    assert _spin_us() == 0
    monkeypatch.setenv("RULELOOM_SPIN_US", "1e9")
    assert _spin_us() == 10_000
    monkeypatch.delenv("RULELOOM_SPIN_US")
    assert _spin_us() == 200
