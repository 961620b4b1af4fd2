"""A tournament for the terminal and for scripts: the draw and the standings as text tables,
JSON and CSV (keys and values in JSON and CSV are never translated)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _, ngettext
from baska_cli.render.text import csv_line, exact_number, number, signed
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.folder import ledger_name
from baska_cli.tournament.standings import WALKED_OUT, WALKOUT, StandingLine

CSV_HEADER = (
    "place", "player", "club", "place_points", "total", "tables_won", "movement", "lot",
    "withdrawn",
)  # fmt: skip
EXACT = "place_points_exact"  # the last column: the place points as a fraction (`34/3`)


def points(value: float | Fraction) -> str:
    """Place points as people read them: 5, 2,5, 1,33 in Polish (an exact 4/3 shown to two
    decimals; CSV keeps `plain_number`'s decimal point)."""
    return number(value)


def draw_record(draw: Draw) -> dict[str, Any]:
    """The draw as the JSON contract gives it (`absent` only where the desk left players
    out)."""
    record = {
        "round": draw.round,
        "tables": [
            {"table": t, "players": list(members), "ledger": ledger_name(draw.round, t)}
            for t, members in enumerate(draw.tables, 1)
        ],
        "sitting_out": list(draw.sitting_out),
        "repeats": [list(p) for p in draw.repeats],
        "apart_broken": [list(p) for p in draw.apart_broken],
    }
    return {**record, "absent": list(draw.absent)} if draw.absent else record


def draw_json(draw: Draw) -> str:
    """One line of JSON."""
    return json.dumps(draw_record(draw), ensure_ascii=False)


def absent_text(absent: Sequence[str]) -> str:
    """`absent (not checked in at the desk, not drawn): Ewa, Feliks`."""
    return ngettext(
        "absent (not checked in at the desk, not drawn): {names}",
        "absent (not checked in at the desk, not drawn): {names}",
        len(absent),
    ).format(names=", ".join(absent))


def pairs_text(pairs: Sequence[tuple[str, str]]) -> str:
    """`Ania–Bartek, Celina–Darek`."""
    return ", ".join(f"{a}–{b}" for a, b in pairs)


def draw_table(draw: Draw) -> str:
    """The seating as a table, then who sits out and who meets again."""

    headers = [_("table"), *(_("seat {n}").format(n=n) for n in (1, 2, 3, 4)), _("ledger")]
    align = ["right", "left", "left", "left", "left", "left"]
    rows = [[t, *members, ledger_name(draw.round, t)] for t, members in enumerate(draw.tables, 1)]
    title = (
        _("round {round}").format(round=draw.round)
        + ": "
        + ngettext("{count} table", "{count} tables", len(draw.tables)).format(
            count=len(draw.tables)
        )
    )
    lines = [title, "", tabulate(rows, headers=headers, disable_numparse=True, colalign=align), ""]
    if draw.sitting_out:
        lines.append(_("sitting out: {names}").format(names=", ".join(draw.sitting_out)))
    if draw.absent:
        lines.append(absent_text(draw.absent))
    if draw.repeats:
        lines.append(
            ngettext(
                "{count} pair meets again: {pairs}",
                "{count} pairs meet again: {pairs}",
                len(draw.repeats),
            ).format(count=len(draw.repeats), pairs=pairs_text(draw.repeats))
        )
    else:
        lines.append(_("no two players meet at a table again"))
    if draw.apart_broken:
        lines.append(
            _("seated together although asked not to be: {pairs}").format(
                pairs=pairs_text(draw.apart_broken)
            )
        )
    return "\n".join(lines)


def movement_text(movement: int | None) -> str:
    """▲2, ▼1, = or `new`."""
    if movement is None:
        return _("new")
    if movement > 0:
        return f"▲{movement}"
    if movement < 0:
        return f"▼{-movement}"
    return "="


def note(line: StandingLine) -> str:
    """What the standings say beside a line: a lot, a tie still to draw, a withdrawal."""
    notes = []
    if line.lot is not None:
        notes.append(_("lot {lot}").format(lot=line.lot))
    if line.tied:
        notes.append(_("tied"))
    if line.sat_out:
        notes.append(
            ngettext("sat out round {rounds}", "sat out rounds {rounds}", len(line.sat_out)).format(
                rounds=", ".join(str(r) for r in line.sat_out)
            )
        )
    left = [str(t.round) for t in line.rounds if t.result == WALKED_OUT]
    if left:
        notes.append(
            ngettext(
                "walked out in round {rounds}", "walked out in rounds {rounds}", len(left)
            ).format(rounds=", ".join(left))
        )
    stayed = [str(t.round) for t in line.rounds if t.result == WALKOUT]
    if stayed:
        notes.append(
            ngettext(
                "a walk-out at the table in round {rounds}",
                "a walk-out at the table in rounds {rounds}",
                len(stayed),
            ).format(rounds=", ".join(stayed))
        )
    if line.withdrawn is not None:
        notes.append(_("withdrew before round {round}").format(round=line.withdrawn))
    return "; ".join(notes)


def left_out(problems: Sequence[object], stale: Sequence[str], up_to: int) -> list[str]:
    """What the standings do not count, said on them: each table left out and why, and
    lots a later correction made stale (dropped)."""
    lines = []
    if problems:
        lines.append(_("not counted in these standings:"))
        lines += [f"  {problem}" for problem in problems]
    if stale:
        lines.append(
            _(
                "lots drawn after round {round} for {names} are dropped: a correction "
                "changed their tie"
            ).format(round=up_to, names=", ".join(stale))
        )
    return lines


def standings_rows(
    lines: Sequence[StandingLine], movement: bool, labels: Mapping[str, str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """Headers and cells of the standings table (shared with the HTML page); `labels`: a
    player's name as people read it (a full name), by the name the tables use."""
    headers = [_("place")]
    if movement:
        headers.append(_("move"))
    headers += [_("player"), _("club"), _("place points"), _("total"), _("tables won"), _("note")]
    rows = []
    for ln in lines:
        cells = [str(ln.place)]
        if movement:
            cells.append(movement_text(ln.movement))
        cells += [
            (labels or {}).get(ln.player, ln.player),
            ln.club,
            points(ln.place_points),
            signed(ln.total),
            str(ln.tables_won),
            note(ln),
        ]
        rows.append(cells)
    return headers, rows


def standings_table(
    lines: Sequence[StandingLine],
    round_number: int,
    rounds: int,
    order: str,
    notes: Sequence[str] = (),
    labels: Mapping[str, str] | None = None,
) -> str:
    """The standings after a round, with how they are ordered."""

    headers, rows = standings_rows(lines, round_number > 1, labels)
    title = _("standings after round {round} of {rounds}").format(round=round_number, rounds=rounds)
    ordered = _("ordered by {order}; players equal on all of them share a place").format(
        order=order
    )
    right = {_("place"), _("place points"), _("total"), _("tables won")}
    align = ["right" if h in right else "left" for h in headers]
    table = tabulate(rows, headers=headers, disable_numparse=True, colalign=align)
    below = "".join(f"\n{line}" for line in notes)
    return f"{title}\n{ordered}\n\n{table}" + (f"\n{below}" if notes else "")


def line_record(line: StandingLine) -> dict[str, Any]:
    """A standings line as the JSON contract gives it."""
    return {
        "place": line.place,
        "player": line.player,
        "place_points": float(line.place_points),
        "place_points_exact": str(line.place_points),
        "total": line.total,
        "tables_won": line.tables_won,
        "rounds": [
            {
                "round": t.round,
                "table": t.table or None,
                "place": t.place or None,
                "place_points": float(t.place_points),
                "total": t.total,
                "result": t.result,
            }
            for t in line.rounds
        ],
        "club": line.club,
        "movement": line.movement,
        "lot": line.lot,
        "tied": line.tied,
        "withdrawn": line.withdrawn,
        "sat_out": list(line.sat_out),
    }


def standings_json(
    lines: Sequence[StandingLine],
    round_number: int,
    order: Sequence[str],
    details: Mapping[str, Mapping[str, Any]] | None = None,
) -> str:
    """One line of JSON; `details`: what each player's line adds (id, full name, …)."""
    more = details or {}
    return json.dumps(
        {
            "round": round_number,
            "tie_breaks": list(order),
            "standings": [{**line_record(ln), **more.get(ln.player, {})} for ln in lines],
        },
        ensure_ascii=False,
    )


def standings_csv(
    lines: Sequence[StandingLine],
    details: Mapping[str, Sequence[str]] | None = None,
    details_header: Sequence[str] = (),
) -> str:
    """One row per player, for scripts: place points as exactly as a float holds them, and
    exactly as a fraction in the last column; with `details`, their cells (under
    `details_header`) before it."""
    head = [*CSV_HEADER, *(details_header if details else ()), EXACT]
    out = [csv_line(head)]
    for ln in lines:
        extra = list((details or {}).get(ln.player, ["" for _h in details_header]))
        out.append(
            csv_line(
                [
                    ln.place,
                    ln.player,
                    ln.club,
                    exact_number(ln.place_points),
                    ln.total,
                    ln.tables_won,
                    "" if ln.movement is None else ln.movement,
                    "" if ln.lot is None else ln.lot,
                    "" if ln.withdrawn is None else ln.withdrawn,
                    *(extra if details else []),
                    str(ln.place_points),
                ]
            )
        )
    return "\n".join(out)
