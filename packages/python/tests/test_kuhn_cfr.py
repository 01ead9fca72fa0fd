"""Vanilla CFR on Kuhn poker (the kit in examples/07-kuhn-poker) through the OpenSpiel-style
chance-node API only: is_chance_node, chance_outcomes, apply_chance, clone,
information_state_string, current_player. The tree is read from the API once and cached; CFR
then iterates on it in Python. It must reach the game's value for the first player, -1/18, and
an exploitability (by exact best response over the same tree) below 0.01."""

from __future__ import annotations

import itertools
from pathlib import Path

from ruleloom.pettingzoo import env as make_env

KIT = Path(__file__).resolve().parents[3] / "examples" / "07-kuhn-poker" / "dist" / "kuhn-poker.mjs"


def build_tree(e) -> dict:
    """The game tree below ``e``'s state, read through the API (each child on a clone)."""
    player = e.current_player()
    if player is None:
        # The scores are each seat's net chips.
        return {"type": "terminal", "u0": float(e.result()["scores"][0])}
    if player == "chance":
        children = []
        for outcome, probability in e.chance_outcomes():
            c = e.clone()
            c.apply_chance(outcome)
            children.append((probability, build_tree(c)))
            c.close()
        return {"type": "chance", "children": children}
    seat = e.possible_agents.index(player)
    legal = [int(a) for a in e.last()[0]["action_mask"].nonzero()[0]]
    children = []
    for action in legal:
        c = e.clone()
        c.step(action)
        children.append(build_tree(c))
        c.close()
    return {
        "type": "player",
        "seat": seat,
        "key": e.information_state_string(player),
        "actions": legal,
        "children": children,
    }


def infosets(node: dict, out: dict) -> dict:
    """Every information set: key -> (seat, number of actions)."""
    if node["type"] == "player":
        out[node["key"]] = (node["seat"], len(node["actions"]))
    for child in node.get("children", []):
        infosets(child[1] if node["type"] == "chance" else child, out)
    return out


def cfr(node: dict, reach: list[float], regrets: dict, strategy_sum: dict) -> float:
    """One vanilla CFR pass (both players at once); returns seat 0's expected utility."""
    if node["type"] == "terminal":
        return node["u0"]
    if node["type"] == "chance":
        return sum(p * cfr(child, reach, regrets, strategy_sum) for p, child in node["children"])
    key, seat, n = node["key"], node["seat"], len(node["actions"])
    r = regrets[key]
    positive = [max(x, 0.0) for x in r]
    total = sum(positive)
    sigma = [x / total for x in positive] if total > 0 else [1.0 / n] * n
    values = []
    for a, child in enumerate(node["children"]):
        next_reach = list(reach)
        next_reach[seat] *= sigma[a]
        values.append(cfr(child, next_reach, regrets, strategy_sum))
    value = sum(s * v for s, v in zip(sigma, values))
    sign = 1.0 if seat == 0 else -1.0  # zero-sum: seat 1's utility is -u0
    opponent = reach[1 - seat]
    for a in range(n):
        r[a] += opponent * sign * (values[a] - value)
        strategy_sum[key][a] += reach[seat] * sigma[a]
    return value


def expected_u0(node: dict, policy: dict) -> float:
    """Seat 0's expected utility when both play ``policy`` (key -> action probabilities)."""
    if node["type"] == "terminal":
        return node["u0"]
    if node["type"] == "chance":
        return sum(p * expected_u0(child, policy) for p, child in node["children"])
    return sum(p * expected_u0(child, policy) for p, child in zip(policy[node["key"]], node["children"]))


def best_response_value(root: dict, policy: dict, sets: dict, seat: int) -> float:
    """The best ``seat`` can get against ``policy``: the maximum over its pure strategies (one
    action per information set; Kuhn has 2^6 for each seat), each evaluated exactly."""
    mine = sorted(k for k, (s, _) in sets.items() if s == seat)
    best = float("-inf")
    for choice in itertools.product(*[range(sets[k][1]) for k in mine]):
        pure = dict(policy)
        for key, a in zip(mine, choice):
            pure[key] = [1.0 if i == a else 0.0 for i in range(sets[key][1])]
        u0 = expected_u0(root, pure)
        best = max(best, u0 if seat == 0 else -u0)
    return best


def test_vanilla_cfr_on_kuhn_poker_reaches_the_game_value_and_a_low_exploitability(engine):
    assert KIT.exists(), f"build the kit first: pnpm --filter @ruleloom/example-07-kuhn-poker run build ({KIT})"
    e = make_env(str(KIT), seed=1, chance_nodes=True, engine=engine)
    e.reset()
    # The deal: the card left in the deck (3 outcomes), then the second player's (2), hidden from both.
    assert e.is_chance_node() and len(e.chance_outcomes()) == 3
    root = build_tree(e)
    e.close()
    sets = infosets(root, {})
    assert len(sets) == 12  # 3 cards x 2 decision points, for each seat
    # An information set key names one card, the seat's own: never the other player's.
    for key, (_, n) in sets.items():
        assert n == 2
        assert sum(card in key for card in ("jack", "queen", "king")) == 1, key

    regrets = {k: [0.0] * n for k, (_, n) in sets.items()}
    strategy_sum = {k: [0.0] * n for k, (_, n) in sets.items()}
    for _ in range(3000):
        cfr(root, [1.0, 1.0], regrets, strategy_sum)
    average = {k: [x / sum(s) if sum(s) > 0 else 1.0 / len(s) for x in s] for k, s in strategy_sum.items()}

    value = expected_u0(root, average)
    assert abs(value - (-1.0 / 18.0)) < 0.005, value
    br0 = best_response_value(root, average, sets, 0)
    br1 = best_response_value(root, average, sets, 1)
    exploitability = (br0 + br1) / 2.0  # NashConv / 2, as OpenSpiel reports it
    print(f"kuhn cfr: value {value:.5f} (-1/18 = {-1 / 18:.5f}), exploitability {exploitability:.5f}")
    assert 0.0 <= exploitability < 0.01, exploitability
