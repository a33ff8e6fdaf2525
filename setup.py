"""The build's one step beyond pyproject.toml: the game's data goes into the wheel.

resources/ and scenarios/ sit beside owsqt/ in the source tree (and in the sdist, by
MANIFEST.in); an installed owsqt finds them inside its package, in owsqt/_shipped/, where
this build_py copies them (owsqt.rules.data.datafile.resources_dir looks there when the
source tree's are not beside it).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = ("resources", "scenarios")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        shipped = Path(self.build_lib) / "owsqt" / "_shipped"
        for name in DATA:
            shutil.copytree(Path(name), shipped / name, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithData})
