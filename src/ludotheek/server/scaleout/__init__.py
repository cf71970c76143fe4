"""A scaled-out site: several web processes, one database (PostgreSQL), one Redis, a worker
pool (docs/scaling.md).

- :mod:`.cluster`: Redis, as the web processes and the workers use it: stored moves
  announced, the worker pool's jobs sent by the names a message carries (its queue and its
  actor), never by a module's path;
- :mod:`.site`: the service's side (:class:`~.site.ScaleOut`): moves announced and heard
  of, computer turns sent as jobs and sent again by a sweeper. The app makes it and gives it
  to the service, which knows it by a protocol (``play/protocols.py``); a site of one
  process never makes one, and never imports Redis or Dramatiq.
"""
