"""Records where the package was installed from, so that ``ruleloom`` finds the repository's
build of the engine (packages/cli/dist/bin.js) without RULELOOM_CLI."""

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


setup(cmdclass={"build_py": BuildPy})
