"""The bridge to the engine cannot hang or corrupt: a hostile or broken engine (garbage, a wrong
greeting, a bogus length, an end or a stall in the middle of a frame, malformed replies) makes
Python raise a RuleloomError within seconds, without allocating what a length prefix claims;
a kit that prints to stdout works; misuse raises RuleloomError subclasses."""

from __future__ import annotations

import resource
import sys
import textwrap
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import ruleloom
from ruleloom import (
    EngineCrashed,
    EngineLimitError,
    EngineProtocolError,
    EngineTimeout,
    GameOverError,
    IllegalActionError,
    RuleloomError,
    UnknownAgentError,
)
from ruleloom.pettingzoo import env

PRINTING_KIT = Path(ruleloom.find_cli()).parent.parent / "test" / "fixtures" / "pig-printing-kit.mjs"

# A fake engine: a Python script started the way the real one is (`<node> <cli> engine --stdio`,
# with node=sys.executable and cli=this script), then the scenario's lines.
FAKE = '''
import json, struct, sys, time
out, inp = sys.stdout.buffer, sys.stdin.buffer
def send(data):
    out.write(data)
    out.flush()
def frame(op, payload):
    body = bytes([op]) + payload
    return struct.pack("<I", len(body)) + body
def request():
    head = inp.read(4)
    if len(head) < 4:
        sys.exit(0)
    return inp.read(struct.unpack("<I", head)[0])
GREETING = b"RULELOOM" + struct.pack("<I", 2)
HELLO = {"protocol": 2, "version": "fake", "games": [], "bots": [], "maxFrame": 1 << 24, "maxGames": 4096}
def ready():
    send(GREETING)
    asked = json.loads(request()[1:])
    HELLO["maxFrame"] = min(HELLO["maxFrame"], asked["maxFrame"])
    send(frame(1, json.dumps(HELLO).encode()))
sys.stderr.write("fake engine: up\\n")
sys.stderr.flush()
'''

MB = 1 << 20


def fake_engine(tmp_path: Path, scenario: str, **kwargs):
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE + textwrap.dedent(scenario))
    return ruleloom.Engine(cli=script, node=sys.executable, **kwargs)


class Measured:
    """Time and Python memory (tracemalloc peak; the process's peak RSS) of a block."""

    def __enter__(self):
        tracemalloc.start()
        self.rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
        self.t0 = time.monotonic()
        return self

    def __exit__(self, *exc):
        self.seconds = time.monotonic() - self.t0
        self.peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        self.rss_growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - self.rss0) * 1024
        return False

    def check(self, seconds: float = 5.0) -> None:
        assert self.seconds < seconds, f"took {self.seconds:.2f} s"
        assert self.peak < 100 * MB, f"Python allocated up to {self.peak / MB:.0f} MB"
        assert self.rss_growth < 100 * MB, f"peak RSS grew {self.rss_growth / MB:.0f} MB"


# -- a hostile engine ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first_bytes",
    [b"Hello from a kit\n", b"\xff\xff\xff\xffgarbage", b"RULELOOX\x02\x00\x00\x00"],
    ids=["console.log", "garbage", "wrong-magic"],
)
def test_anything_but_the_greeting_raises_at_once(tmp_path, first_bytes):
    with Measured() as m:
        with pytest.raises(EngineProtocolError, match="did not start with the Ruleloom greeting") as error:
            fake_engine(tmp_path, f"send({first_bytes!r})\ntime.sleep(60)\n")
    m.check()
    assert "fake engine: up" in str(error.value)  # the engine's stderr tail


def test_a_wrong_protocol_version_is_named(tmp_path):
    with pytest.raises(EngineProtocolError, match="the engine speaks protocol 7, this package 2"):
        fake_engine(tmp_path, 'send(b"RULELOOM" + struct.pack("<I", 7))\ntime.sleep(60)\n')


