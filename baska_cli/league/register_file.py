"""The register's files (pure): players.csv and aliases.csv written and read back; an id a
players file would refuse, an id twice, a merged record that leads nowhere (or in a circle)
is refused as a broken file."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from baska_cli.errors import BaskaError, TournamentError
from baska_cli.i18n import _
from baska_cli.league.register import Alias, Member, Register
from baska_cli.tournament.players import clean_id

HEADER = ("id", "name", "club", "team", "category")
ALIAS_HEADER = ("id", "kept", "name", "club", "team", "category", "filled")
OLD_ALIAS_HEADER = ALIAS_HEADER[:3]  # (as baska wrote it before a merge could be undone)


def format_register(register: Register) -> str:
    """The text of players.csv."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for m in register.members:
        writer.writerow([m.id, m.name, m.club, m.team, m.category])
    return out.getvalue()


def format_aliases(register: Register) -> str:
    """The text of aliases.csv."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ALIAS_HEADER)
    for a in register.aliases:
        writer.writerow([a.id, a.kept, a.name, a.club, a.team, a.category, a.filled])
    return out.getvalue()


def _rows(text: str, origin: str, headers: Sequence[Sequence[str]]) -> list[tuple[int, list[str]]]:
    """The file's rows (by line, each cell stripped, as wide as the header the file has)."""
    rows = list(csv.reader(io.StringIO(text)))
    found = tuple(c.strip() for c in rows[0]) if rows else ()
    if found not in [tuple(h) for h in headers]:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(headers[0])), origin, 1
        )
    width = len(found)
    return [
        (line, [c.strip() for c in [*row, *[""] * width][:width]])
        for line, row in enumerate(rows[1:], 2)
        if any(c.strip() for c in row)
    ]


def _id(cell: str, origin: str, line: int) -> str:
    """An id of the file, refused as a players file refuses it."""
    try:
        return clean_id(cell, _("the id"))
    except BaskaError as error:
        raise TournamentError(str(error), origin, line) from None


def parse_register(text: str, origin: str, aliases: str = "", aliases_origin: str = "") -> Register:
    """players.csv (and aliases.csv) read back; an id twice or a row without one is refused."""
    members: list[Member] = []
    seen: set[str] = set()
    for line, cells in _rows(text, origin, [HEADER]):
        if not cells[0] or not cells[1] or cells[0] in seen:
            raise TournamentError(
                _("every player needs an id of their own and a name"), origin, line
            )
        seen.add(_id(cells[0], origin, line))
        members.append(Member(*cells))
    merged: list[Alias] = []
    lines: list[int] = []
    if aliases:
        for line, cells in _rows(aliases, aliases_origin, [ALIAS_HEADER, OLD_ALIAS_HEADER]):
            if not cells[0] or not cells[1] or cells[0] in seen:
                raise TournamentError(
                    _("every merged record needs an id of its own and the id kept"),
                    aliases_origin,
                    line,
                )
            seen.add(_id(cells[0], aliases_origin, line))
            merged.append(Alias(*cells))
            lines.append(line)
    register = Register(tuple(members), tuple(merged))
    for line, alias in zip(lines, merged, strict=True):
        if register.by_id(alias.id) is None:
            raise TournamentError(
                _('"{id}" is merged into "{kept}", which is no player of the register').format(
                    id=alias.id, kept=alias.kept
                ),
                aliases_origin,
                line,
            )
    return register
