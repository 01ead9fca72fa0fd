"""A one-ply Ruleloom bot: looks at the view after each legal action and keeps the best.

The engine previews each action in states consistent with the bot's view (the public rules
only); the bot scores the resulting views with a small, game-agnostic evaluation: its own
money (or gold, or score) plus $1,000 a turn for each thing it owns, against the best
opponent's. Replace `evaluate` with
your game's knowledge.
"""
import ruleloom_bot


def _number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _worth(player, turns_left):
    """Money (or gold) now, plus what owned things bring: $1,000 a turn each, for the turns left."""
    if not isinstance(player, dict):
        return 0
    worth = _number(player.get("money")) + 1000 * _number(player.get("gold"))
    for key in ("shops", "cards", "played"):
        if isinstance(player.get(key), list):
            worth += 1000 * turns_left * len(player[key])
    return worth


def evaluate(view, seat, options):
    turns = _number(options.get("turns")) if isinstance(options, dict) else 0
    turns_left = max(1, turns - _number(view.get("turn")))
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players):
        mine = _worth(players[seat], turns_left)
        others = [_worth(p, turns_left) for i, p in enumerate(players) if i != seat]
        return mine - (max(others) if others else 0)
    scores = view.get("scores")
    if isinstance(scores, list) and 0 <= seat < len(scores):
        return _number(scores[seat]) - max(_number(s) for i, s in enumerate(scores) if i != seat)
    return 0


def choose(decision):
    if len(decision.legal_actions) == 1:
        return 0
    previews = decision.preview(samples=2)
    scores = [sum(evaluate(v, decision.seat, decision.options) for v in views) / len(views) for views in previews]
    best = max(scores)
    ties = [i for i, s in enumerate(scores) if s == best]
    return decision.rng.choice(ties)


if __name__ == "__main__":
    ruleloom_bot.run(choose, name="python-one-ply")
