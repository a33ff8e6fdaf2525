"""Docks beside the map: the arrivals waiting to come on and the stack inspector."""
