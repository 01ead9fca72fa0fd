"""Write a Ruleloom bot in Python: the ruleloom.bot/1 JSON-lines protocol over stdin/stdout.

Standard library only. A bot is a function ``choose(decision)`` that returns the index of one
of ``decision.legal_actions`` (or an action dict, or ``{"actionIndex": j}`` with features); ``run(choose)`` does the rest::

    import ruleloom_bot

    def choose(decision):
        return decision.rng.randrange(len(decision.legal_actions))

    ruleloom_bot.run(choose, name="my-random-bot")

A learning bot can ask for the game's observation features (when the game declares them):
``run(choose, features=True)``; then ``decision.observation`` is the encoding of the view (a
list of numbers), ``decision.mask`` the legal-action mask over the game's action index space,
and ``decision.legal_index(j)`` the index into ``legal_actions`` of action-space index ``j``.

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
        # Observation features: None unless the bot asked for them and the game has them.
        self.features = hello.get("features")
        self.observation = message.get("observation")
        self.mask = message.get("mask")
        self.action_indices = [entry.get("actionIndex") for entry in message["legalActions"]]

    def allowed(self):
        """The action-space indices the mask allows (one per legal action), or None without features."""
        if self.mask is None:
            return None
        return [j for j, bit in enumerate(self.mask) if bit == 1]

    def legal_index(self, action_index):
        """The index into `legal_actions` of the legal action with this action-space index."""
        return self.action_indices.index(action_index)

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


def run(choose, name="python-bot", stdin=None, stdout=None, features=False, many_games=True, on_bye=None):
    """Plays games: answers each hello, then every decision, until the engine says bye.

    With ``features=True`` the bot asks for the game's observation features (sent with each
    decision when the game declares them; the hello's ``features`` gives their sizes).
    With ``many_games=True`` (the default) the bot tells the engine it plays many games in one
    process (``"games": "many"`` in its ready): after a bye it waits for the next hello, until
    standard input ends. ``on_bye(result, message)`` is called at the end of each game with
    the result (``{"winners", "scores", "ranks"}``, or None when the game stopped on a fault;
    ``message["error"]`` then says which) and the whole bye.
    """
    channel = _Channel(stdin or sys.stdin, stdout or sys.stdout)
    while True:
        hello = channel.receive()
        if hello is None:
            return
        if hello.get("type") != "hello":
            continue
        if hello.get("protocol") != PROTOCOL:
            sys.stderr.write("unsupported protocol %r (this helper speaks %s)\n" % (hello.get("protocol"), PROTOCOL))
            sys.exit(2)
        rng = random.Random(hello.get("seed", 0))
        ready = {"type": "ready", "name": name}
        if features:
            ready["features"] = True
        if many_games:
            ready["games"] = "many"
        channel.send(ready)
        while True:
            message = channel.receive()
            if message is None:
                return
            if message.get("type") == "bye":
                if on_bye is not None:
                    on_bye(message.get("result"), message)
                break
            if message.get("type") != "decide":
                continue
            decision = Decision(hello, message, rng, channel)
            choice = choose(decision)
            if isinstance(choice, dict) and set(choice) == {"actionIndex"}:
                channel.send({"type": "action", "actionIndex": choice["actionIndex"]})
            elif isinstance(choice, int) and not isinstance(choice, bool):
                channel.send({"type": "action", "index": choice})
            else:
                channel.send({"type": "action", "action": choice})
        if not many_games:
            return
