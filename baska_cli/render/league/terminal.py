"""A league for the terminal and for scripts: the register, the season and the rating list
as text tables, JSON and CSV (keys in JSON and CSV are never translated); every output that
shows ratings says they are not the official classification."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _, ngettext
from baska_cli.league.ratings import Rating
from baska_cli.league.register import Member, Register, told_apart
from baska_cli.league.regulations import Regulations
from baska_cli.league.season import LeagueLine
from baska_cli.league.service.season import LeagueRatings, LeagueSeason
from baska_cli.render.text import csv_line, fixed, number, plain_number, signed

REGISTER = ("id", "name", "club", "team", "category")
Cell = str | int | float | Fraction | None  # (a workbook's cell: render/tournament/workbook.py)


def exact_text(value: Fraction) -> str:
    """An exact number of points as "a/b" (7/2, 5/1): every sum reproducible by hand."""
    return f"{value.numerator}/{value.denominator}"


def register_table(register: Register) -> str:
    """The register, one player a line, then the records merged into others."""
    headers = [_("id"), _("player"), _("club"), _("team"), _("category")]
    rows = [[m.id, m.name, m.club, m.team, m.category] for m in register.members]
    text = tabulate(rows, headers=headers, disable_numparse=True) if rows else _("no players yet")
    if register.aliases:
        merged = [
            _("{id} ({name}) is merged into {kept}").format(id=a.id, name=a.name, kept=a.kept)
            for a in register.aliases
        ]
        text += "\n\n" + "\n".join(merged)
    return text


def register_json(register: Register) -> str:
    """One line of JSON: the players and the records merged."""
    return json.dumps(
        {
            "players": [dict(zip(REGISTER, _member(m), strict=True)) for m in register.members],
            "merged": [{"id": a.id, "kept": a.kept, "name": a.name} for a in register.aliases],
        },
        ensure_ascii=False,
    )


def register_csv(register: Register) -> str:
    """The register as CSV (as players.csv holds it)."""
    return "\n".join([csv_line(REGISTER), *(csv_line(_member(m)) for m in register.members)])


def _member(m: Member) -> list[str]:
    return [m.id, m.name, m.club, m.team, m.category]


def how(rules: Regulations, teams: bool = False) -> str:
    """How the season counts, in words."""
    parts = [
        _("season points: each event's place points")
        if not rules.places
        else _("season points: by place in each event, from the points table")
    ]
    if teams:
        parts.append(
            ngettext(
                "a team's best {count} player counts in each event",
                "a team's best {count} players count in each event",
                rules.team_best,
            ).format(count=rules.team_best)
        )
    if rules.best is not None:
        parts.append(
            ngettext(
                "the best {count} event counts ([…]: not counted)",
                "the best {count} events count ([…]: not counted)",
                rules.best,
            ).format(count=rules.best)
        )
    if rules.min_events > 1:
        parts.append(
            ngettext(
                "placed after {count} event",
                "placed after {count} events",
                rules.min_events,
            ).format(count=rules.min_events)
        )
    return "; ".join(parts)


def _heading(done: LeagueSeason) -> str:
    title = done.title or _("season")
    if done.teams:
        title += " · " + _("teams")
    if done.category:
        title += " · " + done.category
    played = ngettext("{count} event", "{count} events", len(done.events)).format(
        count=len(done.events)
    )
    return f"{title} · {played}\n{how(done.rules, done.teams)}"


def _cell(line: LeagueLine, event: str) -> str:
    result = next((r for r in line.events if r.event == event), None)
    if result is None:
        return "–"
    text = f"{number(result.points)} ({result.place}.)"
    return text if result.counted else f"[{text}]"


def shown_names(done: LeagueSeason) -> dict[str, str]:
    """Each line's name as people read it, by id: the id beside a name two players share
    (`Jan Kowalski (101)`); a team's name as it is."""
    if done.teams:
        return {ln.id: ln.player for ln in done.lines}
    return told_apart(Member(ln.id, ln.player) for ln in done.lines)


def season_table(done: LeagueSeason) -> str:
    """The season, one column per event: its points and place there; those short of the
    minimum of events after, with no place; namesakes told apart by their ids."""
    events = [e.event for e in done.events if e.standings is not None]
    titles = [e.title for e in done.events if e.standings is not None]
    who = _("team") if done.teams else _("player")
    headers = [_("place"), who, _("season points"), _("events"), _("total"), *titles]
    names = shown_names(done)
    rows = [
        [
            "" if ln.place is None else str(ln.place),
            names[ln.id],
            number(ln.points),
            f"{ln.counted}/{len(ln.events)}",
            signed(ln.total),
            *(_cell(ln, e) for e in events),
        ]
        for ln in done.lines
    ]
    align = ["right", "left", "right", "right", "right", *("right" for _e in events)]
    table = tabulate(rows, headers=headers, disable_numparse=True, colalign=align)
    short = sum(1 for ln in done.lines if ln.place is None)
    note = ""
    if short:
        note = "\n" + _("players without a place have played fewer events than the minimum")
    return f"{_heading(done)}\n\n{table}{note}"


def _record(line: LeagueLine, teams: bool) -> dict[str, Any]:
    record: dict[str, Any] = {
        "place": line.place,
        "player": line.player,
        "id": "" if teams else line.id,
        "points": float(line.points),
        "points_exact": exact_text(line.points),
        "events": len(line.events),
        "counted": line.counted,
        "total": line.total,
        "results": [
            {
                "event": r.event,
                "place": r.place,
                "points": float(r.points),
                "points_exact": exact_text(r.points),
                "total": r.total,
                "counted": r.counted,
            }
            for r in line.events
        ],
    }
    if not teams:
        record["club"] = line.club
    return record


