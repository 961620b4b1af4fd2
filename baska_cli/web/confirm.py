"""A tournament table's confirmations of its result (the routes: to come)."""

from __future__ import annotations

from starlette.routing import BaseRoute

ROUTES: list[BaseRoute] = []
