"""``python -m game``: the headless command line (see game.cli)."""
from game.cli import main

raise SystemExit(main())
