"""`baska league publish`'s files, in batches and in the language asked for: the league's
pages (site_pages.py), its JSON (as `league standings` and `league ratings` give it), one
style sheet, a page for every player, then each event's files as `tournament publish`
makes them, in a folder of its own (`events/SLUG/`), each page's menu leading back."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from baska_cli.i18n import _, speaking
from baska_cli.league.service.publish import Batch, LeagueSite
from baska_cli.league.service.season import Played
from baska_cli.render.league.site_pages import (
    SitePages,
    clubs_page,
    events_page,
    index_page,
    ratings_page,
)
from baska_cli.render.league.site_player import player_page
from baska_cli.render.league.terminal import ratings_json, season_json
from baska_cli.render.templates import environment
from baska_cli.tournament.publish.service import Publication

if TYPE_CHECKING:
    from jinja2 import Environment

People = Mapping[str, tuple[str, str]]
"""An event's players on the site, by the name the tables use: their name as the site shows
it, and their page's link from the event's folder (render/tournament/publish_pages.py's
People)."""

EventFiles = Callable[[Publication, tuple[str, str], "Environment", People], dict[str, str]]
"""An event's files as `tournament publish` makes them (render/tournament/publish.py's
publication_files: the publication, the link home, the Jinja2 environment, the players'
names and pages on the site)."""

TEMPLATES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "templates")
PLAYERS_PER_BATCH = 100


def league_style() -> str:
    """The site's style sheet: the tournament pages' own, then the league pages' additions."""
    found = []
    for name in ("publish.css", "league.css"):
        with open(os.path.join(TEMPLATES, name), encoding="utf-8") as stream:
            found.append(stream.read())
    return "".join(found)


def _named(text: str, site: LeagueSite) -> str:
    """The season's JSON with each event named as the site names its folder (`gp1`, not
    the league's path to it)."""
    data = json.loads(text)
    for event in data["events"]:
        event["event"] = site.events[event["event"]]
    for line in data["standings"]:
        for result in line["results"]:
            result["event"] = site.events[result["event"]]
    return json.dumps(data, ensure_ascii=False) + "\n"


def _people(pages: SitePages, event: Played) -> People:
    """An event's players as the site shows them: the register's name (the id beside a
    name two records share, unless the name the tables use holds it), the name the tables
    use beside it where it differs, and a link to the player's page."""
    assert event.standings is not None
    found: dict[str, tuple[str, str]] = {}
    for line, ident in zip(event.standings.lines, event.ids, strict=True):
        shown, href = pages.player(ident, line.player, "../../")
        member = pages.site.members.get(ident)
        if member is not None and ident in line.player:  # (`Jan.K.201`: the id is there)
            shown = member.name
        if line.player not in shown:
            shown = f"{shown} ({line.player})"
        found[line.player] = (shown, href)
    return found


def site_files(
    site: LeagueSite,
    publications: Iterable[tuple[Played, Publication]],
    lang: str,
    event_files: EventFiles,
) -> Iterator[Batch]:
    """Every file of the site, by its name in the folder, a batch at a time: the league's
    pages, the players' pages a hundred at a time, then each event's files as
    `event_files` makes them (its publication gathered only when its batch is asked for)."""
    env = environment()
    with speaking(lang):
        pages = SitePages(site, env)
        files = {
            "style.css": league_style(),
            "index.html": index_page(pages),
            "events.html": events_page(pages),
            "ratings.html": ratings_page(pages),
            "clubs.html": clubs_page(pages),
            "standings.json": _named(season_json(site.season), site),
            "ratings.json": ratings_json(site.ratings) + "\n",
        }
        if site.teams is not None:
            files["teams.json"] = _named(season_json(site.teams), site)
    yield Batch(files)
    lines = site.season.lines
    for start in range(0, len(lines), PLAYERS_PER_BATCH):
        with speaking(lang):
            batch = {
                f"players/{site.players[ln.id]}.html": player_page(pages, ln)
                for ln in lines[start : start + PLAYERS_PER_BATCH]
            }
        yield Batch(batch)
    events = iter(publications)
    while True:
        with speaking(lang):  # (the publication's notes are words too)
            found = next(events, None)
            if found is None:
                return
            event, pub = found
            home = ("../../index.html", _("The league"))
            made = event_files(pub, home, env, _people(pages, event))
        folder = f"events/{site.events[event.event]}/"
        yield Batch({folder + name: text for name, text in made.items()}, pub.reading)
