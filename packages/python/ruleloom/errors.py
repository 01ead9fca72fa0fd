"""Exceptions of the ruleloom package: every failure it raises is a :class:`RuleloomError`."""

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


class GameOverError(IllegalActionError):
    """A step when no one is to act: the game (episode) is over, or was never reset."""

    def __init__(self, message: str):
        super().__init__("game_over", message)


class UndoError(EngineError):
    """An ``undo()`` the game refuses; nothing changed. ``code`` says why:

    - ``nothing_to_undo``: no decision of a seat Python controls was taken this episode (or
      the game waits at a chance node of its setup);
    - ``not_undoable``: an action to take back is of a type the game does not declare
      ``undoable`` (a game that declares none never takes back);
    - ``revealed``: something hidden came out since the decision: a random draw (dice, a
      shuffle, a chosen chance outcome), a card newly seen by a seat or the spectator, or a
      declared reveal (core's ``takeBack`` rules).
    """

    CODES = ("nothing_to_undo", "not_undoable", "revealed")


class EngineLimitError(EngineError):
    """A request beyond the engine's limits: more games than ``max_games``
    (``too_many_games``), or a frame larger than the agreed ``max_frame``
    (``frame_too_large``, ``reply_too_large``). The engine goes on."""


class UnknownAgentError(RuleloomError, KeyError):
    """An agent name the environment does not have (agents are ``player_0``, ``player_1`` ...)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class EngineCrashed(RuleloomError):
    """The engine process ended (it crashed or was killed); the environment cannot continue."""


class EngineProtocolError(RuleloomError):
    """The engine's output is not the protocol: a wrong greeting (magic or version), a length
    prefix above the agreed frame size, garbage, or a malformed reply. After a framing error the
    engine is closed (its output can no longer be trusted)."""


class EngineTimeout(EngineProtocolError, TimeoutError):
    """The engine did not answer in time (``Engine(timeout=...)``), or stopped in the middle of
    a frame for longer than ``stall_timeout``; the engine is closed."""
