"""A league's register (pure): each player's id (licence), full name, club, team and
category; records merged into one (the gone id kept as an alias); names that look alike.

    LIGA/players.csv   id,name,club,team,category
    LIGA/aliases.csv   id,kept,name: a record merged into another (its id and name still
                       find the player kept)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.names import similar_pairs
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.tournament.players import Entrant

HEADER = ("id", "name", "club", "team", "category")
ALIAS_HEADER = ("id", "kept", "name")
NEW_ID = "N"  # the ids the league gives players without a licence: N1, N2, …
_NEW_ID = re.compile(r"N([1-9][0-9]*)")


@dataclass(frozen=True, slots=True)
class Member:
    """A player of the league's register."""

    id: str
    name: str  # the full name
    club: str = ""
    team: str = ""
    category: str = ""


@dataclass(frozen=True, slots=True)
class Alias:
    """A record merged into another: its id and name find the player kept."""

    id: str
    kept: str
    name: str


@dataclass(frozen=True, slots=True)
class Register:
    """The register: its players in the order entered, and the records merged away."""

    members: tuple[Member, ...] = ()
    aliases: tuple[Alias, ...] = ()

    def by_id(self, ident: str) -> Member | None:
        """The player of this id (or of a record merged into them), else None."""
        ident = ident.strip()
        kept = {a.id: a.kept for a in self.aliases}
        while ident in kept:
            ident = kept[ident]
        return next((m for m in self.members if m.id == ident), None)

    def by_name(self, name: str) -> list[Member]:
        """The players of this full name, case- and accent-blind (or of a merged record's)."""
        key = _key(name)
        found = [m for m in self.members if _key(m.name) == key]
        for alias in self.aliases:
            if _key(alias.name) == key:
                member = self.by_id(alias.kept)
                if member is not None and member not in found:
                    found.append(member)
        return found

    def canonical(self, ident: str) -> str:
        """The id a player's records count under (a merged record's: the id kept)."""
        member = self.by_id(ident)
        return member.id if member is not None else ident


def id_map(register: Register) -> dict[str, str]:
    """Every id of the register, and of each record merged, to the id it counts under."""
    found = {m.id: m.id for m in register.members}
    for alias in register.aliases:
        found[alias.id] = register.canonical(alias.id)
    return found


def name_map(register: Register) -> dict[str, list[str]]:
    """Each full name (folded), and each merged record's, to the ids of its players."""
    found: dict[str, list[str]] = {}
    for m in register.members:
        found.setdefault(_key(m.name), []).append(m.id)
    for alias in register.aliases:
        ids = found.setdefault(_key(alias.name), [])
        kept = register.canonical(alias.id)
        if kept not in ids:
            ids.append(kept)
    return found


def _key(name: str) -> str:
    return fold(" ".join(name.split()))


def new_id(register: Register) -> str:
    """The next id the league gives (N1, N2, …): one past the highest given so far."""
    ids = [m.id for m in register.members] + [a.id for a in register.aliases]
    numbers = [int(found.group(1)) for i in ids if (found := _NEW_ID.fullmatch(i))]
    return f"{NEW_ID}{max(numbers, default=0) + 1}"


def add(register: Register, member: Member) -> Register:
    """The register with a new player (an id taken already is refused)."""
    if register.by_id(member.id) is not None or any(a.id == member.id for a in register.aliases):
        raise TournamentInputError(
            _('the id "{id}" is in the register already').format(id=member.id)
        )
    return replace(register, members=(*register.members, member))


def matched(register: Register, player: Entrant) -> tuple[Register, Member, bool]:
    """The register's player for a tournament's entrant — by id where it has one, else by
    full name — added with a new id when not found: (the register, the player, whether
    added). A full name that two players of the register share needs the id."""
    name = player.display
    if player.id:
        found = register.by_id(player.id)
        if found is not None:
            return register, found, False
        member = Member(player.id, name, player.club, player.team, player.category)
        return add(register, member), member, True
    same = register.by_name(name)
    if len(same) > 1:
        raise TournamentInputError(
            _(
                '"{name}" is in the register {count} times (ids {ids}): give the player\'s id '
                "in the players file"
            ).format(name=name, count=len(same), ids=", ".join(m.id for m in same))
        )
    if same:
        return register, same[0], False
    member = Member(new_id(register), name, player.club, player.team, player.category)
    return add(register, member), member, True


def merge(register: Register, keep: str, gone: str) -> Register:
    """The register with the record `gone` merged into `keep`: `gone` is an alias from now
    on (its id and name find `keep`); details `keep` lacks are taken from `gone`."""
    kept, away = register.by_id(keep), register.by_id(gone)
    for ident, member in ((keep, kept), (gone, away)):
        if member is None:
            raise TournamentInputError(_('"{id}" is not an id of the register').format(id=ident))
    assert kept is not None and away is not None
    if kept.id == away.id:
        raise TournamentInputError(
            _("{keep} and {gone} are one record already").format(keep=keep, gone=gone)
        )
    whole = replace(
        kept,
        club=kept.club or away.club,
        team=kept.team or away.team,
        category=kept.category or away.category,
    )
    members = tuple(whole if m is kept else m for m in register.members if m is not away)
    return Register(members, (*register.aliases, Alias(away.id, kept.id, away.name)))


def look_alike(register: Register) -> list[tuple[Member, Member]]:
    """Pairs of players whose names are one name case- and accent-blind (Jan Kowalski twice,
    Żaneta and Zaneta) or look like one name misspelt."""
    pairs: list[tuple[Member, Member]] = []
    first: dict[str, Member] = {}
    for member in register.members:
        key = _key(member.name)
        if key in first:
            pairs.append((first[key], member))
        else:
            first[key] = member
    names = list(first.values())
    by_name = {m.name: m for m in names}
    pairs += [(by_name[a], by_name[b]) for a, b in similar_pairs([m.name for m in names])]
    return pairs


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
        writer.writerow([a.id, a.kept, a.name])
    return out.getvalue()


def _rows(text: str, origin: str, header: Sequence[str]) -> list[tuple[int, list[str]]]:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != tuple(header):
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(header)), origin, 1
        )
    width = len(header)
    return [
        (line, [c.strip() for c in [*row, *[""] * width][:width]])
        for line, row in enumerate(rows[1:], 2)
        if any(c.strip() for c in row)
    ]


def parse_register(text: str, origin: str, aliases: str = "", aliases_origin: str = "") -> Register:
    """players.csv (and aliases.csv) read back; an id twice or a row without one is refused."""
    members: list[Member] = []
    seen: set[str] = set()
    for line, cells in _rows(text, origin, HEADER):
        if not cells[0] or not cells[1] or cells[0] in seen:
            raise TournamentError(
                _("every player needs an id of their own and a name"), origin, line
            )
        seen.add(cells[0])
        members.append(Member(*cells))
    merged = []
    if aliases:
        for line, cells in _rows(aliases, aliases_origin, ALIAS_HEADER):
            if not cells[0] or not cells[1] or cells[0] in seen:
                raise TournamentError(
                    _("every merged record needs an id of its own and the id kept"),
                    aliases_origin,
                    line,
                )
            seen.add(cells[0])
            merged.append(Alias(*cells))
    return Register(tuple(members), tuple(merged))
