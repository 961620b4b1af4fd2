"""The players file given to `tournament new`: one name per line, or a CSV whose header names
its columns (name, club, team, category, id, short, standin); full names get a short form
that the tables type."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold, suggest
from baska_cli.i18n import _
from baska_cli.tournament.players import (
    Entrant,
    check_roster,
    checked_name,
    clean_club,
    clean_id,
    find,
)

COLUMNS = ("name", "club", "team", "category", "id", "short", "standin")
# Polish headers a spreadsheet exported by an organiser may have (compared accent-blind).
ALIASES = {
    "imię i nazwisko": "name", "nazwisko": "name", "gracz": "name", "zawodnik": "name",
    "klub": "club", "drużyna": "team", "kategoria": "category", "licencja": "id",
    "nr licencji": "id", "skrót": "short", "skoczek": "standin",
}  # fmt: skip
_KNOWN = {fold(c): c for c in COLUMNS} | {fold(a): c for a, c in ALIASES.items()}
_NOT_IN_SHORT = str.maketrans("", "", "+,/:")


@dataclass(frozen=True, slots=True)
class _Row:
    """A player as a line of the file gives them, before their short form is chosen."""

    where: str  # file:line
    name: str
    cells: dict[str, str]


def _column(cell: str, where: str) -> str:
    """A header cell's column, or an error naming the nearest valid one."""
    found = _KNOWN.get(fold(cell.strip()))
    if found is None:
        raise TournamentInputError(
            _('{where}: "{column}" is not a column; the columns are {columns}').format(
                where=where, column=cell.strip(), columns=", ".join(COLUMNS)
            )
            + suggest(cell.strip(), [*COLUMNS, *ALIASES])
        )
    return found


def _is_header(cells: Sequence[str]) -> bool:
    """Whether a first line names columns: one of its cells is the name column's."""
    return any(_KNOWN.get(fold(c.strip())) == "name" for c in cells)


def _rows(text: str, origin: str) -> list[_Row]:
    """The players' lines: with a header, its columns; without, `Name` or `Name,Club`."""
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines:
        return []
    first = lines[0][1]
    delimiter = ";" if ";" in first and "," not in first else ","
    head = next(csv.reader([first], delimiter=delimiter))
    if not _is_header(head):
        rows = []
        for number, line in lines:
            name, _comma, club = line.partition(",")
            rows.append(_Row(f"{origin}:{number}", name.strip(), {"club": club}))
        return rows
    columns = [_column(c, f"{origin}:{lines[0][0]}") for c in head]
    for i, column in enumerate(columns):
        if column in columns[:i]:
            raise TournamentInputError(
                _('{where}: the column "{column}" is named twice').format(
                    where=f"{origin}:{lines[0][0]}", column=head[i].strip()
                )
            )
    rows = []
    for number, line in lines[1:]:
        cells = next(csv.reader([line], delimiter=delimiter))
        where = f"{origin}:{number}"
        if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns) :]):
            raise TournamentInputError(
                _("{where}: {count} cells, but the header names {columns}").format(
                    where=where, count=len(cells), columns=", ".join(head)
                )
            )
        values = {c: v.strip() for c, v in zip(columns, cells, strict=False)}
        rows.append(_Row(where, values.pop("name", ""), values))
    return rows


def _forms(row: _Row) -> list[str]:
    """The short forms a player may get, the shortest first: the name itself when a table can
    type it, else the first name and the surname's first letters (`Jan.K`, `Jan.Ko`, …),
    then the whole name (`Anna.Maria.Nowak`)."""
    if row.cells.get("short"):
        return [row.cells["short"]]
    words = [w.translate(_NOT_IN_SHORT) for w in row.name.split()]
    words = [w for w in words if w]
    if len(words) <= 1:
        return [words[0] if words else row.name]
    first, last = words[0], words[-1]
    forms = [f"{first}.{last[:k]}" for k in range(1, len(last) + 1)]
    whole = ".".join(words)
    if whole not in forms:
        forms.append(whole)
    return forms


