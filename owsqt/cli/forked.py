"""Work shared out to forked processes, the results in order: the fuzzer's games and the
arena's. Each process is forked from the caller, which has read the rules once."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def forked_map(work: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """`work` of each of `items`, in their order: `jobs` at a time in forked processes where
    the system forks, else one after another in this process."""
    if jobs <= 1 or len(items) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        yield from map(work, items)
        return
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        yield from pool.map(work, items)
