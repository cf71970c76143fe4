"""An analysis put together: the standing at every position, each decision marked,
and each seat's counts.

:func:`assemble` takes the plan of a game and the measure of every studied
position (``measure.study``, kept per position) and returns the analysis as JSON:

- ``positions``: for every position of the line of play (``at``: its number in the
  replay), each seat's ``standing`` on the game's scale, ``exact``, the game's ``note``
  (a text of its catalog with parameters, or null) and, where the engine studied it, its
  ``best`` move and the seat ``to_move``;
- ``decisions``: for every decision, the ``seat``, the ``move``, its ``mark``
  (best / good / inaccuracy / mistake / blunder), its ``loss`` against the best
  move found, that ``best`` move (``better`` when it is another move), ``forced``
  (the only legal move), the seat's standing after it (``after``), and ``exact``: the
  values it was judged by (``best_value``, ``played_value``) are exact;
- ``seats``: per seat the number of decisions judged, of inaccuracies, mistakes
  and blunders, and the average loss per decision (forced ones left out);
- ``outcomes`` (the game's declaration: an exact standing is the result) and ``notes``:
  the game's notes of the positions, each once.

The loss of a move the engine weighed is the difference of the two moves' values
in the same search; of a move it did not weigh, the best move's value minus what
the position the move led to is worth to the seat (``Review.score``: its standing,
or in games judged by the margin its lead over the best other seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ludotheek.analysis.measure import final
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.review import Review

BAD = ("inaccuracy", "mistake", "blunder")


class Stand(NamedTuple):
    """A position's standing, whether it is exact, and the game's note there."""

    standing: list[float]
    exact: bool
    note: dict[str, Any] | None = None


def standings(plan: Plan, measures: Mapping[int, Mapping[str, Any]],
              review: Review) -> dict[int, Stand]:
    """Each position's standing (whether exact, and the game's note): a position not
    studied (one legal move) stands as the next one; a finished game as its result."""
    out: dict[int, Stand] = {}
    nxt: Stand | None = None
    for n in reversed(plan.line):
        state = plan.states[n]
        m = measures.get(n)
        if state.is_over:
            m = final(state, review)
        if m is not None:
            nxt = Stand(list(m["standing"]), bool(m["exact"]), m.get("note"))
        if nxt is not None:
            out[n] = nxt
    previous: Stand | None = None
    for n in plan.line:  # an unfinished game's last position with one legal move
        if n in out:
            previous = out[n]
        elif previous is not None:
            out[n] = previous
    return out


def judge(plan: Plan, measures: Mapping[int, Mapping[str, Any]], review: Review,
          stand: Mapping[int, Stand]) -> list[dict[str, Any]]:
    """Every decision of the line of play with its mark and loss."""
    out = []
    for d in plan.decisions:
        after = stand.get(d.number)
        entry: dict[str, Any] = {
            "number": d.number, "before": d.before, "seat": d.seat, "move": d.move,
            "forced": d.forced, "resigned": d.resigned, "mark": None, "loss": 0.0,
            "best": None, "better": None, "best_value": None, "played_value": None,
            "after": after.standing[d.seat] if after else None, "exact": False,
        }
        m = measures.get(d.before)
        if d.resigned:
            pass
        elif d.forced:
            entry["mark"] = "best"
            entry["best"] = d.move
        elif m is not None:
            values = {mv: float(v) for mv, v in m["values"]}
            best = m["best"]
            best_value = values[best]
            if d.move == best:
                played = best_value
            elif d.move in values:
                played = values[d.move]
            else:
                played = review.score(after.standing, d.seat) if after else best_value
            loss = max(0.0, best_value - played)
            mark = review.thresholds.mark(loss)
            entry.update(mark=mark, loss=loss, best=best, best_value=best_value,
                         played_value=played,
                         better=best if d.move != best and mark != "best" else None,
                         exact=bool(m["exact"]) and (d.move in values
                                                     or bool(after and after.exact)))
        out.append(entry)
    return out


def summary(decisions: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Per seat: decisions judged, the bad marks, the average loss (forced ones left out)."""
    out = []
    for seat in range(seats):
        mine = [d for d in decisions if d["seat"] == seat and d["mark"] and not d["forced"]]
        counts = {k: sum(1 for d in mine if d["mark"] == k) for k in BAD}
        total = sum(d["loss"] for d in mine)
        out.append({"seat": seat, "decisions": len(mine), **counts,
                    "average_loss": total / len(mine) if mine else 0.0})
    return out


def assemble(plan: Plan, measures: Mapping[int, Mapping[str, Any]],
             review: Review) -> dict[str, Any]:
    """The analysis of ``plan``'s game from the measures of its studied positions."""
    stand = standings(plan, measures, review)
    positions = []
    notes: list[dict[str, Any]] = []
    for n in plan.line:
        m = measures.get(n)
        here = stand.get(n, Stand([], False))
        positions.append({"at": n, "standing": here.standing, "exact": here.exact,
                          "note": here.note, "to_move": plan.states[n].to_move,
                          "best": m["best"] if m is not None else None})
        if here.note is not None and here.note not in notes:
            notes.append(here.note)
    decisions = judge(plan, measures, review, stand)
    missing = [n for n in plan.studied() if n not in measures]
    t = review.thresholds
    return {
        "game": plan.record.game,
        "engine": review.engine(),
        "unit": review.unit,
        "decimals": review.decimals,
        "signed": review.signed,
        "scale": dict(review.scale),
        "thresholds": {"inaccuracy": t.inaccuracy, "mistake": t.mistake, "blunder": t.blunder},
        "moves": len(plan.record.moves),
        "complete": not missing,
        "positions": positions,
        "decisions": decisions,
        "seats": summary(decisions, plan.states[0].num_players),
        "outcomes": review.outcomes,
        "notes": notes,
    }
