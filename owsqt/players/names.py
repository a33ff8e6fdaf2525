"""The computer players' names, light to import: the command line offers them before it
loads the rules (owsqt/cli/arenaargs.py); players/catalogue.py makes each."""

PLAYER_NAMES = ("random", "greedy")
