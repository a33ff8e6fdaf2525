"""The rulebook's rounding convention (rule 2.5), exact for fractions."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

__all__ = ["round_half_up"]


def round_half_up(value: int | Fraction | Decimal | float) -> int:
    """Round as rule 2.5 says: ratios of .50 and higher round up, .49 and lower round down.

    Used wherever the rules produce a fraction, e.g. replacement points (17.3): 9 x .25 = 2.25
    gives 2, and 2.5 gives 3. Fractions and Decimals are rounded exactly. A float is read as the
    decimal it prints as (``2.675`` is taken as 2.675, not the binary value just below it).
    Halves round towards positive infinity, so -2.5 gives -2; the rules never round negatives.
    """
    if isinstance(value, bool):
        raise TypeError("round_half_up() takes a number, not a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot round {value!r}")
        exact = Fraction(Decimal(repr(value)))
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"cannot round {value!r}")
        exact = Fraction(value)
    elif isinstance(value, Fraction):
        exact = value
    else:
        raise TypeError(f"round_half_up() takes a number, not {type(value).__name__}")
    return math.floor(exact + Fraction(1, 2))
