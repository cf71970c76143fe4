"""The app factory: ``create_app(db)``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp

from ludotheek.data import folder as resources
from ludotheek.server import collector
from ludotheek.server.analyses.service import Analyses
from ludotheek.server.api import (
    advice,
    chat,
    claims,
    client_errors,
    games,
    learn,
    live,
    profiles,
    qrcodes,
)
from ludotheek.server.api import analyses as analysis_api
from ludotheek.server.api import ending as ending_api
from ludotheek.server.api import push as push_api
from ludotheek.server.api import records as records_api
from ludotheek.server.api.openapi.document import spec
from ludotheek.server.computer.pool import ComputerPool, new_owner
from ludotheek.server.edge import headers
from ludotheek.server.edge.headers import SecurityHeaders
from ludotheek.server.edge.limits import Held, RateLimit
from ludotheek.server.edge.proxy import ProxyHeaders
from ludotheek.server.edge.requests import ClientLeft, client_address
from ludotheek.server.edge.statuses import service_error
from ludotheek.server.errors import ServiceError
from ludotheek.server.pages import appshell, catalogs
from ludotheek.server.pages.files import WEB, WebFiles
from ludotheek.server.play import ending
from ludotheek.server.play.hub import Hub
from ludotheek.server.play.records import Records
from ludotheek.server.play.service import GameService
from ludotheek.server.push.sender import Pusher
from ludotheek.server.scaleout.site import ScaleOut
from ludotheek.server.settings import Settings
from ludotheek.server.timing import timeouts
from ludotheek.store.database import Database, open_database

#: what starts and stops the app's work around serving
Lifespan = Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]

log = logging.getLogger("ludotheek.server")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "there is no such page", 405: "that method is not allowed here"}
    return JSONResponse({"error": messages.get(exc.status_code, str(exc.detail))},
                        status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _client_left(request: Request, exc: Exception) -> Response:
    """A client that went away in the middle of its request's body: one line, no trace
    (nobody gets the answer; a phone that lost its network is no error of the server)."""
    log.warning("%s %s from %s: %s", request.method, request.url.path,
                client_address(request), exc)
    return Response(status_code=400)


async def _unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"error": "something went wrong on the server; it has been logged"},
                        status_code=500)


def _page(name: str) -> Any:
    async def endpoint(request: Request) -> Response:
        return FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})
    return endpoint


async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(spec())


async def _sweep(service: GameService, settings: Settings) -> None:
    while True:
        await asyncio.sleep(settings.sweep_seconds)
        try:
            await service.sweep()
        except Exception:
            log.exception("looking for waiting computer turns failed")


class App(Starlette):
    """The Starlette app with the real client's address (behind trusted proxies) and the
    security headers outside everything else, error answers of the server included."""

    def build_middleware_stack(self) -> ASGIApp:
        inner = super().build_middleware_stack()
        return ProxyHeaders(SecurityHeaders(inner), trusted=self.state.settings.trusted_proxies)


def _stop_builds(data: resources.FolderResources) -> None:
    """The background builds this server's processes started end with it (issue 39: an
    endgame build ran on alone, 1.9 GB, after the server had stopped)."""
    if data.owner is None:
        return
    for name in resources.stop_builds(data.root, data.owner):
        log.warning("stopped the background build of %s; what it finished is kept, and it "
                    "goes on when it is needed again (or: ludotheek build %s)", name, name)


def _lifespan(service: GameService, analyses: Analyses, pool: ComputerPool,
              database: Database, settings: Settings,
              data: resources.FolderResources, pusher: Pusher) -> Lifespan:
    """What the app starts and stops around serving: the scale-out (or the warm computer
    pool), the sweeps of ended games and ratings, the resumed computer turns and analyses;
    at the end, the data builds it started."""
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper, scale_out = None, None
        if settings.redis_url:  # join a scaled-out site: announce moves, hear of others'
            scale_out = ScaleOut(service, settings.redis_url)
            service.scale_out = scale_out
            await scale_out.start()
            sweeper = asyncio.get_running_loop().create_task(_sweep(service, settings))
        else:
            pool.warm()
        # games nobody plays any more end first (and are not resumed), then every hour
        await ending.sweep(service)
        ending_sweeper = asyncio.get_running_loop().create_task(ending.sweeper(service))
        # clocks go on where they stopped; the time-outs due meanwhile, then every second
        if os.environ.get("LUDOTHEEK_TEST_CLOCK"):
            log.warning("LUDOTHEEK_TEST_CLOCK is set: the server's clock is the tests'")
        keeper = timeouts.TimeKeeper(service)
        service.time_keeper = keeper
        await keeper.on_start()
        time_sweeper = asyncio.get_running_loop().create_task(keeper.sweeper())
        resumed = await service.resume()
        if resumed:
            log.info("resumed %d computer turns", resumed)
        if await analyses.resume():
            log.info("went on with the unfinished analyses")
        rating = asyncio.get_running_loop().create_task(profiles.sweeper(database))
        # what the app holds once started lives as long as it: out of the cyclic garbage
        # collector's sight, which also collects less often (0.068 ms of CPU a move of
        # 500 games' 0.8 before, 0.008 after: server/collector.py)
        settled = collector.settle()
        try:
            yield
        finally:
            collector.release(settled)
            ending_sweeper.cancel()
            time_sweeper.cancel()
            rating.cancel()
            if sweeper is not None:
                sweeper.cancel()
            await analyses.close()
            await service.close()
            pusher.close()
            pool.close()
            if scale_out is not None:
                await scale_out.close()
            await asyncio.to_thread(_stop_builds, data)

    return lifespan


def _routes() -> list[BaseRoute]:
    """The pages, the API's parts, the OpenAPI document and the static files."""
    return [
        Route("/", _page("index.html")),
        Route("/play/{id}", _page("game.html")),
        Route("/replay/{id}", _page("replay.html")),
        Route("/profile", _page("profile.html")),
        Route("/profile/{id}", _page("profile.html")),
        Route("/openapi.json", openapi),
        *games.routes,
        *ending_api.routes,
        *claims.routes,
        *qrcodes.routes,
        *chat.routes,
        *records_api.routes,
        *learn.routes,
        *analysis_api.routes,
        *push_api.routes,
        *profiles.routes,
        *advice.routes,
        *client_errors.routes,
        *live.routes,
        *catalogs.routes,
        *appshell.routes,
        *headers.routes,
        Mount("/static", WebFiles(directory=WEB), name="static"),
    ]


