"""The tables' links: the server's address (typed, or kept by `baska serve` in `.serve-url`)
checked, and each table's `{base}/t/{key}` for a round, its key from the hall's keys."""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.filekind import NotRegularFile, open_regular, reason_of
from baska_cli.i18n import _
from baska_cli.tournament.keys import HallKeys

SERVE_URL = ".serve-url"  # the address `baska serve DIR` printed, one line (http://H:P)
EXAMPLE = "http://192.168.1.10:8000"
LONGEST = 2000  # characters of an address read from the file at most


@dataclass(frozen=True, slots=True)
class TableLink:
    """One table's link in one round: its players by seat, the link and the key in it."""

    round: int
    table: int
    players: tuple[str, ...]
    url: str
    key: str


def serve_url_path(folder: str) -> str:
    """Where `baska serve DIR` keeps the address it printed."""
    return os.path.join(folder, SERVE_URL)


def address_problem(text: str) -> str | None:
    """Why `text` is no server's address (http or https, a host, a port if any, a path if
    any, nothing else), or None for an address."""
    if not text or any(c.isspace() or not c.isprintable() for c in text):
        return "blank"
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (a port that is no number or out of range raises here)
    except ValueError:
        return "port"
    if parts.scheme.lower() not in ("http", "https") or not text.lower().startswith(
        f"{parts.scheme.lower()}://"
    ):
        return "scheme"
    if not parts.hostname or parts.username is not None or parts.password is not None:
        return "host"
    if parts.query or parts.fragment or "?" in text or "#" in text:
        return "query"
    return None


def _suggestion(text: str) -> str:
    """The address nearest to what was typed: `http://` put in front of a bare host, else
    the example."""
    bare = text.strip().rstrip("/")
    if bare and "://" not in text and address_problem(f"http://{bare}") is None:
        return f"http://{bare}"
    return EXAMPLE


def checked_base_url(text: str) -> str:
    """A typed `--base-url`, without its trailing slash; TournamentInputError quoting it,
    with the nearest address, when it is none."""
    if address_problem(text) is not None:
        raise TournamentInputError(
            _(
                '--base-url "{text}": expected the server\'s address, http:// or https:// and '
                "a host (and a port), e.g. {example}"
            ).format(text=text, example=_suggestion(text))
        )
    return text.rstrip("/")


def kept_base_url(folder: str) -> str | None:
    """The address `baska serve` kept in the folder, or None if it kept none (no file, or an
    empty one); TournamentError naming the file when it cannot be read or holds no address."""
    path = serve_url_path(folder)
    try:
        with open_regular(path, encoding="utf-8") as file:
            text = file.read(LONGEST + 1)
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        raise TournamentError(
            _("cannot read the server's address: {reason}").format(reason=reason_of(error)), path
        ) from None
    line = text.strip()
    if not line:
        return None
    if len(text) > LONGEST or address_problem(line) is not None:
        shown = line if len(line) <= 60 else line[:57] + "..."
        raise TournamentError(
            _(
                '"{text}" is not a server\'s address; start `baska serve {folder} --host '
                "0.0.0.0` again (it writes this file) or give --base-url"
            ).format(text=shown, folder=folder),
            path,
        )
    return line.rstrip("/")


def table_url(base: str, key: str) -> str:
    """A table's link: `{base}/t/{key}`."""
    return f"{base}/t/{key}"


@dataclass(frozen=True, slots=True)
class Linker:
    """Each table's link of any round, from the server's address and the hall's keys."""

    base: str
    keys: HallKeys

    def url(self, round_number: int, table: int) -> str:
        """Table `table`'s link in round `round_number`."""
        return table_url(self.base, self.keys.table(round_number, table))

    def links(self, round_number: int, tables: tuple[tuple[str, ...], ...]) -> list[TableLink]:
        """The links of a round's tables (each table's players by seat)."""
        return [
            TableLink(
                round_number,
                t,
                members,
                self.url(round_number, t),
                self.keys.table(round_number, t),
            )
            for t, members in enumerate(tables, 1)
        ]
