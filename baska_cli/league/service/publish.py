"""What `baska league publish` gathers and writes: the season (the players, the teams, each
category), the rating list, the players each player met, a file name for every event and
every player; each event's publication (what `tournament publish` gathers) one at a time;
the site written in batches into a folder of its own, only the parts whose inputs changed
made again (site_record.py), a file only where its bytes change."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from baska_cli.files.stamps import folder_stamps
from baska_cli.game.spelling import fold
from baska_cli.league import folder
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.ratings import Game
from baska_cli.league.register import Member
from baska_cli.league.service import season as service_season
from baska_cli.league.service.season import LeagueRatings, LeagueSeason, Played, all_games
from baska_cli.league.service.site_record import (
    Part,
    digest,
    intact,
    read_record,
    write_record,
    written,
)
from baska_cli.tournament.publish.out_dir import Published, Publishing
from baska_cli.tournament.publish.service import Publication, gather
from baska_cli.tournament.scores import kept

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


def _met(played_games: Sequence[Game]) -> dict[str, Met]:
    """Each player's opponents at the tables of every event, with how many tables shared."""
    counts: dict[str, dict[str, int]] = {}
    for game in played_games:
        for ident in game.ids:
            mine = counts.setdefault(ident, {})
            for other in game.ids:
                if other != ident:
                    mine[other] = mine.get(other, 0) + 1
    return {
        ident: tuple(sorted(found.items(), key=lambda kv: (-kv[1], kv[0])))
        for ident, found in counts.items()
    }


def gather_site(path: str, league: LeagueFolder | None = None) -> LeagueSite:
    """The league's season, teams, categories and rating list, each event's and each
    player's name on the site, and whom each player met (`league`: the folder read)."""
    league = league or folder.load(path)
    read = service_season.played(league)  # (each event's standings read once)
    done = service_season.season(path, league=league, events=read)
    teams = service_season.season(path, teams=True, league=league, events=read)
    categories = tuple(
        service_season.of_category(done, league, c) for c in service_season.categories(league)
    )
    played_games = all_games(read)
    rated = service_season.ratings(path, league, read, played_games)
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
        _met(played_games),
        (path, *where.values()),
        where,
    )


class SiteMaker(Protocol):
    """What makes the site's files (render/league/site.py): the league's own pages in
    batches, an event's players as its pages show them, an event's files."""

    def league(self) -> Iterator[Batch]: ...

    def people(self, event: Played) -> Mapping[str, tuple[str, str]]: ...

    def event(self, event: Played, publication: Publication) -> Batch: ...


@dataclass(frozen=True, slots=True)
class _Inputs:
    """What the site is made from, as stamps: the league's digest (its folder's files and
    every event's, baska, the language; "" while a file is not settled), the digest of each
    event's files' stamps ("" while one is not settled: nothing is recorded as made from
    them)."""

    key: str
    events: dict[str, str]


def _inputs(league: LeagueFolder, language: str, app: bool) -> _Inputs:
    events: dict[str, str] = {}
    calm = True
    for event in league.league.dated():
        try:
            found, settled = kept.stamps(league.event_path(event.path))
        except OSError:
            found, settled = [], False  # (the season says what is wrong with it)
        events[event.path] = kept.digest(found) if settled else ""
        calm = calm and settled
    try:
        own, settled = folder_stamps(league.path)
    except OSError:
        own, settled = [], False
    key = digest(language, app, own, sorted(events.items())) if calm and settled else ""
    return _Inputs(key, events)


def _unchanged(out: str, before: Mapping[str, Part], key: str) -> bool:
    """Whether the site is as recorded, made from these inputs (an event's part is made
    from what the league's digest covers: its files, the register, the season, baska)."""
    league = before.get("")
    return (
        league is not None
        and intact(out, league, key)
        and all(intact(out, part, part.key) for name, part in before.items() if name)
    )


def publish_site(
    path: str,
    out: str,
    language: str,
    maker: Callable[[LeagueSite], SiteMaker],
    app: bool = False,
) -> Published:
    """The league's site written into the folder `out` (made if missing; else empty or
    published into before; never the league's folder or an event's, inside one or around
    one), a publishing into it under way waited for; only the parts whose inputs changed
    since the folder's record (site_record.py) made again, a file written only where its
    bytes change; the files of an earlier publishing no longer published removed;
    `language`: the pages', kept for the next publishing; `app`: whether the league's pages
    link to the app for one phone (in `app/`)."""
    league: LeagueFolder = folder.load(path)
    sources = (path, *(league.event_path(e.path) for e in league.league.dated()))
    inputs = _inputs(league, language, app)
    key = inputs.key
    # (the season read before the folder is made or locked, unless nothing changed: a
    # broken event is said with no folder made, as before)
    site = None if _unchanged(out, read_record(out), key) else gather_site(path, league)
    with Publishing(out, sources, language) as into:
        before = read_record(out)  # (again, under the lock)
        if _unchanged(out, before, key):
            for part in before.values():
                into.keep(list(part.files))
            return into.finish()
        site = site or gather_site(path, league)
        make = maker(site)
        names: list[str] = []
        for batch in make.league():
            into.add(batch.files, batch.reading)
            names += batch.files
        parts = {"": written(out, key, names)}
        for event in site.season.events:
            if event.standings is None:
                continue
            name = f"events/{site.events[event.event]}/"
            people = sorted(make.people(event).items())
            stamped = inputs.events[event.event]
            own = digest(language, name, event.standings.up_to, stamped, people) if stamped else ""
            if name in before and intact(out, before[name], own):
                into.keep(list(before[name].files))
                parts[name] = before[name]
                continue
            pub = gather(site.where[event.event], event.standings.up_to)
            batch = make.event(event, pub)
            into.add(batch.files, batch.reading)
            parts[name] = written(out, own, list(batch.files))
        done = into.finish()
        if parts != before:
            write_record(out, parts)
        return done
