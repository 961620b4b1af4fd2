"""Where the hall's server was last heard at: `DIR/.serve-url`, the base of the links
(`http://H:P`) that `baska serve DIR` printed, for the tables' links and printed sheets."""

from __future__ import annotations

import os

from baska_cli.errors import TournamentError
from baska_cli.files.kind import NotRegularFile, open_regular, reason_of
from baska_cli.files.replace import replace_text
from baska_cli.i18n import _
from baska_cli.tournament.hall.links import is_address

SERVE_URL = ".serve-url"  # the address `baska serve DIR` printed, one line (http://H:P)
LONGEST = 2000  # characters of an address read from the file at most


def keep_base_url(folder: str, base: str) -> None:
    """Keep `base` as the hall's address (the file replaced whole)."""
    path = serve_url_path(folder)
    try:
        replace_text(path, base + "\n")
    except OSError as error:
        raise TournamentError(
            _("cannot write the file: {reason}").format(reason=reason_of(error)), path
        ) from None


def serve_url_path(folder: str) -> str:
    """Where `baska serve DIR` keeps the address it printed."""
    return os.path.join(folder, SERVE_URL)


def kept_base_url(folder: str) -> str | None:
    """The address `baska serve DIR` last printed (without a trailing slash), or None if it
    never ran here (no file, or an empty one); TournamentError naming the file when it cannot
    be read or holds no server's address."""
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
    if len(text) > LONGEST or not is_address(line):
        shown = line if len(line) <= 60 else line[:57] + "..."
        raise TournamentError(
            _(
                '"{text}" is not a server\'s address; start `baska serve {folder} --host '
                "0.0.0.0` again (it writes this file) or give --base-url"
            ).format(text=shown, folder=folder),
            path,
        )
    return line.rstrip("/")
