"""The Windows port's score file, ``akwaier-scores.json``, read and written.

The file is ``{"taal": "nl"|"en", "scores": [{"naam": …, "vermogen": …}, …]}``
(an older port wrote only the list, which is read too). It holds no dates:
exported entries lose theirs, imported ones get none.

>>> text = export_scores([("OPA", 41000), ("ZUS", 39500)], "nl")
>>> import_scores(text)
[('OPA', 41000), ('ZUS', 39500)]
>>> import_scores('{"scores": [{"naam": "OPA"}]}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheek.games.akwaier.scorefile.ScoreFileError: not an Akwaier score file: entry 1 has no ...
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from ludotheek.core.errors import LudotheekError

FILE_NAME = "akwaier-scores.json"
LIMIT = 30
MAX_NAME = 64
#: the languages the file's "taal" may name (the manual's)
LANGUAGES = ("nl", "en")


class ScoreFileError(LudotheekError, ValueError):
    """A score file that is corrupt or is not an Akwaier score file."""


def export_scores(entries: Iterable[tuple[str, int | float]], lang: str) -> str:
    """The score file's text for ``entries`` (name, wealth), best first."""
    data = {"taal": lang, "scores": [{"naam": name, "vermogen": int(value)}
                                     for name, value in entries]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def import_scores(text: str) -> list[tuple[str, int]]:
    """(name, wealth) from a score file's text, best first (the file's order on equal
    wealth) and at most 30; :class:`ScoreFileError` says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScoreFileError(f"not a JSON file: {exc}") from exc
    if isinstance(data, dict):
        if "scores" not in data:
            raise ScoreFileError('not an Akwaier score file: it has no "scores" list')
        taal = data.get("taal", "")
        if taal not in ("", "nl", "en"):
            raise ScoreFileError(f'not an Akwaier score file: "taal" is {taal!r}, '
                                 f'not "nl" or "en"')
        rows = data["scores"]
    else:
        rows = data
    if not isinstance(rows, list):
        raise ScoreFileError('not an Akwaier score file: "scores" is not a list')
    out = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise ScoreFileError(f"not an Akwaier score file: entry {i} is not an object")
        name, value = row.get("naam"), row.get("vermogen")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ScoreFileError(f'not an Akwaier score file: entry {i} has no "naam" '
                                 f"(a text of 1-{MAX_NAME} characters)")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScoreFileError(f'not an Akwaier score file: entry {i} has no whole-number '
                                 f'"vermogen"')
        if value < 0:
            raise ScoreFileError(f"entry {i}: a wealth cannot be negative ({value})")
        out.append((name, value))
    out.sort(key=lambda nv: -nv[1])
    return out[:LIMIT]
