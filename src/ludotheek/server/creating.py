"""Creating a game: the checked request, the limit per address, the seats' secrets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheek.core.errors import LudotheekError
from ludotheek.server import ending
from ludotheek.server.checks import check_create
from ludotheek.server.errors import Invalid
from ludotheek.server.livegame import LiveGame
from ludotheek.server.offload import blocking
from ludotheek.store.games import hash_token, new_token

if TYPE_CHECKING:
    from ludotheek.server.service import GameService


async def create(service: GameService, body: Any, client: str | None = None,
                 parent: str | None = None,
                 make_tokens: bool = True) -> tuple[LiveGame, list[str | None]]:
    """A new game from a create request; a secret for each person seat (unless
    ``make_tokens`` is false: a rematch derives them from the old game's)."""
    new = check_create(body)
    if client is not None:
        await ending.check_room(service, client)
    try:
        state = new.game.new(new.seed, **new.options)
    except LudotheekError as exc:
        raise Invalid.of(exc) from exc
    tokens = [new_token() if s["type"] == "person" and make_tokens else None for s in new.seats]
    row = await blocking(service.db.games.create, new.game.name, new.options, new.seed,
                         new.seats, tokens, state.to_move, client, parent)
    live = LiveGame(row.id, new.game, new.options, new.seed, new.seats, state, [], 0,
                    row.created, parent,
                    token_hashes={i: hash_token(t) for i, t in enumerate(tokens) if t})
    service.cache.remember(live)
    service.schedule_computer(live)
    return live, tokens
