"""Game records over the API: export, import, replays and rematches."""

from __future__ import annotations

import hmac
from collections import OrderedDict
from typing import Any

from ludotheek.ai import players
from ludotheek.analysis.annotate import annotated_text
from ludotheek.core.errors import BadRecord
from ludotheek.core.game import State
from ludotheek.core.record import Record, kind_of, load, result_of, text_of, to_text, undo_target
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import check_text
from ludotheek.server.errors import Forbidden, Invalid
from ludotheek.server.play import ending
from ludotheek.server.play.checks import draw_seed
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.service import GameService
from ludotheek.server.play.views import public_seats
from ludotheek.store.database import Database
from ludotheek.store.games import derived_token, hash_token, new_token

SEAT_KINDS = {"person", "computer"}


class Records:
    """Replays (with a small cache of replayed states), export, import and rematch."""

    def __init__(self, service: GameService, cache_games: int = 32) -> None:
        self.service = service
        self._states: OrderedDict[tuple[str, int], list[State]] = OrderedDict()
        self.cache_games = cache_games

    def _hide_seed(self, live: LiveGame) -> bool:
        """Whether the record leaves the seed out: while the game runs, if the seed gives
        something away (the tiles to come; a computer's choices, which come from it; a
        rated game's, which the server drew)."""
        if live.over:
            return False
        return live.game.secret_seed or live.rated or any(
            s["type"] == "computer" for s in live.seats)

    def record(self, live: LiveGame) -> Record:
        seats = tuple(public_seats(live.seats))
        return Record(live.game.name, live.options, live.seed, tuple(live.moves), seats,
                      result_of(live.state) if live.state.is_over
                      else {"reason": live.ended} if live.ended else None)

    def export_json(self, live: LiveGame) -> dict[str, Any]:
        """The record as JSON; while the seed would give secrets away it is left out."""
        data = self.record(live).to_json()
        data["names"] = live.names()
        if self._hide_seed(live):
            del data["seed"]
            data["note"] = "the seed is shared when the game is over"
        return data

    async def export_text(self, live: LiveGame, lang: str = "en",
                          analysis: dict[str, Any] | None = None) -> str:
        """The record as text; with ``analysis`` (server/analyses/service.py), annotated. The game
        is taken as it is now, and written (its moves replayed, the analysis put in) in a
        worker thread."""
        return await blocking(_written, self.record(live), live.names(lang), analysis,
                              self._hide_seed(live))

    # --- replays -----------------------------------------------------------------
    def states(self, live: LiveGame) -> list[State]:
        key = (live.id, live.version)
        cached = self._states.get(key)
        if cached is None:
            rec = Record(live.game.name, live.options, live.seed, tuple(live.moves))
            cached = list(rec.states())
            self._states[key] = cached
            while len(self._states) > self.cache_games:
                self._states.popitem(last=False)
        self._states.move_to_end(key)
        return cached

    def view_at(self, live: LiveGame, at: int, seat: int | None,
                lang: str = "en") -> dict[str, Any]:
        """The view of ``seat`` (None: a spectator) after ``at`` moves."""
        if not 0 <= at <= live.version:
            raise Invalid(f"'at' must be a move number from 0 to {live.version}",
                          code="replay.at", last=live.version)
        state = self.states(live)[at]
        view = self.service.view(live, seat, lang)
        view.update({
            "at": at, "total": live.version, "version": at, "to_move": state.to_move,
            "over": state.is_over, "scores": list(state.scores()),
            "winners": state.winners() if state.is_over else [], "end_reason": state.end_reason,
            "legal_moves": [], "thinking": False, "state": state.view(seat),
            "moves": [text_of(m) for m in live.moves[:at]],
            "kinds": [kind_of(m) for m in live.moves[:at]], "can_undo": False,
            "can_take_back": False,
        })
        return view

    def history(self, live: LiveGame, start: int, end: int) -> list[dict[str, Any]]:
        """Moves ``start``..``end`` (from 1) with what a spectator learns from each.

        Per entry: its ``number``, the ``move`` (an action as its text: ``resign [N]``,
        ``undo N``), its ``kind`` (``move``, ``resign`` or ``undo``: a move may be spelled
        like an action), the ``seat`` that made it (for an undo: the seat whose decision it
        took back), ``undo`` (N for an undo to N, else None),
        ``in_line`` (whether it leads to the current position: false once undone),
        ``to_move``, ``over`` and ``scores`` after it, and the ``events`` of the
        spectator's view after it (games that list them; none for an undo). Nothing in
        it is hidden from a spectator.
        """
        if not 1 <= start <= end <= live.version:
            raise Invalid(f"'from' and 'to' must be move numbers with 1 <= from <= to <= "
                          f"{live.version}", code="history.range", last=live.version)
        states = self.states(live)
        line = set(live.line)
        out = []
        for number in range(start, end + 1):
            state = states[number]
            move = live.moves[number - 1]
            target = undo_target(move)
            seat = live.movers[number - 1] if target is None else live.movers[target]
            events = [] if target is not None else state.view(None).get("events", [])
            out.append({"number": number, "move": text_of(move), "kind": kind_of(move),
                        "seat": seat, "undo": target,
                        "in_line": number in line, "to_move": state.to_move,
                        "over": state.is_over, "scores": list(state.scores()),
                        "events": events})
        return out

    # --- import ------------------------------------------------------------------
    async def import_record(self, body: Any, client: str | None,
                            invited: frozenset[int] = frozenset()
                            ) -> tuple[str, str, list[str | None], list[str | None]]:
        """Check a record move by move and store it; nothing is stored if a move is bad.
        Returns the new game's id, its game, the secrets of the person seats played by
        whoever imports it and the invite codes of those in ``invited`` (people they
        invite: server/api/claims.py). An unfinished game counts against its address's limit
        like a new one."""
        rec, final = await blocking(_read_record, body)
        if not -(2**63) <= rec.seed < 2**63:
            raise Invalid("the record's seed must fit in 64 bits", code="record.seed_range")
        seats = _seats_of(rec, final.num_players, set(players.levels(rec.game)))
        if not final.is_over and _seed_steers(final, seats):
            # its seed is the client's: a game between people would be a known deal
            raise Invalid("an unfinished game with more than one person cannot be imported "
                          "when its seed decides what is to come (hidden tiles, a computer's "
                          "choices): the seed would be the importer's (import it finished, "
                          "or with one person and computers)", code="record.people_unfinished")
        over = final.is_over
        for seat in sorted(invited):
            if seat >= len(seats) or seats[seat]["type"] != "person":
                raise Invalid(f"'invite' names seat {seat}, which is not a person's seat of "
                              "this record", code="record.invite_seat", seat=seat)
        people = [s["type"] == "person" and not over for s in seats]
        tokens = [new_token() if p and i not in invited else None for i, p in enumerate(people)]
        invites = [new_token() if p and i in invited else None for i, p in enumerate(people)]
        if not over and client is not None:
            await ending.check_room(self.service, client)
        row = await blocking(
            self.service.db.games.import_game, rec.game, dict(final.options), rec.seed, seats,
            list(rec.moves), "over" if over else "active", final.to_move,
            result_of(final) if over else None, tokens, client, invites)
        if not over:
            self.service.schedule_computer(await self.service.load(row.id))
        return row.id, rec.game, tokens, invites

    # --- rematch -----------------------------------------------------------------
    async def rematch(self, live: LiveGame, token: str | None, swap: bool,
                      invites: list[str] | None = None) -> dict[str, Any]:
        """A new game with the same options and seats, seats moved one on with ``swap``.

        Each person gets only their own seat of the new game: its secret is made from the
        hash of the secret that holds their seat now (server/api/claims.py: an invited
        person's seat is theirs, not its creator's), so only they can have it (here, or
        pushed over their WebSocket); the answer carries the caller's. A seat whose
        invited person never came is invited again: its new code is made from the old
        code's hash, and comes back for each old code in ``invites``.
        """
        if token is None:
            raise Forbidden("a rematch needs the token of a seat of this game",
                            code="rematch.token")
        await self.service.seat_of(live, token)
        if not live.over:
            raise Invalid("the game is not over yet", code="rematch.not_over")
        if live.rematch is None:
            await self._start_rematch(live, swap)
        assert live.rematch is not None
        new = await self.service.load(live.rematch)
        mine = derived_token(hash_token(token), new.id)
        try:
            seat = await self.service.seat_of(new, mine)
        except Forbidden:
            seat = None
        return {"id": new.id, "seat": seat, "token": mine if seat is not None else None,
                "invites": self._new_invites(new, invites or [])}

    @staticmethod
    def _new_invites(new: LiveGame, old_codes: list[str]) -> dict[str, str]:
        """The rematch ``new``'s open invite codes made from these old codes, by seat."""
        out = {}
        for code in old_codes:
            mine = derived_token(hash_token(code), new.id)
            for seat, stored in new.invites.items():
                if hmac.compare_digest(stored, hash_token(mine)):
                    out[str(seat)] = mine
        return out

    async def _start_rematch(self, live: LiveGame, swap: bool) -> None:
        n = len(live.seats)
        order = [(i - 1) % n for i in range(n)] if swap else list(range(n))  # new <- old
        body = {"game": live.game.name, "options": live.options,
                "seats": [{k: v for k, v in live.seats[old].items() if v is not None}
                          for old in order],
                "seed": draw_seed()}  # the server's, secret until the rematch ends
        timing = live.timing
        people = sum(1 for old in order if live.seats[old]["type"] == "person")
        if timing is not None and people >= 2:
            body["time"] = ({"days": timing.days} if timing.days is not None else
                            {"minutes": round((timing.base or 0) / 60),
                             "increment": round(timing.increment or 0)})  # the same time
        new, _, _ = await self.service.create(body, None, parent=live.id, make_tokens=False)
        held = await blocking(self.service.db.games.seat_profiles, live.id)
        hashes, invites, profiles = {}, {}, {}
        for new_seat, old_seat in enumerate(order):
            if new.seats[new_seat]["type"] != "person":
                continue
            old_hash = live.token_hashes.get(old_seat)
            if old_hash is not None:
                hashes[new_seat] = hash_token(derived_token(old_hash, new.id))
                if old_seat in held:
                    profiles[new_seat] = held[old_seat]
            elif old_seat in live.invites:  # nobody came: invited again
                invites[new_seat] = hash_token(derived_token(live.invites[old_seat], new.id))
        await blocking(self.service.db.games.add_tokens, new.id, hashes, invites, profiles)
        new.token_hashes.update(hashes)
        new.invites.update(invites)
        if new.timing is not None and invites:  # time runs once the invited come
            new.timing = await blocking(self.service.db.clocks.begin, new.id, 0, None,
                                        self.service.settings.clock())
        await rated_rematch(self.service.db, live, new, order)
        live.rematch = new.id

        def notice(seat: int | None) -> dict[str, Any]:
            if seat is None or seat not in live.token_hashes:
                return {"type": "rematch", "id": new.id}
            return {"type": "rematch", "id": new.id, "seat": order.index(seat),
                    "token": derived_token(live.token_hashes[seat], new.id)}

        await self.service.hub.broadcast(live.id, notice)
        await self.service.broadcast(live)


