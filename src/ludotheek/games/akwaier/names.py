"""The names of the six seats, and the ``names`` option.

The seats are OPA, OMA, BROER, ZUS, PA, MA (in English GRANDPA, GRANDMA,
BROTHER, SISTER, DAD, MUM; in Norwegian, our DECISION, BESTEFAR, BESTEMOR, BROR,
SØSTER, PAPPA, MAMMA). A person's name (at most 8 letters, upper-cased; longer
names are cut, as the port did) replaces the name of the seat they take; a person
without a name is MENS / HUMAN / MENNESKE.

The option ``names`` is stored as six entries: ``""`` keeps the seat's own
name, ``"*"`` is a person without a name, anything else is a person's name.
It may be given as

- a list of up to six names (missing ones keep the seat's name), or the same
  as one text separated by commas: ``"JAN,,PIET"``;
- ``"3:JAN"``: the person JAN takes seat 3 (``"3:"``: a person without a name);
- ``"JAN"``: the person JAN takes seat 1.

>>> check_names("3:jan")
['', '', 'JAN', '', '', '']
>>> seat_names({"names": check_names("2:"), "language": "en"})
['GRANDPA', 'HUMAN', 'BROTHER', 'SISTER', 'DAD', 'MUM']
>>> check_names(["Alexandra", "", "*"])
['ALEXANDR', '', '*', '', '', '']
>>> check_names("Jan van Dam")  # cut to 8 letters, and no space left at the end
['JAN VAN', '', '', '', '', '']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludotheek.core.errors import BadOption, quoted
from ludotheek.core.options import Option

SEAT_NAMES: dict[str, tuple[str, ...]] = {
    "nl": ("OPA", "OMA", "BROER", "ZUS", "PA", "MA"),
    "en": ("GRANDPA", "GRANDMA", "BROTHER", "SISTER", "DAD", "MUM"),
    "no": ("BESTEFAR", "BESTEMOR", "BROR", "SØSTER", "PAPPA", "MAMMA"),
}
NAMELESS: dict[str, str] = {"nl": "MENS", "en": "HUMAN", "no": "MENNESKE"}
PERSON = "*"
MAX_LETTERS = 8


def _person(name: str) -> str:
    if not name.isprintable():
        raise BadOption(f"option names: a name holds printable characters only, not {name!r}",
                        code="akwaier.name_unprintable", name=quoted(name))
    return name.strip()[:MAX_LETTERS].rstrip().upper() or PERSON


def check_names(value: Any) -> list[str]:
    """The ``names`` option in its stored form (six entries); :class:`BadOption` if wrong."""
    if value is None:
        return [""] * 6
    if isinstance(value, str):
        text = value.strip()
        seat, colon, name = text.partition(":")
        if colon and seat.strip().isdigit():
            n = int(seat)
            if not 1 <= n <= 6:
                raise BadOption(f"option names: there is no seat {n}; the seats are 1-6",
                                code="akwaier.name_seat", number=n)
            out = [""] * 6
            out[n - 1] = _person(name)
            return out
        if "," in text:
            value = text.split(",")
        elif text:
            return [_person(text)] + [""] * 5
        else:
            return [""] * 6
    if not isinstance(value, list | tuple) or len(value) > 6:
        raise BadOption("option names must be a list of at most six names, or a text like 3:JAN",
                        code="akwaier.names_list")
    out = []
    for v in value:
        if v is None:
            v = ""
        if not isinstance(v, str):
            raise BadOption(f"option names: a name must be text, not {v!r}",
                            code="akwaier.name_text")
        v = v.strip()
        out.append("" if not v else PERSON if v == PERSON else _person(v))
    return out + [""] * (6 - len(out))


@dataclass(frozen=True)
class NamesOption(Option):
    """The ``names`` option (see the module's docstring)."""

    def check(self, value: Any) -> list[str]:
        return check_names(value)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "names", "max_items": 6,
                "max_length": MAX_LETTERS}


def seat_names(options: Mapping[str, Any], lang: str | None = None) -> list[str]:
    """The six names in playing order (``lang`` defaults to the game's language)."""
    lang = lang or options.get("language", "nl")
    own = SEAT_NAMES.get(lang, SEAT_NAMES["en"])
    nameless = NAMELESS.get(lang, NAMELESS["en"])
    given = options.get("names") or [""] * 6
    return [own[i] if not n else nameless if n == PERSON else n for i, n in enumerate(given)]
