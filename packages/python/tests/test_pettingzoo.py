from __future__ import annotations

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from conftest import GAMES
from ruleloom.pettingzoo import env


def random_play(e, rng, limit=100_000):
    steps = 0
    for agent in e.agent_iter(limit):
        obs, _reward, term, trunc, _info = e.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game, engine):
    api_test(env(game, seed=1, engine=engine), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game, engine):
    seed_test(lambda: env(game, engine=engine), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_observations_are_float32_and_masks_int8_with_declared_spaces(game, engine):
    e = env(game, seed=5, engine=engine)
    e.reset()
    agent = e.agent_selection
    obs = e.observe(agent)
    space = e.observation_space(agent)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].dtype == np.int8
    assert space.contains(obs)
    assert obs["observation"].shape == (e.obs_size,)
    assert obs["action_mask"].shape == (e.action_size,) == (e.action_space(agent).n,)
    assert obs["action_mask"].sum() >= 1
    other = next(a for a in e.agents if a != agent) if len(e.agents) > 1 else None
    if other is not None:
        assert e.observe(other)["action_mask"].sum() == 0
    e.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ends_with_final_rewards_from_the_result(game, engine):
    e = env(game, seed=11, engine=engine)
    e.reset()
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(100_000):
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    result = e.result()
    assert result is not None
    for seat, agent in enumerate(e.possible_agents):
        expected = 0.0 if len(result["winners"]) == len(total) else (1.0 if seat in result["winners"] else -1.0)
        if e.step_rewards:  # Pig: plus the per-step score changes / 100, which add up to the final score / 100
            expected += result["scores"][seat] / 100
        assert total[agent] == pytest.approx(expected, abs=1e-5)
    e.close()


