"""The server's limits from a TOML file and the command line.

``ludotheek serve --config ludotheek.toml`` reads a file of ``name = value``
lines, where the names are those of the command-line options with ``_`` for
``-`` (``max_body = 65536`` for ``--max-body 65536``; a ``[server]`` table is
accepted too). Options on the command line win over the file, the file over the
defaults in :class:`~ludotheek.server.settings.Settings`.

>>> s = settings_from({"max_body": 1024, "max_games_per_client": 5})
>>> s.max_body, s.max_active_games_per_client
(1024, 5)
>>> settings_from({"max_bodies": 1})
Traceback (most recent call last):
...
ludotheek.server.config.BadConfig: unknown setting 'max_bodies'; the settings are: ...
"""

from __future__ import annotations

import dataclasses
import json
import os
import tomllib
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheek.core.errors import LudotheekError
from ludotheek.server.edge.proxy import BadNetworks, Network, parse_networks
from ludotheek.server.settings import Settings


class BadConfig(LudotheekError):
    """A setting that is unknown or out of range."""


@dataclass(frozen=True)
class Limit:
    """A setting: ``name`` in the file, ``--name`` (with ``-``) on the command line; it
    sets ``field`` of :class:`Settings`."""

    field: str
    name: str
    kind: type
    low: float
    help: str
    #: the values a setting of words (``kind`` str) may take
    choices: tuple[str, ...] = ()

    @property
    def option(self) -> str:
        return "--" + self.name.replace("_", "-")


#: every setting of the command line and the config file, in the order --help shows them
LIMITS = (
    Limit("max_body", "max_body", int, 1024,
          "Largest request body in bytes (default 65536); larger ones get 413."),
    Limit("max_ws_message", "max_ws_message", int, 1024,
          "Largest WebSocket message in bytes (default 65536); larger ones get an error "
          "reply, ones over four times this (at least 1 MiB) close the connection."),
    Limit("max_sockets_per_address", "max_sockets_per_address", int, 0,
          "WebSockets (live games) one client address may have open at once (default 64: "
          "a club behind one router; 0: no limit); more are closed with 4429."),
    Limit("body_timeout", "body_timeout", float, 0.1,
          "Seconds a request's body may take to arrive (default 30); a slower one gets 408 "
          "and its connection is closed."),
    Limit("ws_messages_per_second", "ws_rate", float, 0,
          "Messages (moves) per second one WebSocket connection may send (default 20; "
          "0: no limit)."),
    Limit("requests_per_second", "requests_per_second", float, 0,
          "HTTP API requests per second per client address (default 50; 0: no limit)."),
    Limit("requests_burst", "requests_burst", float, 1,
          "HTTP API requests one address may make at once (default: two seconds' worth)."),
    Limit("max_active_games_per_client", "max_games_per_client", int, 1,
          "Games in progress one client address may have created (default 100); games "
          "ended, left or without a move for --abandon-days do not count."),
    Limit("abandon_days", "abandon_days", float, 0.001,
          "Days without a move after which a game ends as abandoned; only games with a "
          "move within them count as in progress (default 30)."),
    Limit("abort_unplayed_hours", "abort_unplayed_hours", float, 0,
          "Hours without a move after which a game no person has moved in is aborted "
          "(default 24; 0: never)."),
    Limit("presence_grace", "presence_grace", float, 0,
          "Seconds a player may be away (no page open) before the others are told that "
          "they have gone; a reload within them is no departure (default 8)."),
    Limit("max_computer_seconds", "max_computer_seconds", float, 0.01,
          "Seconds a computer player may think per move at most (default 5)."),
    Limit("max_analysis_positions", "max_analysis_positions", int, 1,
          "Positions one analysis of a game may study (default 600: the longest real "
          "games fit); a game with more is refused (400)."),
    Limit("max_analyses_per_client", "max_analyses_per_client", int, 1,
          "Analyses one client address may have running or waiting at once (default 4); "
          "more get 429. The positions of all analyses are studied in turn, client by "
          "client and game by game."),
    Limit("trusted_proxies", "trusted_proxies", tuple, 0,
          "Reverse proxies whose X-Forwarded-For/-Proto headers name the real client: "
          "addresses or networks, comma-separated (default '127.0.0.1, ::1', a proxy on "
          "this host; '' trusts none, '*' every address). docs/deploy.md."),
    Limit("chat", "chat", str, 0,
          "What the people of a game may say to each other: 'free' (the preset phrases and "
          "texts of their own, the default) or 'presets' (the phrases only, for a site "
          "where children play).", choices=("free", "presets")),
    Limit("chat_per_minute", "chat_per_minute", int, 1,
          "Chat lines (and takeback requests) one seat of a game may send per minute "
          "(default 5); more are refused (429)."),
)
_BY_NAME = {lim.name: lim for lim in LIMITS}
ENV_CONFIG = "LUDOTHEEK_CONFIG"
ENV_LIMITS = "LUDOTHEEK_LIMITS"


