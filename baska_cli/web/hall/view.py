"""The organiser's page's JSON (GET /api/v1/hall), the one place its keys are written: a
round as tournament/rounds/service.py's `round_view` gives it — each table's state
(render/tournament/status.py's record) with its words and its links, which are not in, what
may be done next — and the links of the organiser's pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from baska_cli.render.tournament.done import named_tables
from baska_cli.render.tournament.done import state_word as status_word
from baska_cli.render.tournament.status import STATUS_WORDS, state_record
from baska_cli.render.tournament.status import status_word as status_name
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.hall.keys import HallKeys
from baska_cli.tournament.rounds.progress import IN
from baska_cli.tournament.rounds.service import RoundView, round_view
from baska_cli.tournament.tables.state import PLAYING, TableState

ATTENTION = ("disputed", "waiting")  # a table the organiser may have to act on
PRINTS = ("seating", "sheets", "standings")  # the printable pages, by name


def organiser_base(key: str) -> str:
    """The organiser's pages' path: `/o/KEY`."""
    return f"/o/{key}"


def _table(
    state: TableState,
    draw: Draw,
    keys: HallKeys,
    base: str,
    names: Mapping[str, str],
    over: bool,
) -> dict[str, Any]:
    return {
        **state_record(state),
        "names": [names.get(p, p) for p in state.players],  # (full names, by seat)
        "word": status_word(state),
        # (the deals played may be accepted: the round's time is up or the round closed)
        "accept_short": state.short and state.status == PLAYING and over,
        "in": state.status in IN,
        "attention": state.status in ATTENTION or state.conflict,
        "page": f"{base}/t/{state.round}/{state.table}",
        "link": f"/t/{keys.table(draw, state.table)}",
    }


def _behind(state: TableState, base: str) -> dict[str, Any]:
    """A table of a round before the one shown that is not in (a round drawn anyway): kept
    on the page until it is in."""
    return {
        "round": state.round,
        "table": state.table,
        "status": state.status,
        "word": status_word(state),
        "page": f"{base}/t/{state.round}/{state.table}",
    }


def view_record(view: RoundView, keys: HallKeys) -> dict[str, Any]:
    """The round as the organiser's page shows it, each table's links by `keys`."""
    base = organiser_base(keys.organiser)
    shown, draw = view.round, view.draw
    return {
        "tournament": view.tournament,
        "round": shown,
        "rounds": view.rounds,
        "drawn": view.drawn,
        "deals": view.deals,
        "tables": []
        if draw is None
        else [_table(s, draw, keys, base, view.names, view.over) for s in view.states],
        "counts": _counts(view.states),
        "all_in": not view.late,
        "not_in": [s.table for s in view.late],
        "waiting_for": named_tables(view.late),
        "next_round": view.next_round,
        "closed": view.closed,
        "undo": view.undo,
        "behind": [_behind(s, base) for s in view.behind],
        "players": [{"name": p.name, "display": p.display} for p in view.players],
        "print": {name: f"{base}/print/{shown}/{name}.html" for name in PRINTS if shown},
        "problems": list(view.problems),
    }


def hall_view(path: str, keys: HallKeys, round_number: int | None = None) -> dict[str, Any]:
    """The hall as the organiser's page shows it: the round asked for (default: the newest
    drawn), each table's state and links, whether all are in, what may be done next."""
    return view_record(round_view(path, round_number), keys)


def _counts(states: Sequence[TableState]) -> list[dict[str, Any]]:
    """How many tables are in each state (the states no table is in left out)."""
    found = [(status, sum(s.status == status for s in states)) for status in STATUS_WORDS]
    return [{"status": st, "word": status_name(st), "count": n} for st, n in found if n]
