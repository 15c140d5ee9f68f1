"""One side of a match met by a code, in a process of its own, for a test to end while it
waits at the mailbox: killed (SIGKILL), or quitting as the game does (SIGTERM here).

``python -m tests.net.meeting_side MAILBOX TRANSIT ROLE CODE [HOW]``: without ``HOW`` the
side meets as the game does (a session with the code of later meetings) and waits for
ever; ``quits``: the same, and on SIGTERM it closes its session and ends at once;
``proves``: it proves the code and then says nothing more (killed mid-introduction).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from nardy_tui.net import Role, Session
from nardy_tui.options import Rendezvous
from tests.net.test_line_fuzz import Heard


async def meet_and_wait(rendezvous: Rendezvous, role: Role, code: str) -> None:
    """Meet as the game does, until SIGTERM; then quit as the game does."""
    session = Session(role, b"", Heard())
    session.again = code
    session.meet(rendezvous, code)
    quit = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, quit.set)
    await quit.wait()
    await session.close()
    os._exit(0)  # the program ends at once: nothing after the close may finish its work


async def prove_and_stop(rendezvous: Rendezvous, code: str) -> None:
    """Prove the code at the mailbox, then stop without a word more (nor a close)."""
    from nardy_tui.net import rendezvous as meeting

    reactor = meeting.Reactor.running()

    async def prove() -> None:
        hole = meeting._new_wormhole(reactor, rendezvous)
        hole.set_code(code)
        await hole.get_verifier()

    await reactor.run(prove)
    await asyncio.Event().wait()


def main(arguments: list[str]) -> None:
    mailbox, transit, role, code, *how = arguments
    rendezvous = Rendezvous(mailbox, transit, direct=False)
    if how == ["proves"]:
        asyncio.run(prove_and_stop(rendezvous, code))
    else:
        asyncio.run(meet_and_wait(rendezvous, Role(role), code))


if __name__ == "__main__":
    main(sys.argv[1:])
