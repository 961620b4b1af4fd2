"""The tables' links: the server's address checked (typed, or kept by `baska serve` in
`.serve-url`: address.py), and each table's `{base}/t/{key}` in a round, its key from the
hall's keys."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.hall.keys import HallKeys

EXAMPLE = "http://192.168.1.10:8000"


@dataclass(frozen=True, slots=True)
class TableLink:
    """One table's link in one round: its players by seat, the link and the key in it."""

    round: int
    table: int
    players: tuple[str, ...]
    url: str
    key: str


def is_address(text: str) -> bool:
    """Whether `text` is a server's address: http or https, a host, a port and a path if
    any, nothing else (no spaces, no user, no query, no fragment)."""
    if not text or any(c.isspace() or not c.isprintable() for c in text):
        return False
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (a port that is no number or out of range raises here)
    except ValueError:
        return False
    scheme = parts.scheme.lower()
    return (
        scheme in ("http", "https")
        and text.lower().startswith(f"{scheme}://")
        and bool(parts.hostname)
        and parts.username is None
        and parts.password is None
        and not ("?" in text or "#" in text)
    )


def _suggestion(text: str) -> str:
    """The address nearest to what was typed: `http://` put in front of a bare host, else
    the example."""
    bare = text.strip().rstrip("/")
    if bare and "://" not in text and is_address(f"http://{bare}"):
        return f"http://{bare}"
    return EXAMPLE


def checked_base_url(text: str) -> str:
    """A typed `--base-url`, without its trailing slash; TournamentInputError quoting it,
    with the nearest address, when it is none."""
    if not is_address(text):
        raise TournamentInputError(
            _(
                '--base-url "{text}": expected the server\'s address, http:// or https:// and '
                "a host (and a port), e.g. {example}"
            ).format(text=text, example=_suggestion(text))
        )
    return text.rstrip("/")


def is_loopback(base: str) -> bool:
    """Whether the address is this computer's own (localhost, 127.x.x.x, ::1): no phone in
    the hall can open it."""
    host = urlsplit(base).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def table_url(base: str, key: str) -> str:
    """A table's link: `{base}/t/{key}`."""
    return f"{base}/t/{key}"


@dataclass(frozen=True, slots=True)
class Linker:
    """Each table's link of any round, from the server's address and the hall's keys."""

    base: str
    keys: HallKeys

    def url(self, draw: Draw, table: int) -> str:
        """Table `table`'s link in the round `draw` seated."""
        return table_url(self.base, self.keys.table(draw, table))

    def links(self, draw: Draw) -> list[TableLink]:
        """The links of a round's tables (each table's players by seat)."""
        return [
            TableLink(draw.round, t, members, self.url(draw, t), self.keys.table(draw, t))
            for t, members in enumerate(draw.tables, 1)
        ]
