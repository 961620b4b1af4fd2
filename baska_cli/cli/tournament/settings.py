"""`baska tournament set`: show a tournament's settings or change one of them after `new`
(the settings table, tournament/settings.py, reads the value; the service refuses what the
drawn rounds forbid)."""

from __future__ import annotations

import click

from baska_cli.cli.common import UserInputError, argument, command
from baska_cli.cli.setting_value import echo_rows, tell_change
from baska_cli.i18n import _
from baska_cli.tournament import service, settings
from baska_cli.tournament.folder import load


@command("set")
@argument("path", metavar="DIR")
@argument("key", metavar="[KEY", required=False)
@argument("value", metavar="VALUE]", required=False)
def set_command(path: str, key: str | None, value: str | None) -> None:
    """Show the settings, or change one of them.

    Without KEY, every setting and its value, as KEY = VALUE (the manual lists what each
    takes). Deals and rules change only before the first draw; the seed, apart and fixed
    tables change the rounds still to draw.

    \b
    Example:  baska tournament set liga
              baska tournament set liga rounds 6
              baska tournament set liga fixed "Ania=1;Bartek=2"
              baska tournament set liga apart ""
    """
    if key is None:
        echo_rows(settings.shown(load(path).plan))
        return
    if value is None:
        raise UserInputError(
            _('setting "{key}": expected a value after it, e.g. set DIR rounds 6').format(key=key)
        )
    changed = service.change_setting(path, key, value)
    written = _("the setting {key} was changed").format(key=key)
    if not tell_change(path, key, changed.before, changed.after, written):
        return
    if changed.from_round is not None:
        click.echo(service.reach(load(path), changed.from_round), err=True)