@pytest.mark.parametrize(
    "reply",
    [b"\xff\xff\xff\xff", b"\xf0\xff\xff\xff" + b"x" * 100, b"Hell" + b"o from a kit\n", b"\x00\x00\x00\x00"],
    ids=["0xFFFFFFFF", "4-GiB", "ascii-as-length", "empty-frame"],
)
def test_a_bogus_length_prefix_raises_before_allocating(tmp_path, reply):
    with Measured() as m:
        with pytest.raises(EngineProtocolError, match="frame length of"):
            fake_engine(tmp_path, f"send(GREETING)\nrequest()\nsend({reply!r})\ntime.sleep(60)\n")
    m.check()


def test_a_length_above_the_agreed_frame_size_raises(tmp_path):
    engine = fake_engine(
        tmp_path, "ready()\nrequest()\nsend(struct.pack('<I', 5000) + b'x' * 5000)\ntime.sleep(60)\n", max_frame=4096
    )
    assert engine.max_frame == 4096  # the smaller of the two
    with Measured() as m:
        with pytest.raises(EngineProtocolError, match="frame length of 5000 bytes \\(the agreed maximum is 4096"):
            engine.create({"game": "pig"})
    m.check()
    assert not engine.alive


def test_an_end_in_the_middle_of_a_frame_raises(tmp_path):
    engine = fake_engine(tmp_path, "ready()\nrequest()\nsend(struct.pack('<I', 100) + b'\\x01' * 10)\n")
    with Measured() as m:
        with pytest.raises(EngineCrashed, match="in the middle of a frame \\(14 of its 104 bytes came\\)"):
            engine.create({"game": "pig"})
    m.check()


def test_a_stall_in_the_middle_of_a_frame_raises(tmp_path):
    engine = fake_engine(
        tmp_path, "ready()\nrequest()\nsend(struct.pack('<I', 100) + b'\\x01' * 10)\ntime.sleep(60)\n", stall_timeout=1
    )
    with Measured() as m:
        with pytest.raises(EngineTimeout, match="sent nothing for 1 s"):
            engine.create({"game": "pig"})
    m.check()
    assert not engine.alive


def test_a_silent_engine_raises_at_start_and_a_reply_timeout_applies(tmp_path):
    with Measured() as m:
        with pytest.raises(EngineTimeout, match="sent nothing for 1 s"):
            fake_engine(tmp_path, "time.sleep(60)\n", start_timeout=1)
    m.check()
    engine = fake_engine(tmp_path, "ready()\nrequest()\ntime.sleep(60)\n", timeout=1)
    with pytest.raises(EngineTimeout):
        engine.create({"game": "pig"})


def test_an_engine_that_dies_at_start_names_its_stderr(tmp_path):
    with pytest.raises(EngineCrashed, match="(?s)exit code 3.*boom"):
        fake_engine(tmp_path, "sys.stderr.write('boom\\n')\nsys.exit(3)\n")


@pytest.mark.parametrize(
    "reply",
    [
        "frame(0, b'not json')",
        "frame(0, b'[1, 2]')",
        "frame(0, b'{\"code\": 5}')",
        "frame(0, b'\\xff\\xfe')",
        "frame(1, b'{not json')",
        "frame(9, b'{}')",
        "frame(2, b'\\x02\\x00')",
    ],
    ids=["error-not-json", "error-a-list", "error-bad-code", "error-not-utf8", "json-not-json", "bad-op", "short-batch"],
)
def test_a_malformed_reply_raises_a_protocol_error(tmp_path, reply):
    engine = fake_engine(tmp_path, f"ready()\nrequest()\nsend({reply})\nrequest()\n")
    with Measured() as m:
        with pytest.raises(EngineProtocolError, match="the engine"):
            engine.create({"game": "pig"})
    m.check()
    engine.close()


