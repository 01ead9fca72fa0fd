"""PettingZoo AEC environments for any Ruleloom game or kit (its own features, else the default encoding).

>>> from ruleloom.pettingzoo import env
>>> e = env("colonial-florida", seed=7)
>>> e.reset()
>>> obs, reward, termination, truncation, info = e.last()
"""

from __future__ import annotations

import copy
import json
import struct
import weakref
from typing import Any, Optional, Sequence

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ._engine import FLAG_ENDED, MASK_DENSE, Engine, SingleGame, shared_engine
from ._spaces import observation_box
from ._seeding import entropy_seed
from .errors import GameOverError, IllegalActionError, UnknownAgentError


_SEAT_FLAGS = struct.Struct("<iB")

#: The seat the engine gives for a game at a chance node (environments made with ``chance_nodes=True``).
CHANCE_SEAT = -2


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

    With ``chance_nodes=True`` the game stops at every chance node (each draw with more than
    one outcome: a die, a random integer, a pick, each card of a shuffle; setup's too) until an
    outcome is chosen with :meth:`apply_chance`: see :meth:`is_chance_node`.
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
        chance_nodes: bool = False,
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
        if chance_nodes:
            setup["chanceNodes"] = True
        # Without a seed, one from entropy: unseeded environments in two processes differ.
        self.initial_seed: int = int(seed) if seed is not None else entropy_seed()
        setup["seed"] = self.initial_seed
        self._seed: Optional[int] = self.initial_seed
        self._bind(self._engine.create(setup))

    def _bind(self, info: dict[str, Any]) -> None:
        """Takes a group the engine made (by ``create`` or ``clone``) as this environment's game."""
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
                "observation": observation_box(self.obs_size),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.action_size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.action_size) for a in self.possible_agents}
        #: Whether the game declares per-step rewards (``observation.reward``): then every step
        #: rewards each seat with the change of its declared reward, besides the final reward.
        self.step_rewards: bool = bool(info.get("stepRewards", False))
        #: Whether the game stops at chance nodes (made with ``chance_nodes=True``).
        self.chance_nodes: bool = bool(info.get("chanceNodes", False))
        #: Length of :meth:`information_state_tensor`: the observation's, then one entry per action index.
        self.information_state_tensor_size: int = int(info.get("infoTensorSize", self.obs_size + self.action_size))
        self._single = SingleGame(self._engine, self._group, self.num_players, self.obs_size, self.action_size)
        self._no_mask = np.zeros(self.action_size, np.int8)
        self._no_mask.flags.writeable = False
        self._obs: dict[int, np.ndarray] = {}
        self._mask = self._no_mask
        self._seat = -1
        #: The pending node's (outcome, probability) pairs when apply_chance brought them, else None.
        self._outcomes: Optional[list[tuple[int, float]]] = None
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
    def _take(self, body: memoryview, rewards: Optional[list[float]] = None) -> None:
        """Reads a one-game reply: the next seat, its observation and mask as views of the
        reply's buffer (no copies), and at the end the rewards and result (``rewards``: the
        rewards :meth:`apply_chance` got, instead of the reply's)."""
        single = self._single
        seat, flags = _SEAT_FLAGS.unpack_from(body, single.seat_at)
        self._seat = seat
        self._outcomes = None
        if seat >= 0:
            self._obs = {seat: np.frombuffer(body, np.float32, self.obs_size, single.obs_at)}
            self._mask = np.frombuffer(body, np.int8, self.action_size, single.mask_at)
            self.agent_selection = self.possible_agents[seat]
        else:
            self._obs = {}
            self._mask = self._no_mask
        if seat == CHANCE_SEAT:
            return  # nobody acts and nothing ended: an outcome is due (apply_chance)
        if rewards is None:
            rewards = np.frombuffer(body, np.float32, self.num_players, single.rewards_at).tolist()
        if seat < 0 or flags & FLAG_ENDED:
            final = rewards
            names = self.agent_name_mapping
            for a in self.agents:
                self.rewards[a] = final[names[a]]
                self.terminations[a] = True
            self._rewarded = True
            result = self._engine.game(self._group, 0, "result")
            self.infos = {a: {"result": result} for a in self.agents}
        elif self.step_rewards:
            step = rewards
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
        if self._seat == CHANCE_SEAT:
            raise IllegalActionError(
                "chance_node", "the game is at a chance node: choose its outcome with apply_chance(outcome) first"
            )
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
            finalizer = getattr(self, "_finalizer", None)
            if finalizer is not None:
                finalizer.detach()  # a clone: closed now, not again when collected
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

    def chance_outcomes(self, agent: Optional[str] = None) -> list[Any]:
        """With ``chance_nodes=True``: the pending chance node's outcomes as ``(outcome,
        probability)`` pairs, before sampling (``[]`` when the game is not at a chance node).
        ``outcome`` is an index into the node's outcomes (what :meth:`apply_chance` takes), not
        the drawn value, so the pairs are the same for every seat and reveal nothing; the values
        are in :meth:`chance_node`, which hides them from a seat outside the node's audience.

        Without chance nodes (the default): the chance outcomes (dice) since the last action
        Python took, as dicts with their probabilities, as ``agent`` may know them (default: the
        agent to act now): a draw whose declared audience leaves the agent out (another seat's
        private dice) is ``{"type": ..., "hidden": True}``, with no values."""
        if self.chance_nodes:
            if agent is not None:
                self._seat_of(agent)  # an unknown agent raises, as it does elsewhere
            if self._seat == CHANCE_SEAT and self._outcomes is not None:
                return list(self._outcomes)  # from the apply_chance that reached this node
            node = self.chance_node(agent)
            if node is None:
                return []
            return [(int(o["outcome"]), float(o["probability"])) for o in node["outcomes"]]
        seat = self._seat_of(self.agent_selection if agent is None else agent)
        return self._engine.game(self._group, 0, "chance", seat)

    # -- chance nodes (chance_nodes=True) ---------------------------------------------------------
    def is_chance_node(self) -> bool:
        """Whether the game waits at a chance node (only with ``chance_nodes=True``): no agent
        acts until :meth:`apply_chance` chooses an outcome; :meth:`current_player` is
        ``'chance'``."""
        return self._seat == CHANCE_SEAT

    def chance_node(self, agent: Optional[str] = None) -> Optional[dict[str, Any]]:
        """The pending chance node as ``agent`` may know it (default: a spectator), or None:
        ``kind`` (``roll``, ``randomInt``, ``pick``, ``deal``: one card of a shuffle), ``draw``
        (how many outcomes of this step came before), ``audience`` (``'everyone'`` or the seats
        that may see the outcome), labels (``dice``, ``reason``, ``zone``), and ``outcomes``:
        ``{outcome, probability, value}`` each, or ``{outcome, probability, hidden: True}`` for
        a seat (or spectator) outside the audience."""
        seat = None if agent is None else self._seat_of(agent)
        return self._engine.game(self._group, 0, "chanceNode", seat)

    def apply_chance(self, outcome: int) -> None:
        """Chooses the pending chance node's outcome (an index into :meth:`chance_outcomes`):
        the step goes on with it, to the next chance node or to the next decision (rewards and
        the end of the game come as after :meth:`step`). A bad index raises
        :class:`IllegalActionError` (``invalid_chance_outcome``) and changes nothing."""
        if self._seat != CHANCE_SEAT:
            raise IllegalActionError("not_chance_node", "the game is not at a chance node (see is_chance_node())")
        if isinstance(outcome, (bool, np.bool_)) or not isinstance(outcome, (int, np.integer)):
            raise IllegalActionError(
                "invalid_chance_outcome", f"a chance outcome is an index (a whole number), not {outcome!r}"
            )
        reply = self._engine.game(self._group, 0, "applyChance", int(outcome))
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        seat = int(reply["seat"])
        if seat == CHANCE_SEAT:
            # Another node of the step: nobody acts, nothing to observe, and the reply brings
            # its outcomes (no more round trips for it).
            self._seat = CHANCE_SEAT
            self._obs = {}
            self._mask = self._no_mask
            pairs = reply.get("outcomes")
            if isinstance(pairs, list):
                self._outcomes = [(int(o), float(p)) for o, p in pairs]
            return
        self._take(self._single.observe(max(seat, 0)), [float(r) for r in reply["rewards"]])
        if self._rewarded:
            self._accumulate_rewards()

    def chance_log(self) -> dict[str, Any]:
        """The game as a chance log: its seed, the outcomes chosen in setup and every action
        with the outcomes chosen in its step; ``replayChanceLog`` of ``@ruleloom/core`` replays
        it to the same state. (A game played with chosen outcomes has no match save: a save
        replays chance from its seed, so :meth:`save` refuses it, ``chance_chosen``.)"""
        return self._engine.game(self._group, 0, "chanceLog")

    def information_state(self, agent: str) -> dict[str, Any]:
        """A seat's information state: its view now and the actions so far as it may know them."""
        return self._engine.game(self._group, 0, "history", self._seat_of(agent))

    def undo(self) -> None:
        """Takes back the last decision (an agent's :meth:`step`), where the game allows it: the
        game goes back to the state just before it, the same agent to act with the same
        observation and mask, so stepping the same action again gives the same game (chance
        outcomes and all: a seeded game draws them again from the same generator). Each call
        takes back one more decision.

        Allowed exactly when core's take-back allows it (``takeBack`` of ``@ruleloom/core``):
        the actions taken back are of types the game declares ``undoable`` and nothing hidden
        came out since the decision (no random draw, no card newly seen by any seat, no
        declared reveal). Otherwise :class:`~ruleloom.errors.UndoError` with ``code``
        ``nothing_to_undo``, ``not_undoable`` or ``revealed``, and nothing changes.

        With ``chance_nodes=True`` a chosen chance outcome is a random draw: an undo at a
        chance node takes back the decision whose step waits there only while none of that
        step's outcomes is chosen yet (the game is then as before the decision, no outcome
        pending); once one is chosen, ``revealed``. Undo never takes back a chance outcome
        alone: chance is not a decision.

        Rewards count from here: ``rewards`` and the cumulative rewards start at 0 (as after
        :meth:`restore`); :meth:`returns` still counts from the episode's start."""
        reply = self._engine.game(self._group, 0, "undo")
        body = self._single.observe(max(int(reply["seat"]), 0))
        self._start()
        self._take(body)

    # -- OpenSpiel-style research surface ------------------------------------------------------
    def clone(self) -> "RuleloomAECEnv":
        """An independent environment at the same state: the engine copies the game (state,
        seeds, history; no replay) into a new group, and this side copies the agents, rewards,
        terminations and infos. Stepping one does not change the other; given the same actions
        both continue identically (later ``reset()`` calls too). The copy counts against the
        engine's game cap until it is closed or garbage-collected."""
        return self._adopt(self._engine.clone(self._group, 0, 1), copy_state=True)

    def clone_many(self, n: int) -> "Clones":
        """``n`` copies of this game at its state in one group (one round trip), stepped together
        with :meth:`Clones.step` (one round trip for all): for tree search, e.g. one copy per
        legal action. :meth:`Clones.env` turns one copy into an environment of its own."""
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive whole number, not {n!r}")
        return Clones(self, self._engine.clone(self._group, 0, n), n)

    def _adopt(self, info: dict[str, Any], copy_state: bool) -> "RuleloomAECEnv":
        """An environment of this class on a cloned group (closed when it is garbage-collected)."""
        other = type(self).__new__(type(self))
        AECEnv.__init__(other)
        other.render_mode = self.render_mode
        other._engine = self._engine
        other.initial_seed = self.initial_seed
        other._seed = self._seed
        other._bind(info)
        other._finalizer = weakref.finalize(other, _release, self._engine, other._group)
        if not copy_state:
            other._start()
            other._take(other._single.observe(max(self._engine.game(other._group, 0, "seat"), 0)))
            return other
        if hasattr(self, "terminations"):
            other.agents = list(self.agents)
            other.rewards = dict(self.rewards)
            other._cumulative_rewards = dict(self._cumulative_rewards)
            other.terminations = dict(self.terminations)
            other.truncations = dict(self.truncations)
            other.infos = copy.deepcopy(self.infos)
            other.agent_selection = self.agent_selection
            other._rewarded = self._rewarded
        other._seat = self._seat
        other._outcomes = self._outcomes
        other._obs = {s: o.copy() for s, o in self._obs.items()}
        other._mask = self._mask.copy() if self._mask is not self._no_mask else other._no_mask
        return other

    def current_player(self) -> Optional[str]:
        """The agent to act now, ``'chance'`` at a chance node (``chance_nodes=True``), or None
        when the game is over (or not reset). Without chance nodes the engine draws chance
        itself and this is never ``'chance'``."""
        if self._seat == CHANCE_SEAT:
            return "chance"
        return self.possible_agents[self._seat] if self._seat >= 0 else None

    def returns(self) -> dict[str, float]:
        """Each agent's return for the episode: 0 while it runs; at the end the final reward (+1
        winner, -1 other, 0 for all when all win) plus, for games with per-step rewards, every
        step reward (what the agent was rewarded in all)."""
        values = self._engine.game(self._group, 0, "returns")
        return {a: float(values[s]) for s, a in enumerate(self.possible_agents)}

    def information_state_string(self, agent: str) -> str:
        """The agent's information state as canonical JSON (sorted keys, no spaces): its view now
        and every action so far as it may know them (other seats' secret actions hidden). It
        holds nothing the agent may not know, and is the same for the same information."""
        return json.dumps(self.information_state(agent), sort_keys=True, separators=(",", ":"))

    def information_state_tensor(self, agent: str) -> np.ndarray:
        """The agent's information state as ``float32 (information_state_tensor_size,)``: the
        game's observation encoding of its view, then how many times it took each action index
        this episode (its own actions only). Names: :meth:`information_state_tensor_names`."""
        values = self._engine.game(self._group, 0, "infoTensor", self._seat_of(agent))
        return np.asarray(values, dtype=np.float32)

    def information_state_tensor_names(self) -> list[str]:
        """A name per tensor entry: the observation's names, then ``ownActions[i]``."""
        return self._engine.game(self._group, 0, "infoTensorNames")

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


