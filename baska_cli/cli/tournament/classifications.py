"""What `baska tournament standings` shows: the standings (of all players or of a category,
or every category's), or with `--teams` the team classification — as text, JSON, CSV, a
printable page and a workbook."""

from __future__ import annotations

import json

import click

from baska_cli.files.outputs import write_output
from baska_cli.i18n import _, ngettext
from baska_cli.render.text import csv_line
from baska_cli.render.tournament.classifications import (
    DETAILS_CSV_HEADER,
    details,
    details_cells,
    labels,
    teams_csv,
    teams_json,
    teams_note,
    teams_rows,
    teams_table,
)
from baska_cli.render.tournament.classifications_printed import Section, sections_html
from baska_cli.render.tournament.standings_page import ordered, standings_page
from baska_cli.render.tournament.terminal import (
    left_out,
    line_record,
    standings_csv,
    standings_json,
    standings_rows,
    standings_table,
)
from baska_cli.render.tournament.workbook import Sheet, standings_sheet, teams_sheet, workbook
from baska_cli.tournament.classifications.categories import category_named
from baska_cli.tournament.classifications.service import category_of, every_category
from baska_cli.tournament.classifications.teams import team_standings
from baska_cli.tournament.details import has_details
from baska_cli.tournament.plan import tie_break_text
from baska_cli.tournament.scores.service import Standings

ALL = "all"  # --category all: every category's list, one after another


def _write(found: Standings, html_path: str, page: str) -> None:
    """The page written (never over the tournament's own files), and said where."""
    written = write_output(html_path, [page], reading=found.files)
    click.echo(_("{path}: the standings page was written").format(path=written), err=True)


def write_workbook(path: str, sheets: list[Sheet], reading: tuple[str, ...] = ()) -> None:
    """The workbook written (never over the files read), and said where."""
    written = write_output(path, workbook(sheets), reading=reading)
    click.echo(_("{path}: the workbook was written").format(path=written), err=True)


def standings_sheets(found: Standings, teams: bool, category: str | None) -> list[Sheet]:
    """The sheets of `standings --xlsx`: the standings, the teams, one category or each."""
    named = labels(found.players)
    after = _("{tournament}: standings").format(tournament=found.name)
    heading = f"{after} · " + _("after round {round} of {rounds}").format(
        round=found.up_to, rounds=found.plan.rounds
    )
    if teams:
        return [teams_sheet(heading, team_standings(found.lines, found.players), named)]
    if category is None:
        return [standings_sheet(_("standings"), heading, found.lines, named)]
    if category.strip().casefold() != ALL:
        lists = [(category_named(found.players, category), category_of(found, category))]
    else:
        lists = every_category(found)
    return [
        standings_sheet(name, heading + " · " + _("category {category}").format(category=name),
                        one.lines, named)
        for name, one in lists
    ]  # fmt: skip


def _subtitle(found: Standings, count: str) -> str:
    after = _("after round {round} of {rounds}").format(round=found.up_to, rounds=found.plan.rounds)
    return f"{after} · {count}"


def _players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def show_teams(found: Standings, output_format: str, html_path: str | None) -> None:
    """The team classification after the standings' round."""
    teams = team_standings(found.lines, found.players)
    named = labels(found.players)
    if output_format == "json":
        click.echo(teams_json(teams, found.up_to))
    elif output_format == "csv":
        click.echo(teams_csv(teams))
    else:
        click.echo(teams_table(teams, named, found.up_to, found.plan.rounds))
        for line in left_out(found.problems, found.stale_lots, found.up_to):
            click.echo(line)
    if html_path:
        headers, rows = teams_rows(teams, named)
        count = ngettext("{count} team", "{count} teams", len(teams)).format(count=len(teams))
        page = sections_html(
            _("{tournament}: teams").format(tournament=found.name),
            _subtitle(found, count),
            [Section("", teams_note(), headers, rows)],
        )
        _write(found, html_path, page)


def _details_csv(found: Standings) -> dict[str, list[str]] | None:
    """The players' detail cells for the CSV, when any player has a detail."""
    if has_details(found.players):
        return details_cells(found.players)
    return None


def show_standings(found: Standings, output_format: str, html_path: str | None) -> None:
    """The individual standings (of all players or of one category)."""
    named = labels(found.players)
    order = tie_break_text(found.plan.tie_breaks)
    more = details(found.players)
    notes = left_out(found.problems, found.stale_lots, found.up_to)
    if output_format == "json":
        click.echo(standings_json(found.lines, found.up_to, found.plan.tie_breaks, more))
    elif output_format == "csv":
        click.echo(standings_csv(found.lines, _details_csv(found), DETAILS_CSV_HEADER))
    else:
        click.echo(
            standings_table(found.lines, found.up_to, found.plan.rounds, order, notes, named)
        )
    if html_path:
        _write(found, html_path, standings_page(found))


def show_category(
    found: Standings, category: str, output_format: str, html_path: str | None
) -> None:
    """One category's standings, placed from 1; with `all`, every category's."""
    if category.strip().casefold() != ALL:
        one = category_of(found, category)
        if output_format == "table":
            spelt = category_named(found.players, category)
            click.echo(_("category {category}").format(category=spelt))
        show_standings(one, output_format, html_path)
        return
    lists = every_category(found)
    named = labels(found.players)
    more = details(found.players)
    if output_format == "json":
        records = [
            {
                "category": name,
                "standings": [{**line_record(ln), **more.get(ln.player, {})} for ln in one.lines],
            }
            for name, one in lists
        ]
        record = {"round": found.up_to, "tie_breaks": list(found.plan.tie_breaks)}
        click.echo(json.dumps({**record, "categories": records}, ensure_ascii=False))
    elif output_format == "csv":
        cells = _details_csv(found)
        text = [csv_line(["category"]) + "," + standings_csv([], cells, DETAILS_CSV_HEADER)]
        for name, one in lists:
            body = standings_csv(one.lines, cells, DETAILS_CSV_HEADER).split("\n")[1:]
            text += [csv_line([name]) + "," + row for row in body]
        click.echo("\n".join(text))
    else:
        order = tie_break_text(found.plan.tie_breaks)
        for i, (name, one) in enumerate(lists):
            if i:
                click.echo("")
            click.echo(_("category {category}").format(category=name))
            click.echo(standings_table(one.lines, one.up_to, one.plan.rounds, order, (), named))
        for line in left_out(found.problems, found.stale_lots, found.up_to):
            click.echo(line)
    if html_path:
        sections = []
        for name, one in lists:
            headers, rows = standings_rows(one.lines, one.up_to > 1, named)
            heading = _("category {category}").format(category=name) + " · " + _players(len(rows))
            sections.append(Section(heading, ordered(found), headers, rows))
        page = sections_html(
            _("{tournament}: standings").format(tournament=found.name),
            _subtitle(found, _players(len(found.lines))),
            sections,
        )
        _write(found, html_path, page)
