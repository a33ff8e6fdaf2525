"""The pure game, one package per feature; never imports Qt.

core is at the bottom; data, map, scenario and turn above it; then the features
(movement, combat, engineering, ...); at the top the engine, which assembles every
feature's handlers, and the queries over the whole game. The layers contract in
pyproject.toml keeps imports pointing down.
"""
