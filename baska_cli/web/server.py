"""The app run by uvicorn on a socket already bound, until Ctrl-C (or SIGTERM)."""

from __future__ import annotations

import contextlib
import socket
from types import FrameType

import uvicorn
from starlette.applications import Starlette

from baska_cli.web.capacity import Capacity
from baska_cli.web.connections import connections

KEEP_ALIVE = 5  # seconds a connection may wait idle between two requests (uvicorn's)
QUEUE = 2048  # connections the system keeps waiting to be accepted (a hall's phones at once)
ACCEPTS = 16  # connections accepted at a time: those past the capacity are closed first


class Server(uvicorn.Server):
    """uvicorn's server that, told to stop, first ends the open event streams (else it
    would wait for them a while, then cancel them)."""

    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self.app = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Started, its sockets' queue QUEUE long again (asyncio sets it to the backlog, the
        connections it accepts at a time: ACCEPTS)."""
        await super().startup(sockets)
        for sock in sockets or []:
            sock.listen(QUEUE)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """Ctrl-C: the streams end, then uvicorn stops as it does."""
        self.app.state.hall.close_soon()
        super().handle_exit(sig, frame)


def run(app: Starlette, sock: socket.socket, capacity: Capacity) -> None:
    """Serve `app` on `sock` until stopped (a Ctrl-C while uvicorn sets up, before its own
    handler is in place, stops it as cleanly), holding the connections of `capacity`
    (web/connections.py: the heads' time and size; uvicorn's own limit_concurrency is not
    used: it counts idle connections and answers its 503 in plain text)."""
    with contextlib.suppress(KeyboardInterrupt):  # (uvicorn raises Ctrl-C again once stopped)
        config = uvicorn.Config(
            app,
            http=connections(app.state.hall.language, capacity.connections),
            timeout_keep_alive=KEEP_ALIVE,
            backlog=ACCEPTS,
            log_level="warning",
            timeout_graceful_shutdown=2,
            lifespan="on",
            access_log=False,
        )
        Server(config, app).run(sockets=[sock])
