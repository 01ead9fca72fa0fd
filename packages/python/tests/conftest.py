"""Shared fixtures: one engine process for the suite, and the games every test runs on."""

from __future__ import annotations

import pytest

import ruleloom

# Every game the environment tests run on (PettingZoo api_test and seed_test included).
# A game added to the engine with a declared observation is one more line here.
GAMES = [
    "colonial-florida",
    "st-augustine",
    "pig",
    "liars-dice",
]


@pytest.fixture(scope="session")
def engine():
    e = ruleloom.Engine()
    yield e
    e.close()
