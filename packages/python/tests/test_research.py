"""The OpenSpiel-style research surface of the AEC environments: clone (no replay), clone_many and
batched steps on clones, returns, current_player, and information states."""

from __future__ import annotations

import gc
import json

import numpy as np
import pytest

import ruleloom
from ruleloom.pettingzoo import env as make_env

from conftest import GAMES


def _first_legal(e, k: int = 0) -> int:
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    return int(legal[k % len(legal)])


def _snapshot(e) -> tuple:
    """Everything an agent loop reads from the env now."""
    if e.current_player() is None:
        return (None, dict(e.rewards), dict(e.terminations), e.returns())
    obs, reward, term, trunc, _ = e.last()
    return (e.agent_selection, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, term, trunc)


@pytest.mark.parametrize("game", ["pig", "liars-dice", "colonial-florida"])
def test_a_clone_continues_exactly_as_the_original_over_a_whole_game(game, engine):
    e = make_env(game, seed=11, engine=engine)
    e.reset()
    for k in range(3):
        e.step(_first_legal(e, k))
    c = e.clone()
    assert c.current_player() == e.current_player()
    assert c.information_state_string("player_0") == e.information_state_string("player_0")
    k = 0
    while e.current_player() is not None:
        assert _snapshot(c) == _snapshot(e)
        a = _first_legal(e, 7 * k + 3)
        e.step(a)
        c.step(a)
        k += 1
        assert k < 5000
    assert _snapshot(c) == _snapshot(e)
    assert c.returns() == e.returns()
    assert c.save() == e.save()
    # Later episodes too: both reset with the same next seed.
    e.reset()
    c.reset()
    assert _snapshot(c) == _snapshot(e)
    c.close()
    e.close()


def test_a_clone_is_independent_stepping_one_leaves_the_other(engine):
    e = make_env("liars-dice", seed=3, engine=engine)
    e.reset()
    e.step(_first_legal(e))
    before = _snapshot(e)
    history = e.information_state_string("player_1")
    c = e.clone()
    c.step(_first_legal(c, 1))
    c.step(_first_legal(c, 2))
    assert _snapshot(e) == before
    assert e.information_state_string("player_1") == history
    # The original diverges on its own path, the clone is untouched by it.
    clone_now = _snapshot(c)
    e.step(_first_legal(e, 5))
    assert _snapshot(c) == clone_now
    assert _snapshot(e) != clone_now
    c.close()
    e.close()


def test_a_clone_of_a_finished_game_is_finished_with_the_same_returns(engine):
    e = make_env("pig", seed=4, engine=engine)
    e.reset()
    assert e.returns() == {"player_0": 0.0, "player_1": 0.0}
    k = 0
    while e.current_player() is not None:
        e.step(_first_legal(e, k))  # rolls and holds in turn: a game with a winner
        assert all(v == 0.0 for v in e.returns().values()) or e.current_player() is None
        k += 1
    c = e.clone()
    assert c.current_player() is None
    assert c.returns() == e.returns()
    assert sorted(c.returns().values())[-1] >= 1.0  # a winner: +1 and Pig's score / 100
    # The returns are what the agents were rewarded in all (step rewards and the final one).
    assert c.terminations == e.terminations and all(c.terminations.values())
    c.close()
    e.close()


def test_returns_add_up_every_reward_given(engine):
    e = make_env("pig", seed=9, engine=engine)
    e.reset()
    total = dict.fromkeys(e.possible_agents, 0.0)
    k = 0
    while e.current_player() is not None:
        e.step(_first_legal(e, k))
        for a in e.possible_agents:
            total[a] += e.rewards[a]
        k += 1
    assert e.returns() == pytest.approx(total, abs=1e-5)


def test_clone_many_steps_every_copy_in_one_call_as_separate_clones_would(engine):
    e = make_env("liars-dice", seed=21, engine=engine)
    e.reset()
    e.step(_first_legal(e))
    legal = np.flatnonzero(e.last()[0]["action_mask"])[:5]
    with e.clone_many(len(legal)) as copies:
        assert copies.current_players() == [e.current_player()] * len(legal)
        assert (copies.observations == e.last()[0]["observation"]).all()
        rewards, terminated = copies.step(legal)
        assert rewards.shape == (len(legal), e.num_players) and terminated.shape == (len(legal),)
        for i, a in enumerate(legal.tolist()):
            one = e.clone()
            one.step(a)
            if one.current_player() is not None:
                assert copies.current_players()[i] == one.current_player()
                assert copies.observations[i].tolist() == one.last()[0]["observation"].tolist()
                assert copies.action_masks[i].tolist() == one.last()[0]["action_mask"].tolist()
            # A copy as an environment of its own, at the copy's state.
            own = copies.env(i)
            assert own.information_state_string("player_0") == one.information_state_string("player_0")
            assert own.current_player() == one.current_player()
            own.close()
            one.close()
        assert copies.returns(0) == dict.fromkeys(e.possible_agents, 0.0)
        with pytest.raises(ruleloom.IllegalActionError):
            copies.step([0])
    # The original never moved.
    assert e.information_state_string("player_0").count('"seat":0') >= 1
    assert len(e.information_state("player_0")["actions"]) == 1
    e.close()


