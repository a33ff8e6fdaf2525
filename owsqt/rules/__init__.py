"""The pure game: grid, tables, state, actions and the engine. Never imports Qt."""
