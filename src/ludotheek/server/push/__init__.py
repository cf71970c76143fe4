"""Web Push: a device told when it is its person's turn, the page closed (issue 37).

- :mod:`.keys`: the server's VAPID keys, made once and kept in the data folder.
- :mod:`.endpoints`: which push endpoints the server posts to (a subscription's endpoint is
  an address a client chose: only https on port 443 of a public host).
- :mod:`.sender`: the pushes, sent by a thread of their own from a bounded queue, each within
  a time limit; a subscription its push service says is gone is dropped.

docs/web.md ("Notifications on a closed page") tells the whole story; docs/security.md its
attacks.
"""
