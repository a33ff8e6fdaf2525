"""The bottom of the rules: hex grid, game state, actions, events, dice, verdicts and the
codec that writes them as JSON. Core imports nothing else of owsqt."""
