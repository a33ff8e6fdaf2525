"""Fog of war (18.1): the game option (`option`), what one side may know of the game
(`view`) and the hidden unit a bombardment strikes, drawn by die (`draw`)."""