def test_a_game_that_declares_per_step_rewards_rewards_each_step(engine):
    e = env("pig", players=2, seed=4, options={"target": 30}, engine=engine)
    assert e.step_rewards
    e.reset()
    rewarded_steps = 0
    returns = {a: 0.0 for a in e.possible_agents}
    for i, agent in enumerate(e.agent_iter(10_000)):
        obs, reward, term, trunc, _info = e.last()
        returns[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        # Roll twice, then hold (index 0 = roll, 1 = hold).
        action = 1 if i % 3 == 2 and obs["action_mask"][1] == 1 else 0
        e.step(action)
        if any(r != 0 for r in e.rewards.values()) and not any(e.terminations.values()):
            rewarded_steps += 1
    assert rewarded_steps > 0, "holds bank points: rewards before the end"
    result = e.result()
    for seat, agent in enumerate(e.possible_agents):
        final = 1.0 if seat in result["winners"] else -1.0
        assert returns[agent] == pytest.approx(result["scores"][seat] / 100 + final, abs=1e-5)
    assert not env("colonial-florida", engine=engine).step_rewards
    e.close()


def test_the_same_seed_gives_the_same_game(engine):
    a, b = env("colonial-florida", seed=42, engine=engine), env("colonial-florida", seed=42, engine=engine)
    a.reset()
    b.reset()
    random_play(a, np.random.default_rng(3))
    random_play(b, np.random.default_rng(3))
    assert a.save()["hash"] == b.save()["hash"]
    c = env("colonial-florida", seed=43, engine=engine)
    c.reset()
    random_play(c, np.random.default_rng(3))
    assert c.save()["hash"] != a.save()["hash"]


def test_render_shows_the_presenters_board(engine):
    e = env("colonial-florida", seed=1, render_mode="ansi", engine=engine)
    e.reset()
    text = e.render()
    assert isinstance(text, str) and "St Augustine" in text


def test_save_is_ruleloom_save_json_and_restore_continues_the_game(engine):
    rng = np.random.default_rng(9)
    e = env("colonial-florida", seed=8, engine=engine)
    e.reset()
    for _ in range(30):
        obs, _r, term, _t, _i = e.last()
        if term:
            break
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    save = json.loads(json.dumps(e.save()))
    assert save["format"] == "ruleloom.match/2" and save["game"] == "colonial-florida"
    assert len(save["actions"]) == 30
    f = env("colonial-florida", seed=999, engine=engine)
    f.reset()
    f.restore(save)
    assert f.agent_selection == e.agent_selection
    np.testing.assert_array_equal(f.observe(f.agent_selection)["observation"], e.observe(e.agent_selection)["observation"])
    np.testing.assert_array_equal(f.observe(f.agent_selection)["action_mask"], e.observe(e.agent_selection)["action_mask"])
    action = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    e.step(action)
    f.step(action)
    assert f.save()["hash"] == e.save()["hash"]


def test_a_tampered_save_is_refused(engine):
    from ruleloom import EngineError

    e = env("pig", seed=1, engine=engine)
    e.reset()
    e.step(0)
    save = e.save()
    save["hash"] = "0" * len(save["hash"])
    with pytest.raises(EngineError):
        e.restore(save)


def test_colonial_florida_dice_come_with_their_probabilities(engine):
    e = env("colonial-florida", seed=2, engine=engine)
    e.reset()
    seen = []
    rng = np.random.default_rng(1)
    for agent in e.agent_iter(400):
        obs, _r, term, trunc, _i = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        seen.extend(e.chance_outcomes())
    rolls = [c for c in seen if c["type"] == "roll"]
    assert rolls, "a Colonial Florida game rolls dice"
    for roll in rolls:
        assert abs(sum(o["probability"] for o in roll["distribution"]) - 1) < 1e-9
        sides = int(roll["dice"].split("d")[1])
        assert roll["valueProbability"] == pytest.approx(1 / sides)
        assert all(1 <= v <= sides for v in roll["values"])
        assert roll["totalProbability"] > 0
        assert roll["total"] == sum(roll["values"])


def test_information_state_lists_actions_and_the_seats_own_view(engine):
    e = env("colonial-florida", seed=4, engine=engine)
    e.reset()
    rng = np.random.default_rng(2)
    for _ in range(10):
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = e.information_state("player_1")
    assert state["seat"] == 1
    assert len(state["actions"]) == 10
    assert "players" in state["view"] and "deck" not in state["view"]


def test_action_indexes_decode_to_typed_actions_and_back(engine):
    e = env("colonial-florida", seed=4, engine=engine)
    e.reset()
    legal = e.legal_actions()
    mask = e.observe(e.agent_selection)["action_mask"]
    assert sorted(i for i, _a in legal) == np.flatnonzero(mask).tolist()
    for index, action in legal:
        assert e.decode_action(index) == action
        assert e.encode_action(action) == index
    names = e.observation_names()
    assert len(names) == e.obs_size and len(set(names)) == e.obs_size
    assert names[0] == "players[0]" and "dice[0]" in names


def test_observations_are_views_of_their_own_reply_not_overwritten_by_later_steps(engine):
    e = env("colonial-florida", seed=3, engine=engine)
    e.reset()
    first = e.observe(e.agent_selection)
    kept = {k: v.copy() for k, v in first.items()}
    rng = np.random.default_rng(0)
    for _ in range(5):
        obs, _r, term, _t, _i = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    np.testing.assert_array_equal(first["observation"], kept["observation"])
    np.testing.assert_array_equal(first["action_mask"], kept["action_mask"])
    e.close()


def test_chance_outcomes_never_show_a_seat_another_seats_private_dice(engine):
    """Liar's Dice rolls each cup privately (audience: its seat). Over many rounds, every seat's
    chance_outcomes() shows its own cup's faces (the dice its view shows) and every other cup
    only as hidden."""
    e = env("liars-dice", players=3, seed=21, engine=engine)
    e.reset()
    rng = np.random.default_rng(3)
    own, hidden = 0, 0
    for agent in e.agent_iter(3000):
        obs, _r, term, trunc, _i = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for seat, name in enumerate(e.possible_agents):
            rolls = [c for c in e.chance_outcomes(name) if c["type"] == "roll"]
            shown = [c for c in rolls if not c.get("hidden")]
            # At most its own cup, and nothing of another's: no values in a hidden record.
            assert len(shown) <= 1
            assert all(set(c) == {"type", "hidden"} for c in rolls if c.get("hidden"))
            if shown:
                view = e.information_state(name)["view"]
                assert sorted(shown[0]["values"]) == sorted(view["players"][seat]["dice"])
                own += 1
            hidden += len(rolls) - len(shown)
    assert own >= 10 and hidden >= own, (own, hidden)
