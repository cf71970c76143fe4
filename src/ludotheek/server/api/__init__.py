"""The HTTP API (described at ``/openapi.json``): a module per resource, each with its routes.

- :mod:`.games`: the games (create, list, view, move, undo, hint, scores), the site's
  description (``/api/meta``) and health; :mod:`.live`: a game's WebSocket;
- :mod:`.ending`: abort and leave; :mod:`.claims`: invited seats taken, taken up again;
- :mod:`.records`: export, import, replays, rematches;
- :mod:`.analyses`: analyses and "try again from here";
- :mod:`.profiles`: profiles, ratings, leaderboards;
- :mod:`.learn`: "How to play" and the guided game; :mod:`.advice`: notes before a move;
- :mod:`.client_errors`: the pages' error reports.

What a resource answers is declared once in :mod:`.answers` (a module per resource), the
query parameters it reads in :mod:`.queries`, the bodies it accepts in
:mod:`ludotheek.server.edge.bodies`; :mod:`.openapi` describes them from those declarations
(its part per resource). The routes call the games in play (``server/play/``) and the
analyses (``server/analyses/``); ``server/app.py`` mounts them.
"""
