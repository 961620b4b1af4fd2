"""What a front end asks of a league's register: make the league, list, add, import and merge
players, and the names that look alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.register import Member, Register, add, look_alike, matched, merge, new_id
from baska_cli.league.regulations import Regulations, regulation
from baska_cli.league.settings import League
from baska_cli.tournament.players import clean_club
from baska_cli.tournament.roster import read_entry_list
from baska_cli.tournament.service.rounds import read_entry_file

Pair = tuple[Member, Member]


@dataclass(frozen=True, slots=True)
class Imported:
    """Players read from a file into the register: those added (each with their id), those
    found there already, and names that now look alike."""

    added: tuple[Member, ...]
    found: tuple[Member, ...]
    look_alike: tuple[Pair, ...]


def _alike(register: Register, among: Sequence[Member]) -> tuple[Pair, ...]:
    """The pairs that look alike in which one of `among` takes part."""
    ids = {m.id for m in among}
    return tuple(p for p in look_alike(register) if p[0].id in ids or p[1].id in ids)


def _merged_in(register: Register, text: str, origin: str) -> tuple[Register, Imported]:
    """A players file (the columns `tournament new` reads) merged into the register."""
    added: list[Member] = []
    found: list[Member] = []
    for entrant in read_entry_list(text, origin):
        register, member, new = matched(register, entrant)
        (added if new else found).append(member)
    return register, Imported(tuple(added), tuple(found), _alike(register, added))


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
        folder.save_register(league, register)
    return done


def add_player(
    path: str, name: str, ident: str = "", club: str = "", team: str = "", category: str = ""
) -> Imported:
    """One player added to the register (an id given, or the next one the league gives)."""
    name = " ".join(name.split())
    where = _("the new player")
    if not name or not name.isprintable() or name[0] in "=+-@":
        raise TournamentInputError(
            _("{where}: no name; every player needs one").format(where=where)
        )
    with folder.lock(path):
        league = folder.load(path)
        register = league.register
        member = Member(
            ident.strip() or new_id(register),
            name,
            clean_club(club, where),
            clean_club(team, where),
            clean_club(category, where),
        )
        register = add(register, member)
        folder.save_register(league, register)
    return Imported((member,), (), _alike(register, [member]))


def merge_players(path: str, keep: str, gone: str) -> Member:
    """Two records of one person merged: `gone` becomes an alias of `keep` (its events
    count for `keep`); the record kept."""
    with folder.lock(path):
        league = folder.load(path)
        register = merge(league.register, keep.strip(), gone.strip())
        folder.save_register(league, register)
    kept = register.by_id(keep.strip())
    assert kept is not None
    return kept


def look_alike_pairs(path: str) -> tuple[Pair, ...]:
    """Every pair of the register's names that look alike."""
    return tuple(look_alike(folder.load(path).register))