def test_clones_count_against_the_engines_game_cap_and_are_freed_when_closed_or_collected():
    with ruleloom.Engine(max_games=4) as small:
        e = make_env("pig", seed=1, engine=small)
        e.reset()
        a = e.clone()
        many = e.clone_many(2)  # 4 games now
        with pytest.raises(ruleloom.EngineLimitError, match="at most 4 games"):
            e.clone()
        with pytest.raises(ruleloom.EngineLimitError):
            e.clone_many(1)
        many.close()
        b = e.clone_many(2)  # freed by close
        with pytest.raises(ruleloom.EngineLimitError):
            e.clone()
        del b
        gc.collect()
        c = e.clone()  # a collected clone is closed at the next clone
        a.close()
        c.close()
        e.close()


def test_clones_are_refused_for_groups_on_worker_threads(engine):
    from ruleloom.vector import vector_env

    v = vector_env("pig", 4, workers=2, seed=1, engine=engine)
    with pytest.raises(ruleloom.EngineError, match="worker threads"):
        engine.clone(v._group, 0, 1)
    v.close()


def test_current_player_is_the_agent_to_act_and_none_at_the_end(engine):
    e = make_env("liars-dice", seed=2, engine=engine)
    assert e.current_player() is None  # not reset
    e.reset()
    while e.current_player() is not None:
        assert e.current_player() == e.agent_selection
        assert e.last()[0]["action_mask"].any()
        e.step(_first_legal(e, 1))
    assert all(e.terminations.values())


def _dice_under_cup(e, agent: str) -> str:
    """A seat's own dice as the game's presenter shows it that seat (not the information state)."""
    seat = e.agent_name_mapping[agent]
    return e.board(agent).splitlines()[4 + seat]


def test_a_seats_information_state_ignores_another_seats_private_dice(engine):
    # Two Liar's Dice games (fixed seeds, found by a deterministic scan) where seat 0 holds the
    # same dice and seat 1 different ones, played with the same public bids.
    pair = None
    seen: dict[str, object] = {}
    for s in range(1, 400):
        e = make_env("liars-dice", seed=s, engine=engine)
        e.reset()
        key = _dice_under_cup(e, "player_0")
        other = seen.get(key)
        if other is not None and _dice_under_cup(other, "player_1") != _dice_under_cup(e, "player_1"):
            pair = (other, e)
            break
        if other is None:
            seen[key] = e
        else:
            e.close()
    assert pair is not None
    for e in seen.values():
        if e not in pair:
            e.close()
    a, b = pair
    assert a.current_player() == b.current_player() == "player_0"
    bids = 0
    while a.current_player() is not None and bids < 6:
        assert a.information_state_string("player_0") == b.information_state_string("player_0")
        assert a.information_state_tensor("player_0").tolist() == b.information_state_tensor("player_0").tolist()
        # The test means something: seat 1's own information differs.
        assert a.information_state_string("player_1") != b.information_state_string("player_1")
        # The same public move in both: the lowest legal bid (a challenge would reveal dice).
        bid = next(i for i, act in a.legal_actions() if act["type"] == "bid")
        assert bid in [i for i, _ in b.legal_actions()]
        a.step(bid)
        b.step(bid)
        bids += 1
    assert bids == 6
    a.close()
    b.close()


@pytest.mark.parametrize("game", GAMES)
def test_information_states_are_deterministic_finite_and_of_the_declared_size(game, engine):
    e = make_env(game, seed=5, engine=engine)
    twin = make_env(game, seed=5, engine=engine)
    e.reset()
    twin.reset()
    size = e.information_state_tensor_size
    assert size == e.obs_size + e.action_size
    names = e.information_state_tensor_names()
    assert len(names) == size and names[-1] == f"ownActions[{e.action_size - 1}]"
    steps = 0
    while True:
        for agent in e.possible_agents:
            t = e.information_state_tensor(agent)
            assert t.dtype == np.float32 and t.shape == (size,) and np.isfinite(t).all()
            text = e.information_state_string(agent)
            assert text == twin.information_state_string(agent) == e.information_state_string(agent)
            assert json.loads(text)["seat"] == e.agent_name_mapping[agent]
        if e.current_player() is None or (steps >= 300 and game not in ("pig", "liars-dice")):
            break
        actor = e.current_player()
        own = e.information_state_tensor(actor)[e.obs_size :].sum()
        a = _first_legal(e, steps * 5 + 1)
        e.step(a)
        twin.step(a)
        # The acting seat's own-action counts grew by one.
        assert e.information_state_tensor(actor)[e.obs_size :].sum() == own + 1
        steps += 1
        assert steps < 5000
    assert game not in ("pig", "liars-dice") or all(e.terminations.values())
    e.close()
    twin.close()
