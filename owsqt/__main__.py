"""Allow `python -m owsqt`."""

from owsqt.cli import main

raise SystemExit(main())
