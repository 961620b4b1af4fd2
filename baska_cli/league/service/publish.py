"""What `baska league publish` gathers and writes: the season (the players, the teams, each
category), the rating list, the players each player met, a file name for every event and
every player; each event's publication (what `tournament publish` gathers) one at a time;
the site written in batches into a folder of its own, a file only where its bytes change."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from baska_cli.game.spelling import fold
from baska_cli.league import folder
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.register import Member
from baska_cli.league.service import season as service_season
from baska_cli.league.service.season import LeagueRatings, LeagueSeason, Played, all_games
from baska_cli.tournament.publish.out_dir import Published, Publishing
from baska_cli.tournament.publish.service import Publication, gather

Met = tuple[tuple[str, int], ...]  # (the other player's id, how many tables shared), most first


@dataclass(frozen=True, slots=True)
class Batch:
    """Files of the site written together (relative names with `/`: their text), and the
    files read to make them (never written over)."""

    files: Mapping[str, str]
    reading: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeagueSite:
    """Everything the league's site shows but the events' own pages (`publications`)."""

    season: LeagueSeason  # the players
    teams: LeagueSeason | None  # None: no player has a team
    categories: tuple[LeagueSeason, ...]
    ratings: LeagueRatings
    members: dict[str, Member]  # the register by id
    events: dict[str, str]  # each event (as league.toml names it): its folder's name on the site
    players: dict[str, str]  # each player's id with a page: the page's name (no extension)
    met: dict[str, Met]
    sources: tuple[str, ...]  # the league's folder and each event's: never written in
    where: dict[str, str]  # each event: its tournament's folder on this computer


def slug(text: str, taken: set[str]) -> str:
    """A file name for `text` on the site: lower-case ASCII letters, digits and `-`, unique
    among `taken` (which it joins): `Żaneta Bąk` → `zaneta-bak`, again `zaneta-bak-2`."""
    base = re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")[:60].strip("-") or "x"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    taken.add(name)
    return name


def _met(events: Sequence[Played]) -> dict[str, Met]:
    """Each player's opponents at the tables of every event, with how many tables shared."""
    counts: dict[str, dict[str, int]] = {}
    for game in all_games(events):
        for ident in game.ids:
            mine = counts.setdefault(ident, {})
            for other in game.ids:
                if other != ident:
                    mine[other] = mine.get(other, 0) + 1
    return {
        ident: tuple(sorted(found.items(), key=lambda kv: (-kv[1], kv[0])))
        for ident, found in counts.items()
    }


def gather_site(path: str) -> LeagueSite:
    """The league's season, teams, categories and rating list, each event's and each
    player's name on the site, and whom each player met."""
    league: LeagueFolder = folder.load(path)
    read = service_season.played(league)  # (each event's standings read once)
    done = service_season.season(path, league=league, events=read)
    teams = service_season.season(path, teams=True, league=league, events=read)
    categories = tuple(
        service_season.season(path, category=c, league=league, events=read)
        for c in service_season.categories(league)
    )
    rated = service_season.ratings(path, league=league, events=read)
    taken: set[str] = set()
    events = {
        e.event: slug(os.path.basename(os.path.normpath(e.event)), taken) for e in done.events
    }
    taken = set()
    players = {ln.id: slug(ln.id, taken) for ln in done.lines}
    where = {e.event: league.event_path(e.event) for e in done.events}
    return LeagueSite(
        done,
        teams if teams.lines else None,
        categories,
        rated,
        {m.id: m for m in league.register.members},
        events,
        players,
        _met(done.events),
        (path, *where.values()),
        where,
    )


def publications(site: LeagueSite) -> Iterator[tuple[Played, Publication]]:
    """Each event with a round drawn and its publication (the standings the season counts,
    every round up to them), gathered one at a time, in date order."""
    for event in site.season.events:
        if event.standings is not None:
            yield event, gather(site.where[event.event], event.standings.up_to)


def write_site(
    out: str, site: LeagueSite, batches: Iterable[Batch], language: str = ""
) -> Published:
    """The site written into the folder `out` (made if missing; else empty or published
    into before; never the league's folder or an event's, inside one or around one), batch
    by batch, a publishing into it under way waited for; the files of an earlier publishing
    no longer published removed; `language`: the pages', kept for the next publishing."""
    with Publishing(out, site.sources, language) as into:
        for batch in batches:
            into.add(batch.files, batch.reading)
        return into.finish()
