"""Tests of the computer players and the arena (issue 38)."""
