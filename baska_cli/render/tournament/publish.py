"""`baska tournament publish`'s files by name: the JSON of the standings (as `tournament
standings --format json` gives it), of each round and each table, and the pages
(publish_pages.py). Keys and values in JSON are never translated; no path of the
organiser's machine is in any of them."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

from baska_cli.render.stream import write_json
from baska_cli.render.tournament.classifications import details, teams_json
from baska_cli.render.tournament.publish_pages import (
    Pages,
    People,
    index_page,
    round_page,
    style,
    table_page,
)
from baska_cli.render.tournament.terminal import standings_json
from baska_cli.tournament.classifications.teams import team_standings
from baska_cli.tournament.publish.service import Publication, PublishedRound, PublishedTable

if TYPE_CHECKING:
    from jinja2 import Environment


def round_file(number: int, ext: str) -> str:
    """A round's file in the published folder (`r2.html`)."""
    return f"r{number}.{ext}"


def table_file(number: int, table: int, ext: str) -> str:
    """A table's file in the published folder (`r2/t3.html`)."""
    return f"r{number}/t{table}.{ext}"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def seats_record(table: PublishedTable) -> list[dict[str, Any]]:
    """Each seat's player and result where it counts (null where it does not)."""
    seats = []
    for seat, (player, place) in enumerate(zip(table.players, table.places, strict=True), 1):
        seats.append(
            {
                "seat": seat,
                "player": player,
                "total": None if place is None else place.total,
                "place": None if place is None or not place.place else place.place,
                "place_points": None if place is None else float(place.place_points),
                "place_points_exact": None if place is None else str(place.place_points),
                "result": None if place is None else place.result,
            }
        )
    return seats


def table_record(table: PublishedTable) -> dict[str, Any]:
    """A table's result as the round's JSON gives it."""
    return {
        "table": table.table,
        "players": list(table.players),
        "source": table.source,
        "counted": table.counted,
        "seats": seats_record(table),
        "walked_out": list(table.walked_out),
        "not_counted": list(table.problems),
        "page": table_file(table.round, table.table, "html"),
    }


def round_record(one: PublishedRound) -> dict[str, Any]:
    """A round's JSON: each table's result, who sat out."""
    return {
        "round": one.round,
        "complete": one.complete,
        "tables": [table_record(t) for t in one.tables],
        "sitting_out": list(one.sitting_out),
    }


def ledger_record(table: PublishedTable) -> dict[str, Any] | None:
    """The table's ledger as `baska ledger --format json` gives it, its file named within
    the tournament (`r2/t3.csv`)."""
    if table.ledger is None:
        return None
    out = io.StringIO()
    write_json([table.ledger.path], out)
    record: dict[str, Any] = json.loads(out.getvalue())
    record["file"] = table.name
    return record


def table_json(table: PublishedTable) -> dict[str, Any]:
    """A table's JSON: its result, the paper sheet's entries, and its ledger's hands."""
    return {
        "round": table.round,
        **table_record(table),
        "sheets": [{"totals": list(s.totals), "status": s.status} for s in table.sheets],
        "ledger": ledger_record(table),
    }


def publication_files(
    pub: Publication,
    home: tuple[str, str] | None = None,
    env: Environment | None = None,
    people: People | None = None,
) -> dict[str, str]:
    """Every file published, by its name in the folder (`/` between folders); `home`: a
    link first in every page's menu (a league's site), `env`: the Jinja2 environment to
    use (one for many publications), `people`: the players' names and pages on a league's
    site."""
    found = pub.standings
    files = {
        "style.css": style(),
        "standings.json": standings_json(
            found.lines, found.up_to, found.plan.tie_breaks, details(found.players)
        )
        + "\n",
    }
    teams = team_standings(found.lines, found.players)
    if teams:
        files["teams.json"] = teams_json(teams, found.up_to) + "\n"
    pages = Pages(pub, home, env, people)
    files["index.html"] = index_page(pages, teams)
    for one in pub.rounds:
        files[round_file(one.round, "html")] = round_page(pages, one)
        files[round_file(one.round, "json")] = _dumps(round_record(one))
        for table in one.tables:
            files[table_file(one.round, table.table, "html")] = table_page(pages, table)
            files[table_file(one.round, table.table, "json")] = _dumps(table_json(table))
    return files
