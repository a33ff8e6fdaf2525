"""owsqt: a rules-aware desktop table for Operation Winter Storm."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("owsqt")  # the one source: pyproject.toml, through the metadata
except PackageNotFoundError:  # a source tree run without installing it
    __version__ = "0+source"
