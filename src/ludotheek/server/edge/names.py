"""People's names as the pages show them to everyone (issue 36): a seat's name given when a
game is made, or by whoever takes an invited seat.

A name is shown to every player and spectator, so it is untrusted text: the pages only ever
set it as text (never as markup), and here it is tidied and checked as a profile's name is
(``server/api/profiles.py``): 1 to 32 characters once its runs of spaces are one space, no
control, format or unassigned characters (a right-to-left override or a zero-width joiner
would make a name look like another, or turn the text after it around).
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: the longest name, as a profile's (``store/profiles.py``)
MOST = 32


def tidy(value: Any) -> str | None:
    """``value`` as a name (its spaces tidied), or None if it cannot be one.

    >>> tidy("  Anna   de  Vries "), tidy("<b>Bert</b>"), tidy(""), tidy("A\\u202eB"), tidy(3)
    ('Anna de Vries', '<b>Bert</b>', None, None, None)
    """
    if not isinstance(value, str) or len(value) > 4 * MOST:
        return None
    name = " ".join(value.split())
    if not 1 <= len(name) <= MOST or any(unicodedata.category(c).startswith("C")
                                         for c in name):
        return None
    return name
