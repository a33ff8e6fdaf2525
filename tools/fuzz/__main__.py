"""python -m tools.fuzz: see cli.py."""

import sys

from tools.fuzz.cli import main

sys.exit(main())
