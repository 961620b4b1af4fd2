"""The hall's keys: one secret kept in the tournament's directory, and from it the
organiser's key and a key for each table of each round (HMAC: no key tells another)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass

from baska_cli.files.secret import kept_key

SECRET = ".serve-secret"  # the tournament's secret, beside tournament.toml (mode 0600)
KEY_LENGTH = 22  # characters of a key in a link (132 bits)


def secret_path(folder: str) -> str:
    """Where the tournament's secret is kept."""
    return os.path.join(folder, SECRET)


def _derived(secret: str, purpose: str) -> str:
    digest = hmac.new(secret.encode("ascii"), purpose.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:KEY_LENGTH]


@dataclass(frozen=True, slots=True)
class HallKeys:
    """The keys of one tournament's hall, all made from its secret."""

    secret: str

    @property
    def organiser(self) -> str:
        """The organiser's key: every table, the draw, the corrections."""
        return _derived(self.secret, "organiser")

    def table(self, round_number: int, table: int) -> str:
        """Table `table`'s key in round `round_number`: that table's ledger only."""
        return _derived(self.secret, f"table {round_number} {table}")


def hall_keys(folder: str) -> HallKeys:
    """The tournament's keys (its secret made on first use)."""
    return HallKeys(kept_key(secret_path(folder), folder, 32))
