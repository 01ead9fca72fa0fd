"""A Gymnasium single-agent environment: one seat played from Python, the others by built-in bots
running inside the engine process (``ruleloom/<Game>-v0`` ids are registered on import)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import gymnasium
import numpy as np

from ._engine import FLAG_ENDED, MASK_DENSE, Engine, shared_engine
from ._spaces import observation_box
from .errors import GameOverError, IllegalActionError

# Gymnasium ids of the built-in games, registered by ``import ruleloom``.
GAME_IDS = {
    "ColonialFlorida": "colonial-florida",
    "StAugustine": "st-augustine",
    "Pig": "pig",
}


class RuleloomGymEnv(gymnasium.Env):
    """One seat of a Ruleloom game against built-in bots (``opponents``: ``random``, ``policy``,
    ``greedy``, ``mcts``, ``ismcts``: one for all other seats or one per seat, in seat order).

    Observations are dicts ``{"observation": float32, "action_mask": int8}``; the reward is given
    at the end: +1 when the seat is among the winners, -1 otherwise (0 when every seat wins),
    plus, for games that declare per-step rewards (``observation.reward``, e.g. Pig's score
    / 100), the change of the seat's declared reward at every step.
    Every element of ``action_space`` is a valid input to :meth:`step`, as Gymnasium's contract
    (and ``check_env``) asks: an action the mask does not allow ends the episode with reward -1
    and ``info["illegal_action"]`` (``illegal_action="lose"``, the default), or, with
    ``illegal_action="raise"`` (for debugging), raises :class:`~ruleloom.IllegalActionError`.
    """

    # `render_fps` only informs wrappers that record or pace frames (the env never sleeps).
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Sequence[str] = ("random",),
        players: Optional[int] = None,
        options: Optional[dict[str, Any]] = None,
        render_mode: Optional[str] = None,
        illegal_action: str = "lose",
        engine: Optional[Engine] = None,
    ):
        super().__init__()
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        self.illegal_action = illegal_action
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._engine = engine or shared_engine()
        setup: dict[str, Any] = {
            "game": game,
            "num": 1,
            "controlled": [int(seat)],
            "opponents": list(opponents),
            "chance": True,
        }
        if players is not None:
            setup["players"] = int(players)
        if options:
            setup["options"] = dict(options)
        info = self._engine.create(setup)
        self._group: int = info["group"]
        self.game_info = info
        self.seat = int(seat)
        self.obs_size: int = info["obsSize"]
        self.action_size: int = info["actionSize"]
        self.step_rewards: bool = bool(info.get("stepRewards", False))
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": observation_box(self.obs_size),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.action_size,), np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(self.action_size)
        self._mask = np.zeros(self.action_size, np.int8)
        self._over = True
        self._closed = False
        self._next_seed: Optional[int] = None

    def _obs(self, batch: Any) -> dict[str, np.ndarray]:
        mask = batch.mask[0].view(np.int8) if int(batch.seats[0]) >= 0 else np.zeros(self.action_size, np.int8)
        self._mask = mask
        self._last_obs = batch.obs[0]
        return {"observation": batch.obs[0], "action_mask": mask}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self._next_seed = int(seed) + 1
        batch = self._engine.reset(self._group, [float(seed)], MASK_DENSE)
        self._over = int(batch.seats[0]) < 0
        return self._obs(batch), {"seed": int(seed)}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._over:
            raise GameOverError("the episode is over (or was never started): call reset()")
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError("malformed_action", f"an action is an index, not {action!r}") from None
        if index != action or not 0 <= index < self.action_size or self._mask[index] != 1:
            if self.illegal_action == "lose":
                # The seat forfeits: the episode ends with the lowest reward, the game as it was.
                self._over = True
                obs = {"observation": self._last_obs, "action_mask": np.zeros(self.action_size, np.int8)}
                return obs, -1.0, True, False, {"illegal_action": action}
            legal = np.flatnonzero(self._mask)
            raise IllegalActionError(
                "illegal_action",
                f"action {action!r} is not legal (legal indexes: {legal[:12].tolist()}"
                f"{', ...' if len(legal) > 12 else ''}; {len(legal)} in all)",
            )
        batch = self._engine.step_one(self._group, index, MASK_DENSE)
        ended = bool(int(batch.flags[0]) & FLAG_ENDED) or int(batch.seats[0]) < 0
        reward = float(batch.rewards[0][self.seat])  # per-step where the game declares them
        self._over = ended
        info: dict[str, Any] = {}
        if ended:
            info["result"] = self._engine.game(self._group, 0, "result")
        if self.render_mode == "human":
            self.render()
        return self._obs(batch), reward, ended, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array over ``Discrete(action_size)`` (``True``:
        legal): the method sb3-contrib's ``MaskablePPO`` reads (``env.action_masks()``). The same
        as ``obs["action_mask"] == 1``; all ``False`` once the episode is over."""
        if self._over:
            return np.zeros(self.action_size, dtype=bool)
        return self._mask.astype(bool)

    def undo(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Takes back this seat's last :meth:`step` and the bots' moves after it, where the game
        allows it, and returns ``(observation, info)`` as at that decision: the bots' generators
        are restored too, so stepping the same action again gives the same game. Allowed
        exactly when core's take-back allows it (the actions taken back, the bots' included,
        of types the game declares ``undoable``; nothing hidden came out since: no random draw,
        no card newly seen, no declared reveal); otherwise :class:`~ruleloom.errors.UndoError`
        (``nothing_to_undo``, ``not_undoable``, ``revealed``) and nothing changes. An episode
        ended by an illegal action (``illegal_action="lose"``) never reached the engine: an undo
        then takes back the step before it."""
        reply = self._engine.game(self._group, 0, "undo")
        batch = self._engine.observe(self._group, 0, max(int(reply["seat"]), 0), MASK_DENSE)
        self._over = int(batch.seats[0]) < 0
        return self._obs(batch), {}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self._engine.game(self._group, 0, "render", self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._engine.close_group(self._group)

    def decode_action(self, index: int) -> Optional[dict[str, Any]]:
        """The typed action an index stands for now."""
        return self._engine.game(self._group, 0, "decode", int(index))

    def chance_outcomes(self) -> list[dict[str, Any]]:
        """The chance outcomes (dice) since the last step, with their probabilities, as this
        env's seat may know them: another seat's private draws are ``{"type": ..., "hidden": True}``."""
        return self._engine.game(self._group, 0, "chance", self.seat)

    def save(self) -> dict[str, Any]:
        """The match as Ruleloom's save JSON."""
        return self._engine.game(self._group, 0, "save")


def register_all() -> None:
    """Registers ``ruleloom/<Game>-v0`` for every built-in game, and ``ruleloom/Game-v0`` for any
    game named by ``game=`` (a built-in id, a kit package or a kit module's path) (idempotent)."""
    for name, game in GAME_IDS.items():
        env_id = f"ruleloom/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="ruleloom.gym:RuleloomGymEnv", kwargs={"game": game})
    if "ruleloom/Game-v0" not in gymnasium.registry:
        gymnasium.register(id="ruleloom/Game-v0", entry_point="ruleloom.gym:RuleloomGymEnv")
