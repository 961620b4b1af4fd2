"""GET /api/v1/next: what a tournament table's phones show after its series — its places and
place points once its result is confirmed, then each player's table in the next round as
soon as it is drawn (tournament/tables/service.py), in the request's language."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from baska_cli.i18n import _
from baska_cli.render.tournament.terminal import points
from baska_cli.tournament.tables.service import SITS_OUT, AfterTable, NextSeat, after_table
from baska_cli.web.api import endpoint
from baska_cli.web.hall.confirm import table_where
from baska_cli.web.served import Served


def _seat(player: str, seat: NextSeat | None, round_number: int) -> dict[str, Any]:
    """Where a player plays next, and its words: `Round 3: table 17, seat 2`."""
    if seat is None:
        return {"player": player, "table": None, "seat": None, "text": _("plays no more rounds")}
    if seat.table == SITS_OUT:
        text = _("Round {round}: sits out").format(round=round_number)
    else:
        text = _("Round {round}: table {table}, seat {seat}").format(
            round=round_number, table=seat.table, seat=seat.seat
        )
    return {"player": seat.player, "table": seat.table, "seat": seat.seat, "text": text}


def next_record(found: AfterTable) -> dict[str, Any]:
    """The table's places and next seats as JSON-ready values, with their words (both
    lists empty until known: zipped with the players, not strictly)."""
    following = found.next_round
    return {
        "status": found.state.status,
        "places": [
            {
                "player": player,
                "place": place.place,
                "place_points": float(place.place_points),
                "place_points_exact": str(place.place_points),
                "place_points_text": points(place.place_points),
                "total": place.total,
            }
            for player, place in zip(found.state.players, found.places, strict=False)
        ],
        "next_round": following,
        "drawn": found.drawn,
        "seats": [
            _seat(player, seat, following)
            for player, seat in zip(found.state.players, found.seats, strict=False)
            if following is not None
        ],
    }


@endpoint(post=False)
async def next_table(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/next: the table's places and place points (once confirmed) and its
    players' tables in the next round (once drawn)."""
    folder, round_number, table = table_where(request)
    language: str = request.state.language

    def work() -> dict[str, Any]:
        return next_record(after_table(folder, round_number, table))  # (words in `language`)

    return JSONResponse(await served.run(language, work))
