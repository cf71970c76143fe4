"""Slow games and clocks: the reminders and time-outs of games with a time (timeouts.py)."""
