"""`baska league set`: show a league's title and regulations, or change one of them (the rows
of league/regulations.py read the value and hold its bounds)."""

from __future__ import annotations

from baska_cli.cli.common import UserInputError, argument, command
from baska_cli.cli.setting_value import echo_rows, tell_change
from baska_cli.i18n import _
from baska_cli.league.service import regulations as service


@command("set")
@argument("path", metavar="LIGA")
@argument("key", metavar="[KEY", required=False)
@argument("value", metavar="VALUE]", required=False)
def set_command(path: str, key: str | None, value: str | None) -> None:
    """Show the league's title and regulations, or change one of them.

    Without KEY, each of them and its value, as KEY = VALUE (the manual lists what each
    takes). A change counts at once, over every event of the season.

    \b
    Example:  baska league set liga
              baska league set liga min-events 3
              baska league set liga tie-breaks total,best_place
              baska league set liga team-best 5
    """
    if key is None:
        echo_rows(service.regulations(path))
        return
    if value is None:
        raise UserInputError(
            _('regulation "{key}": expected a value after it, e.g. set LIGA best 8').format(key=key)
        )
    changed = service.change(path, key, value)
    written = _("the regulation {key} was changed").format(key=changed.key)
    tell_change(path, changed.key, changed.before, changed.after, written)
