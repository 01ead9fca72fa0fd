"""undo(): the last decision taken back where the game allows it (core's take-back rules), in
the AEC and Gymnasium environments, with chance nodes, clones, and the refusals' stable codes."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import numpy as np
import pytest

import ruleloom
from ruleloom.pettingzoo import env as make_env

KITS = Path(__file__).resolve().parent / "kits"
README = Path(__file__).resolve().parents[1] / "README.md"
# Pig with roll and hold declared undoable: a roll draws a die.
UNDOABLE_PIG = str(KITS / "undoable-pig.mjs")
# Draw and Play with play and pass declared undoable: a pass shows a card.
UNDOABLE_DRAW = str(KITS / "undoable-draw-and-play.mjs")


def _state(e) -> tuple:
    """What an agent loop reads now, and every seat's information state."""
    infos = tuple(e.information_state_string(a) for a in e.possible_agents)
    if e.current_player() is None:
        return (None, dict(e.rewards), dict(e.terminations), e.returns(), infos)
    obs, reward, term, trunc, _ = e.last()
    return (e.agent_selection, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, term, infos)


def _bids(e) -> list[int]:
    return [i for i, a in e.legal_actions() if a["type"] == "bid"]


def _refused(call, code: str) -> ruleloom.UndoError:
    with pytest.raises(ruleloom.UndoError) as caught:
        call()
    assert caught.value.code == code
    assert isinstance(caught.value, ruleloom.EngineError)
    return caught.value


def test_an_undo_at_every_decision_then_the_planned_action_plays_the_same_game(engine):
    # Liar's Dice declares its bids undoable (a challenge is not; it ends the round).
    plain = make_env("liars-dice", seed=21, players=3, engine=engine)
    tried = make_env("liars-dice", seed=21, players=3, engine=engine)
    plain.reset()
    tried.reset()
    rng = np.random.default_rng(5)
    undone = 0
    while plain.current_player() is not None:
        assert _state(tried) == _state(plain)
        legal = np.flatnonzero(plain.last()[0]["action_mask"])
        action = int(rng.choice(legal))
        bids = _bids(tried)
        if bids:
            # A different decision first (the highest bid), taken back.
            tried.step(bids[-1])
            assert _state(tried) != _state(plain)
            tried.undo()
            undone += 1
            assert _state(tried) == _state(plain)
        plain.step(action)
        tried.step(action)
    assert _state(tried) == _state(plain)
    assert tried.result() == plain.result()
    assert undone > 10


def test_undo_goes_back_one_decision_at_a_time_to_the_start_then_refuses(engine):
    e = make_env("liars-dice", seed=8, players=2, engine=engine)
    e.reset()
    start = _state(e)
    err = _refused(e.undo, "nothing_to_undo")
    assert "no action was played" in err.message
    states = [start]
    for k in range(4):
        e.step(_bids(e)[k % 2])
        states.append(_state(e))
    for k in range(4, 0, -1):
        assert _state(e) == states[k]
        e.undo()
    assert _state(e) == start
    _refused(e.undo, "nothing_to_undo")
    assert _state(e) == start


def test_undo_on_a_clone_leaves_the_original_and_the_other_way_round(engine):
    e = make_env("st-augustine", seed=3, engine=engine)
    e.reset()
    before = _state(e)
    e.step(e.legal_actions()[0][0])  # a bid: St. Augustine's bids and passes are undoable
    after = _state(e)
    c = e.clone()
    c.undo()
    assert _state(c) == before
    assert _state(e) == after
    e.undo()
    assert _state(e) == before
    # The clone, undone first, plays on independently of the original.
    c.step(c.legal_actions()[1][0])
    assert _state(e) == before
    c.close()


