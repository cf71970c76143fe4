"""Error classes shared by every game.

Every error says what is wrong in plain words; the command line turns them into
exit status 2 and the server into a 4xx answer.
"""

from __future__ import annotations


class LudotheekError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalMove(LudotheekError, ValueError):
    """A move that is malformed or not allowed in this position.

    >>> str(IllegalMove("cup 3 is empty"))
    'cup 3 is empty'
    """


class BadOption(LudotheekError, ValueError):
    """An unknown game option, or a value outside the option's range."""


class UnknownGame(LudotheekError, LookupError):
    """A game name (or player name) that is not registered."""

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class UnknownPlayer(UnknownGame):
    """A computer player or level that a game does not have."""


class BadRecord(LudotheekError, ValueError):
    """A game record that cannot be read or does not replay."""
