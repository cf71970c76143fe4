"""Game records: options + seed + entries, which replay to the identical state.

A record is an ordered list of entries of three kinds: a **move** (a text in the game's
notation), a **resignation** (:class:`ResignAction`: of seat N, or of the seat to move)
and an **undo** (:class:`UndoAction`). The actions are typed objects, never texts, so a
game may have a move spelled ``resign`` or ``undo 3`` without confusion: an engine only
ever sees moves. In a record's JSON (format 2) an action is an object:
``{"action": "resign"}``, ``{"action": "resign", "seat": 1}``, ``{"action": "undo",
"to": 3}``; records of format 1 wrote them as texts and still read (:func:`read_entry`).
The text form writes an action on a line of its own whose seat is ``-``
(``4. -: resign 1``): on such a line ``resign [N]`` and ``undo N`` are actions, on a
seat's line every text is a move (:func:`from_text`).

An undo to N takes decisions back: the position after it is the position after record
entry N (any earlier one). The entries it takes back stay in the record; only the line
of play that leads to the last position leaves them out (:func:`effective_line`). A
finished game cannot be undone.

>>> rec = Record("wari", {"seeds_per_cup": 4}, seed=1, moves=("3", "9"))
>>> rec.replay().to_move
0
>>> Record.from_json(rec.to_json()) == rec
True
>>> undone = Record("wari", {"seeds_per_cup": 4}, seed=1, moves=("3", "9", UndoAction(to=1), "8"))
>>> effective_line(undone.moves)
[1, 4]
>>> undone.replay() == Record("wari", {"seeds_per_cup": 4}, seed=1, moves=("3", "8")).replay()
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.core.errors import BadOption, BadRecord, IllegalMove, UnknownGame, quoted
from ludotheek.core.game import State
from ludotheek.core.registry import get

RESIGN = "resign"
UNDO = "undo"
FORMAT = "ludotheek-record"
#: 2: resignations and undos are written as actions (objects), apart from the moves
#: (texts in the game's notation); 1: all were texts ("resign 1", "undo 3"), still read
FORMAT_VERSION = 2


class ResignAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
                   tag_field="action", tag="resign"):
    """A resignation: of ``seat``, or of the seat to move."""

    seat: Annotated[int, msgspec.Meta(ge=0)] | UnsetType = UNSET


class UndoAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
                 tag_field="action", tag="undo"):
    """Back to the position after move ``to`` (its decisions stay in the record)."""

    to: Annotated[int, msgspec.Meta(ge=0)]


#: a resignation or an undo: what a record holds besides the moves
Action: TypeAlias = ResignAction | UndoAction
#: one entry of a record: a move (a text in the game's notation) or an action
Entry: TypeAlias = str | ResignAction | UndoAction
#: what an entry is, as the API marks it beside its text (:func:`kind_of`)
EntryKind: TypeAlias = Literal["move", "resign", "undo"]
#: the largest seat or entry number an action may name
_MOST = 10**6


def text_of(entry: Entry) -> str:
    """The entry as the text form (and the API's lists of moves) writes it: a move as
    itself, an action as ``resign``, ``resign N`` or ``undo N``.

    >>> text_of("3"), text_of(ResignAction()), text_of(ResignAction(seat=1))
    ('3', 'resign', 'resign 1')
    >>> text_of(UndoAction(to=4))
    'undo 4'
    """
    if isinstance(entry, str):
        return entry
    if isinstance(entry, UndoAction):
        return f"{UNDO} {entry.to}"
    return RESIGN if entry.seat is UNSET else f"{RESIGN} {entry.seat}"


def kind_of(entry: Entry) -> EntryKind:
    """What ``entry`` is: a ``move``, a ``resign`` or an ``undo``. The API sends it beside
    the entry's text (:func:`text_of`), so a page need not read the text to tell a move
    spelled ``undo 1`` from an undo.

    >>> kind_of("undo 1"), kind_of(ResignAction(seat=1)), kind_of(UndoAction(to=1))
    ('move', 'resign', 'undo')
    """
    if isinstance(entry, str):
        return "move"
    return "undo" if isinstance(entry, UndoAction) else "resign"


def action_of(text: str) -> Action | None:
    """The action ``text`` spells (``resign``, ``resign N``, ``undo N``), or None: how
    records of format 1 and the text form's ``-`` lines wrote them. A malformed undo
    (``undo``, ``undo x``) is :class:`BadRecord`; a malformed resignation is no action.

    >>> action_of("resign") == ResignAction(), action_of("resign 2"), action_of("undo 3")
    (True, ResignAction(seat=2), UndoAction(to=3))
    >>> action_of("3-1") is None and action_of("resigned") is None
    True
    """
    word, _, rest = text.partition(" ")
    number = int(rest) if rest.isascii() and rest.isdigit() and len(rest) < 7 else None
    if word == RESIGN:
        if not rest:
            return ResignAction()
        return None if number is None else ResignAction(seat=number)
    if word == UNDO:
        if number is None:
            raise BadRecord(f"{text!r}: write undo N, N the number of the move to return to",
                            code="record.bad_undo", move=quoted(text))
        return UndoAction(to=number)
    return None


def is_action(entry: Entry) -> bool:
    """Whether ``entry`` is a resignation or an undo (not a move of the game)."""
    return isinstance(entry, ResignAction | UndoAction)


def apply_move(state: State, entry: str | ResignAction) -> State:
    """Play a move, or a resignation (of its seat, or of the seat to move)."""
    if isinstance(entry, str):
        return state.play(entry)
    if state.is_over:
        raise IllegalMove("the game is over", code="move.game_over")
    seat = state.to_move if entry.seat is UNSET else entry.seat
    if seat is None or not 0 <= seat < state.num_players:
        move = text_of(entry)
        raise IllegalMove(f"{move!r}: resign takes a seat number 0-{state.num_players - 1}",
                          code="move.resign_seat", move=quoted(move),
                          last=state.num_players - 1)
    return state.resign(seat)


def resign_move(state: State, seat: int) -> ResignAction:
    """How a record writes ``seat`` resigning in ``state`` (the seat to move: no seat)."""
    return ResignAction() if seat == state.to_move else ResignAction(seat=seat)


def undo_move(number: int) -> UndoAction:
    """"Back to the position after entry ``number``"."""
    return UndoAction(to=number)


def action_entry(entry: Entry) -> str | dict[str, Any]:
    """``entry`` as a record of format 2 writes it: a move as its text, an action as an
    object, so that the two never share a name.

    >>> action_entry("3"), action_entry(ResignAction()), action_entry(ResignAction(seat=1))
    ('3', {'action': 'resign'}, {'action': 'resign', 'seat': 1})
    >>> action_entry(UndoAction(to=4))
    {'action': 'undo', 'to': 4}
    """
    if isinstance(entry, str):
        return entry
    written: dict[str, Any] = msgspec.to_builtins(entry)
    return written


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _MOST


def read_entry(entry: Any, number: int, version: int) -> Entry:
    """A record's entry ``number`` as the application keeps it: a text is a move of the
    game, an object an action. A record of format 1 wrote the actions as texts too: there
    a text spelled like one (:func:`action_of`) is the action."""
    if isinstance(entry, dict):
        kind = entry.get("action")
        extra = set(entry) - {"action", "seat" if kind == RESIGN else "to"}
        if kind == RESIGN and not extra and ("seat" not in entry or _whole(entry["seat"])):
            return ResignAction(seat=entry["seat"]) if "seat" in entry else ResignAction()
        if kind == UNDO and not extra and _whole(entry.get("to")):
            return UndoAction(to=entry["to"])
        raise BadRecord(f"move {number} is not an action: write {{\"action\": \"resign\", "
                        f"\"seat\": N}} or {{\"action\": \"undo\", \"to\": N}}",
                        code="record.action", number=number)
    if not isinstance(entry, str):
        raise BadRecord(f"move {number} is not text: {entry!r}", code="record.not_text",
                        number=number)
    if version < 2:
        return action_of(entry) or entry
    return entry


def undo_target(entry: Entry) -> int | None:
    """N for an undo to entry N; None for any other entry."""
    return entry.to if isinstance(entry, UndoAction) else None


def effective_line(moves: Sequence[Entry]) -> list[int]:
    """The numbers (from 1) of the entries that lead to the position after the last one:
    every move and resignation, except those an undo took back (and the undos)."""
    node = [0]  # node[i]: the real move (or 0, the start) whose position follows entry i
    parent = [0]  # parent[i]: for a real move i, the node it was played from
    for number, move in enumerate(moves, 1):
        target = undo_target(move)
        if target is None:
            parent.append(node[number - 1])
            node.append(number)
        else:
            if target >= number:
                raise BadRecord(f"move {number} ({text_of(move)!r}) must go back to an "
                                f"earlier move", code="record.undo_forward", number=number,
                                move=quoted(text_of(move)))
            parent.append(0)
            node.append(node[target])
    line = []
    k = node[-1]
    while k:
        line.append(k)
        k = parent[k]
    return line[::-1]


def mover_of(before: State, entry: Entry) -> int | None:
    """The seat that made ``entry`` from ``before`` (None for an undo)."""
    if isinstance(entry, UndoAction):
        return None
    if isinstance(entry, ResignAction) and entry.seat is not UNSET:
        return entry.seat
    return before.to_move


@dataclass(frozen=True)
class Record:
    """A game as options, seed and moves; ``seats`` and ``result`` are extra facts."""

    game: str
    options: Mapping[str, Any]
    seed: int = 0
    #: the entries: moves (texts in the game's notation) and actions
    moves: Sequence[Entry] = ()
    seats: Sequence[Mapping[str, Any]] = field(default=(), compare=False)
    result: Mapping[str, Any] | None = field(default=None, compare=False)

    def start(self) -> State:
        """The state before the first move."""
        try:
            return get(self.game).new(self.seed, **dict(self.options))
        except (UnknownGame, BadOption) as exc:
            raise BadRecord(str(exc), code=exc.code, **exc.params) from exc

    def states(self) -> Iterator[State]:
        """Every state from the start to the end, checking each move."""
        state = self.start()
        yield state
        undoes = any(isinstance(m, UndoAction) for m in self.moves)
        seen = [state] if undoes else []  # every position, kept only when undos need them
        for number, move in enumerate(self.moves, 1):
            if not isinstance(move, str | ResignAction | UndoAction):
                raise BadRecord(f"move {number} is not text: {move!r}", code="record.not_text",
                                number=number)
            written = text_of(move)
            if isinstance(move, UndoAction):
                if state.is_over:
                    raise BadRecord(f"move {number} ({written!r}): the game is over",
                                    code="record.game_over", number=number,
                                    move=quoted(written))
                if move.to >= number:
                    raise BadRecord(f"move {number} ({written!r}) must go back to an earlier "
                                    f"move", code="record.undo_forward", number=number,
                                    move=quoted(written))
                state = seen[move.to]
            else:
                try:
                    state = apply_move(state, move)
                except IllegalMove as exc:
                    raise BadRecord(f"move {number} ({written!r}) is illegal: {exc}",
                                    code="record.illegal_move", number=number,
                                    move=quoted(written), reason=exc) from exc
            if undoes:
                seen.append(state)
            yield state

    def replay(self) -> State:
        """The state after the last move; :class:`BadRecord` names the first bad move."""
        *_, last = self.states()
        return last

    def with_move(self, move: Entry) -> Record:
        return Record(self.game, self.options, self.seed, (*self.moves, move), self.seats,
                      self.result)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [action_entry(m) for m in self.moves],
        }
        if self.seats:
            data["seats"] = [dict(s) for s in self.seats]
        if self.result is not None:
            data["result"] = dict(self.result)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Record:
        """Read a record; :class:`BadRecord` says what is wrong with it."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise BadRecord(f"not a JSON game record: {exc}", code="record.not_json") from exc
        if not isinstance(data, Mapping):
            raise BadRecord("a game record must be a JSON object", code="record.not_object")
        if data.get("format", FORMAT) != FORMAT:
            raise BadRecord(f"not a ludotheek game record (format {data.get('format')!r})",
                            code="record.format", format=quoted(data.get("format")))
        game, options, seed, moves = (data.get(k) for k in ("game", "options", "seed", "moves"))
        if not isinstance(game, str):
            raise BadRecord("the record names no game", code="record.no_game")
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise BadRecord("the record's options must be an object", code="record.options")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("the record's seed must be a whole number", code="record.seed")
        version = data.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            version = 1
        if not isinstance(moves, list):
            raise BadRecord("the record's moves must be a list of texts", code="record.moves")
        if version > FORMAT_VERSION:
            raise BadRecord(f"a record of format {version}: this ludotheek reads up to "
                            f"{FORMAT_VERSION}", code="record.newer", version=version,
                            most=FORMAT_VERSION)
        moves = [read_entry(m, n, version) for n, m in enumerate(moves, 1)]
        seats = data.get("seats") or ()
        result = data.get("result")
        if not isinstance(seats, list | tuple) or not all(isinstance(s, Mapping) for s in seats):
            raise BadRecord("the record's seats must be a list of objects", code="record.seats")
        if result is not None and not isinstance(result, Mapping):
            raise BadRecord("the record's result must be an object", code="record.result")
        return cls(game, dict(options), seed, tuple(moves), tuple(seats), result)


def result_of(state: State) -> dict[str, Any]:
    """The result of a finished game as a record stores it."""
    return {
        "scores": state.scores(),
        "winners": state.winners(),
        "reason": state.end_reason,
    }


# --- the readable text form ------------------------------------------------------------
#
# Like PGN for chess: a few [Tag "value"] lines, a blank line, then one line per turn:
# "N. SEAT: decision; decision". A turn is the run of decisions one seat makes in a row.

_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
#: the marks after a move (``!``, ``?``, ``?!``, ...), which an analysis writes and a
#: reader skips, like a comment in braces (:func:`_without_comments`)
_MARKS = "!?"

# The text form is read by hand where a pattern would backtrack: ``[!?]+\s*$`` and
# ``\{[^}]*\}``, as they were, take time quadratic in a line's length on lines such as
# ``!!!...!x`` or ``{{{...{`` (16 KB of '!' took 8.7 s). Every function below reads its
# text once; tests/security/test_hostile_record_parser.py holds them to the patterns.


def _without_comments(body: str) -> str:
    """``body`` without its comments: every ``{`` with the first ``}`` after it and what
    lies between (a ``{`` that no ``}`` follows stays, as does a lone ``}``).

    >>> _without_comments("3 {+2.0} ?! ; 9 {a{b} } {open")
    '3  ?! ; 9  } {open'
    """
    kept = []
    at = 0
    while True:
        start = body.find("{", at)
        if start < 0:
            break
        end = body.find("}", start + 1)
        if end < 0:
            break
        kept.append(body[at:start])
        at = end + 1
    kept.append(body[at:])
    return "".join(kept)


def _without_marks(text: str) -> str:
    """``text`` without the marks at its end (a run of ``!`` and ``?`` followed only by
    white space) and without white space around it.

    >>> _without_marks(" 3 ?! "), _without_marks("a!b"), _without_marks("!?")
    ('3', 'a!b', '')
    """
    return text.rstrip().rstrip(_MARKS).strip()


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def turns(record: Record) -> list[tuple[int | None, list[Entry]]]:
    """The record's entries grouped by turn: (seat, its moves in a row); an action is a
    turn of its own, of seat None."""
    grouped: list[tuple[int | None, list[Entry]]] = []
    states = record.states()
    state = next(states)
    for move, after in zip(record.moves, states, strict=False):
        seat = None if is_action(move) else state.to_move
        if grouped and grouped[-1][0] == seat and seat is not None:
            grouped[-1][1].append(move)
        else:
            grouped.append((seat, [move]))
        state = after
    return grouped


def to_text(record: Record, names: Sequence[str] | None = None,
            notes: Mapping[int, str] | None = None,
            tags: Mapping[str, str] | None = None) -> str:
    """The record as readable text (its moves are checked on the way).

    >>> print(to_text(Record("wari", {"seeds_per_cup": 4}, 7, ("3", "9"))))
    [Game "wari"]
    [Seed "7"]
    [Options "{\\"seeds_per_cup\\": 4}"]
    <BLANKLINE>
    1. 1: 3
    2. 2: 9

    ``notes`` adds text after moves, by move number (from 1): marks like ``?!`` and
    comments in braces, which :func:`from_text` reads past; ``tags`` adds tags.
    """
    lines = [f'[Game "{_quote(record.game)}"]', f'[Seed "{record.seed}"]',
             f'[Options "{_quote(json.dumps(dict(record.options), ensure_ascii=False))}"]']
    if record.seats:
        lines.append(f'[Seats "{_quote(json.dumps([dict(s) for s in record.seats]))}"]')
    if record.result is not None:
        lines.append(f'[Result "{_quote(json.dumps(dict(record.result)))}"]')
    for key, value in (tags or {}).items():
        lines.append(f'[{key} "{_quote(value)}"]')
    lines.append("")
    number = 0
    for turn, (seat, decisions) in enumerate(turns(record), 1):
        who = "-" if seat is None else (names[seat] if names else str(seat + 1))
        written = []
        for move in decisions:
            number += 1
            written.append(text_of(move) + (notes or {}).get(number, ""))
        lines.append(f"{turn}. {who}: {'; '.join(written)}")
    return "\n".join(lines)


def from_text(text: str) -> Record:
    """Read the text form back; :class:`BadRecord` says what is wrong (moves are not
    checked here: replay the record for that). On a line of seat ``-`` a text spelled
    like an action is the action; on a seat's line every text is a move."""
    tags: dict[str, str] = {}
    moves: list[str | dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag:
            tags[tag.group(1)] = _unquote(tag.group(2))
            continue
        head, sep, body = line.partition(": ")
        if not sep or not head.split(".")[0].isdigit():
            raise BadRecord(f"line {number} is not 'N. SEAT: moves': {raw[:60]!r}",
                            code="record.line", line=number, text=quoted(raw))
        texts = [_without_marks(m) for m in _without_comments(body).split(";") if m.strip()]
        if head.partition(" ")[2].strip() == "-":
            moves.extend(_action_or_move(t) for t in texts)
        else:
            moves.extend(texts)
    if "Game" not in tags:
        raise BadRecord('the text names no game (a [Game "..."] line)', code="record.no_game_tag")
    try:
        seed = int(tags.get("Seed", "0"))
        options = json.loads(tags.get("Options", "{}"))
        seats = json.loads(tags["Seats"]) if "Seats" in tags else ()
        result = json.loads(tags["Result"]) if "Result" in tags else None
    except (ValueError, json.JSONDecodeError) as exc:
        raise BadRecord(f"a tag of the record cannot be read: {exc}", code="record.tag") from exc
    return Record.from_json({"version": FORMAT_VERSION, "game": tags["Game"], "seed": seed,
                             "options": options, "moves": moves, "seats": list(seats),
                             "result": result})


def _action_or_move(text: str) -> str | dict[str, Any]:
    action = action_of(text)
    return text if action is None else action_entry(action)


def load(text: str) -> Record:
    """A record from either form (JSON or text)."""
    stripped = text.lstrip()
    if not stripped:
        raise BadRecord("the record is empty", code="record.empty")
    return Record.from_json(text) if stripped.startswith("{") else from_text(text)
