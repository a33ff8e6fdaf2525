"""Counters: their style, symbols and painter, the stack items on the map, marker chits
and the unit menu."""
