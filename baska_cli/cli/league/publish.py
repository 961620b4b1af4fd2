"""`baska league publish`: the league's web site — the season's standings, the events with
their results, the rating list, the clubs and a page for every player — gathered
(league/service/publish.py), made (render/league/site.py) and written into a folder of its
own, a file only where it changed."""

from __future__ import annotations

import os

import click

from baska_cli.cli.common import argument, command, fail, option
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError
from baska_cli.i18n import LANGUAGES, _, language, ngettext
from baska_cli.league.service.publish import publish_site
from baska_cli.render.league.site import SiteMaker
from baska_cli.render.tournament.publish import publication_files
from baska_cli.tournament.publish.listing import published_language
from baska_cli.tournament.publish.out_dir import Published


@command("publish")
@argument("path", metavar="LIGA")
@argument("out_dir", metavar="OUT_DIR")
@option(
    "--lang",
    "site_lang",
    type=click.Choice(LANGUAGES),
    metavar="pl|en",
    help="The pages' language (default: the language the site was published in before, else "
    "baska's).",
)
@option(
    "--app",
    "with_app",
    is_flag=True,
    help="Also put the web app for one phone in OUT_DIR/app (as `baska app` makes it).",
)
def publish(path: str, out_dir: str, site_lang: str | None, with_app: bool) -> None:
    """Write the league's web site: static pages, no script, readable on a phone.

    OUT_DIR gets index.html (the season's standings: the players, the teams, each
    category), events.html and each event's pages (events/SLUG/, as `baska tournament
    publish` writes them), ratings.html (the rating list, not the official
    classification), clubs.html and a page for every player (players/), their JSON and
    style.css: links relative, no keys, no path of this computer, ready to upload. It is
    made if missing; an existing one must be empty or published before. Publishing again
    writes only the files that changed, in the site's language unless --lang changes it.
    With --app, OUT_DIR/app is the web app for one phone (`baska app`): served over https,
    the league's players install it from there.

    \b
    Example:  baska league publish liga web
              baska league publish liga web --lang en
              baska league publish liga web --app
    """
    kept = published_language(out_dir)
    lang = site_lang or (kept if kept in LANGUAGES else "") or language()
    # (the league's pages link to the app where it is published with it, or was before)
    app = with_app or os.path.isfile(os.path.join(out_dir, "app", "index.html"))
    done = publish_site(
        path, out_dir, lang, lambda s: SiteMaker(s, lang, publication_files, app), app
    )
    _say_published(done, out_dir)
    if with_app:
        _publish_app(done.folder)


def _say_published(done: Published, out_dir: str) -> None:
    """What publishing did: the files written, unchanged and removed."""
    unchanged = len(done.unchanged)
    written = len(done.written) - unchanged
    if written or done.removed:
        note_written(_("the site {path} was written").format(path=out_dir))
    click.echo(
        _("{path}: the league's site published: {written}, {unchanged}").format(
            path=done.folder,
            written=ngettext("{count} file written", "{count} files written", written).format(
                count=written
            ),
            unchanged=ngettext(
                "{count} file unchanged", "{count} files unchanged", unchanged
            ).format(count=unchanged),
        ),
        err=True,
    )
    if done.removed:
        click.echo(
            ngettext(
                "{count} file no longer published was removed",
                "{count} files no longer published were removed",
                len(done.removed),
            ).format(count=len(done.removed)),
            err=True,
        )


def _publish_app(folder: str) -> None:
    """The web app for one phone written into the site's folder `app` (as `baska app`)."""
    from baska_cli.webapp.build import build
    from baska_cli.webapp.runtime import runtime

    out = os.path.join(folder, "app")
    try:
        built = build(out, runtime())
    except BaskaError as error:
        fail(error)
    note_written(_("the app {path} was written").format(path=out))
    click.echo(
        _("{path}: the app for one phone, {files} files").format(path=out, files=built.files),
        err=True,
    )
