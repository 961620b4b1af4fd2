"""A tournament's players: names (checked as a ledger's are), clubs, late entries, withdrawals."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.game.formula import runs_as_formula
from baska_cli.game.names import check_name, check_one_alphabet, look_alike, name_key
from baska_cli.game.spelling import collation_key, fold
from baska_cli.i18n import _

HEADER = ("name", "club", "entered", "withdrawn")


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player entered in the tournament: the name used at every table, a club, and the
    rounds they play."""

    name: str
    club: str = ""
    entered: int = 1  # the first round they play
    withdrawn: int | None = None  # the first round they no longer play (None: still playing)
    full_name: str = ""  # the name as the players file gives it, when `name` is its short form
    id: str = ""  # a licence number: tells apart two players of one full name
    team: str = ""
    category: str = ""
    standin: str = ""  # the team this player stands in for („skoczek”)

    @property
    def display(self) -> str:
        """The name people read: the full name, or the name the tables use."""
        return self.full_name or self.name

    def plays(self, round_number: int) -> bool:
        """Whether the player is in the draw of this round."""
        return self.entered <= round_number and (
            self.withdrawn is None or round_number < self.withdrawn
        )


def surname_first(name: str) -> tuple[tuple[int, ...], ...]:
    """A key that sorts full names by surname (the last word), then the first names, in the
    alphabet's order (game.spelling): Bąk before Bednarek, Łęcka after Lis; a short form in
    brackets after the name (shown_names) comes last."""
    words = [w for w in name.split() if not w.startswith("(")]
    marks = [w for w in name.split() if w.startswith("(")]
    return tuple(collation_key(w) for w in [*words[-1:], *words[:-1], *marks])


def shown_names(players: Iterable[Entrant]) -> dict[str, str]:
    """Each player's name as people read it, by the name the tables use: the full name, with
    the short form beside a full name two players share (`Jan Kowalski (Jan.K.101)`)."""
    players = list(players)
    count: dict[str, int] = {}
    for p in players:
        count[fold(p.display)] = count.get(fold(p.display), 0) + 1
    return {
        p.name: f"{p.display} ({p.name})" if count[fold(p.display)] > 1 else p.display
        for p in players
    }


def apart_names(players: Iterable[Entrant]) -> dict[str, str]:
    """Each player's name as a board shows it, by the name the tables use: the full name,
    and beside a full name two players share what tells them apart to people in the hall —
    their clubs where each has another, else their ids (`Jan Kowalski (nr 1002)`), else the
    short forms."""
    groups: dict[str, list[Entrant]] = {}
    for p in players:
        groups.setdefault(fold(p.display), []).append(p)
    shown: dict[str, str] = {}
    for same in groups.values():
        if len(same) == 1:
            shown[same[0].name] = same[0].display
            continue
        clubs = [p.club for p in same]
        ids = [p.id for p in same]
        for p in same:
            if all(clubs) and len(set(map(fold, clubs))) == len(same):
                mark = p.club
            elif all(ids) and len(set(ids)) == len(same):
                mark = _("id {id}").format(id=p.id)
            else:
                mark = p.name
            shown[p.name] = f"{p.display} ({mark})"
    return shown


def clean_club(club: str, where: str) -> str:
    """A club's name: printable, one line, not a spreadsheet formula (quoted with its
    escapes where it holds a character a terminal would obey)."""
    club = club.strip()
    if club and (not club.isprintable() or runs_as_formula(club)):
        shown = club if club.isprintable() else ascii(club)[1:-1]
        raise TournamentInputError(
            _(
                '{where}: "{club}" cannot be a club: printable text, not starting with =, +, - or @'
            ).format(where=where, club=shown)
        )
    return club


def clean_id(ident: str, where: str) -> str:
    """A player's id (a licence number): printable text of one line, not a spreadsheet
    formula; spaces inside written once. Quoted with its escapes where it holds a character
    a terminal would obey."""
    value = " ".join(ident.split()) if ident.isprintable() else ident
    if value and (not value.isprintable() or value[0] in "=+-@" or runs_as_formula(value)):
        shown = f'"{value}"' if value.isprintable() else ascii(value)
        raise TournamentInputError(
            _(
                "{where}: {id} cannot be an id: printable text of one line, not starting with "
                "=, +, - or @"
            ).format(where=where, id=shown)
        )
    return value