def create_app(db: Database | str | Path | None = None,
               settings: Settings | None = None,
               pool: ComputerPool | None = None) -> Starlette:
    """The web app on database ``db`` (a Database, a path or URL; default: the data folder).
    ``pool``: its computer pool, made (and warmed) already (``ludotheek serve`` starts its
    workers before it loads the web server); None: a new one of
    ``settings.computer_workers``."""
    settings = settings or Settings()
    # the players' data sets: the data folder's; the builds this server starts are its own
    owner = pool.owner if pool is not None and pool.owner else new_owner()
    data = resources.setup(owner=owner)
    database = db if isinstance(db, Database) else open_database(db)
    hub = Hub()
    pool = pool or ComputerPool(settings.computer_workers, owner)
    service = GameService(database, settings, pool, hub)
    analyses = Analyses(service)
    pusher = Pusher(database, settings)
    service.turn_notices = pusher
    app = App(
        routes=_routes(),
        lifespan=_lifespan(service, analyses, pool, database, settings, data, pusher),
        middleware=[Middleware(RateLimit, rate=settings.requests_per_second,
                               burst=settings.requests_burst)],
        exception_handlers={ServiceError: service_error, HTTPException: _http_error,
                            ClientLeft: _client_left, Exception: _unexpected},
    )
    app.state.service = service
    app.state.records = Records(service)
    app.state.analyses = analyses
    app.state.db = database
    app.state.data_folder = data.root
    app.state.settings = settings
    app.state.app_shell = appshell.AppShell(settings.release_note)
    app.state.pusher = pusher
    #: the WebSockets open per client address (server/api/live.py)
    app.state.sockets = Held(settings.max_sockets_per_address)
    app.state.error_limit = client_errors.report_limit(settings.error_reports_per_minute)
    return app
