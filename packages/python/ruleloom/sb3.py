"""A Stable-Baselines3 ``VecEnv`` over :class:`~ruleloom.vector.RuleloomVectorEnv`.

>>> from ruleloom.sb3 import sb3_vec_env
>>> venv = sb3_vec_env("pig", num_envs=8, seed=0)      # seat 0 against random bots
>>> obs = venv.reset()                                  # float32 (8, obs_size)
>>> obs, rewards, dones, infos = venv.step(actions)     # SB3's 4-tuple; infos: a list of dicts

It follows SB3's documented ``VecEnv`` interface (``reset``, ``step_async``/``step_wait``,
``close``, ``get_attr``, ``set_attr``, ``env_method``, ``env_is_wrapped``, ``seed``,
``set_options``, ``num_envs``, single ``observation_space``/``action_space``). When
stable-baselines3 is installed, the class is also a subclass of its ``VecEnv`` (so ``PPO(...,
env=venv)`` takes it as is); without it, the same class stands alone (this package does not
need SB3). ``env_method("action_masks")`` gives each game's legal-action mask, which is what
sb3-contrib's ``MaskablePPO`` asks for.

Games reset themselves when they end, in the same step (SB3's convention): ``dones[i]`` with the
finished game's reward, the new game's first observation. ``infos[i]`` has no
``terminal_observation`` (the engine does not send the finished game's last observation); no
game is ever truncated, so SB3 never needs it.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from .vector import RuleloomVectorEnv


class _RuleloomSB3Methods:
    """SB3's ``VecEnv`` methods over a :class:`RuleloomVectorEnv` (one seat, dense masks)."""

    def __init__(self, venv: RuleloomVectorEnv):
        if venv.seat is None:
            raise ValueError("an SB3 VecEnv needs one learning seat: make the vector env with seat=0 (not None)")
        self.venv = venv
        self.num_envs = venv.num_envs
        self.observation_space = venv.single_observation_space
        self.action_space = venv.single_action_space
        self.render_mode = None
        self.metadata = {"render_modes": [], "autoreset_mode": venv.metadata["autoreset_mode"]}
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._seeds: list[Optional[int]] = [None] * self.num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._actions: Optional[np.ndarray] = None
        self._mask: Optional[np.ndarray] = None

    # -- SB3's VecEnv --------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        seeds = None if all(s is None for s in self._seeds) else list(self._seeds)
        obs, info = self.venv.reset(seed=seeds, mask="dense")
        self._seeds = [None] * self.num_envs
        self._mask = info["action_mask"]
        self.reset_infos = [{"action_mask": self._mask[i]} for i in range(self.num_envs)]
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        actions, self._actions = self._actions, None
        if actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        obs, rewards, terminated, truncated, info = self.venv.step(actions, mask="dense")
        self._mask = info["action_mask"]
        dones = terminated | truncated
        infos = [{"action_mask": self._mask[i]} for i in range(self.num_envs)]
        for i in np.flatnonzero(truncated):
            infos[i]["TimeLimit.truncated"] = True
        return obs.copy(), rewards.astype(np.float32), dones, infos

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        self.step_async(actions)
        return self.step_wait()

    def close(self) -> None:
        self.venv.close()

    def seed(self, seed: Optional[int] = None) -> Sequence[Optional[int]]:
        """Seeds the next :meth:`reset`: game ``i`` gets ``seed + i`` (SB3's convention)."""
        if seed is None:
            return [None] * self.num_envs
        self._seeds = [seed + i for i in range(self.num_envs)]
        return list(self._seeds)

    def set_options(self, options: Optional[list[dict[str, Any]] | dict[str, Any]] = None) -> None:
        """Accepted for SB3's interface; the games take no reset options."""
        if options is None:
            options = {}
        self._options = list(options) if isinstance(options, list) else [dict(options)] * self.num_envs

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = getattr(self.venv, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"the games of a Ruleloom vector env share their attributes: cannot set {attr_name!r}")

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":  # sb3-contrib's MaskablePPO
            return [self.action_masks()[i] for i in self._indices(indices)]
        method = getattr(self.venv, method_name)
        return [method(*method_args, **method_kwargs) for _ in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[Optional[np.ndarray]]:
        return [None] * self.num_envs

    def render(self, mode: Optional[str] = None) -> Optional[np.ndarray]:
        return None

    # -- extras ----------------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """Each game's legal actions now, ``bool (num_envs, action_size)``."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask.astype(bool)

    @property
    def unwrapped(self) -> "_RuleloomSB3Methods":
        return self


def _sb3_class() -> type:
    try:
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError:
        return type("RuleloomSB3VecEnv", (_RuleloomSB3Methods,), {"__module__": __name__})
    # SB3's VecEnv.__init__ sets the same attributes; ours (the mixin's) is the one that runs.
    return type("RuleloomSB3VecEnv", (_RuleloomSB3Methods, VecEnv), {"__module__": __name__})


RuleloomSB3VecEnv = _sb3_class()


def sb3_vec_env(game: str, num_envs: int, **kwargs: Any) -> Any:
    """``num_envs`` games of ``game`` as an SB3 ``VecEnv`` (arguments as ``ruleloom.vector_env``;
    ``seat`` must be one seat, 0 by default)."""
    kwargs.pop("mask", None)
    return RuleloomSB3VecEnv(RuleloomVectorEnv(game, num_envs, mask="dense", **kwargs))
