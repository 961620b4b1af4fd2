"""What a front end asks of a league's register: make the league, list, add, import, rename,
merge and unmerge players, and the names that look alike. Two records that played one event
are never merged (one person would count twice in it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import BaskaError, TournamentError
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.register import Alias, Member, Register, look_alike
from baska_cli.league.registering import (
    Registering,
    Respelt,
    checked_member,
    merge,
    rename,
    unmerge,
)
from baska_cli.league.regulations import Regulations, regulation
from baska_cli.league.settings import League
from baska_cli.tournament import folder as tournament_folder
from baska_cli.tournament.roster import read_entry_rows
from baska_cli.tournament.service import read_entry_file

Pair = tuple[Member, Member]


@dataclass(frozen=True, slots=True)
class Imported:
    """Players read from a file into the register: those added (each with their id), those
    found there already, names spelt otherwise than the register's, and names that now look
    alike."""

    added: tuple[Member, ...]
    found: tuple[Member, ...]
    look_alike: tuple[Pair, ...]
    respelt: tuple[Respelt, ...] = ()


@dataclass(frozen=True, slots=True)
class Renamed:
    """A record's name corrected: before and after, and names that now look alike."""

    before: Member
    after: Member
    look_alike: tuple[Pair, ...] = ()


def _alike(register: Register, among: Sequence[Member]) -> tuple[Pair, ...]:
    """The pairs that look alike in which one of `among` takes part."""
    return tuple(look_alike(register, {m.id for m in among})) if among else ()


def _merged_in(register: Register, text: str, origin: str) -> tuple[Register, Imported]:
    """A players file (the columns `tournament new` reads) merged into the register."""
    registering = Registering(register)
    found: list[Member] = []
    respelt: list[Respelt] = []
    for where, entrant in read_entry_rows(text, origin):
        match = registering.matched(entrant, where)
        if not match.added:
            found.append(match.member)
        if match.respelt:
            respelt.append(match.respelt)
    register = registering.register()
    added = tuple(registering.added)
    return register, Imported(added, tuple(found), _alike(register, added), tuple(respelt))


def new_league(
    path: str, title: str, players_file: str | None = None, rules: Regulations | None = None
) -> Imported:
    """A new league folder, its regulations as given (else the defaults), its register read
    from a players file (or empty)."""
    title = regulation("title").kind.parse(" ".join(title.split()), "--title")
    register, done = Register(), Imported((), (), ())
    if players_file is not None:
        register, done = _merged_in(register, read_entry_file(players_file), players_file)
    folder.create(path, League(title, rules=rules or Regulations()), register)
    return done


def players(path: str) -> folder.LeagueFolder:
    """The league's folder read: its register, the records merged, its settings."""
    return folder.load(path)


def import_players(path: str, players_file: str) -> Imported:
    """A players file's players added to the register (those found there by id or name
    kept as they are)."""
    text = read_entry_file(players_file)
    with folder.lock(path):
        league = folder.load(path)
        register, done = _merged_in(league.register, text, players_file)
        if done.added:
            folder.save_register(league, register)
    return done


def add_player(
    path: str, name: str, ident: str = "", club: str = "", team: str = "", category: str = ""
) -> Imported:
    """One player added to the register (an id given, or the next one the league gives)."""
    member = checked_member(name, ident, club, team, category)
    with folder.lock(path):
        league = folder.load(path)
        registering = Registering(league.register)
        if not member.id:
            member = Member(registering.new_id(), member.name, *_details(member))
        registering.add(member)
        register = registering.register()
        folder.save_register(league, register)
    return Imported((member,), (), _alike(register, [member]))


def _details(member: Member) -> tuple[str, str, str]:
    return member.club, member.team, member.category


def rename_player(path: str, ident: str, name: str) -> Renamed:
    """A record's name corrected (the events keep the names they were played under; the
    league's standings, ratings and site show the register's)."""
    with folder.lock(path):
        league = folder.load(path)
        register, before, after = rename(league.register, ident.strip(), name)
        if after != before:
            folder.save_register(league, register)
    return Renamed(before, after, _alike(register, [after]) if after != before else ())


def _played_together(league: LeagueFolder, keep: str, gone: str) -> str | None:
    """The first event (as league.toml names it) in which players of both records played,
    else None (events out of reach are not looked at: the season refuses them anyway)."""
    register = league.register
    ours, theirs = register.counted_as(keep), register.counted_as(gone)
    for event in league.league.dated():
        try:
            entrants = tournament_folder.load(league.event_path(event.path)).players
        except BaskaError:
            continue
        ids = set()
        for p in entrants:
            if p.id:
                ids.add(p.id)
            else:
                ids.update(m.id for m in register.by_name(p.display)[:1])
        if ids & ours and ids & theirs:
            return event.path
    return None


def merge_players(path: str, keep: str, gone: str) -> Member:
    """Two records of one person merged: `gone` becomes an alias of `keep` (its events
    count for `keep`); the record kept. Refused where both records played one event."""
    keep, gone = keep.strip(), gone.strip()
    with folder.lock(path):
        league = folder.load(path)
        register = merge(league.register, keep, gone)
        both = _played_together(league, keep, gone)
        if both is not None:
            a, b = league.register.by_id(keep), league.register.by_id(gone)
            assert a is not None and b is not None
            raise TournamentError(
                _(
                    "{keep} ({keep_name}) and {gone} ({gone_name}) both played {event}: two "
                    "people, not one record; nothing was merged"
                ).format(keep=a.id, keep_name=a.name, gone=b.id, gone_name=b.name, event=both)
            )
        folder.save_register(league, register)
    kept = register.by_id(keep)
    assert kept is not None
    return kept


def unmerge_players(path: str, gone: str) -> Alias:
    """A merge undone: the record merged away a record of its own again; the merge undone."""
    with folder.lock(path):
        league = folder.load(path)
        register, alias = unmerge(league.register, gone)
        folder.save_register(league, register)
    return alias


def look_alike_pairs(path: str) -> tuple[Pair, ...]:
    """Every pair of the register's names that look alike."""
    return tuple(look_alike(folder.load(path).register))