def _release(engine: Engine, group: int) -> None:
    engine.release(group)


class Clones:
    """``n`` copies of an AEC environment's game (from :meth:`RuleloomAECEnv.clone_many`), stepped
    together: ``step(actions)`` takes one action index per copy (``-1`` for a copy whose game is
    over) in one round trip. After each call: :attr:`seats` (``int32 (n,)``, -1 when over),
    :attr:`observations` (``float32 (n, obs_size)``, the acting seat's), :attr:`action_masks`
    (``int8 (n, action_size)``), and ``step`` returns the rewards ``float32 (n, players)`` and
    ``terminated`` ``bool (n,)``. Closed (its games freed) by :meth:`close`, ``with``, or when
    garbage-collected."""

    def __init__(self, source: RuleloomAECEnv, info: dict[str, Any], n: int):
        self._source = source
        self._engine = source._engine
        self._group: int = info["group"]
        self._finalizer = weakref.finalize(self, _release, self._engine, self._group)
        self.num = n
        self.possible_agents = list(source.possible_agents)
        seat = source._seat
        self.seats = np.full(n, seat, np.int32)
        obs = source._obs.get(seat) if seat >= 0 else None
        self.observations = np.tile(obs if obs is not None else np.zeros(source.obs_size, np.float32), (n, 1))
        self.action_masks = np.tile(source._mask, (n, 1))

    def current_players(self) -> list[Optional[str]]:
        """The agent to act in each copy (None where its game is over)."""
        return [self.possible_agents[s] if s >= 0 else None for s in self.seats.tolist()]

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One action index per copy (-1 for a finished copy); returns (rewards, terminated)."""
        a = np.asarray(actions)
        if a.shape != (self.num,) or a.dtype.kind not in "iu":
            raise IllegalActionError(
                "malformed_action", f"actions must be {self.num} integers, not {a.dtype} {a.shape}"
            )
        batch = self._engine.step(self._group, a.astype(np.int32), MASK_DENSE)
        self.seats = batch.seats.copy()
        self.observations = batch.obs.copy()
        self.action_masks = batch.mask.view(np.int8).copy()  # type: ignore[union-attr]
        return batch.rewards.copy(), (batch.flags & FLAG_ENDED) != 0

    def returns(self, i: int) -> dict[str, float]:
        """Each agent's return in copy ``i`` (0 while its game runs; see :meth:`RuleloomAECEnv.returns`)."""
        values = self._engine.game(self._group, int(i), "returns")
        return {a: float(values[s]) for s, a in enumerate(self.possible_agents)}

    def env(self, i: int) -> RuleloomAECEnv:
        """Copy ``i`` as an AEC environment of its own (one more clone, at the copy's state; its
        rewards and cumulative rewards start at this point)."""
        return self._source._adopt(self._engine.clone(self._group, int(i), 1), copy_state=False)

    def close(self) -> None:
        if self._finalizer.detach() is not None:
            self._engine.close_group(self._group)

    def __enter__(self) -> "Clones":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def env(
    game: str,
    players: Optional[int] = None,
    seed: Optional[int] = None,
    options: Optional[dict[str, Any]] = None,
    render_mode: Optional[str] = None,
    engine: Optional[Engine] = None,
    chance_nodes: bool = False,
) -> RuleloomAECEnv:
    """A PettingZoo AEC environment for ``game`` (a built-in id such as ``"colonial-florida"``, an
    installed kit package or a kit module's path). ``chance_nodes=True``: the game stops at each
    chance node (see :meth:`RuleloomAECEnv.is_chance_node`)."""
    return RuleloomAECEnv(
        game,
        players=players,
        seed=seed,
        options=options,
        render_mode=render_mode,
        engine=engine,
        chance_nodes=chance_nodes,
    )


raw_env = env
