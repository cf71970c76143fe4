"""Generic computer players that work on every game through the game API."""
