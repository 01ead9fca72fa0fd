"""``pip install ./packages/python`` writes nothing into the source tree (no ``build/``, no
``*.egg-info``): the build's files go to a scratch folder that is removed afterwards."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if "__pycache__" not in p.parts}


def test_pip_install_leaves_the_source_tree_as_it_was(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(SOURCE, src, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    before = _tree(src)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(tmp_path / "site"), str(src)],
        check=True,
    )
    assert (tmp_path / "site" / "ruleloom" / "__init__.py").is_file()
    assert _tree(src) == before
