"""Allow ``python -m nardy_tui``."""

from nardy_tui.cli import main

if __name__ == "__main__":  # not when a rollout's worker process imports this module
    raise SystemExit(main())