def _checked(name: str, value: Any) -> tuple[str, Any]:
    """The field of the setting ``name`` and its checked value."""
    lim = _BY_NAME.get(name)
    if lim is None:
        raise BadConfig(f"unknown setting {name!r}; the settings are: "
                        f"{', '.join(sorted(_BY_NAME))}")
    if lim.kind is tuple:
        return lim.field, _networks(name, value)
    if lim.kind is str:
        if value not in lim.choices:
            raise BadConfig(f"setting {name} must be one of {', '.join(lim.choices)}, "
                            f"not {value!r}")
        return lim.field, value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadConfig(f"setting {name} must be a number, not {value!r}")
    if lim.kind is int and value != int(value):
        raise BadConfig(f"setting {name} must be a whole number, not {value!r}")
    if not value >= lim.low or value == float("inf"):
        raise BadConfig(f"setting {name} must be at least {lim.low:g}, not {value!r}")
    return lim.field, lim.kind(value)


def _networks(name: str, value: Any) -> tuple[Network, ...]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if not isinstance(value, str):
        raise BadConfig(f"setting {name} must be a text of addresses, not {value!r}")
    try:
        return parse_networks(value)
    except BadNetworks as exc:
        raise BadConfig(f"setting {name}: {exc}") from exc


def settings_from(values: Mapping[str, Any], base: Settings | None = None) -> Settings:
    """``base`` (default: the defaults) with the settings ``values`` (by name) put in;
    None values are left out."""
    checked = dict(_checked(name, value) for name, value in values.items()
                   if value is not None)
    return dataclasses.replace(base or Settings(), **checked)


def read_config(path: str | Path) -> dict[str, Any]:
    """The settings in a TOML file; :class:`BadConfig` if it cannot be read."""
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise BadConfig(f"cannot read the config file {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise BadConfig(f"the config file {path} is not TOML: {exc}") from exc
    server = data.pop("server", None)
    if isinstance(server, dict):
        data = {**data, **server}
    for name, value in data.items():
        _checked(name, value)
    return data


def load_settings(config: str | Path | None, options: Mapping[str, Any]) -> Settings:
    """The settings of ``ludotheek serve``: defaults, then the file, then the options."""
    base = settings_from(read_config(config)) if config else Settings()
    return settings_from(options, base)


def export_limits(config: str | Path | None, options: Mapping[str, Any],
                  environ: MutableMapping[str, str] = os.environ) -> None:
    """Put the config file and the limits given as options in the environment (checked),
    where :func:`settings_from_env` finds them: in this process and in every web process
    that ``serve`` starts."""
    given = {name: value for name, value in options.items() if value is not None}
    load_settings(config, given)  # refuse what is wrong before anything starts
    if config:
        environ[ENV_CONFIG] = str(Path(config).absolute())
    if given:
        environ[ENV_LIMITS] = json.dumps(given)


def settings_from_env(environ: Mapping[str, str] = os.environ) -> Settings:
    """The settings from ``LUDOTHEEK_CONFIG`` (a TOML file) and ``LUDOTHEEK_LIMITS`` (JSON
    of options), over the defaults."""
    try:
        options = json.loads(environ.get(ENV_LIMITS) or "{}")
    except json.JSONDecodeError as exc:
        raise BadConfig(f"{ENV_LIMITS} is not JSON: {exc}") from exc
    if not isinstance(options, dict):
        raise BadConfig(f"{ENV_LIMITS} must be a JSON object of settings")
    return load_settings(environ.get(ENV_CONFIG) or None, options)


def describe(settings: Settings) -> str:
    """One line with the limits in force (``serve`` prints it at the start)."""
    burst = settings.requests_burst or 2 * settings.requests_per_second
    rps = (f"{settings.requests_per_second:g} requests/s per address (bursts of {burst:g})"
           if settings.requests_per_second > 0 else "no request rate limit")
    ws = (f"{settings.ws_messages_per_second:g} WebSocket messages/s per connection"
          if settings.ws_messages_per_second > 0 else "no WebSocket message rate limit")
    proxies = (", ".join(str(n) for n in settings.trusted_proxies)
               if settings.trusted_proxies else "none")
    sockets = (f"{settings.max_sockets_per_address} WebSockets per address"
               if settings.max_sockets_per_address > 0 else "no WebSocket limit per address")
    return (f"limits: bodies {settings.max_body} bytes, WebSocket messages "
            f"{settings.max_ws_message} bytes, {ws}, {sockets}, {rps}, "
            f"a body within {settings.body_timeout:g} s, "
            f"{settings.max_active_games_per_client} games in progress per address, "
            f"abandoned after {settings.abandon_days:g} days without a move, "
            f"analyses of at most {settings.max_analysis_positions} positions, "
            f"{settings.max_analyses_per_client} at once per address; "
            f"chat: {settings.chat}, {settings.chat_per_minute} lines a minute per seat; "
            f"forwarded headers trusted from: {proxies}")
