"""The web server: HTTP API, WebSocket rooms, lobby and game pages.

``create_app(db)`` makes the ASGI app; ``ludotheek serve`` runs it on uvicorn.
"""

from ludotheek.server.app import create_app
from ludotheek.server.settings import Settings

__all__ = ["Settings", "create_app"]
