"""Game records: options + seed + moves, which replay to the identical state.

A record's moves are strings in the game's notation, and actions: resigning is kept as
``resign`` (the seat to move resigns) or ``resign N`` (seat N resigns, counted from 0),
since a resignation is not one of the legal moves a state lists. In a record's JSON
(format 2) an action is an object, apart from the moves: ``{"action": "resign"}``,
``{"action": "resign", "seat": 1}``, ``{"action": "undo", "to": 3}``; records of format
1 wrote them as texts and still read (:func:`read_entry`).

``undo N`` takes decisions back: the position after it is the position after
record move N (any earlier move). The moves it takes back stay in the record;
only the line of play that leads to the last position leaves them out
(:func:`effective_line`). A finished game cannot be undone.

>>> rec = Record("wari", {"seeds_per_cup": 4}, seed=1, moves=("3", "9"))
>>> rec.replay().to_move
0
>>> Record.from_json(rec.to_json()) == rec
True
>>> undone = Record("wari", {"seeds_per_cup": 4}, seed=1, moves=("3", "9", "undo 1", "8"))
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
from typing import Any

from ludotheek.core.errors import BadOption, BadRecord, IllegalMove, UnknownGame, quoted
from ludotheek.core.game import State

RESIGN = "resign"
UNDO = "undo"
FORMAT = "ludotheek-record"
#: 2: resignations and undos are written as actions (objects), apart from the moves
#: (texts in the game's notation); 1: all were texts ("resign 1", "undo 3"), still read
FORMAT_VERSION = 2


def apply_move(state: State, move: str) -> State:
    """Play ``move``, where ``resign`` / ``resign N`` resign as records write it."""
    if move == RESIGN or move.startswith(RESIGN + " "):
        if state.is_over:
            raise IllegalMove("the game is over", code="move.game_over")
        rest = move[len(RESIGN):].strip()
        if not rest:
            seat = state.to_move
        elif rest.isascii() and rest.isdigit() and len(rest) < 4 and int(rest) < state.num_players:
            seat = int(rest)
        else:
            raise IllegalMove(f"{move!r}: resign takes a seat number 0-{state.num_players - 1}",
                              code="move.resign_seat", move=quoted(move),
                              last=state.num_players - 1)
        assert seat is not None
        return state.resign(seat)
    return state.play(move)


def resign_move(state: State, seat: int) -> str:
    """How a record writes ``seat`` resigning in ``state``."""
    return RESIGN if seat == state.to_move else f"{RESIGN} {seat}"


def undo_move(number: int) -> str:
    """How a record writes "back to the position after move ``number``"."""
    return f"{UNDO} {number}"


def is_action(move: str) -> bool:
    """Whether ``move`` is a resignation or an undo as the application keeps it (not a
    move of the game: no game's notation has these words)."""
    return move.split(" ", 1)[0] in (RESIGN, UNDO)


def action_entry(move: str) -> str | dict[str, Any]:
    """``move`` as a record of format 2 writes it: a move of the game as its text, a
    resignation or an undo as an action, so that the two never share a name.

    >>> action_entry("3"), action_entry("resign"), action_entry("resign 1"), action_entry("undo 4")
    ('3', {'action': 'resign'}, {'action': 'resign', 'seat': 1}, {'action': 'undo', 'to': 4})
    """
    if not is_action(move):
        return move
    word, _, rest = move.partition(" ")
    if rest and not (rest.isascii() and rest.isdigit() and len(rest) < 7):
        return move  # malformed: its replay says what is wrong
    if word == RESIGN:
        return {"action": RESIGN, "seat": int(rest)} if rest else {"action": RESIGN}
    return {"action": UNDO, "to": int(rest)} if rest else move


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**6


def read_entry(entry: Any, number: int, version: int) -> str:
    """A record's move ``number`` as the application keeps it: a text of the game's
    notation, ``resign [N]`` or ``undo N``. A record of format 1 wrote the actions as
    texts; from format 2 they are objects, and a text spelled like one is refused."""
    if isinstance(entry, dict):
        kind = entry.get("action")
        extra = set(entry) - {"action", "seat" if kind == RESIGN else "to"}
        if kind == RESIGN and not extra and ("seat" not in entry or _whole(entry["seat"])):
            return f"{RESIGN} {entry['seat']}" if "seat" in entry else RESIGN
        if kind == UNDO and not extra and _whole(entry.get("to")):
            return f"{UNDO} {entry['to']}"
        raise BadRecord(f"move {number} is not an action: write {{\"action\": \"resign\", "
                        f"\"seat\": N}} or {{\"action\": \"undo\", \"to\": N}}",
                        code="record.action", number=number)
    if not isinstance(entry, str):
        raise BadRecord(f"move {number} is not text: {entry!r}", code="record.not_text",
                        number=number)
    if version >= 2 and is_action(entry):
        raise BadRecord(f"move {number} ({entry!r}) is written as a move: a resignation or "
                        f"an undo is an action", code="record.action_as_move",
                        number=number, move=quoted(entry))
    return entry


def undo_target(move: str) -> int | None:
    """N for ``undo N``; None for any other move; :class:`BadRecord` for a malformed undo."""
    if move != UNDO and not move.startswith(UNDO + " "):
        return None
    rest = move[len(UNDO):].strip()
    if not rest.isdigit():
        raise BadRecord(f"{move!r}: write undo N, N the number of the move to return to",
                        code="record.bad_undo", move=quoted(move))
    return int(rest)


def effective_line(moves: Sequence[str]) -> list[int]:
    """The numbers (from 1) of the moves that lead to the position after the last one:
    every move, except those an ``undo`` took back (and the undos themselves)."""
    node = [0]  # node[i]: the real move (or 0, the start) whose position follows entry i
    parent = [0]  # parent[i]: for a real move i, the node it was played from
    for number, move in enumerate(moves, 1):
        target = undo_target(move)
        if target is None:
            parent.append(node[number - 1])
            node.append(number)
        else:
            if target >= number:
                raise BadRecord(f"move {number} ({move!r}) must go back to an earlier move",
                                code="record.undo_forward", number=number, move=quoted(move))
            parent.append(0)
            node.append(node[target])
    line = []
    k = node[-1]
    while k:
        line.append(k)
        k = parent[k]
    return line[::-1]


def mover_of(before: State, move: str) -> int | None:
    """The seat that made ``move`` from ``before`` (None for an undo)."""
    if undo_target(move) is not None:
        return None
    if move == RESIGN or move.startswith(RESIGN + " "):
        rest = move[len(RESIGN):].strip()
        return int(rest) if rest.isdigit() else before.to_move
    return before.to_move


@dataclass(frozen=True)
class Record:
    """A game as options, seed and moves; ``seats`` and ``result`` are extra facts."""

    game: str
    options: Mapping[str, Any]
    seed: int = 0
    moves: Sequence[str] = ()
    seats: Sequence[Mapping[str, Any]] = field(default=(), compare=False)
    result: Mapping[str, Any] | None = field(default=None, compare=False)

    def start(self) -> State:
        """The state before the first move."""
        from ludotheek.games import get

        try:
            return get(self.game).new(self.seed, **dict(self.options))
        except (UnknownGame, BadOption) as exc:
            raise BadRecord(str(exc), code=exc.code, **exc.params) from exc

    def states(self) -> Iterator[State]:
        """Every state from the start to the end, checking each move."""
        state = self.start()
        yield state
        undoes = any(isinstance(m, str) and m.startswith(UNDO + " ") for m in self.moves)
        seen = [state] if undoes else []  # every position, kept only when undos need them
        for number, move in enumerate(self.moves, 1):
            if not isinstance(move, str):
                raise BadRecord(f"move {number} is not text: {move!r}", code="record.not_text",
                                number=number)
            target = undo_target(move)
            if target is not None:
                if state.is_over:
                    raise BadRecord(f"move {number} ({move!r}): the game is over",
                                    code="record.game_over", number=number, move=quoted(move))
                if target >= number:
                    raise BadRecord(f"move {number} ({move!r}) must go back to an earlier move",
                                    code="record.undo_forward", number=number,
                                    move=quoted(move))
                state = seen[target]
            else:
                try:
                    state = apply_move(state, move)
                except IllegalMove as exc:
                    raise BadRecord(f"move {number} ({move!r}) is illegal: {exc}",
                                    code="record.illegal_move", number=number,
                                    move=quoted(move), reason=exc) from exc
            if undoes:
                seen.append(state)
            yield state

    def replay(self) -> State:
        """The state after the last move; :class:`BadRecord` names the first bad move."""
        *_, last = self.states()
        return last

    def with_move(self, move: str) -> Record:
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
#: a comment in braces and the marks after a move (``!``, ``?``, ``?!``, ...), which an
#: analysis writes and a reader skips
_COMMENT = re.compile(r"\{[^}]*\}")
_MARK = re.compile(r"[!?]+\s*$")


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def turns(record: Record) -> list[tuple[int | None, list[str]]]:
    """The record's moves grouped by turn: (seat, its decisions in a row)."""
    grouped: list[tuple[int | None, list[str]]] = []
    states = record.states()
    state = next(states)
    for move, after in zip(record.moves, states, strict=False):
        seat = state.to_move
        if move.startswith((RESIGN, UNDO + " ")):
            seat = None
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
            written.append(move + (notes or {}).get(number, ""))
        lines.append(f"{turn}. {who}: {'; '.join(written)}")
    return "\n".join(lines)


def from_text(text: str) -> Record:
    """Read the text form back; :class:`BadRecord` says what is wrong (moves are not
    checked here: replay the record for that)."""
    tags: dict[str, str] = {}
    moves: list[str] = []
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
        body = _COMMENT.sub("", body)
        moves.extend(_MARK.sub("", m).strip() for m in body.split(";") if m.strip())
    if "Game" not in tags:
        raise BadRecord('the text names no game (a [Game "..."] line)', code="record.no_game_tag")
    try:
        seed = int(tags.get("Seed", "0"))
        options = json.loads(tags.get("Options", "{}"))
        seats = json.loads(tags["Seats"]) if "Seats" in tags else ()
        result = json.loads(tags["Result"]) if "Result" in tags else None
    except (ValueError, json.JSONDecodeError) as exc:
        raise BadRecord(f"a tag of the record cannot be read: {exc}", code="record.tag") from exc
    return Record.from_json({"game": tags["Game"], "seed": seed, "options": options,
                             "moves": moves, "seats": list(seats), "result": result})


def load(text: str) -> Record:
    """A record from either form (JSON or text)."""
    stripped = text.lstrip()
    if not stripped:
        raise BadRecord("the record is empty", code="record.empty")
    return Record.from_json(text) if stripped.startswith("{") else from_text(text)
