"""Chance nodes (``chance_nodes=True``): the OpenSpiel-style is_chance_node / chance_outcomes /
apply_chance / current_player() == 'chance', clones at a chance node, audiences, and the errors."""

from __future__ import annotations

import math

import pytest

import ruleloom

from ruleloom.errors import IllegalActionError
from ruleloom.pettingzoo import env as make_env


def _pig(engine, seed: int = 3):
    e = make_env("pig", seed=seed, options={"target": 20}, chance_nodes=True, engine=engine)
    e.reset()
    return e


def test_chance_nodes_are_off_by_default_and_the_engine_draws_chance_itself(engine):
    e = make_env("pig", seed=3, engine=engine)
    e.reset()
    seen = 0
    while e.current_player() is not None:
        assert e.current_player() != "chance"
        assert not e.is_chance_node()
        e.step(0 if e.last()[0]["action_mask"][1] == 0 or seen % 3 else 1)
        # The draws since the last step, as dicts (today's behaviour).
        assert all(isinstance(c, dict) for c in e.chance_outcomes())
        seen += 1
    e.close()


def test_a_roll_is_a_chance_node_of_six_outcomes_and_each_applies_its_face(engine):
    e = _pig(engine)
    # Setup starts the first turn, whose first roll is forced: a chance node before anyone acts.
    assert e.is_chance_node() and e.current_player() == "chance"
    outcomes = e.chance_outcomes()
    assert [o for o, _ in outcomes] == [0, 1, 2, 3, 4, 5]
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    node = e.chance_node()
    assert node["kind"] == "roll" and node["audience"] == "everyone"
    assert [o["value"] for o in node["outcomes"]] == [1, 2, 3, 4, 5, 6]
    for outcome in range(2, 6):  # faces 3..6 keep the turn going
        c = e.clone()
        assert c.is_chance_node()
        c.apply_chance(outcome)
        assert c.current_player() == "player_0"
        view = c.information_state(c.current_player())["view"]
        assert view["lastRoll"] == outcome + 1 and view["turnTotal"] == outcome + 1
        c.close()
    # The original is still at its chance node: the clones changed nothing here.
    assert e.is_chance_node() and e.chance_outcomes() == outcomes
    e.close()


def test_bad_outcomes_and_wrong_calls_are_refused_with_stable_codes_and_change_nothing(engine):
    e = _pig(engine)
    before = e.chance_node()
    for bad, code in [(6, "invalid_chance_outcome"), (-1, "invalid_chance_outcome"), (1.5, "invalid_chance_outcome"), (True, "invalid_chance_outcome")]:
        with pytest.raises(IllegalActionError) as caught:
            e.apply_chance(bad)
        assert caught.value.code == code
    assert e.chance_node() == before
    with pytest.raises(IllegalActionError) as caught:
        e.step(0)
    assert caught.value.code == "chance_node"
    e.apply_chance(3)
    with pytest.raises(IllegalActionError) as caught:
        e.apply_chance(0)
    assert caught.value.code == "not_chance_node"
    assert e.chance_outcomes() == []
    e.close()


def test_a_clone_at_a_chance_node_continues_independently(engine):
    e = _pig(engine)
    e.apply_chance(3)  # a 4
    e.step(0)  # roll: a chance node inside the step
    assert e.current_player() == "chance"
    c = e.clone()
    e.apply_chance(0)  # a 1: the turn total is lost, seat 1's forced first roll is next
    assert e.current_player() == "chance"
    c.apply_chance(5)  # a 6: seat 0 goes on with 10
    assert c.current_player() == "player_0"
    assert c.information_state("player_0")["view"]["turnTotal"] == 10
    e.apply_chance(1)
    assert e.current_player() == "player_1"
    assert e.information_state("player_1")["view"]["turnTotal"] == 2
    c.close()
    e.close()


def test_a_game_played_through_chance_nodes_ends_with_returns_and_a_chance_log_not_a_save(engine):
    e = _pig(engine, seed=9)
    k = 0
    while e.current_player() is not None:
        if e.is_chance_node():
            e.apply_chance((7 * k + 2) % len(e.chance_outcomes()))
        else:
            mask = e.last()[0]["action_mask"]
            e.step(1 if mask[1] and k % 4 == 0 else 0)
        k += 1
        assert k < 5000
    result = e.result()
    assert result is not None and max(result["scores"]) >= 20
    returns = e.returns()  # +1 / -1, plus the score / 100 each seat banked (under 0.2 for a loser)
    for seat, agent in enumerate(e.possible_agents):
        assert (returns[agent] > 0) == (seat in result["winners"])
    log = e.chance_log()
    assert log["seed"] == 9 and len(log["setup"]) == 1
    assert all(len(s["chance"]) >= (1 if s["action"]["type"] == "roll" else 0) for s in log["steps"])
    with pytest.raises(Exception) as caught:
        e.save()
    assert getattr(caught.value, "code", None) == "chance_chosen"
    e.close()


def test_a_private_draw_shows_its_values_to_its_audience_only(engine):
    e = make_env("liars-dice", seed=4, players=2, chance_nodes=True, engine=engine)
    e.reset()
    assert e.is_chance_node()
    node = e.chance_node("player_0")
    audience = node["audience"]
    assert audience != "everyone" and len(audience) == 1
    owner = f"player_{audience[0]}"
    other = f"player_{1 - audience[0]}"
    assert all("value" in o for o in e.chance_node(owner)["outcomes"])
    hidden = e.chance_node(other)["outcomes"]
    assert all(o.get("hidden") is True and "value" not in o for o in hidden)
    assert all("value" not in o for o in e.chance_node()["outcomes"])  # a spectator
    # The (outcome, probability) pairs carry no values: the same for every seat.
    assert e.chance_outcomes(owner) == e.chance_outcomes(other) == e.chance_outcomes()
    e.close()


def test_a_shuffle_costs_one_round_trip_per_card_and_its_outcomes_match_the_node():
    # St. Augustine's setup deals its shuffled decks one card at a time: many nodes in a row.
    engine = ruleloom.Engine()
    trips = [0]
    exchange = engine.exchange

    def counted(*args, **kwargs):
        trips[0] += 1
        return exchange(*args, **kwargs)

    engine.exchange = counted
    try:
        e = make_env("st-augustine", seed=5, chance_nodes=True, engine=engine)
        e.reset()
        nodes = 0
        while e.is_chance_node():
            node = e.chance_node()
            assert e.chance_outcomes() == [(o["outcome"], o["probability"]) for o in node["outcomes"]]
            trips[0] = 0
            outcomes = e.chance_outcomes()
            e.apply_chance(outcomes[nodes % len(outcomes)][0])
            if nodes > 0 and e.is_chance_node():
                # The previous apply brought this node's outcomes, and this one the next node's:
                # no request for outcomes, nothing to observe, one round trip a card.
                assert trips[0] == 1
            nodes += 1
        assert nodes > 20
        assert e.current_player() == "player_0"
    finally:
        engine.close()