def checked_name(name: str, where: str) -> str:
    """A name a table's ledger accepts, or an error that says where it was typed."""
    try:
        name = check_name(name)
        check_one_alphabet(name)
    except BaskaError as error:
        raise TournamentInputError(f"{where}: {error}") from None
    return name


def check_roster(players: Sequence[Entrant], origin: str) -> None:
    """Refuse two players whose names are equal case- and accent-blind, or look alike."""
    seen: dict[str, str] = {}
    plain: dict[int, list[str]] = {}  # ASCII names by length: alike only if equal (seen)
    other: dict[int, list[str]] = {}  # names with other letters, which may look alike
    for player in players:
        key = name_key(player.name)
        if key in seen:
            raise TournamentInputError(
                _(
                    '{origin}: "{name}" appears twice (as "{first}"): every player needs a name '
                    "of their own (add a letter of the surname: Jan.K, Jan.M)"
                ).format(origin=origin, name=player.name, first=seen[key])
            )
        suspects = other.get(len(key), [])
        if not key.isascii():
            suspects = suspects + plain.get(len(key), [])
        for earlier in suspects:
            if look_alike(fold(earlier), key):
                raise TournamentInputError(
                    _(
                        '{origin}: "{first}" and "{name}" look alike (Latin, Cyrillic or Greek '
                        "letters that look the same): the names must be told apart"
                    ).format(origin=origin, first=earlier, name=player.name)
                )
        seen[key] = player.name
        (plain if key.isascii() else other).setdefault(len(key), []).append(player.name)


def find(players: Iterable[Entrant], typed: str) -> Entrant | None:
    """The player whose name is `typed`, case- and accent-blind; else the one player of that
    full name, or of that id."""
    key = fold(" ".join(typed.split()))
    players = list(players)
    found = next((p for p in players if fold(p.name) == key), None)
    if found is None:
        full = [p for p in players if p.full_name and fold(p.full_name) == key]
        found = full[0] if len(full) == 1 else None
    if found is None:
        found = next((p for p in players if p.id and p.id == typed.strip()), None)
    return found


def withdraw(players: Sequence[Entrant], name: str, round_number: int) -> list[Entrant]:
    """The roster with `name` withdrawn from `round_number` on (the points stay theirs)."""
    player = find(players, name)
    if player is None:
        raise TournamentInputError(
            _('"{name}" is not a player of this tournament').format(name=name)
        )
    if player.withdrawn is not None:
        raise TournamentInputError(
            _('"{name}" withdrew before round {round}').format(
                name=player.name, round=player.withdrawn
            )
        )
    return [replace(p, withdrawn=round_number) if p is player else p for p in players]


def format_players(players: Sequence[Entrant]) -> str:
    """The `players.csv` of a tournament's directory."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for p in players:
        writer.writerow([p.name, p.club, p.entered, "" if p.withdrawn is None else p.withdrawn])
    return out.getvalue()


def parse_players(text: str, origin: str) -> list[Entrant]:
    """Read `players.csv` back (a TournamentError at file:line for anything wrong)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != HEADER:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(HEADER)), origin, 1
        )
    players: list[Entrant] = []
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = [*row, "", "", ""][:4]
        try:
            name = check_name(cells[0])
            entered = int(cells[1 + 1] or "1")
            withdrawn = int(cells[3]) if cells[3].strip() else None
        except (BaskaError, ValueError) as error:
            raise TournamentError(str(error), origin, line) from None
        players.append(Entrant(name, cells[1].strip(), entered, withdrawn))
    try:
        check_roster(players, origin)
    except TournamentInputError as error:
        raise TournamentError(str(error)) from None
    return players


def apart_pairs(
    asked: Sequence[tuple[str, str]], by_club: bool, players: Sequence[Entrant]
) -> list[tuple[str, str]]:
    """The pairs to keep apart: those asked for, and with `by_club` every two players of a
    club (clubs compared case-blind)."""
    pairs = list(asked)
    if by_club:
        clubs: dict[str, list[str]] = {}
        for p in players:
            if p.club:
                clubs.setdefault(p.club.casefold(), []).append(p.name)
        for members in clubs.values():
            pairs += [(a, b) for i, a in enumerate(members) for b in members[i + 1 :]]
    return pairs


def named(players: Sequence[Entrant], typed: str, origin: str) -> str:
    """The name of the player typed (any case), or an error naming where it should be."""
    player = find(players, typed)
    if player is None:
        raise TournamentInputError(_('"{name}" is not in {file}').format(name=typed, file=origin))
    return player.name
