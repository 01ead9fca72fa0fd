"""Batched environments: N games stepped per round trip to the engine, numpy in and out."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._engine import FLAG_ENDED, MASK_DENSE, MASK_NONE, MASK_SPARSE, Batch, Engine, shared_engine
from ._spaces import observation_box
from ._seeding import entropy_seed
from .errors import GameOverError, IllegalActionError

_MODES = {"dense": MASK_DENSE, "sparse": MASK_SPARSE, "none": MASK_NONE}


class RuleloomVectorEnv(VectorEnv):
    """A :class:`gymnasium.vector.VectorEnv` of ``num_envs`` games of one game, one seat (``seat``) played from Python in each, the others
    by built-in bots inside the engine; games reset themselves when they end (same step: the
    observation returned with ``terminated[i]`` is the new game's first one).

    With ``seat=None`` Python plays every seat (self-play): ``info["seat"]`` says which seat each
    observation and mask belong to, and rewards are ``float32 (N, players)``.

    ``reset()`` and ``step(actions)`` return numpy arrays: observations ``float32 (N, obs_size)``,
    rewards ``float32 (N,)`` (the final reward when a game ends, plus the change of the seat's
    declared reward at every step for games that declare one: :attr:`step_rewards`), ``terminated``/``truncated`` ``bool (N,)`` and an info dict with
    the legal actions: ``info["action_mask"]`` (``int8 (N, action_size)``) when ``mask="dense"``,
    ``info["legal_actions"]`` (a list of ``int32`` index arrays) when ``mask="sparse"``.

    Gymnasium's vector API: :attr:`single_observation_space` ``Box(-m, m, (obs_size,),
    float32)`` (``m`` the largest finite float32), :attr:`single_action_space` ``Discrete(action_size)``, the batched
    :attr:`observation_space` and :attr:`action_space` (``MultiDiscrete``), ``reset(seed=,
    options=)`` and ``step(actions)``. The autoreset mode is ``AutoresetMode.SAME_STEP``
    (``metadata["autoreset_mode"]``): a game that ends is reset inside the same ``step``, whose
    ``terminated[i]`` and reward are the ended game's and whose observation is the new game's
    first; the ended game's last observation is not sent (``info`` has no ``final_obs``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        seat: Optional[int] = 0,
        opponents: Sequence[str] = ("random",),
        players: Optional[int] = None,
        options: Optional[dict[str, Any]] = None,
        seed: Optional[int] = None,
        workers: int = 1,
        mask: str = "dense",
        engine: Optional[Engine] = None,
    ):
        if mask not in _MODES:
            raise ValueError(f"mask must be 'dense', 'sparse' or 'none', not {mask!r}")
        self._engine = engine or shared_engine()
        self.mask_mode = mask
        setup: dict[str, Any] = {
            "game": game,
            "num": int(num_envs),
            "controlled": None if seat is None else [int(seat)],
            "opponents": list(opponents),
            "autoReset": True,
            "workers": int(workers),
        }
        if players is not None:
            setup["players"] = int(players)
        if options:
            setup["options"] = dict(options)
        # Without a seed, one from entropy: unseeded environments in two processes differ.
        self.initial_seed: int = int(seed) if seed is not None else entropy_seed()
        setup["seed"] = self.initial_seed
        if seat is None:
            del setup["controlled"]
        info = self._engine.create(setup)
        self._group: int = info["group"]
        self.game_info = info
        self.num_envs = int(num_envs)
        self.seat = None if seat is None else int(seat)
        self.num_players: int = info["players"]
        self.obs_size: int = info["obsSize"]
        self.action_size: int = info["actionSize"]
        self.workers: int = info["workers"]
        #: Whether the game declares per-step rewards (``observation.reward``): then ``rewards``
        #: holds the change of each seat's declared reward at every step, plus the final reward.
        self.step_rewards: bool = bool(info.get("stepRewards", False))
        self._last: Optional[Batch] = None
        self._closed = False
        self._rows = np.arange(self.num_envs)
        self.single_observation_space = observation_box(self.obs_size)
        self.single_action_space = gymnasium.spaces.Discrete(self.action_size)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def _info(self, batch: Batch) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": batch.seats}
        if batch.mask is not None:
            info["action_mask"] = batch.mask.view(np.int8)
        if batch.legal is not None:
            info["legal_actions"] = batch.legal
        return info

    def reset(
        self,
        seed: Optional[int | Sequence[Optional[int]]] = None,
        options: Optional[dict[str, Any]] = None,
        mask: Optional[str] = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts every game again: game ``i`` with ``seed + i`` (or the next seeds), or with
        ``seed[i]`` for a list of seeds (``None`` in it: that game's next seed). ``options`` may
        hold ``mask`` (as the ``mask`` argument)."""
        if options is not None and "mask" in options and mask is None:
            mask = options["mask"]
        if seed is None:
            seeds = [float("nan")] * self.num_envs
        elif isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError(f"{len(seed)} seeds for {self.num_envs} games")
            seeds = [float("nan") if s is None else float(s) for s in seed]
        else:
            super().reset(seed=int(seed))  # seeds np_random, as Gymnasium's vector envs do
            seeds = [float(seed + i) for i in range(self.num_envs)]
        if mask is not None and mask not in _MODES:
            raise ValueError(f"mask must be 'dense', 'sparse' or 'none', not {mask!r}")
        batch = self._engine.reset(self._group, seeds, _MODES[mask or self.mask_mode])
        self._last = batch
        return batch.obs, self._info(batch)

    def _check(self, actions: np.ndarray) -> None:
        last = self._last
        if last is None:
            raise GameOverError("call reset() before step()")
        if actions.shape != (self.num_envs,):
            raise IllegalActionError(
                "malformed_action", f"actions must have shape ({self.num_envs},), not {actions.shape}"
            )
        if last.mask is not None:
            ok = (actions >= 0) & (actions < self.action_size)
            ok[ok] = last.mask[self._rows[ok], actions[ok]] == 1
            bad = np.flatnonzero(~ok)
        elif last.legal is not None:
            bad = np.array([i for i, a in enumerate(actions) if a not in last.legal[i]], dtype=np.int64)
        else:
            return  # no legal actions on the previous call: the engine checks
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(
                "illegal_action",
                f"game {i}: action {int(actions[i])} is not legal ({bad.size} illegal action(s) in the batch)",
            )

    def step(
        self, actions: Any, mask: Optional[str] = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action index per game; returns (obs, rewards, terminated, truncated, info)."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise IllegalActionError("malformed_action", f"actions must be integers, not {a.dtype}")
        a = a.astype(np.int32, copy=False)
        self._check(a)
        batch = self._engine.step(self._group, a, _MODES[mask or self.mask_mode])
        self._last = batch
        terminated = (batch.flags & FLAG_ENDED) != 0
        rewards = batch.rewards.copy() if self.seat is None else batch.rewards[:, self.seat].copy()
        return batch.obs, rewards, terminated, np.zeros(self.num_envs, bool), self._info(batch)

    def decode_action(self, env: int, index: int) -> Optional[dict[str, Any]]:
        """The typed action an index stands for in game ``env`` now."""
        return self._engine.game(self._group, int(env), "decode", int(index))

    def save(self, env: int) -> dict[str, Any]:
        """Game ``env`` as Ruleloom's save JSON."""
        return self._engine.game(self._group, int(env), "save")

    def close_extras(self, **kwargs: Any) -> None:
        if not self._closed:
            self._closed = True
            self._engine.close_group(self._group)

    def __enter__(self) -> "RuleloomVectorEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def vector_env(game: str, num_envs: int, **kwargs: Any) -> RuleloomVectorEnv:
    """``num_envs`` games of ``game`` stepped together (see :class:`RuleloomVectorEnv`)."""
    return RuleloomVectorEnv(game, num_envs, **kwargs)
