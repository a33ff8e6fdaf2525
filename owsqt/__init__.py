"""owsqt: a rules-aware desktop table for Operation Winter Storm."""

__version__ = "0.1.0"
