"""The computer players' names and their strength levels', light to import: the command line
offers them before it loads the rules (owsqt/cli/arenaargs.py); players/catalogue.py makes
each player, players/interface.py declares each level."""

PLAYER_NAMES = ("random", "greedy", "heuristic")
LEVEL_NAMES = ("easy", "normal")
