"""A worker process of a scaled-out site (``ludotheek worker``, docs/scaling.md): the
Dramatiq actors it runs (:mod:`.actors`), on the broker and by the names of the jobs the
web processes send (``ludotheek.server.scaleout.cluster``). It sits above the server, beside the
command line: the server never imports it."""
