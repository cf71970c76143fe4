"""Computer players off the event loop: the pool of worker processes (or threads) a web
process asks for a move or an analysis (:mod:`.pool`), and a computer's turn as a job of its
own, which the worker processes of a scaled-out site run (:mod:`.turns`).

Nothing here knows HTTP or the games in play: a job gets a game's name, a state as JSON and
a level, and gives back a move.
"""
