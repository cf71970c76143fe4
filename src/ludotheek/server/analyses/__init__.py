"""Analyses of games by their strong engine, as the API offers them (docs/web.md, "Analysis").

- :mod:`.service`: who may ask, starting them, their progress and result
  (:class:`~.service.Analyses`, which the API and the WebSocket reach);
- :mod:`.jobs`: the work against the database, shared by the web process (one-process
  site) and the Dramatiq workers (scaled-out site);
- :mod:`.queue`: fair turns for the analyses of one web process in its computer pool.

The reviewing itself (what a game declares, the plan of positions, the standings and marks)
is ``ludotheek.analysis``, which names no server part.
"""
