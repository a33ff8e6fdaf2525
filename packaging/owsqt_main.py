"""The bundles' program: owsqt's command line, the desktop when given no command."""

from owsqt.cli.main import main

raise SystemExit(main())
