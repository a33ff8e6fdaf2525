"""The battle map: geographic sources, the projection onto the printed grid, the compiler,
the compiled GameMap the rules ask, and the set-up zones drawn on it."""
