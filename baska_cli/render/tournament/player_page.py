"""A player's own page as JSON (GET /api/v1/me, and the answer to their word on their
table's result), the one place its keys are written (never translated), from the page's
facts (tournament/personal/page.py)."""

from __future__ import annotations

from typing import Any

from baska_cli.render.tournament.status import state_record
from baska_cli.tournament.personal.page import PlayerPage
from baska_cli.tournament.standings import TablePlace


def _result(place: TablePlace) -> dict[str, Any]:
    return {
        "round": place.round,
        "table": place.table,
        "place": place.place or None,
        "place_points": float(place.place_points),
        "place_points_exact": str(place.place_points),
        "total": place.total,
        "result": place.result,
    }


def page_record(page: PlayerPage) -> dict[str, Any]:
    """The page as JSON-ready values (keys never translated): `player` (the name the tables
    use), `name`, `round`, `table`, `seat` (0 for a sit-out; all None before the player's
    first draw), `players` and `names` (the table's four by seat), `totals` (the table's
    now, None before a result), `state` (the table's, as /api/v1/confirmations gives it),
    `results` round by round, `place` in the standings (None while `standings_hidden`, or
    before any result), `entered` the player's first round (a latecomer's)."""
    seat, state, p = page.seat, page.table, page.player
    return {
        "player": p.name,
        "name": page.names.get(p.name, p.display),
        "id": p.id,
        "club": p.club,
        "tournament": page.tournament,
        "rounds": page.rounds,
        "drawn": page.drawn,
        "entered": p.entered,
        "withdrawn": p.withdrawn,
        "round": seat.round if seat else None,
        "table": seat.table if seat else None,
        "seat": seat.seat if seat else None,
        "players": list(seat.players) if seat else [],
        "names": [page.names.get(n, n) for n in seat.players] if seat else [],
        "totals": list(state.totals) if state and state.totals is not None else None,
        "state": state_record(state) if state else None,
        "results": [_result(r) for r in page.results],
        "place": page.place,
        "standings_hidden": page.hidden,
    }
