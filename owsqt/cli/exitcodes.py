"""The exit codes of the headless commands (scripts and referees test them;
docs/pbem-format.md, "Exit codes")."""

EXIT_OK = 0
EXIT_REFUSED = 1  # `act`: the rules refused the action; `verify`: entries break rules
EXIT_BAD_INPUT = 2  # a file, an action or an argument that cannot be used: one line says why

EXIT_CODES_HELP = (
    "exit codes: 0 done; 1 refused by the rules (act) or rules broken (verify); 2 bad input "
    "(a file that cannot be read, trusted or written, an action or an argument that cannot "
    "be used), said in one line on stderr, 'owsqt: WHAT: WHY'. A traceback is a bug in "
    "owsqt: please report it."
)
