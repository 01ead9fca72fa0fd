"""PettingZoo AEC environments for any Ruleloom game with a declared observation.

>>> from ruleloom.pettingzoo import env
>>> e = env("colonial-florida", seed=7)
>>> e.reset()
>>> obs, reward, termination, truncation, info = e.last()
"""

from __future__ import annotations

import struct
from typing import Any, Optional

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ._engine import FLAG_ENDED, Engine, SingleGame, shared_engine
from ._seeding import entropy_seed
from .errors import GameOverError, IllegalActionError, UnknownAgentError


_SEAT_FLAGS = struct.Struct("<iB")


def _agent(seat: int) -> str:
    return f"player_{seat}"


class RuleloomAECEnv(AECEnv):
    """A Ruleloom game as a PettingZoo AEC environment: one agent per seat (``player_0`` ...).

    Observations are dicts ``{"observation": float32 (obs_size,), "action_mask": int8
    (action_size,)}``; actions are indexes into the game's action space. Rewards come at the end:
    +1 for each winner and -1 for each other seat (0 for everyone when every seat wins); a game
    that declares per-step rewards (``observation.reward`` in its kit: Pig's score / 100) also
    rewards every seat at every step with the change of its declared reward
    (:attr:`step_rewards`).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "ruleloom_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: Optional[int] = None,
        seed: Optional[int] = None,
        options: Optional[dict[str, Any]] = None,
        render_mode: Optional[str] = None,
        engine: Optional[Engine] = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._engine = engine or shared_engine()
        setup: dict[str, Any] = {"game": game, "num": 1, "chance": True}
        if players is not None:
            setup["players"] = int(players)
        if options:
            setup["options"] = dict(options)
        # Without a seed, one from entropy: unseeded environments in two processes differ.
        self.initial_seed: int = int(seed) if seed is not None else entropy_seed()
        setup["seed"] = self.initial_seed
        self._seed: Optional[int] = self.initial_seed
        info = self._engine.create(setup)
        self._group: int = info["group"]
        self.game_info = info
        self.game = info["game"]
        self.metadata = dict(self.metadata, name=f"ruleloom_{self.game.replace('-', '_')}_v0")
        self.num_players: int = info["players"]
        self.obs_size: int = info["obsSize"]
        self.action_size: int = info["actionSize"]
        self.seat_labels: list[str] = info["seatLabels"]
        self.possible_agents = [_agent(s) for s in range(self.num_players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.action_size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.action_size) for a in self.possible_agents}
        #: Whether the game declares per-step rewards (``observation.reward``): then every step
        #: rewards each seat with the change of its declared reward, besides the final reward.
        self.step_rewards: bool = bool(info.get("stepRewards", False))
        self._single = SingleGame(self._engine, self._group, self.num_players, self.obs_size, self.action_size)
        self._no_mask = np.zeros(self.action_size, np.int8)
        self._no_mask.flags.writeable = False
        self._obs: dict[int, np.ndarray] = {}
        self._mask = self._no_mask
        self._seat = -1
        self._closed = False
        self.agents: list[str] = []

    def _seat_of(self, agent: str) -> int:
        """The seat of an agent name, or :class:`UnknownAgentError` (a ``KeyError`` too)."""
        seat = self.agent_name_mapping.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise UnknownAgentError(
                f"there is no agent {agent!r} in this {self.num_players}-player game "
                f"(agents: {', '.join(self.possible_agents)})"
            )
        return seat

    # -- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    # -- the loop -----------------------------------------------------------------------------
    def _take(self, body: memoryview) -> None:
        """Reads a one-game reply: the next seat, its observation and mask as views of the
        reply's buffer (no copies), and at the end the rewards and result."""
        single = self._single
        seat, flags = _SEAT_FLAGS.unpack_from(body, single.seat_at)
        self._seat = seat
        if seat >= 0:
            self._obs = {seat: np.frombuffer(body, np.float32, self.obs_size, single.obs_at)}
            self._mask = np.frombuffer(body, np.int8, self.action_size, single.mask_at)
            self.agent_selection = self.possible_agents[seat]
        else:
            self._obs = {}
            self._mask = self._no_mask
        if seat < 0 or flags & FLAG_ENDED:
            final = np.frombuffer(body, np.float32, self.num_players, single.rewards_at).tolist()
            names = self.agent_name_mapping
            for a in self.agents:
                self.rewards[a] = final[names[a]]
                self.terminations[a] = True
            self._rewarded = True
            result = self._engine.game(self._group, 0, "result")
            self.infos = {a: {"result": result} for a in self.agents}
        elif self.step_rewards:
            step = np.frombuffer(body, np.float32, self.num_players, single.rewards_at).tolist()
            names = self.agent_name_mapping
            for a in self.agents:
                self.rewards[a] = step[names[a]]
            self._rewarded = True

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is None and self._seed is not None:
            seed = self._seed
            self._seed = None  # later resets continue with the following seeds
        body = self._single.reset(float("nan") if seed is None else float(seed))
        self._start()
        self._take(body)

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._rewarded = False

    def _no_one_to_act(self) -> GameOverError:
        if not hasattr(self, "terminations"):
            return GameOverError("call reset() before step() or last()")
        return GameOverError("the game is over and every agent is done: call reset() to play again")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if getattr(self, "agent_selection", None) not in getattr(self, "terminations", {}):
            raise self._no_one_to_act()
        return super().last(observe)

    def step(self, action: Any) -> None:
        agent = getattr(self, "agent_selection", None)
        if agent not in getattr(self, "terminations", {}):
            raise self._no_one_to_act()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("malformed_action", f"{agent} must act: an action index, not None")
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError("malformed_action", f"an action is an index, not {action!r}") from None
        if index != action or not 0 <= index < self.action_size or self._mask[index] != 1:
            legal = np.flatnonzero(self._mask)
            raise IllegalActionError(
                "illegal_action",
                f"action {action!r} is not legal for {agent} (legal indexes: {legal[:12].tolist()}"
                f"{', ...' if len(legal) > 12 else ''}; {len(legal)} in all)",
            )
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        self._take(self._single.step(index))
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of(agent)
        obs = self._obs.get(seat)
        if obs is None:
            body = self._single.observe(seat)
            obs = np.frombuffer(body, np.float32, self.obs_size, self._single.obs_at)
            self._obs[seat] = obs
        return {"observation": obs, "action_mask": self._mask if seat == self._seat else self._no_mask}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = self._engine.game(self._group, 0, "render")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._engine.close_group(self._group)

    # -- extras -------------------------------------------------------------------------------
    def board(self, agent: Optional[str] = None) -> str:
        """The presenter's text board, as a seat sees it (or a spectator)."""
        return self._engine.game(self._group, 0, "render", None if agent is None else self._seat_of(agent))

    def legal_actions(self) -> list[tuple[int, dict[str, Any]]]:
        """The acting seat's legal actions as (index, typed action) pairs."""
        return [(e["index"], e["action"]) for e in self._engine.game(self._group, 0, "legal")]

    def decode_action(self, index: int, agent: Optional[str] = None) -> Optional[dict[str, Any]]:
        """The typed action (a dict with ``type``) an index stands for now, or None."""
        seat = None if agent is None else self._seat_of(agent)
        return self._engine.game(self._group, 0, "decode", int(index), seat)

    def encode_action(self, action: dict[str, Any]) -> Optional[int]:
        """The index of a typed action for the acting seat, or None when it has none."""
        return self._engine.game(self._group, 0, "encodeAction", action)

    def chance_outcomes(self) -> list[dict[str, Any]]:
        """The chance outcomes (dice) since the last action Python took, with their probabilities."""
        return self._engine.game(self._group, 0, "chance")

    def information_state(self, agent: str) -> dict[str, Any]:
        """A seat's information state: its view now and the actions so far as it may know them."""
        return self._engine.game(self._group, 0, "history", self._seat_of(agent))

    def observation_names(self) -> list[str]:
        """A name per observation entry."""
        return self._engine.game(self._group, 0, "layout")

    def result(self) -> Optional[dict[str, Any]]:
        """The match result (winners, scores, ranks) once over, else None."""
        return self._engine.game(self._group, 0, "result")

    def save(self) -> dict[str, Any]:
        """The match as Ruleloom's own save JSON (what ``restoreMatch`` and ``ruleloom replay`` read)."""
        return self._engine.game(self._group, 0, "save")

    def restore(self, save: dict[str, Any]) -> None:
        """Continues from a Ruleloom save of this game (checked: game id, rules version, hash)."""
        self._engine.game(self._group, 0, "restore", save)
        body = self._single.observe(max(self._engine.game(self._group, 0, "seat"), 0))
        self._start()
        self._take(body)


def env(
    game: str,
    players: Optional[int] = None,
    seed: Optional[int] = None,
    options: Optional[dict[str, Any]] = None,
    render_mode: Optional[str] = None,
    engine: Optional[Engine] = None,
) -> RuleloomAECEnv:
    """A PettingZoo AEC environment for ``game`` (a built-in id such as ``"colonial-florida"``)."""
    return RuleloomAECEnv(game, players=players, seed=seed, options=options, render_mode=render_mode, engine=engine)


raw_env = env
