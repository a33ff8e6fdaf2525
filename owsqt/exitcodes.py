"""The exit codes of the headless commands (scripts and referees test them)."""

EXIT_OK = 0
EXIT_REFUSED = 1  # `act`: the rules refused the action; `verify`: entries break rules
EXIT_BAD_INPUT = 2  # unreadable, tampered or wrong input
