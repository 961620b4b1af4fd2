"""The hall's keys: one secret kept in the tournament's directory, and from it the
organiser's key, a key for each table of each round's draw (bound to that draw: a draw
taken back and made again changes them), and each player's own key and 4-digit PIN,
printed on their start card (HMAC: no key tells another).

A running `baska serve DIR` reads the secret once, at its start, and holds `DIR/.serve-lock`.
Deleted while it runs, the file is written back by the server with the secret it holds (at
its next request), and no other command makes a new one meanwhile (it would give links the
server refuses): new keys are made only while no server runs."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from dataclasses import dataclass

from filelock import FileLock, Timeout

from baska_cli.errors import TournamentError
from baska_cli.files.secret import keep_key, kept_key
from baska_cli.i18n import _
from baska_cli.tournament.draw import Draw

SECRET = ".serve-secret"  # the tournament's secret, beside tournament.toml (mode 0600)
HALL_LOCK = ".serve-lock"  # held by the one `baska serve DIR` of the directory
KEY_LENGTH = 22  # characters of a key in a link (132 bits)
PIN_DIGITS = 4  # digits of a player's PIN


def secret_path(folder: str) -> str:
    """Where the tournament's secret is kept."""
    return os.path.join(folder, SECRET)


def _digest(secret: str, purpose: str) -> bytes:
    return hmac.new(secret.encode("ascii"), purpose.encode("utf-8"), hashlib.sha256).digest()


def _derived(secret: str, purpose: str) -> str:
    return base64.urlsafe_b64encode(_digest(secret, purpose)).decode("ascii")[:KEY_LENGTH]


@dataclass(frozen=True, slots=True)
class HallKeys:
    """The keys of one tournament's hall, all made from its secret."""

    secret: str

    @property
    def organiser(self) -> str:
        """The organiser's key: every table, the draw, the corrections."""
        return _derived(self.secret, "organiser")

    def table(self, draw: Draw, table: int) -> str:
        """Table `table`'s key in the round `draw` seated: that table's ledger only, and only
        for this very draw (taken back and drawn again with other players, the round's
        tables have other keys: a sheet printed before opens nothing)."""
        return _derived(self.secret, f"table {draw.round} {table} {draw_mark(draw)}")

    def player(self, ident: str) -> str:
        """The key of the player whose stable id is `ident` (personal/identity.py: their id
        in the players file, else the name the tables use): their own page, their word on
        their table's result."""
        return _derived(self.secret, f"player {ident}")

    def pin(self, ident: str) -> str:
        """The 4-digit PIN of the player whose stable id is `ident`: their word on their
        table's result from the table's phone."""
        number = int.from_bytes(_digest(self.secret, f"pin {ident}")[:8], "big")
        return f"{number % 10**PIN_DIGITS:0{PIN_DIGITS}d}"


def draw_mark(draw: Draw) -> str:
    """What tells one draw of a round from another: a digest of its seating (the tables,
    each by seat, and who sits out); the same seating drawn again has the same mark."""
    seating = json.dumps([draw.round, draw.tables, draw.sitting_out], ensure_ascii=False)
    return hashlib.sha256(seating.encode("utf-8")).hexdigest()[:16]


def hall_keys(folder: str, serving: bool = False) -> HallKeys:
    """The tournament's keys (its secret made on first use); refused while the secret is
    missing and a server of the directory runs with the old one (`serving`: this is that
    server, starting)."""
    path = secret_path(folder)
    if not serving and not os.path.lexists(path) and is_served(folder):
        raise TournamentError(
            _(
                "the hall's secret {file} is missing, but `baska serve {folder}` is running "
                "with it: its links still hold, and it writes the file back at its next "
                "request; for new keys stop the server first"
            ).format(file=SECRET, folder=folder),
            folder,
        )
    return HallKeys(kept_key(path, folder, 32))


def is_served(folder: str) -> bool:
    """Whether a `baska serve` of the directory runs (it holds the hall's lock)."""
    lock = FileLock(os.path.join(folder, HALL_LOCK), mode=0o600)
    try:
        lock.acquire(blocking=False)
    except Timeout:
        return True
    except OSError:
        return False
    lock.release()
    return False


def restore_secret(folder: str, keys: HallKeys) -> None:
    """Write the secret a server holds back into the directory if it was deleted."""
    keep_key(secret_path(folder), keys.secret)