def test_a_malformed_batch_reply_raises_a_protocol_error(tmp_path):
    # A batch header claiming 1000 games of 1000 observations in a 40-byte reply.
    engine = fake_engine(
        tmp_path,
        "ready()\nrequest()\nsend(frame(2, struct.pack('<BHIIII', 0, 0, 1000, 2, 1000, 2) + b'\\0' * 20))\n"
        "request()\n",
    )
    with pytest.raises(EngineProtocolError, match="malformed batch reply"):
        engine.reset(1, [1.0], 0)
    engine.close()


def test_bytes_after_a_reply_raise_a_protocol_error(tmp_path):
    engine = fake_engine(tmp_path, "ready()\nrequest()\nsend(frame(1, b'null') + b'PRINTED')\ntime.sleep(60)\n")
    with pytest.raises(EngineProtocolError, match="bytes after its reply"):
        engine.create({"game": "pig"})


# -- the real engine ---------------------------------------------------------------------------


def test_a_kit_that_prints_at_load_and_at_every_step_plays_to_the_end():
    with ruleloom.Engine() as engine:
        e = env(str(PRINTING_KIT), seed=3, engine=engine)
        e.reset()
        steps = 0
        for agent in e.agent_iter(max_iter=5000):
            obs, _, termination, truncation, _ = e.last()
            e.step(None if termination or truncation else int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
        assert e.result() is not None and steps > 10
        v = ruleloom.vector_env(str(PRINTING_KIT), 4, seed=1, workers=2, engine=engine)
        v.reset()
        for _ in range(30):
            v.step(np.zeros(4, np.int64))  # roll (always legal)
        assert "pig-printing-kit: observation" in "\n".join(engine._stderr)  # its output, on stderr


def test_a_request_above_the_agreed_frame_size_is_refused_before_it_is_sent():
    with ruleloom.Engine(max_frame=4096) as engine:
        assert engine.max_frame == 4096 and engine.info["maxFrame"] == 4096
        with pytest.raises(EngineLimitError, match="frame_too_large: a request of"):
            engine.request({"cmd": "hello", "padding": "x" * 5000})
        with pytest.raises(EngineLimitError, match="reply_too_large"):
            v = ruleloom.vector_env("pig", 200, engine=engine)
            v.reset()
        assert engine.alive and engine.request({"cmd": "hello"})["protocol"] == 2


def test_the_games_one_engine_hosts_are_capped():
    with ruleloom.Engine(max_games=10) as engine:
        assert engine.max_games == 10
        first = ruleloom.vector_env("pig", 8, engine=engine)
        with pytest.raises(EngineLimitError, match="too_many_games: this engine hosts at most 10 games"):
            ruleloom.vector_env("pig", 3, engine=engine)
        first.close()
        ruleloom.vector_env("pig", 10, engine=engine).reset()
    with ruleloom.Engine() as engine:
        assert engine.max_games == 4096


# -- misuse --------------------------------------------------------------------------------------


def test_stepping_a_finished_game_or_an_unknown_agent_raises_a_ruleloom_error(engine):
    e = env("pig", seed=2, options={"target": 10}, engine=engine)
    with pytest.raises(GameOverError, match="call reset\\(\\) before step"):
        e.step(0)
    e.reset()
    with pytest.raises(UnknownAgentError, match="there is no agent 'player_9' in this 2-player game") as error:
        e.observe("player_9")
    assert isinstance(error.value, KeyError) and isinstance(error.value, RuleloomError)
    with pytest.raises(UnknownAgentError):
        e.action_space("nobody")
    for agent in e.agent_iter(max_iter=5000):
        obs, _, termination, truncation, _ = e.last()
        e.step(None if termination or truncation else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(GameOverError, match="the game is over and every agent is done: call reset"):
        e.step(0)
    with pytest.raises(GameOverError):
        e.last()
    assert isinstance(GameOverError("x"), IllegalActionError)
    e.reset()  # and it plays again
    assert e.agents == ["player_0", "player_1"]

    g = ruleloom.RuleloomGymEnv("pig", engine=engine)
    with pytest.raises(GameOverError, match="call reset"):
        g.step(0)
