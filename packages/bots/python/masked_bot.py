"""A Ruleloom bot that plays by the legal-action mask of the game's observation features.

It asks for features, checks that the observation has the size the hello announced, and
picks uniformly among the action-space indices the mask allows, answering with the action
index. Put a learned policy in `choose`: score `decision.observation`, keep the best allowed
index. Without features (a game that declares none) it falls back to any legal action.
"""
import ruleloom_bot


def choose(decision):
    allowed = decision.allowed()
    if allowed is None:
        return decision.rng.randrange(len(decision.legal_actions))
    if len(decision.observation) != decision.features["observationSize"]:
        raise RuntimeError("the observation does not have the announced size")
    if len(decision.mask) != decision.features["actionSize"]:
        raise RuntimeError("the mask does not have the announced size")
    if len(allowed) != len(decision.legal_actions):
        raise RuntimeError("the mask does not allow exactly the legal actions")
    return {"actionIndex": decision.rng.choice(allowed)}


if __name__ == "__main__":
    ruleloom_bot.run(choose, name="python-masked", features=True)
