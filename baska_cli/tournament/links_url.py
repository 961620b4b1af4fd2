"""Where the hall's server was last heard at: `DIR/.serve-url`, the base of the links
(`http://H:P`) that `baska serve DIR` printed, for the tables' links and printed sheets."""

from __future__ import annotations

import os

from baska_cli.errors import TournamentError
from baska_cli.filekind import NotRegularFile, read_text, reason_of
from baska_cli.i18n import _
from baska_cli.ledger.atomic import replace_text

SERVE_URL = ".serve-url"


def keep_base_url(folder: str, base: str) -> None:
    """Keep `base` as the hall's address (the file replaced whole)."""
    path = os.path.join(folder, SERVE_URL)
    try:
        replace_text(path, base + "\n")
    except OSError as error:
        raise TournamentError(
            _("cannot write the file: {reason}").format(reason=reason_of(error)), path
        ) from None


def kept_base_url(folder: str) -> str | None:
    """The address `baska serve DIR` last printed, or None if it never ran here."""
    path = os.path.join(folder, SERVE_URL)
    try:
        text = read_text(path)
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason_of(error)), path
        ) from None
    found = text.strip()
    return found or None