async def rated_rematch(db: Database, old: LiveGame, new: LiveGame, order: list[int]) -> None:
    """A rematch of a rated game is rated too, each profile and level on its new seat
    (``order[new seat]`` is the old seat)."""
    if not old.rated:
        return
    before = await blocking(db.ratings.get, old.id)
    if before is None:
        return
    seats = {s.seat: s for s in before.seats}
    new.rated = True
    await blocking(db.ratings.register, new.id, new.game.name,
                   [(seats[o].profile_id, seats[o].level) for o in order])


def _written(record: Record, names: list[str], analysis: dict[str, Any] | None,
             hide_seed: bool) -> str:
    """The text form of ``record``, annotated with ``analysis``, without its seed if
    ``hide_seed``."""
    if analysis is not None:
        text = annotated_text(record, analysis, names)
    else:
        text = to_text(record, names)
    if hide_seed:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("[Seed"))
    return text + "\n"


def _read_record(body: Any) -> tuple[Record, State]:
    """The record in ``body`` (its text form or its JSON) and its last position, every move
    checked: the reading and the replay, which take time in proportion to the body (at most
    ``max_body``), in a worker thread (:func:`Records.import_record`), never on the event
    loop."""
    try:
        if isinstance(body, str):
            rec = load(body)
        elif isinstance(body, dict):
            rec = Record.from_json(body)
        else:
            raise BadRecord("send a record: a JSON object, or its text form",
                            code="record.body")
        check_text(rec.to_json())
        return rec, rec.replay()
    except BadRecord as exc:
        raise Invalid.of(exc) from exc
    except RecursionError as exc:
        raise Invalid("the record is nested too deeply", code="record.too_deep") from exc
    except ValueError as exc:  # a number of thousands of digits in its JSON
        raise Invalid(f"the record cannot be read: {exc}", code="record.unreadable") from exc


def _seed_steers(final: State, seats: list[dict[str, Any]]) -> bool:
    """Whether an unfinished game between people, imported with the importer's seed, would
    be a known deal: two or more people, and a seed that decides what is still to come (the
    game's hidden draws, or a computer seat's choices). A game without either (Wari or
    Aqua Romana between people) goes on exactly as it would with any seed."""
    people = sum(s["type"] == "person" for s in seats)
    computers = any(s["type"] == "computer" for s in seats)
    return people > 1 and (final.game.secret_seed or computers)


def _seats_of(rec: Record, n: int, levels: set[str]) -> list[dict[str, Any]]:
    """The record's seats as the server keeps them (unknown kinds become people)."""
    seats = []
    for i in range(n):
        s = dict(rec.seats[i]) if i < len(rec.seats) else {}
        kind = s.get("type") if s.get("type") in SEAT_KINDS else "person"
        level = s.get("level") if s.get("level") in levels else "normal"
        name = s.get("name")
        seats.append({"type": kind, "level": level if kind == "computer" else None,
                      "name": name[:32] if isinstance(name, str) else None})
    return seats
