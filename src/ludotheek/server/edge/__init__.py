"""The HTTP edge: what every request and answer passes through, knowing no game.

Reading requests safely (:mod:`.requests`), the shapes they are checked by (:mod:`.shapes`,
the bodies the API accepts: :mod:`.bodies`), JSON out (:mod:`.jsonio`), the domain errors
as HTTP statuses (:mod:`.statuses`), the security headers (:mod:`.headers`), the client's
real address behind trusted proxies (:mod:`.proxy`), the rate limits (:mod:`.limits`) and
blocking work off the event loop (:mod:`.offload`). The bottom floor of the server
(docs/architecture.md, "The server"): it imports nothing of the server but its errors.
"""
