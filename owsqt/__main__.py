"""Allow `python -m owsqt`."""

from owsqt.cli.main import main

raise SystemExit(main())
