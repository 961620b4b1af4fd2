"""`baska league publish`'s files, in batches and in the language asked for: the league's
pages (site_pages.py), its JSON (as `league standings` and `league ratings` give it), one
style sheet, a page for every player, then each event's files as `tournament publish`
makes them, in a folder of its own (`events/SLUG/`), each page's menu leading back."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
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


class SiteMaker:
    """The site's files in the language asked for (league/service/publish.py's SiteMaker):
    the league's pages, its JSON and style sheet, the players' pages a hundred at a time;
    each event's files as `event_files` makes them, each page's menu leading back."""

    def __init__(
        self, site: LeagueSite, lang: str, event_files: EventFiles, app: bool = False
    ) -> None:
        self.site, self.lang, self.event_files, self.app = site, lang, event_files, app
        self.env = environment()
        with speaking(lang):
            self.pages = SitePages(site, self.env)

    def league(self) -> Iterator[Batch]:
        """The league's own files, a batch at a time."""
        site, pages = self.site, self.pages
        with speaking(self.lang):
            files = {
                "style.css": league_style(),
                "index.html": index_page(pages, self.app),
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
            with speaking(self.lang):
                batch = {
                    f"players/{site.players[ln.id]}.html": player_page(pages, ln)
                    for ln in lines[start : start + PLAYERS_PER_BATCH]
                }
            yield Batch(batch)

    def people(self, event: Played) -> People:
        """An event's players as its pages show them (their names and pages)."""
        with speaking(self.lang):
            return _people(self.pages, event)

    def event(self, event: Played, publication: Publication) -> Batch:
        """An event's files, in its folder (`events/SLUG/`)."""
        with speaking(self.lang):  # (the publication's notes are words too)
            home = ("../../index.html", _("The league"))
            made = self.event_files(publication, home, self.env, _people(self.pages, event))
        folder = f"events/{self.site.events[event.event]}/"
        return Batch({folder + name: text for name, text in made.items()}, publication.reading)
