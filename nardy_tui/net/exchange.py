"""One side's part in the throws of a network match: its secrets, the other side's
commitments and secrets, and every throw finished so far.

This is the bookkeeping of ``fair_dice`` between two machines, with no line in it: it says
what to send and checks what arrives. Its state is saved after every change, and each
throw's secret is drawn from a master secret kept for the whole match, so a side that is
stopped mid-throw comes back with the same secret and the same commitment from the other
side, and a throw cannot be thrown again by cutting the line.

>>> host, joiner = DiceExchange(Role.HOST), DiceExchange(Role.JOINER)
>>> joiner.receive_commit(host.commit()); host.receive_commit(joiner.commit())
>>> joiner.receive_reveal(host.reveal())
>>> host.receive_reveal(joiner.reveal())
>>> host.finish() == joiner.finish() and host.number == 2
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nardy_tui.engine import Dice
from nardy_tui.i18n import _
from nardy_tui.net.auth import Role
from nardy_tui.net.fair_dice import DishonestThrow, Secret, Throw, check_reveal, new_master
from nardy_tui.net.messages import Commit, ProtocolError, Reveal


@dataclass
class DiceExchange:
    """The throws as one side (``role``) sees them."""

    role: Role
    throws: list[Throw] = field(default_factory=list)
    """Every throw finished, in order (their numbers are 1, 2, ...)."""
    master: str = field(default_factory=new_master)
    """This side's master secret, from which each throw's secret is drawn (``Secret.of``)."""
    revealed: bool = False
    """Whether this side has sent its secret for the throw in progress."""
    peer_commitment: str | None = None
    peer_secret: str | None = None

    @property
    def number(self) -> int:
        """The number of the throw in progress."""
        return len(self.throws) + 1

    @property
    def secret(self) -> Secret:
        """This side's secret for the throw in progress (number ``number``)."""
        return Secret.of(self.master, self.number)

    @property
    def may_reveal(self) -> bool:
        """Whether this side can send its secret: only once it holds the peer's commitment
        (before that, the peer could still choose its own secret after seeing ours)."""
        return self.peer_commitment is not None

    @property
    def peer_revealed(self) -> bool:
        return self.peer_secret is not None

    def commit(self) -> Commit:
        return Commit(self.number, self.secret.commitment(self.number))

    def reveal(self) -> Reveal:
        if not self.may_reveal:
            raise RuntimeError("the peer's commitment comes before our secret")
        self.revealed = True
        return Reveal(self.number, self.secret.value)

    def receive_commit(self, message: Commit) -> None:
        """Keep the peer's commitment; the same one again (after a reconnection) is fine,
        another one for the same throw is not."""
        _check_number(message.throw)
        if message.throw < self.number:
            if message.commitment != self._peer_part(self.throws[message.throw - 1])[0]:
                raise DishonestThrow(
                    _(
                        "the other side changed its commitment to throw {number} after the throw"
                    ).format(number=message.throw)
                )
            return
        if message.throw > self.number:
            raise ProtocolError(
                _("a commitment to throw {number} came during throw {current}").format(
                    number=message.throw, current=self.number
                )
            )
        if self.peer_commitment not in (None, message.commitment):
            raise DishonestThrow(
                _("the other side changed its commitment to throw {number}").format(
                    number=message.throw
                )
            )
        self.peer_commitment = message.commitment

    def receive_reveal(self, message: Reveal) -> None:
        """Keep the peer's secret once it is checked against its commitment."""
        _check_number(message.throw)
        if message.throw < self.number:
            if message.secret != self._peer_part(self.throws[message.throw - 1])[1]:
                raise DishonestThrow(
                    _("the other side changed its secret for throw {number}").format(
                        number=message.throw
                    )
                )
            return
        if message.throw > self.number or self.peer_commitment is None:
            raise ProtocolError(
                _("a secret for throw {number} came before its commitment").format(
                    number=message.throw
                )
            )
        try:
            check_reveal(message.throw, self.peer_commitment, message.secret)
        except DishonestThrow:
            raise DishonestThrow(
                _(
                    "the other side's secret for throw {number} is not the one "
                    "it committed to: its dice could have been chosen"
                ).format(number=message.throw)
            ) from None
        self.peer_secret = message.secret

    def finish(self) -> Dice | None:
        """The dice of the throw in progress once both secrets are out (the next throw
        begins), else None."""
        if not (self.revealed and self.peer_secret is not None):
            return None
        assert self.peer_commitment is not None
        mine = (self.secret.commitment(self.number), self.secret.value)
        theirs = (self.peer_commitment, self.peer_secret)
        host, joiner = (mine, theirs) if self.role is Role.HOST else (theirs, mine)
        throw = Throw(self.number, host[0], host[1], joiner[0], joiner[1])
        self.throws.append(throw)
        self.revealed = False
        self.peer_commitment = self.peer_secret = None
        return throw.dice

    def _peer_part(self, throw: Throw) -> tuple[str, str]:
        """The peer's commitment and secret in a finished throw."""
        if self.role is Role.HOST:
            return throw.joiner_commitment, throw.joiner_secret
        return throw.host_commitment, throw.host_secret

    def own_reveal_of(self, number: int) -> Reveal:
        """This side's secret for a finished throw, to send again to a peer that missed it."""
        throw = self.throws[number - 1]
        secret = throw.host_secret if self.role is Role.HOST else throw.joiner_secret
        return Reveal(number, secret)


def _check_number(throw: int) -> None:
    if throw < 1:
        raise ProtocolError(_("throws are numbered from 1, not {number}").format(number=throw))
