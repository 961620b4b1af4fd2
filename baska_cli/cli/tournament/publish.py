"""`baska tournament publish`: the standings, every round's results and every table's hands
as static pages and JSON for the league's web site, gathered (tournament/publish.py),
made (render/publish.py) and written into a folder of their own (tournament/publish_folder.py)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from baska_cli.cli.common import argument, command, option
from baska_cli.cli.tournament.common import round_option
from baska_cli.i18n import _, ngettext
from baska_cli.render.tournament.publish import publication_files
from baska_cli.tournament.publish.out_dir import publish
from baska_cli.tournament.publish.service import gather, hidden_check


@command("publish")
@argument("path", metavar="DIR")
@argument("out_dir", metavar="OUT_DIR")
@round_option("The standings after this round (default: the newest complete one).")
@option(
    "--anyway",
    is_flag=True,
    help="Publish even while hide-standings hides the standings from the public.",
)
def publish_command(path: str, out_dir: str, round_number: int | None, anyway: bool) -> None:
    """Write the standings, each round's results and each table's hands as web pages.

    OUT_DIR gets index.html (the standings), a page and a JSON file per round and per
    table, standings.json and style.css: no script, links relative, no keys, ready to
    upload. It is made if missing; an existing one must be empty or published before.
    While hide-standings hides the standings from the hall's screens (until the last round
    is over), publishing is refused unless --anyway.

    \b
    Example:  baska tournament publish liga web
              baska --lang pl tournament publish liga web --round 2
    """
    hidden = hidden_check(path, anyway)
    pub = gather(path, round_number)
    done = publish(out_dir, publication_files(pub), path, pub.reading)
    click.echo(
        _("{path}: the standings after round {round} published: {files}").format(
            path=done.folder,
            round=pub.standings.up_to,
            files=ngettext("{count} file", "{count} files", len(done.written)).format(
                count=len(done.written)
            ),
        ),
        err=True,
    )
    _say_after(done.removed, hidden, pub.notes)


def _say_after(removed: Sequence[str], hidden: bool, notes: Sequence[object]) -> None:
    """What publishing did besides: old files removed, standings hidden from the hall's
    screens published all the same, what the standings leave out."""
    if removed:
        click.echo(
            ngettext(
                "{count} file of a round no longer published was removed",
                "{count} files of rounds no longer published were removed",
                len(removed),
            ).format(count=len(removed)),
            err=True,
        )
    if hidden:
        click.echo(
            _(
                "note: published with the standings, though the hall's screens hide them "
                "until the last round is over (hide-standings)"
            ),
            err=True,
        )
    for problem in notes:
        click.echo(_("warning: {problem}").format(problem=problem), err=True)
