"""Exceptions of the ruleloom package."""

from __future__ import annotations


class RuleloomError(Exception):
    """Base class of every error this package raises."""


class EngineError(RuleloomError):
    """The engine refused a request (``code`` is its snake_case error code)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class IllegalActionError(EngineError, ValueError):
    """An action index that is not legal for the seat to act (or a step on a finished game)."""


class EngineCrashed(RuleloomError):
    """The engine process ended (it crashed or was killed); the environment cannot continue."""
