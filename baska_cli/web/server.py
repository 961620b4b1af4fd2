"""The app run by uvicorn on a socket already bound, until Ctrl-C (or SIGTERM)."""

from __future__ import annotations

import contextlib
import socket
from types import FrameType

import uvicorn
from starlette.applications import Starlette


class Server(uvicorn.Server):
    """uvicorn's server that, told to stop, first ends the open event streams (else it
    would wait for them a while, then cancel them)."""

    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self.app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """Ctrl-C: the streams end, then uvicorn stops as it does."""
        self.app.state.hall.close_soon()
        super().handle_exit(sig, frame)


def run(app: Starlette, sock: socket.socket) -> None:
    """Serve `app` on `sock` until stopped (a Ctrl-C while uvicorn sets up, before its own
    handler is in place, stops it as cleanly)."""
    with contextlib.suppress(KeyboardInterrupt):  # (uvicorn raises Ctrl-C again once stopped)
        config = uvicorn.Config(
            app, log_level="warning", timeout_graceful_shutdown=2, lifespan="on", access_log=False
        )
        Server(config, app).run(sockets=[sock])
