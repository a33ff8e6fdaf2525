"""Victory (19.0): each scenario's conditions, judged when the game ends. Empty: its home;
the conditions are read with the scenarios."""
