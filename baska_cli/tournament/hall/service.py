"""The tables' links a front end asks for: a round's links (`tournament links`) and the
links the printed table sheets carry as QR codes (`tournament draw`, `tournament print`)."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.address import kept_base_url
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.hall.links import Linker, TableLink, checked_base_url
from baska_cli.tournament.service import drawn_round


@dataclass(frozen=True, slots=True)
class RoundLinks:
    """A round's tables' links, and the server's address they start with."""

    round: int
    base: str
    tables: tuple[TableLink, ...]


def base_url(path: str, given: str | None = None) -> str | None:
    """The server's address: `given` (checked), else the one `baska serve` kept in the
    tournament's folder, else None."""
    if given is not None:
        return checked_base_url(given)
    return kept_base_url(path)


def no_base_url(path: str) -> str:
    """What to do when no server's address is known (a message)."""
    return _(
        "no server's address is known for {path}: start `baska serve {path} --host 0.0.0.0` "
        "(it keeps its address there) or give --base-url, e.g. --base-url "
        "http://192.168.1.10:8000"
    ).format(path=path)


def round_links(path: str, round_number: int | None = None, given: str | None = None) -> RoundLinks:
    """Each table's link of a drawn round (default: the newest drawn), with its key;
    refused for a round not drawn and when no server's address is known."""
    if given is not None:
        checked_base_url(given)  # what was typed is checked before the folder is read
    t = load(path)
    number = drawn_round(t, round_number)
    base = base_url(path, given)
    if base is None:
        raise TournamentInputError(no_base_url(path))
    linker = Linker(base, hall_keys(path))
    return RoundLinks(number, base, tuple(linker.links(t.draws[number - 1])))


def sheet_linker(path: str, given: str | None = None) -> Linker | None:
    """The links the table sheets carry, or None when no server's address is known (the
    sheets are then printed without them)."""
    if given is not None:
        checked_base_url(given)
    load(path)  # a folder that is no tournament is told of as such, before a secret is made
    base = base_url(path, given)
    return None if base is None else Linker(base, hall_keys(path))
