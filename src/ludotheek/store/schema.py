"""The tables (SQLAlchemy Core); Alembic migrations in ``migrations/`` create them."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),  # JSON list: {"type", "level", "name"}
    Column("version", Integer, nullable=False, default=0),  # number of moves played
    Column("status", String(16), nullable=False),  # active | over | aborted | abandoned
    Column("to_move", Integer, nullable=True),
    Column("result", Text, nullable=True),  # JSON, once over
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("parent", String(32), nullable=True),  # the game this is a rematch of
    Column("client", String(64), nullable=True),  # who created it (limits per address)
    Index("ix_games_status_updated", "status", "updated"),
    Index("ix_games_client", "client"),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("number", Integer, primary_key=True),  # 1, 2, ...
    Column("move", Text, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined", Float, nullable=True),  # when the seat's token was first used
    # the profile that took the seat (by invitation, or the creator's in a rated game): it
    # may take the seat up again on another device (server/api/claims.py)
    Column("profile_id", String(16), ForeignKey("profiles.id", ondelete="SET NULL"),
           nullable=True),
    Index("ix_seat_tokens_profile", "profile_id"),  # a profile's games (revision 0006)
)

#: an invited person's seat: the hashed invite code, until the seat is taken (once: then
#: ``taken`` is set and the code acts for nothing any more; server/api/claims.py)
seat_invites = Table(
    "seat_invites",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("invite_hash", String(64), nullable=False, unique=True),
    Column("taken", Float, nullable=True),  # when the seat was taken with it
)

#: what the people of a game said to each other (server/play/chat.py), in order: a preset
#: phrase (``text`` its key), a free text, or a step of a takeback request (``takeback``
#: asked, ``takeback_yes`` / ``takeback_no`` answered or withdrawn; server/play/takebacks.py)
chat = Table(
    "chat",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("number", Integer, primary_key=True),  # 1, 2, ... within the game
    Column("seat", Integer, nullable=False),
    # phrase | text | takeback | takeback_yes | takeback_no
    Column("kind", String(16), nullable=False),
    Column("text", Text, nullable=True),  # the phrase's key, the free text; None: a takeback's
    Column("version", Integer, nullable=False),  # the game's version when it was said
    Column("at", Float, nullable=False),
)

scores = Table(
    "scores",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("value", Float, nullable=False),
    Column("date", String(32), nullable=False),
    Column("game_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Index("ix_scores_game_value", "game", "value"),
)

#: analyses of games by an engine (ludotheek.analysis): one row per game and engine version
analyses = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("engine", String(200), primary_key=True),
    Column("status", String(16), nullable=False),  # running | done | failed
    Column("moves", Integer, nullable=False),  # the record entries the analysis covers
    Column("total", Integer, nullable=False),  # positions to study
    Column("result", Text, nullable=True),  # JSON, once done
    Column("error", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_analyses_status", "status"),
)

#: the engine's measure of each studied position (kept as it comes: a restart loses none)
analysis_positions = Table(
    "analysis_positions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("engine", String(200), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("data", Text, nullable=False),  # JSON (ludotheek.analysis.measure)
)

# --- profiles and ratings (ludotheek.rated; docs/ratings.md) ------------------------------

profiles = Table(
    "profiles",
    metadata,
    Column("id", String(16), primary_key=True),  # public: in links to the profile page
    Column("name", String(32), nullable=False),
    Column("secret_hash", String(64), nullable=False, unique=True),  # sha256 of the secret
    Column("created", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    Column("profile_id", String(16), ForeignKey("profiles.id", ondelete="CASCADE"),
           primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # rated games played
    Column("updated", Float, nullable=False),
    Index("ix_ratings_game_mu", "game", "mu"),
)

rated_games = Table(
    "rated_games",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("game", String(32), nullable=False),
    Column("status", String(16), nullable=False),  # pending | rated | unrated | void
    Column("reason", String(32), nullable=True),  # how it ended, or why it is not rated
    Column("created", Float, nullable=False),
    Column("rated_at", Float, nullable=True),
    Column("attempts", Integer, nullable=False, default=0),  # failed rating attempts
    Index("ix_rated_games_status", "status"),
)

# one row per seat of a rated game: who sat there, and the rating before and after (the
# history of a profile's rating is its rows here, in the order their games were rated)
rated_seats = Table(
    "rated_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("rated_games.game_id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("profile_id", String(16), ForeignKey("profiles.id", ondelete="SET NULL"),
           nullable=True),  # None: a computer level, or a person without a profile
    Column("level", String(32), nullable=True),
    Column("place", Integer, nullable=True),  # 1 = first; set once rated
    Column("number", Integer, nullable=True),  # the profile's n-th rated game of this game
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    UniqueConstraint("game_id", "profile_id", name="uq_rated_seats_profile"),
    Index("ix_rated_seats_profile", "profile_id"),
)

# --- Web Push (server/push/; docs/web.md, "Notifications on a closed page") ---------------

#: a device that asked to be told of a turn: for a seat of a game (``game_id``, ``seat``, and
#: the hash of the seat's secret it was subscribed with: a seat taken up again elsewhere gets
#: no pushes on the old device) or for a profile (``profile_id``); the push service's
#: ``endpoint`` and the device's keys (``p256dh``, ``auth``) as the browser gave them
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("profile_id", String(16), ForeignKey("profiles.id", ondelete="CASCADE"),
           nullable=True),
    Column("endpoint", String(1024), nullable=False),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created", Float, nullable=False),
    Index("ix_push_seat", "game_id", "seat"),
    Index("ix_push_profile", "profile_id"),
    Index("ix_push_endpoint", "endpoint"),
)

# --- slow games and clocks (server/play/clocks.py; docs/web.md, "Slow games and clocks") ---

#: the time of a game between people: turn-based (``days`` per move) or a clock (``base``
#: seconds each plus ``increment`` a move, ``remaining`` each seat's seconds when the turn
#: began); the turn began at version ``version`` (the game's moves then), ``seat``'s time
#: runs from ``started`` until ``deadline`` (None: nobody's time runs); ``reminded`` and
#: ``timed_out`` are the versions whose reminder and time-out a process claimed (once)
game_clocks = Table(
    "game_clocks",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("days", Integer, nullable=True),
    Column("base", Float, nullable=True),
    Column("increment", Float, nullable=True),
    Column("remaining", Text, nullable=True),  # JSON list of seconds, by seat
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("started", Float, nullable=True),
    Column("deadline", Float, nullable=True),
    Column("remind_at", Float, nullable=True),
    Column("reminded", Integer, nullable=True),
    Column("timed_out", Integer, nullable=True),
    Column("out_seat", Integer, nullable=True),  # the seat whose time ran out
    Index("ix_game_clocks_deadline", "deadline"),
    Index("ix_game_clocks_remind_at", "remind_at"),
)

#: when a process of the site last swept the games' time (one row, ``name`` "site"): a
#: process that starts after a longer silence knows the whole site was down
#: (store/clocks.py, ``ClockStore.claim_restart``)
site_beat = Table(
    "site_beat",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("beat", Float, nullable=False),
)