def short_forms(rows: Sequence[Sequence[str]], taken: Sequence[str] = ()) -> list[int]:
    """For each player's possible forms (shortest first), which one to use: the shortest
    that no other player's chosen form (nor a `taken` name) equals, case- and accent-blind;
    players who cannot be told apart keep their longest form (and check_roster refuses them)."""
    levels = [0] * len(rows)
    fixed = {fold(n) for n in taken}
    while True:
        groups: dict[str, list[int]] = {}
        for i, forms in enumerate(rows):
            groups.setdefault(fold(forms[levels[i]]), []).append(i)
        moved = False
        for key, members in groups.items():
            if len(members) > 1 or key in fixed:
                for i in members:
                    if levels[i] < len(rows[i]) - 1:
                        levels[i] += 1
                        moved = True
        if not moved:
            return levels


def _chosen(rows: Sequence[_Row], taken: Sequence[Entrant] = ()) -> list[str]:
    """Each player's short form: the shortest told apart from the others' (short_forms);
    players of one full name are told apart by their ids (`Jan.K.101`, `Jan.K.102`)."""
    forms = [_forms(row) for row in rows]
    levels = short_forms(forms, [p.name for p in taken])
    chosen = [f[k] for f, k in zip(forms, levels, strict=True)]
    count: dict[str, int] = {}
    for name in [*chosen, *(p.name for p in taken)]:
        count[fold(name)] = count.get(fold(name), 0) + 1
    for name in [*(r.name for r in rows), *(p.display for p in taken)]:
        count[_full(name)] = count.get(_full(name), 0) + 1
    for i, row in enumerate(rows):
        ident = row.cells.get("id", "").translate(_NOT_IN_SHORT).replace(" ", "")
        alike = count[fold(chosen[i])] > 1 or (" " in row.name and count[_full(row.name)] > 1)
        if alike and ident:
            chosen[i] = f"{forms[i][0]}.{ident}"
    return chosen


def _full(name: str) -> str:
    """A full name as compared: folded, single spaces, marked apart from short forms."""
    return " " + fold(" ".join(name.split()))


def _clean(cells: dict[str, str], column: str, where: str) -> str:
    """A cell of the file: printable text on one line, not a spreadsheet formula."""
    value = " ".join(cells.get(column, "").split())
    if value and (not value.isprintable() or value[0] in "=+-@"):
        raise TournamentInputError(
            _(
                '{where}: "{value}" cannot be a {column}: printable text, not starting with '
                "=, +, - or @"
            ).format(where=where, value=value, column=column)
        )
    return value


def _entrant(row: _Row, short: str) -> Entrant:
    """A player of the file, with the short form chosen for them."""
    cells = row.cells
    name = checked_name(short, row.where)
    return Entrant(
        name,
        clean_club(cells.get("club", ""), row.where),
        full_name=row.name if row.name != name else "",
        id=clean_id(" ".join(cells.get("id", "").split()), row.where),
        team=_clean(cells, "team", row.where),
        category=_clean(cells, "category", row.where),
        standin=_clean(cells, "standin", row.where),
    )


def _check_ids(rows: Sequence[_Row]) -> None:
    """Refuse one id given to two players, and two players of one full name without ids."""
    ids: dict[str, _Row] = {}
    names: dict[str, _Row] = {}
    for row in rows:
        ident = row.cells.get("id", "")
        if ident in ids:
            first = ids[ident]
            raise TournamentInputError(
                _('{where}: the id "{id}" is given to {first} already ({line})').format(
                    where=row.where, id=ident, first=first.name, line=first.where
                )
            )
        if ident:
            ids[ident] = row
        if len(row.name.split()) < 2:
            continue  # (a name a table types is checked by check_roster)
        key = fold(" ".join(row.name.split()))
        if key in names and not (ident and names[key].cells.get("id")):
            raise TournamentInputError(
                _(
                    '{where}: "{name}" is there already ({line}); give both players an id '
                    "(an id column) to tell them apart"
                ).format(where=row.where, name=row.name, line=names[key].where)
            )
        names.setdefault(key, row)


