"""Creating a game: the checked request, the limit per address, the seats' secrets.

A person's seat played at the creator's screen gets its secret now, and the creator gets
it; an invited person's seat (``"invite": true``) gets an invite code instead, which the
creator sends on: the seat's secret is made when its person takes it
(:mod:`~ludotheek.server.api.claims`), for them alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheek.core.errors import LudotheekError
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Invalid
from ludotheek.server.play import ending
from ludotheek.server.play.checks import check_create
from ludotheek.server.play.livegame import LiveGame
from ludotheek.store.games import NewGame, NoRoom, hash_token, new_token

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games


async def create(service: Games, body: Any, client: str | None = None,
                 parent: str | None = None, make_tokens: bool = True
                 ) -> tuple[LiveGame, list[str | None], list[str | None]]:
    """A new game from a create request; a secret for each person seat played here and
    an invite code for each invited one (unless ``make_tokens`` is false: a rematch
    derives them from the old game's)."""
    new = check_create(body)
    try:
        state = new.game.new(new.seed, **new.options)
    except LudotheekError as exc:
        if client is not None:  # a full address is refused first, as it always was
            await ending.check_room(service, client)
        raise Invalid.of(exc) from exc
    people = [make_tokens and s["type"] == "person" for s in new.seats]
    tokens = [new_token() if p and i not in new.invited else None for i, p in enumerate(people)]
    invites = [new_token() if p and i in new.invited else None for i, p in enumerate(people)]
    # the client's games in play are counted in the transaction that stores the new one
    room = None if client is None else (client, ending.live_since(service),
                                        service.settings.max_active_games_per_client)
    row = await service.writer.create(NewGame(new.game.name, new.options, new.seed, new.seats,
                                              tokens, state.to_move, client, parent, room,
                                              invites))
    if isinstance(row, NoRoom):
        assert client is not None
        await ending.refuse_full(service, client, row.count)
    live = LiveGame(row.id, new.game, new.options, new.seed, new.seats, state, [], 0,
                    row.created, parent,
                    token_hashes={i: hash_token(t) for i, t in enumerate(tokens) if t},
                    invites={i: hash_token(c) for i, c in enumerate(invites) if c})
    if new.time is not None:  # turn-based, or a clock (server/timing/timeouts.py)
        live.timing = await blocking(
            service.db.clocks.start, live.id, new.time.days, new.time.minutes,
            new.time.increment, live.seats, state.to_move, service.settings.clock(),
            bool(live.invites))
    service.cache.remember(live)
    service.schedule_computer(live)
    return live, tokens, invites