def season_json(done: LeagueSeason) -> str:
    """One line of JSON."""
    rules = done.rules
    return json.dumps(
        {
            "league": done.title or None,
            "teams": done.teams,
            "category": done.category or None,
            "events": [
                {"event": e.event, "date": e.date or None, "title": e.title} for e in done.events
            ],
            "regulations": {
                "places": [exact_text(p) for p in rules.places] or None,
                "rest": exact_text(rules.rest) if rules.places else None,
                "best": rules.best,
                "min_events": rules.min_events,
                "team_best": rules.team_best,
                "tie_breaks": ["points", *rules.tie_breaks],
                "min_rounds": rules.min_rounds,
            },
            "standings": [_record(ln, done.teams) for ln in done.lines],
        },
        ensure_ascii=False,
    )


def season_csv(done: LeagueSeason) -> str:
    """One row per player: the season's sums, then each event's points ("" where absent),
    then whether each event counts (`counted:EVENT`: 1 or 0, "" where absent)."""
    events = [e.event for e in done.events if e.standings is not None]
    head = ["place", "player", "id", "points", "points_exact", "events", "counted", "total"]
    out = [csv_line([*head, *events, *(f"counted:{e}" for e in events)])]
    for ln in done.lines:
        got = {r.event: r.points for r in ln.events}
        counted = {r.event: int(r.counted) for r in ln.events}
        out.append(
            csv_line(
                [
                    "" if ln.place is None else ln.place,
                    ln.player,
                    "" if done.teams else ln.id,
                    plain_number(ln.points),
                    exact_text(ln.points),
                    len(ln.events),
                    ln.counted,
                    ln.total,
                    *(plain_number(got[e]) if e in got else "" for e in events),
                    *(counted.get(e, "") for e in events),
                ]
            )
        )
    return "\n".join(out)


def season_sheet(
    done: LeagueSeason,
) -> tuple[str, str, list[str], list[list[Cell]]]:
    """The season for a spreadsheet (a workbook's sheet: name, heading, headers, rows):
    each line's sums, then each event's points (one that does not count as text in
    brackets, `[11]`, as the terminal shows it)."""
    events = [e.event for e in done.events if e.standings is not None]
    titles = [e.title for e in done.events if e.standings is not None]
    headers = [_("place"), _("player"), _("season points"), _("events"), _("total"), *titles]
    names = shown_names(done)
    rows: list[list[Cell]] = []
    for ln in done.lines:
        got: dict[str, Cell] = {
            r.event: r.points if r.counted else f"[{number(r.points)}]" for r in ln.events
        }
        rows.append(
            [ln.place, names[ln.id], ln.points, len(ln.events), ln.total, *map(got.get, events)]
        )
    return _("season"), _heading(done).replace("\n", " · "), headers, rows


def unfinished_lines(unfinished: Sequence[tuple[str, int]]) -> list[str]:
    """A warning for each event whose standings count only the tables with a valid result."""
    return [
        ngettext(
            "warning: {event}: {count} table has no valid result; its standings count "
            "only the tables with one (see baska tournament check)",
            "warning: {event}: {count} tables have no valid result; its standings count "
            "only the tables with one (see baska tournament check)",
            count,
        ).format(event=event, count=count)
        for event, count in unfinished
    ]


def not_official() -> str:
    """What every output of ratings says."""
    return _(
        "A rating list (OpenSkill, Plackett–Luce; rating = μ − 3σ): not the official "
        "classification, which is `baska league standings`."
    )


def _rating_rows(lines: Sequence[Rating], names: dict[str, str], first: int) -> list[list[str]]:
    return [
        [
            str(first + i) if first else "",
            names.get(r.id, r.id),
            r.id,
            fixed(r.rating),
            fixed(r.mu),
            fixed(r.sigma),
            str(r.rounds),
        ]
        for i, r in enumerate(lines)
    ]


def ratings_table(done: LeagueRatings) -> str:
    """The rating list, then those with fewer rounds than the minimum, apart."""
    headers = [_("place"), _("player"), _("id"), _("rating"), "μ", "σ", _("rounds")]
    listed = _("rating list")
    text = f"{done.title} · {listed}\n{not_official()}\n\n"
    text += tabulate(
        _rating_rows(done.lines, done.names, 1), headers=headers, disable_numparse=True
    )
    if done.apart:
        text += "\n\n" + ngettext(
            "fewer than {count} round played (not listed):",
            "fewer than {count} rounds played (not listed):",
            done.min_rounds,
        ).format(count=done.min_rounds)
        text += "\n" + tabulate(
            _rating_rows(done.apart, done.names, 0), headers=headers, disable_numparse=True
        )
    return text


def _rating(r: Rating, names: dict[str, str]) -> dict[str, Any]:
    return {
        "player": names.get(r.id, r.id),
        "id": r.id,
        "rating": r.rating,
        "mu": r.mu,
        "sigma": r.sigma,
        "rounds": r.rounds,
    }


def ratings_json(done: LeagueRatings) -> str:
    """One line of JSON: the list, those apart, and the note."""
    return json.dumps(
        {
            "league": done.title,
            "official": False,
            "note": not_official(),
            "min_rounds": done.min_rounds,
            "ratings": [_rating(r, done.names) for r in done.lines],
            "apart": [_rating(r, done.names) for r in done.apart],
        },
        ensure_ascii=False,
    )
