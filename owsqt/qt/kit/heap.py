"""The program's long-lived objects set apart from Python's cyclic garbage collector.

The ruleset, the map and the window live as long as the program; the collector would walk
them all again in each of its full collections, holding the interpreter for tens of
milliseconds while the computer thinks in a worker thread (qt/kit/background.py) and the
window waits. Collected once and frozen at start, they are never walked again."""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collect what is garbage now and freeze the rest: the collector's full passes then
    walk only the objects made later."""
    gc.collect()
    gc.freeze()
