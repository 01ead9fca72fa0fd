from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import ruleloom
from ruleloom import EngineCrashed, EngineError, IllegalActionError
from ruleloom.pettingzoo import env


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its parent) is not running.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def wait_gone(pid: int, seconds: float = 15) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_an_illegal_action_index_raises_a_clear_error_and_changes_nothing(engine):
    e = env("colonial-florida", seed=1, engine=engine)
    e.reset()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"action {illegal} is not legal for player_0 \(legal indexes: \["):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="not legal"):
        e.step(10**6)
    with pytest.raises(IllegalActionError, match="an action is an index"):
        e.step("move")
    assert e.save()["actions"] == []
    e.step(int(np.flatnonzero(mask)[0]))  # still the same game, still player_0's decision
    assert len(e.save()["actions"]) == 1


def test_the_engine_itself_refuses_an_illegal_index(engine):
    group = engine.create({"game": "colonial-florida", "num": 2})["group"]
    batch = engine.reset(group, [1.0, 2.0], 0)
    legal0 = int(np.flatnonzero(batch.mask[0])[0])
    illegal1 = int(np.flatnonzero(batch.mask[1] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"game 1: action index {illegal1} is not legal for seat 0"):
        engine.step(group, np.array([legal0, illegal1]), 0)
    # Nothing was applied, not even game 0's legal action.
    assert engine.game(group, 0, "save")["actions"] == []


def test_a_vector_env_refuses_illegal_actions_before_sending_them(engine):
    v = ruleloom.vector_env("colonial-florida", 3, seed=1, engine=engine)
    _, info = v.reset()
    mask = info["action_mask"]
    actions = mask.argmax(axis=1)
    actions[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"game 2: action {actions[2]} is not legal"):
        v.step(actions)
    with pytest.raises(IllegalActionError, match="shape"):
        v.step(actions[:2])
    with pytest.raises(IllegalActionError, match="integers"):
        v.step(actions.astype(float))


def test_an_unknown_game_or_bot_is_an_engine_error_naming_the_known_ones(engine):
    with pytest.raises(EngineError, match="unknown game 'chess'.*colonial-florida"):
        env("chess", engine=engine)
    with pytest.raises(EngineError, match="unknown bot 'alphazero'"):
        ruleloom.vector_env("pig", 1, opponents=["alphazero"], engine=engine)
    with pytest.raises(EngineError, match="invalid_setup"):
        env("pig", options={"target": -3}, engine=engine)


def test_a_killed_engine_gives_a_clear_exception():
    own = ruleloom.Engine()
    e = env("colonial-florida", seed=1, engine=own)
    e.reset()
    os.kill(own.pid, signal.SIGKILL)
    with pytest.raises(EngineCrashed, match="engine process ended unexpectedly"):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(EngineCrashed):
        e.step(0)
    own.close()


def test_close_stops_the_engine_process():
    own = ruleloom.Engine()
    pid = own.pid
    assert alive(pid)
    own.close()
    assert wait_gone(pid)


def _python_with_engine(code: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    assert line.startswith("engine "), line
    return proc, int(line.split()[1])


def test_a_killed_python_process_leaves_no_engine_behind():
    proc, pid = _python_with_engine(
        """
        import time, ruleloom
        from ruleloom.pettingzoo import env
        e = env("pig", seed=1)
        e.reset()
        print("engine", ruleloom.shared_engine().pid, flush=True)
        time.sleep(60)
        """
    )
    assert alive(pid)
    proc.kill()
    proc.wait()
    assert wait_gone(pid), "the engine must exit when its Python process dies (stdin closes)"


def test_python_exiting_normally_stops_the_engine():
    proc, pid = _python_with_engine(
        """
        import ruleloom
        v = ruleloom.vector_env("pig", 4, workers=2)
        v.reset()
        print("engine", ruleloom.shared_engine().pid, flush=True)
        """
    )
    assert proc.wait(timeout=60) == 0
    assert wait_gone(pid)
