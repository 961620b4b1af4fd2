"""The organiser's page and the hall's API (the routes: to come)."""

from __future__ import annotations

from starlette.routing import BaseRoute

ROUTES: list[BaseRoute] = []
