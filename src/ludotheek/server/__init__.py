"""The web server: HTTP API, WebSocket rooms, lobby and game pages.

``create_app(db)`` makes the ASGI app; ``ludotheek serve`` runs it on uvicorn.

Both names are imported when first asked for (PEP 562): a module of this package (the
computer pool, the settings) can be imported without the whole web server, so that
``ludotheek serve`` starts its computer workers before it loads the rest (issue 39).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludotheek.server.app import create_app
    from ludotheek.server.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from ludotheek.server.app import create_app

        return create_app
    if name == "Settings":
        from ludotheek.server.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
