"""The air display: the air boxes and their charts, and its style (4.0)."""
