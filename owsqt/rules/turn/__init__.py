"""The sequence of play (3.1) as a table of steps, the mechanized and non-mechanized
formations that decide who moves when (7.1), and initiative (6.0)."""