def read_entry_list(text: str, origin: str) -> list[Entrant]:
    """The players file given to `tournament new` (see the module's docstring); blank lines
    and `#` comments are skipped."""
    return [player for _where, player in read_entry_rows(text, origin)]


def read_entry_rows(text: str, origin: str) -> list[tuple[str, Entrant]]:
    """The players file's players, each with where it was read (`file:line`)."""
    rows = _rows(text, origin)
    for row in rows:
        if not row.name:
            raise TournamentInputError(
                _("{where}: no name; every player needs one").format(where=row.where)
            )
    if not rows:
        raise TournamentInputError(
            _("{origin}: no players; expected one name per line (Name or Name,Club)").format(
                origin=origin
            )
        )
    _check_ids(rows)
    players = [_entrant(r, short) for r, short in zip(rows, _chosen(rows), strict=True)]
    check_roster(players, origin)
    check_standins(players, origin, [row.where for row in rows])
    return [(row.where, player) for row, player in zip(rows, players, strict=True)]


def teams_of(players: Sequence[Entrant]) -> dict[str, str]:
    """Each team's name, folded to the name as first written."""
    teams: dict[str, str] = {}
    for p in players:
        if p.team:
            teams.setdefault(fold(p.team), p.team)
    return teams


def check_standins(
    players: Sequence[Entrant], origin: str, lines: Sequence[str] | None = None
) -> None:
    """Refuse a stand-in for a team nobody plays in, a stand-in who is a team's player, and a
    second stand-in for one team; `lines`: where each player was read (`file:line`)."""
    teams = teams_of(players)
    seen: dict[str, str] = {}
    for i, p in enumerate(players):
        if not p.standin:
            continue
        origin = lines[i] if lines is not None else origin
        key = fold(p.standin)
        if key not in teams:
            raise TournamentInputError(
                _('{origin}: {name} stands in for "{team}", but no player is in that team').format(
                    origin=origin, name=p.display, team=p.standin
                )
                + suggest(p.standin, list(teams.values()))
            )
        if p.team:
            raise TournamentInputError(
                _("{origin}: {name} plays for {team}, so cannot stand in for {other}").format(
                    origin=origin, name=p.display, team=p.team, other=p.standin
                )
            )
        if key in seen:
            raise TournamentInputError(
                _("{origin}: {team} has a stand-in already ({name}); one per tournament").format(
                    origin=origin, team=teams[key], name=seen[key]
                )
            )
        seen[key] = p.display


def late_entry(
    players: Sequence[Entrant], name: str, round_number: int, details: dict[str, str]
) -> list[Entrant]:
    """The roster with a late entry who plays from `round_number` on: a full name gets a
    short form no other player has; `details` are the columns of the players file (club,
    id, team, category, standin)."""
    where = _("the new player")
    row = _Row(where, " ".join(name.split()), {k: v.strip() for k, v in details.items()})
    if not row.name:
        raise TournamentInputError(
            _("{where}: no name; every player needs one").format(where=where)
        )
    _check_ids([*(_Row(p.display, p.display, {"id": p.id}) for p in players), row])
    short = _chosen([row], players)[0]
    newcomer = _entrant(row, short)
    roster = [*players, replace(newcomer, entered=round_number)]
    check_roster(roster, _("the players"))
    check_standins(roster, _("the players"))
    return roster


def standin(players: Sequence[Entrant], team: str, name: str) -> list[Entrant]:
    """The roster with `name` standing in for `team` (as its players file spells it)."""
    player = find(players, name)
    if player is None:
        raise TournamentInputError(
            _('"{name}" is not a player of this tournament').format(name=name)
            + suggest(name, [p.name for p in players])
        )
    spelt = teams_of(players).get(fold(team.strip()), team.strip())
    if player.standin and fold(player.standin) != fold(spelt):
        raise TournamentInputError(
            _("{name} stands in for {team} already; one team per stand-in").format(
                name=player.display, team=player.standin
            )
        )
    roster = [replace(p, standin=spelt) if p is player else p for p in players]
    check_standins(roster, _("the players"))
    return roster
