"""Expectimax on Pig through the chance-node API (is_chance_node, chance_outcomes, apply_chance,
clone): maximising the points banked this turn, it rolls below a turn total of 20 and holds above
it (the known "hold at 20" rule: a roll gains 5/6 x 4 and risks 1/6 x the turn total), and its
values equal an independent computation of the same lookahead."""

from __future__ import annotations

import math

import pytest

from ruleloom.pettingzoo import env as make_env

ROLL, HOLD = 0, 1  # Pig's action indexes


def expectimax(e, seat: int, turn: int, base: int, depth: int, chain: int = 0) -> tuple[float, dict[int, float]]:
    """The expected points ``seat`` banks this turn with ``depth`` more rolls of lookahead (at
    depth 0 it holds), and each action's value at a decision of that turn. Chance nodes are
    averaged over their outcomes with the API's probabilities."""
    player = e.current_player()
    if player == "chance":
        outcomes = e.chance_outcomes()
        if chain >= 2:
            # Two chance nodes with no decision between: our turn is over and these are the next
            # turns' forced first rolls. Our banked points are the same whichever face comes,
            # so one outcome (a 2) gives the exact value for this objective.
            outcomes = [(outcomes[1][0], 1.0)]
        total = 0.0
        for outcome, probability in outcomes:
            c = e.clone()
            c.apply_chance(outcome)
            total += probability * expectimax(c, seat, turn, base, depth, chain + 1)[0]
            c.close()
        return total, {}
    view = e.information_state(player)["view"]  # Pig hides nothing
    if view["turn"] != turn or view["current"] != seat:
        return float(view["scores"][seat] - base), {}  # the turn is over: what it banked
    if depth == 0:
        return float(view["turnTotal"]), {}  # hold now
    legal = [int(a) for a in e.last()[0]["action_mask"].nonzero()[0]]
    values = {}
    for action in legal:
        c = e.clone()
        c.step(action)
        values[action] = expectimax(c, seat, turn, base, depth - 1 if action == ROLL else 0)[0]
        c.close()
    return max(values.values()), values


def lookahead(t: int, k: int) -> float:
    """The same objective computed without the engine: hold (t) or roll (a 1 loses the turn
    total; 2..6 add to it), with k rolls of lookahead."""
    if k == 0:
        return float(t)
    return max(float(t), roll_value(t, k))


def roll_value(t: int, k: int) -> float:
    return sum(lookahead(t + face, k - 1) for face in range(2, 7)) / 6.0


def _at_turn_total(engine, faces: list[int]):
    """Seat 0's first turn after rolling ``faces`` (chosen at the chance nodes)."""
    e = make_env("pig", seed=1, options={"target": 100}, chance_nodes=True, engine=engine)
    e.reset()
    for i, face in enumerate(faces):
        if i > 0:
            e.step(ROLL)
        assert e.is_chance_node()
        e.apply_chance(face - 1)  # outcome k is face k + 1
    assert e.current_player() == "player_0"
    view = e.information_state("player_0")["view"]
    assert view["turnTotal"] == sum(faces) and view["turn"] == 1
    return e, view


@pytest.mark.parametrize(
    "faces, decision",
    [([6, 6, 6], ROLL), ([6, 6, 6, 6], HOLD), ([2], ROLL), ([6, 6, 6, 6, 2], HOLD), ([6, 6, 6, 2], None)],
)
def test_expectimax_on_pigs_chance_nodes_holds_at_20(engine, faces, decision):
    e, view = _at_turn_total(engine, faces)
    t = view["turnTotal"]
    value, values = expectimax(e, 0, view["turn"], view["scores"][0], depth=2)
    e.close()
    # The engine's tree gives the same numbers as the independent computation.
    assert math.isclose(values[HOLD], t)
    assert math.isclose(values[ROLL], roll_value(t, 2), rel_tol=1e-12), (values, roll_value(t, 2))
    assert math.isclose(value, lookahead(t, 2), rel_tol=1e-12)
    if decision is None:  # at exactly 20, rolling once more gains nothing on average
        assert math.isclose(values[ROLL], values[HOLD], rel_tol=1e-12)
    else:
        best = max(values, key=values.get)
        assert best == decision, (t, values)
        assert (t < 20) == (decision == ROLL)
