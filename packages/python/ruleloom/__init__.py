"""Ruleloom games for Python: PettingZoo and Gymnasium environments driven by a long-lived Node
engine process over a binary, batched protocol.

- ``from ruleloom.pettingzoo import env``: ``env(game, players=None, seed=None, options=None)``
- ``gymnasium.make("ruleloom/ColonialFlorida-v0", opponents=["random"])``
- ``ruleloom.vector_env(game, num_envs, ...)``
"""

from ._engine import Engine, find_cli, shared_engine
from .errors import (
    EngineCrashed,
    EngineError,
    EngineLimitError,
    EngineProtocolError,
    EngineTimeout,
    GameOverError,
    IllegalActionError,
    RuleloomError,
    UndoError,
    UnknownAgentError,
)
from .gym import RuleloomGymEnv, register_all
from .vector import RuleloomVectorEnv, vector_env

__version__ = "0.1.0"

register_all()

__all__ = [
    "Engine",
    "EngineCrashed",
    "EngineError",
    "EngineLimitError",
    "EngineProtocolError",
    "EngineTimeout",
    "GameOverError",
    "IllegalActionError",
    "RuleloomError",
    "RuleloomGymEnv",
    "RuleloomVectorEnv",
    "UndoError",
    "UnknownAgentError",
    "find_cli",
    "shared_engine",
    "vector_env",
]
