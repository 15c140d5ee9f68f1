"""A clock for the host's code gate in tests: time passes only when the gate waits or a
test says so, so that no test waits a real second for each code checked."""

from __future__ import annotations

import asyncio

from nardy_tui.net.gate import PAUSE_SECONDS, CodeGate


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)

    def gate(self) -> CodeGate:
        """A gate that keeps this clock's time."""
        return CodeGate(self, self.sleep)

    def wait_out_any_pause(self) -> None:
        """Time enough passes for a gate shut by wrong codes to open again."""
        self.now += PAUSE_SECONDS
