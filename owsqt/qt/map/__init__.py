"""The map in the scene: the painted battle map, its style, shapes, paths and labels, the
view that zooms and accepts dropped units, and the hex menu."""
