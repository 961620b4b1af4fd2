"""The register changed (pure): tournament players matched to it — by id, a name that is
another person's refused and one spelt otherwise said, else by full name, a name two records
share asked about — and added; a record added, renamed, merged into another and the merge
undone. A file of n players costs n lookups of the register's index, never n × n."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentInputError
from baska_cli.game.formula import runs_as_formula
from baska_cli.game.names import likely_same
from baska_cli.i18n import _
from baska_cli.league.register import (
    DETAILS,
    NEW_ID,
    Alias,
    Index,
    Member,
    Register,
    name_key,
)
from baska_cli.tournament.players import Entrant, clean_club, clean_id


@dataclass(frozen=True, slots=True)
class Respelt:
    """A player found by id whose name the file spells otherwise (one name misspelt): the
    name as written, the id, the register's name (kept)."""

    name: str
    id: str
    kept: str


@dataclass(frozen=True, slots=True)
class Match:
    """A tournament player's record: found or added now, and a name spelt otherwise."""

    member: Member
    added: bool
    respelt: Respelt | None = None


def records_text(members: list[Member]) -> str:
    """Records as a message lists them: `201 (Puck), 202`."""
    return ", ".join(f"{m.id} ({m.club})" if m.club else m.id for m in members)


class SeveralRecords(TournamentInputError):
    """A full name that two or more records of the register share: the player's id is
    needed. `which` words how to give it (for one of the records)."""

    def __init__(self, name: str, members: list[Member], which: Callable[[Member], str]) -> None:
        self.name, self.members = name, members
        super().__init__(
            _('"{name}" is in the register {count} times: {records}; say which: {which}').format(
                name=name,
                count=len(members),
                records=records_text(members),
                which=which(members[0]),
            )
        )


class OthersId(TournamentInputError):
    """A player whose id the register gives another person (not a name misspelt): `where`
    the player was read, the name as written, the id, the register's name for it."""

    def __init__(self, where: str, name: str, ident: str, other: str) -> None:
        self.where, self.name, self.id, self.other = where, name, ident, other
        super().__init__(
            _(
                '{where}: "{name}" has the id {id}, which the register gives to "{other}": '
                "correct the id; for one person under a new name, rename the record first "
                "(baska league players rename LIGA {id} NAME)"
            ).format(where=where, name=name, id=ident, other=other)
        )


def _in_file(member: Member) -> str:
    return _("give the player's id in the players file (an id column: {id})").format(id=member.id)


class Registering:
    """A register being changed by many players at once (a players file, a tournament)."""

    def __init__(self, register: Register) -> None:
        self.members = list(register.members)
        self.aliases = list(register.aliases)
        self.index = Index(self.members, self.aliases)
        self.added: list[Member] = []

    def register(self) -> Register:
        """The register as changed."""
        return Register(tuple(self.members), tuple(self.aliases))

    def new_id(self) -> str:
        """The next id the league gives (N1, N2, …)."""
        return f"{NEW_ID}{self.index.highest + 1}"

    def add(self, member: Member) -> None:
        """A new player (an id taken already is refused)."""
        if self.index.taken(member.id):
            raise TournamentInputError(
                _('the id "{id}" is in the register already').format(id=member.id)
            )
        self.members.append(member)
        self.index.add(member)
        self.added.append(member)

    def matched(
        self, player: Entrant, where: str, which: Callable[[Member], str] = _in_file
    ) -> Match:
        """The register's record of a tournament's player — by id where they have one (a
        name the register gives another person refused; one misspelt said), else by full
        name (a name several records share: SeveralRecords, `which` saying how to choose) —
        added with a new id when not found; `where`: where the player was read."""
        name = " ".join(player.display.split())
        if player.id:
            ident = clean_id(player.id, where)
            found = self.index.by_id(ident)
            if found is None:
                member = Member(ident, name, player.club, player.team, player.category)
                self.add(member)
                return Match(member, True)
            return Match(found, False, self._spelt(name, ident, found, where))
        same = self.index.by_name(name)
        if len(same) > 1:
            raise SeveralRecords(name, same, which)
        if same:
            return Match(same[0], False)
        member = Member(self.new_id(), name, player.club, player.team, player.category)
        self.add(member)
        return Match(member, True)

    def _spelt(self, name: str, ident: str, found: Member, where: str) -> Respelt | None:
        """None where the name is one the id is known by; a Respelt where it looks like one
        misspelt; refused where it is another person's."""
        known = self.index.names_of(ident)
        if name_key(name) in {name_key(n) for n in known}:
            return None
        if any(likely_same(name, n) for n in known):
            return Respelt(name, ident, found.name)
        raise OthersId(where, name, ident, found.name)


