"""The organiser's announcement as text (pure): one line of at most MOST characters, no
control character in it; a text read back from its file is shown with its control
characters escaped, never raw."""

from __future__ import annotations

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _

MOST = 200  # characters: two lines of the projector's banner, a few of a phone's


def visible(text: str) -> str:
    """`text` with every character that is not printable (a control character, a line
    break, a direction mark) written as an escape (`\\x1b`, `\\u202e`)."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def announcement_text(text: str) -> str:
    """The announcement typed, without the spaces around it; refused (quoting it escaped)
    when empty, longer than MOST characters or holding a control character."""
    value = text.strip()
    if not value:
        raise TournamentInputError(_("the announcement is empty; to take it down, give --clear"))
    if not value.isprintable():
        raise TournamentInputError(
            _('the announcement "{text}" holds a control character or a line break; '
              "expected one line of text").format(text=visible(value)[:60])
        )  # fmt: skip
    if len(value) > MOST:
        raise TournamentInputError(
            _("the announcement has {count} characters; at most {most}").format(
                count=len(value), most=MOST
            )
        )
    return value


def shown_announcement(stored: str) -> str:
    """An announcement as its file holds it, made safe to show (a file edited by hand:
    escaped, cut to MOST characters)."""
    return visible(stored.strip())[:MOST]
