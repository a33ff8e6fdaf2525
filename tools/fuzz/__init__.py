"""Whole games by random legal actions, alone (solo) or as two e-mail players (email)."""
