"""A league's register (pure): each player's id (licence), full name, club, team and
category; records merged into one (the gone id kept as an alias, with what undoing the merge
needs); lookups by id and by full name through one index; names that look alike, found by
their keys (game/names.py), never pair by pair; namesakes told apart.

    LIGA/players.csv   id,name,club,team,category
    LIGA/aliases.csv   id,kept,name,club,team,category,filled: a record merged into another
                       (its id and name still find the player kept; its details and those
                       it filled in for the record kept, for `league players unmerge`)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cached_property

from baska_cli.game.names import similar_pairs
from baska_cli.game.spelling import fold

NEW_ID = "N"  # the ids the league gives players without a licence: N1, N2, …
_NEW_ID = re.compile(r"N([1-9][0-9]*)")
DETAILS = ("club", "team", "category")  # a record's details besides its id and name


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
    """A record merged into another: its id and name find the player kept; its own details,
    and those of the record kept that it filled in (`filled`: their names, space-separated)."""

    id: str
    kept: str
    name: str
    club: str = ""
    team: str = ""
    category: str = ""
    filled: str = ""

    @property
    def member(self) -> Member:
        """The record as it was before the merge."""
        return Member(self.id, self.name, self.club, self.team, self.category)


def name_key(name: str) -> str:
    """A full name as the register compares it: folded, spaces written once."""
    return fold(" ".join(name.split()))


class Index:
    """The register's lookups, each at the same cost however long the register: its
    players by id and by full name, each merged record's id to the id it was merged into."""

    def __init__(self, members: Iterable[Member] = (), aliases: Iterable[Alias] = ()) -> None:
        self.ids: dict[str, Member] = {}
        self.names: dict[str, list[Member]] = {}
        self.kept: dict[str, Alias] = {}
        self.alias_names: dict[str, list[Alias]] = {}
        self.highest = 0  # the highest number of an id the league gave (N7: 7)
        for member in members:
            self.add(member)
        for alias in aliases:
            self.add_alias(alias)

    def add(self, member: Member) -> None:
        """A player added to the index."""
        self.ids[member.id] = member
        self.names.setdefault(name_key(member.name), []).append(member)
        self._number(member.id)

    def add_alias(self, alias: Alias) -> None:
        """A merged record added to the index."""
        self.kept[alias.id] = alias
        self.alias_names.setdefault(name_key(alias.name), []).append(alias)
        self._number(alias.id)

    def _number(self, ident: str) -> None:
        found = _NEW_ID.fullmatch(ident)
        if found:
            self.highest = max(self.highest, int(found.group(1)))

    def taken(self, ident: str) -> bool:
        """Whether an id is a player's or a merged record's."""
        return ident in self.ids or ident in self.kept

    def by_id(self, ident: str) -> Member | None:
        """The player of this id (or of a record merged into them), else None."""
        ident, seen = ident.strip(), set()
        while ident in self.kept and ident not in seen:
            seen.add(ident)
            ident = self.kept[ident].kept
        return self.ids.get(ident)

    def by_name(self, name: str) -> list[Member]:
        """The players of this full name, case- and accent-blind (or of a merged record's)."""
        key = name_key(name)
        found = list(self.names.get(key, ()))
        for alias in self.alias_names.get(key, ()):
            member = self.by_id(alias.id)
            if member is not None and member not in found:
                found.append(member)
        return found

    def names_of(self, ident: str) -> list[str]:
        """The names an id is known by: a merged record's own, then the player's kept."""
        member = self.by_id(ident)
        alias = self.kept.get(ident.strip())
        return [*([alias.name] if alias else []), *([member.name] if member else [])]


@dataclass(frozen=True)
class Register:
    """The register: its players in the order entered, and the records merged away."""

    members: tuple[Member, ...] = ()
    aliases: tuple[Alias, ...] = ()

    @cached_property
    def index(self) -> Index:
        """The lookups, made once for this register."""
        return Index(self.members, self.aliases)

    def by_id(self, ident: str) -> Member | None:
        """The player of this id (or of a record merged into them), else None."""
        return self.index.by_id(ident)

    def by_name(self, name: str) -> list[Member]:
        """The players of this full name, case- and accent-blind (or of a merged record's)."""
        return self.index.by_name(name)

    def canonical(self, ident: str) -> str:
        """The id a player's records count under (a merged record's: the id kept)."""
        member = self.by_id(ident)
        return member.id if member is not None else ident

    def counted_as(self, ident: str) -> set[str]:
        """Every id that counts as this player's: theirs and those merged into them."""
        kept = self.canonical(ident)
        return {kept} | {a.id for a in self.aliases if self.canonical(a.id) == kept}


def new_id(register: Register) -> str:
    """The next id the league gives (N1, N2, …): one past the highest given so far."""
    return f"{NEW_ID}{register.index.highest + 1}"


def look_alike(
    register: Register, among: Collection[str] | None = None
) -> list[tuple[Member, Member]]:
    """Pairs of players whose names are one name case- and accent-blind (Jan Kowalski twice,
    Żaneta and Zaneta) or look like one name misspelt (Formella, Formela; Mądry, Mondry);
    with `among`, only the pairs a player of these ids takes part in. The names are filed by
    their keys: the cost grows with the register, not with its pairs."""
    pairs: list[tuple[Member, Member]] = []
    first: dict[str, Member] = {}
    for member in register.members:
        key = name_key(member.name)
        if key not in first:
            first[key] = member
        elif among is None or member.id in among or first[key].id in among:
            pairs.append((first[key], member))
    names = list(first.values())
    asked = None if among is None else [i for i, m in enumerate(names) if m.id in among]
    by_name = {m.name: m for m in names}
    found = similar_pairs([m.name for m in names], asked)
    return pairs + [(by_name[a], by_name[b]) for a, b in found]


def told_apart(members: Iterable[Member]) -> dict[str, str]:
    """Each player's name as people read it, by id: the full name, with the id beside a
    full name two players share (`Jan Kowalski (101)`)."""
    members = list(members)
    count: dict[str, int] = {}
    for m in members:
        count[name_key(m.name)] = count.get(name_key(m.name), 0) + 1
    return {m.id: f"{m.name} ({m.id})" if count[name_key(m.name)] > 1 else m.name for m in members}
