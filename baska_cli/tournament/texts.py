"""A tournament's files read as text, a TournamentError naming the file when it cannot be."""

from __future__ import annotations

from baska_cli.errors import TournamentError
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.i18n import _


def read_if_there(path: str) -> str | None:
    """The file's text (newlines as written), None while it is missing."""
    try:
        return read_text(path, newline="")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason_of(error)), path
        ) from None


def read_needed(path: str) -> str:
    """The file's text (newlines as written); its absence is an error too."""
    text = read_if_there(path)
    if text is None:
        raise TournamentError(_("the file is missing"), path)
    return text
