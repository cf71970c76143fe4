"""The games in play: one service (:mod:`.service`: :class:`~.service.GameService`) that the
API, the WebSocket and the records reach, and the jobs it delegates to, each a module:
checking requests, the games in memory, creating them, seats and their tokens, views, moves
and undos, hints, games that end early, engine help refused in games that count, computer
turns, the group commit of moves, the WebSocket rooms that are told of every change.

None of them knows HTTP: they raise the domain errors of :mod:`ludotheek.server.errors`.
The jobs know the service by the parts they use (:mod:`.protocols`), so the service imports
its jobs and no job imports the service.
"""
