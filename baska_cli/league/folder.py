"""A league's folder read and written — the only module that touches it:

    LIGA/league.toml    the title, the events and their dates, the regulations (settings.py)
    LIGA/players.csv    the register (register.py, register_file.py)
    LIGA/aliases.csv    the records merged into others, once there are any

Every change holds the lock of league.toml and replaces each file whole."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass

from baska_cli.errors import TournamentError
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.i18n import _, os_reason
from baska_cli.league.register import Register
from baska_cli.league.register_file import format_aliases, format_register, parse_register
from baska_cli.league.settings import League, format_league, parse_league
from baska_cli.ledger.store import locked, replace_text

SETTINGS, PLAYERS, ALIASES = "league.toml", "players.csv", "aliases.csv"


@dataclass(frozen=True, slots=True)
class LeagueFolder:
    """A league's folder read: where it is, its settings and its register."""

    path: str
    league: League
    register: Register

    def file(self, relative: str) -> str:
        """A path inside the folder, as the user named it."""
        return os.path.join(self.path, relative)

    def event_path(self, relative: str) -> str:
        """An event's folder, as the league's settings name it (relative to the league's)."""
        return os.path.normpath(os.path.join(self.path, relative))

    def relative(self, tournament: str) -> str:
        """A tournament's folder as the league's settings keep it (relative, with /)."""
        return os.path.relpath(os.path.realpath(tournament), os.path.realpath(self.path)).replace(
            os.sep, "/"
        )


def _read(path: str, missing_ok: bool = False) -> str:
    try:
        return read_text(path, newline="")
    except FileNotFoundError:
        if missing_ok:
            return ""
        raise TournamentError(_("the file is missing"), path) from None
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason_of(error)), path
        ) from None


@contextlib.contextmanager
def lock(path: str) -> Iterator[None]:
    """Hold the league's lock while changing its folder (refused where it is none)."""
    _is_league(path)
    with locked(os.path.join(path, SETTINGS)):
        yield


def _is_league(path: str) -> None:
    """Refuse a folder without league.toml."""
    if not os.path.isfile(os.path.join(path, SETTINGS)):
        raise TournamentError(
            _("not a league folder (no {file}); make one with `baska league new`").format(
                file=SETTINGS
            ),
            path,
        )


def load(path: str) -> LeagueFolder:
    """A league's folder read (a TournamentError naming the file for anything wrong)."""
    _is_league(path)
    settings = os.path.join(path, SETTINGS)
    players, aliases = os.path.join(path, PLAYERS), os.path.join(path, ALIASES)
    return LeagueFolder(
        path,
        parse_league(_read(settings), settings),
        parse_register(_read(players), players, _read(aliases, True), aliases),
    )


def _near(tournament: str) -> list[str]:
    """Where a tournament's league is kept: its folder's parent and grandparent, and the
    folders in each (a league keeps its events as folders relative to its own: within it,
    or beside it)."""
    found: list[str] = []
    up = os.path.dirname(os.path.realpath(tournament))
    for _level in range(2):
        found.append(up)
        with contextlib.suppress(OSError):
            found += sorted(e.path for e in os.scandir(up) if e.is_dir())
        up = os.path.dirname(up)
    return list(dict.fromkeys(found))


def holding(tournament: str) -> list[str]:
    """The leagues near a tournament (`_near`) whose league.toml lists it as an event, as
    real folders (a league.toml that cannot be read passed over: no league of it)."""
    real = os.path.realpath(tournament)
    found = []
    for path in _near(tournament):
        settings = os.path.join(path, SETTINGS)
        if not os.path.isfile(settings):
            continue
        try:
            league = parse_league(_read(settings), settings)
        except TournamentError:
            continue
        if any(os.path.realpath(os.path.join(path, e.path)) == real for e in league.events):
            found.append(path)
    return found


def create(path: str, league: League, register: Register) -> None:
    """A new league folder (refused where the folder exists and holds anything)."""
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise TournamentError(_("exists already and is not an empty directory"), path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise TournamentError(
            _("cannot make the directory: {reason}").format(reason=os_reason(error)), path
        ) from None
    with locked(os.path.join(path, SETTINGS)):
        if os.path.exists(os.path.join(path, SETTINGS)):
            raise TournamentError(_("exists already and is not an empty directory"), path)
        replace_text(os.path.join(path, PLAYERS), format_register(register))
        replace_text(os.path.join(path, SETTINGS), format_league(league))


def save_register(folder: LeagueFolder, register: Register) -> None:
    """Replace players.csv (and aliases.csv, once there are merged records). Call under
    `lock`."""
    replace_text(folder.file(PLAYERS), format_register(register))
    if register.aliases or os.path.exists(folder.file(ALIASES)):
        replace_text(folder.file(ALIASES), format_aliases(register))


def save_league(folder: LeagueFolder, league: League) -> None:
    """Replace league.toml. Call under `lock`."""
    replace_text(folder.file(SETTINGS), format_league(league))
