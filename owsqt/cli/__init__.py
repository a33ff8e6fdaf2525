"""The command line: `owsqt` and `python -m owsqt` (`main`), the desktop by default and the
headless commands, for scripts, referees and tests, beside it. Empty, so that importing
`owsqt.cli.main` stays light (`owsqt --version` loads neither Qt nor the rules)."""
