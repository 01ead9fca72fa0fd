"""The README's chance-node snippet runs as printed, and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_chance_node_snippet_runs_and_prints_what_it_says():
    text = README.read_text(encoding="utf8")
    after = text.split("<!-- chance-nodes-snippet: run by tests/test_readme_chance.py -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", after, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (chance nodes)", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "chance"
    assert lines[1] == "[(0, 0.16666666666666666), (1, 0.16666666666666666)]"
    assert lines[2] == "{'outcome': 5, 'probability': 0.16666666666666666, 'value': 6}"
    assert lines[3] == "player_0 6"
    winners, steps = lines[4].split("] ")
    assert winners in ("[0", "[1") and int(steps) > 0