def test_refusals_have_stable_codes_and_change_nothing(engine):
    e = make_env("liars-dice", seed=4, players=2, engine=engine)
    e.reset()
    e.step(_bids(e)[0])
    challenge = [i for i, a in e.legal_actions() if a["type"] == "challenge"]
    e.step(challenge[0])
    now = _state(e)
    err = _refused(e.undo, "not_undoable")
    assert err.message == "'challenge' cannot be taken back in Liar's Dice"
    assert _state(e) == now
    # A game that declares nothing undoable never takes back.
    cf = make_env("colonial-florida", seed=4, engine=engine)
    cf.reset()
    cf.step(int(np.flatnonzero(cf.last()[0]["action_mask"])[0]))
    assert _refused(cf.undo, "not_undoable").message.endswith("cannot be taken back in Colonial Florida")
    # A random draw since (an undoable roll of Pig).
    pig = make_env(UNDOABLE_PIG, seed=4, engine=engine)
    pig.reset()
    pig.step(0)  # roll
    now = _state(pig)
    err = _refused(pig.undo, "revealed")
    assert "a random draw happened since" in err.message
    assert _state(pig) == now
    # A card a seat had not seen (an undoable pass discards a hand card face up).
    draw = make_env(UNDOABLE_DRAW, seed=3, engine=engine)
    draw.reset()
    draw.step([i for i, a in draw.legal_actions() if a["type"] == "pass"][0])
    err = _refused(draw.undo, "revealed")
    assert "has seen card" in err.message


def test_with_chance_nodes_undo_takes_back_a_decision_until_its_outcome_is_chosen(engine):
    e = make_env(UNDOABLE_PIG, seed=4, chance_nodes=True, engine=engine)
    e.reset()
    while e.is_chance_node():
        e.apply_chance(2)  # setup's and the first forced roll: threes
    assert e.current_player() == "player_0"
    before = _state(e)
    e.step(0)  # roll: the step waits at the die's chance node
    assert e.is_chance_node()
    e.undo()  # nothing drawn yet: back to before the roll, no node pending
    assert not e.is_chance_node()
    assert _state(e) == before
    # Played again with an outcome: exactly as a game that never undid.
    twin = make_env(UNDOABLE_PIG, seed=4, chance_nodes=True, engine=engine)
    twin.reset()
    while twin.is_chance_node():
        twin.apply_chance(2)
    for g in (e, twin):
        g.step(0)
        g.apply_chance(4)  # a five
    assert _state(e) == _state(twin)
    assert e.chance_log() == twin.chance_log()
    # Once an outcome is chosen it is out: refused, at the node and after the step.
    e.step(0)
    e.apply_chance(3)
    assert "random draw" in _refused(e.undo, "revealed").message
    e.step(1)  # hold: the next seat's forced roll waits at a node, no outcome chosen yet
    assert e.is_chance_node()
    e.undo()
    assert e.current_player() == "player_0" and not e.is_chance_node()


def test_the_gymnasium_env_takes_back_its_seat_and_the_bots_moves_after_it(engine):
    def make(seed):
        env = ruleloom.RuleloomGymEnv("st-augustine", seat=0, opponents=["random"], engine=engine)
        return env, env.reset(seed=seed)[0]

    e, _ = make(0)
    with pytest.raises(ruleloom.UndoError) as caught:
        e.undo()
    assert caught.value.code == "nothing_to_undo"
    undone = 0
    for seed in range(4):
        e, obs = make(seed)
        plain, _ = make(seed)
        for k in range(12):
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[k % len(legal)])
            e.step(int(legal[(k + 1) % len(legal)]))
            try:
                back, info = e.undo()
            except ruleloom.UndoError as refused:
                # A random bot soon plays what cannot be taken back (St. Augustine's trade offers).
                assert refused.code in ("revealed", "not_undoable")
                break
            undone += 1
            assert info == {}
            assert back["observation"].tolist() == obs["observation"].tolist()
            assert back["action_mask"].tolist() == obs["action_mask"].tolist()
            # The bots answer as they would have (their generators restored): the same game as
            # one never taken back.
            obs, reward, term, _, _ = e.step(action)
            want, want_reward, want_term, _, _ = plain.step(action)
            assert obs["observation"].tolist() == want["observation"].tolist()
            assert (reward, term) == (want_reward, want_term)
            if term:
                break
        e.close()
        plain.close()
    assert undone >= 3


def test_the_readme_undo_snippet_runs_and_prints_what_it_says():
    text = README.read_text(encoding="utf8")
    after = text.split("<!-- undo-snippet: run by tests/test_undo.py -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", after, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (undo)", "exec"), {})
    assert out.getvalue().splitlines() == ["player_0", "not_undoable"]
