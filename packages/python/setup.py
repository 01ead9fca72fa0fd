"""Records where the package was installed from, so that ``ruleloom`` finds the repository's
build of the engine (packages/cli/dist/bin.js) without RULELOOM_CLI.

Every file the build makes (``build/``, ``*.egg-info``) goes to a scratch folder outside the
source tree, removed when the build ends: ``pip install ./packages/python`` leaves the
repository as it was."""

import atexit
import shutil
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        repo = Path(__file__).resolve().parents[2]
        if (repo / "packages" / "cli" / "package.json").is_file():
            target = Path(self.build_lib) / "ruleloom" / "_build_info.py"
            target.write_text(f"# Written at install time.\nREPO = {str(repo)!r}\n")


scratch = tempfile.mkdtemp(prefix="ruleloom-python-build-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)

setup(
    cmdclass={"build_py": BuildPy},
    options={"build": {"build_base": str(Path(scratch) / "build")}, "egg_info": {"egg_base": scratch}},
)
