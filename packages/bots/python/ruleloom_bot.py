"""Write a Ruleloom bot in Python: the ruleloom.bot/1 JSON-lines protocol over stdin/stdout.

Standard library only. A bot is a function ``choose(decision)`` that returns the index of one
of ``decision.legal_actions`` (or an action dict); ``run(choose)`` does the rest::

    import ruleloom_bot

    def choose(decision):
        return decision.rng.randrange(len(decision.legal_actions))

    ruleloom_bot.run(choose, name="my-random-bot")

See docs/guides/bot-protocol.md for the messages.
"""

import json
import random
import sys

PROTOCOL = "ruleloom.bot/1"


class Decision:
    """One decision: what the seat sees and may do, and its time budget."""

    def __init__(self, hello, message, rng, channel):
        self.hello = hello
        self.game = hello.get("game")
        self.players = hello.get("players")
        self.options = hello.get("options")
        self.number = message.get("decision")
        self.seat = message["seat"]
        self.view = message["view"]
        self.legal_actions = [entry["action"] for entry in message["legalActions"]]
        self.time_limit_ms = message.get("timeLimitMs")
        self.rng = rng
        self._channel = channel

    def preview(self, samples=1):
        """The seat's view after each legal action, in `samples` states consistent with its view.

        Returns a list (one per legal action) of lists (one per sample) of views. The engine
        computes them from this bot's view and the public rules only.
        """
        self._channel.send({"type": "preview", "samples": samples})
        answer = self._channel.receive()
        if answer is None or answer.get("type") != "previews":
            raise RuntimeError("the engine did not answer the preview")
        return answer["views"]


class _Channel:
    def __init__(self, stdin, stdout):
        self._in = stdin
        self._out = stdout

    def send(self, message):
        self._out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self._out.flush()

    def receive(self):
        line = self._in.readline()
        if line == "":
            return None
        return json.loads(line)


def run(choose, name="python-bot", stdin=None, stdout=None):
    """Plays one game: answers the hello, then every decision, until the engine says bye."""
    channel = _Channel(stdin or sys.stdin, stdout or sys.stdout)
    hello = channel.receive()
    if hello is None:
        return
    if hello.get("protocol") != PROTOCOL:
        sys.stderr.write("unsupported protocol %r (this helper speaks %s)\n" % (hello.get("protocol"), PROTOCOL))
        sys.exit(2)
    rng = random.Random(hello.get("seed", 0))
    channel.send({"type": "ready", "name": name})
    while True:
        message = channel.receive()
        if message is None or message.get("type") == "bye":
            return
        if message.get("type") != "decide":
            continue
        decision = Decision(hello, message, rng, channel)
        choice = choose(decision)
        if isinstance(choice, int) and not isinstance(choice, bool):
            channel.send({"type": "action", "index": choice})
        else:
            channel.send({"type": "action", "action": choice})
