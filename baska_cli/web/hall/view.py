"""What the organiser's page shows of the hall: a round's tables with their states (from
tournament/hall_state.py), which are not in yet, the players, and the links, as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from baska_cli.render.tournament.done import named_tables
from baska_cli.render.tournament.done import state_word as status_word
from baska_cli.render.tournament.status import STATUS_WORDS
from baska_cli.render.tournament.status import status_word as status_name
from baska_cli.tournament.clock.service import hall_problems, time_is_up
from baska_cli.tournament.folder import Tournament, load
from baska_cli.tournament.hall.keys import HallKeys
from baska_cli.tournament.players import shown_names
from baska_cli.tournament.rounds.progress import IN, not_in, recorded_tables
from baska_cli.tournament.tables.state import PLAYING, TableState, state_record, states_of

ATTENTION = ("disputed", "waiting")  # a table the organiser may have to act on
PRINTS = ("seating", "sheets", "standings")  # the printable pages, by name


def organiser_base(key: str) -> str:
    """The organiser's pages' path: `/o/KEY`."""
    return f"/o/{key}"


def _table(
    t: Tournament,
    state: TableState,
    keys: HallKeys,
    base: str,
    names: dict[str, str],
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
        "link": f"/t/{keys.table(t.draws[state.round - 1], state.table)}",
    }


def behind(t: Tournament, shown: int, base: str) -> list[dict[str, Any]]:
    """The tables of the rounds before `shown` that are not in (a round drawn anyway): kept
    on the page until each is in."""
    late = []
    for number in range(1, shown):
        late += [
            {
                "round": s.round,
                "table": s.table,
                "status": s.status,
                "word": status_word(s),
                "page": f"{base}/t/{s.round}/{s.table}",
            }
            for s in not_in(t, states_of(t, number))
        ]
    return late


def hall_view(path: str, keys: HallKeys, round_number: int | None = None) -> dict[str, Any]:
    """The hall as the organiser's page shows it: the round asked for (default: the newest
    drawn), each table's state and links, whether all are in, what may be done next."""
    t = load(path)
    base = organiser_base(keys.organiser)
    shown = len(t.draws) if round_number is None else round_number
    states = states_of(t, shown) if shown else ()  # (refused: a round not drawn)
    late = not_in(t, states)
    newest = shown == len(t.draws)
    next_round = t.next_round if t.next_round <= t.plan.rounds else None
    names = shown_names(t.players)
    over = bool(shown) and (shown in t.closed or time_is_up(t, shown))
    return {
        "tournament": t.name,
        "round": shown,
        "rounds": t.plan.rounds,
        "drawn": len(t.draws),
        "deals": t.plan.deals,
        "tables": [_table(t, s, keys, base, names, over) for s in states],
        "counts": _counts(states),
        "all_in": not late,
        "not_in": [s.table for s in late],
        "waiting_for": named_tables(late),
        "next_round": next_round if newest else None,
        "closed": shown in t.closed,
        "undo": bool(shown) and newest and not recorded_tables(t, shown),
        "behind": behind(t, shown, base) if newest else [],
        "players": [
            {"name": p.name, "display": p.display} for p in t.players if p.withdrawn is None
        ],
        "print": {name: f"{base}/print/{shown}/{name}.html" for name in PRINTS if shown},
        "problems": list(hall_problems(path)),
    }


def _counts(states: Sequence[TableState]) -> list[dict[str, Any]]:
    """How many tables are in each state (the states no table is in left out)."""
    found = [(status, sum(s.status == status for s in states)) for status in STATUS_WORDS]
    return [{"status": st, "word": status_name(st), "count": n} for st, n in found if n]
