"""Computer players (issue 38): each chooses one action from what its side may see and the
actions the rules allow now, within a declared budget (`interface`). Pure: it imports
owsqt.rules only, never the session or Qt; the arena (owsqt/cli/arena.py) and the fuzzer
drive the players."""
