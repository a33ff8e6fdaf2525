"""The rounding convention of rule 2.5 (rounding.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from owsqt.rules.core.rounding import round_half_up


def test_round_2_5_fifty_hundredths_and_higher_round_up() -> None:
    assert round_half_up(Fraction(1, 2)) == 1
    assert round_half_up(Fraction(5, 2)) == 3  # Python's round() would give 2
    assert round_half_up(Fraction(51, 100)) == 1
    assert round_half_up(Decimal("2.50")) == 3
    assert round_half_up(0.5) == 1
    assert round_half_up(2.5) == 3


def test_round_2_5_forty_nine_hundredths_and_lower_round_down() -> None:
    assert round_half_up(Fraction(49, 100)) == 0
    assert round_half_up(Decimal("2.49")) == 2
    assert round_half_up(Fraction(1, 4)) == 0
    assert round_half_up(0.49) == 0
    assert round_half_up(2.49) == 2


def test_round_2_5_exact_at_the_boundary() -> None:
    # One part in a million below a half still rounds down; floats are read as written.
    assert round_half_up(Fraction(499999, 1000000)) == 0
    assert round_half_up(2.675) == 3
    assert round_half_up(Fraction(1, 3)) == 0
    assert round_half_up(Fraction(2, 3)) == 1


def test_round_2_5_whole_numbers_and_negatives() -> None:
    assert round_half_up(4) == 4
    assert round_half_up(Fraction(8, 2)) == 4
    assert round_half_up(Fraction(-5, 2)) == -2  # halves go towards positive infinity


def test_round_17_4_example_replacement_fractions() -> None:
    assert round_half_up(9 * Fraction(1, 4)) == 2  # 2.25 rounded down to 2
    assert round_half_up(1 * Fraction(1, 4)) == 0  # .25 rounded down to 0
    assert round_half_up(Decimal("9") * Decimal(".25")) == 2


def test_round_2_5_refuses_non_numbers() -> None:
    with pytest.raises(TypeError):
        round_half_up(True)
    with pytest.raises(TypeError):
        round_half_up("2.5")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        round_half_up(float("inf"))
    with pytest.raises(ValueError):
        round_half_up(Decimal("NaN"))
