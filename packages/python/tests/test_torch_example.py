"""The torch example (examples/train_masked_policy.py) runs end to end through the
``gymnasium.vector.VectorEnv`` interface: a few seconds of training on 4 games, both evaluations,
the curve's JSON. Needs torch and matplotlib (``pip install "./packages/python[torch]"``); CI's
venv has neither, so there it is skipped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the torch example needs torch (pip install './packages/python[torch]')")
pytest.importorskip("matplotlib", reason="the torch example draws its curve with matplotlib")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_masked_policy.py"


def test_the_torch_example_trains_through_the_vector_env_interface(tmp_path):
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--minutes", "0.05", "--envs", "4", "--batch-games", "4",
         "--eval-games", "4", "--out", str(tmp_path / "curve.png"), "--json", str(tmp_path / "curve.json")],
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads((tmp_path / "curve.json").read_text())
    assert result["curve"], "at least one update"
    steps = [p["steps"] for p in result["curve"]]
    assert steps == sorted(steps) and steps[0] > 0
    assert 0.0 <= result["before"] <= 1.0 and 0.0 <= result["after"] <= 1.0
    assert (tmp_path / "curve.png").stat().st_size > 0
