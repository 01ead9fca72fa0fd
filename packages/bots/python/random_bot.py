"""A random Ruleloom bot: any legal action, from the bot's own seeded stream."""
import ruleloom_bot


def choose(decision):
    return decision.rng.randrange(len(decision.legal_actions))


if __name__ == "__main__":
    ruleloom_bot.run(choose, name="python-random")
