"""Learning to play: what a game declares for its "How to play" and its guided first
game, and reading those declarations (:mod:`.lessons`)."""