def checked_member(
    name: str, ident: str, club: str = "", team: str = "", category: str = ""
) -> Member:
    """A record as typed (`league players add`, `rename`): a name of one printable line, not
    a spreadsheet formula; an id and details as a players file takes them."""
    where = _("the new player")
    name = " ".join(name.split()) if name.isprintable() else name
    if not name or not name.isprintable() or runs_as_formula(name):
        shown = f'"{name}"' if name.isprintable() else ascii(name)
        raise TournamentInputError(
            _(
                "{where}: {name} cannot be a player's name: printable text of one line, not "
                "starting with =, +, - or @"
            ).format(where=where, name=shown)
            if name
            else _("{where}: no name; every player needs one").format(where=where)
        )
    return Member(
        clean_id(ident, "--id"),
        name,
        clean_club(club, where),
        clean_club(team, where),
        clean_club(category, where),
    )


def _record(register: Register, ident: str) -> Member:
    found = register.by_id(ident)
    if found is None:
        raise TournamentInputError(_('"{id}" is not an id of the register').format(id=ident))
    return found


def merge(register: Register, keep: str, gone: str) -> Register:
    """The register with the record `gone` merged into `keep`: `gone` is an alias from now
    on (its id and name find `keep`); details `keep` lacks are taken from `gone` (the alias
    remembers which, to undo the merge)."""
    kept, away = _record(register, keep), _record(register, gone)
    if kept.id == away.id:
        raise TournamentInputError(
            _("{keep} and {gone} are one record already").format(keep=keep, gone=gone)
        )
    filled = [d for d in DETAILS if not getattr(kept, d) and getattr(away, d)]
    whole = replace(kept, **{d: getattr(away, d) for d in filled})
    alias = Alias(
        away.id, kept.id, away.name, away.club, away.team, away.category, " ".join(filled)
    )
    members = tuple(whole if m is kept else m for m in register.members if m is not away)
    return Register(members, (*register.aliases, alias))


def unmerge(register: Register, gone: str) -> tuple[Register, Alias]:
    """The register with the merged record `gone` a record of its own again (its details as
    before the merge; those it filled in for the record kept taken back while unchanged)."""
    alias = next((a for a in register.aliases if a.id == gone.strip()), None)
    if alias is None:
        raise TournamentInputError(
            _("{id} is not merged into another record").format(id=gone.strip())
        )
    kept = register.by_id(alias.kept)
    members = list(register.members)
    if kept is not None:
        back = {d: "" for d in alias.filled.split() if getattr(kept, d) == getattr(alias, d)}
        members = [replace(m, **back) if m is kept else m for m in members]
    aliases = tuple(a for a in register.aliases if a is not alias)
    return Register((*members, alias.member), aliases), alias


def rename(register: Register, ident: str, name: str) -> tuple[Register, Member, Member]:
    """The register with a record's name corrected: the register, the record before and
    after."""
    before = _record(register, ident)
    after = replace(before, name=checked_member(name, before.id).name)
    members = tuple(after if m is before else m for m in register.members)
    return Register(members, register.aliases), before, after
