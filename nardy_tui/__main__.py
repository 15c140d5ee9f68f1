"""Allow ``python -m nardy_tui``."""

from nardy_tui.cli import main

raise SystemExit(main())
