"""The text record with the analysis in it.

After each judged move: ``?!`` (inaccuracy), ``?`` (mistake) or ``??`` (blunder),
then in braces the mover's standing after the move on the game's scale and, for
those three, the best move found with what it would have gained:

    12. 2: 8?? {-5.5; best 9 (+8.5)}

The tags say which engine analysed it (``[Analysis "..."]``), the scale
(``[AnalysisScale "seeds"]``) and each seat's counts (``[AnalysisSeats "..."]``).
``core.record.from_text`` reads such a record back (the notes are skipped).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheek.analysis.review import SYMBOLS, Review, review_for
from ludotheek.core.record import Record, to_text


def notes(analysis: Mapping[str, Any], review: Review) -> dict[int, str]:
    """The note after each judged move, by move number."""
    out = {}
    for d in analysis["decisions"]:
        if d["mark"] is None or d["after"] is None:
            continue
        text = review.format(d["after"])
        symbol = SYMBOLS.get(d["mark"], "")
        if symbol and d["better"] is not None:
            text += f"; best {d['better']} (+{review.format(d['loss']).lstrip('+')})"
        out[d["number"]] = f"{symbol} {{{text}}}"
    return out


def seats_line(analysis: Mapping[str, Any], names: Sequence[str]) -> str:
    """Each seat's counts in one line: ``South: 0 ?!, 1 ?, 0 ??, average loss 0.4; ...``."""
    parts = []
    for s in analysis["seats"]:
        parts.append(f"{names[s['seat']]}: {s['inaccuracy']} ?!, {s['mistake']} ?, "
                     f"{s['blunder']} ??, average loss {s['average_loss']:.2f} "
                     f"over {s['decisions']} decisions")
    return "; ".join(parts)


def annotated_text(record: Record, analysis: Mapping[str, Any],
                   names: Sequence[str] | None = None) -> str:
    """``record`` as readable text with ``analysis`` in it."""
    review = review_for(record.game)
    shown = list(names) if names else [str(i + 1) for i in range(len(analysis["seats"]))]
    tags = {"Analysis": analysis["engine"], "AnalysisScale": analysis["unit"],
            "AnalysisSeats": seats_line(analysis, shown)}
    return to_text(record, names, notes(analysis, review), tags)
