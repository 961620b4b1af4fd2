"""What a front end asks of each player's own: the start cards (each player's link, key and
PIN: `tournament cards`), and each player's page (`/p/KEY`, `GET /api/v1/me`) from the
tournament read once for every player."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.board.service import watched
from baska_cli.tournament.clock.service import standings_hidden
from baska_cli.tournament.folder import Tournament, load
from baska_cli.tournament.hall.keys import HallKeys, hall_keys
from baska_cli.tournament.hall.links import checked_base_url
from baska_cli.tournament.hall.service import base_url, no_base_url
from baska_cli.tournament.personal.identity import Identities, identities
from baska_cli.tournament.personal.page import PlayerPage, newest_seat, player_page
from baska_cli.tournament.players import Entrant, shown_names, surname_first
from baska_cli.tournament.scores.service import Standings, standings_of
from baska_cli.tournament.standings import StandingLine
from baska_cli.tournament.tables.state import state_of


def player_url(base: str, key: str) -> str:
    """A player's own page: `{base}/p/{key}`."""
    return f"{base}/p/{key}"


@dataclass(frozen=True, slots=True)
class StartCard:
    """One player's start card: who, their page's link, its key and their PIN."""

    player: Entrant
    name: str  # as people read it (the short form beside a full name two players share)
    url: str
    key: str
    pin: str


@dataclass(frozen=True, slots=True)
class StartCards:
    """Every player's start card, sorted by surname, and the tournament's name."""

    tournament: str
    base: str
    cards: tuple[StartCard, ...]


def start_cards(path: str, given: str | None = None) -> StartCards:
    """Each player's start card (withdrawn players too: their page still shows their
    results), sorted by surname; the server's address as `tournament links` chooses it
    (`given`, else the one `baska serve` kept); refused when none is known."""
    if given is not None:
        checked_base_url(given)  # what was typed is checked before the folder is read
    t = load(path)
    base = base_url(path, given)
    if base is None:
        raise TournamentInputError(no_base_url(path))
    found = identities(hall_keys(path), t.players)
    names = shown_names(t.players)
    ordered = sorted(t.players, key=lambda p: surname_first(names[p.name]))
    cards = []
    for p in ordered:
        key = found.key(p)
        cards.append(StartCard(p, names[p.name], player_url(base, key), key, found.pin(p)))
    return StartCards(t.name, base, tuple(cards))


@dataclass(frozen=True)
class PlayersNow:
    """A tournament read for its players' pages: the standings after the newest round drawn
    (by player), who each key is, the files whose change may change a page, and whether
    the pages show no place in the standings (`hide-standings`, the last round not over)."""

    tournament: Tournament
    lines: dict[str, StandingLine]
    identities: Identities
    names: dict[str, str]
    watched: tuple[str, ...]
    hidden: bool = False
    started: bool = False  # some table of the standings has a result


def players_now(path: str, keys: HallKeys) -> PlayersNow:
    """The tournament as every player's page needs it (read once for all of them); `keys`:
    the hall's keys (a server's, as it holds them)."""
    t = load(path)
    found: Standings | None = standings_of(t, len(t.draws)) if t.draws else None
    lines = {ln.player: ln for ln in found.lines} if found is not None else {}
    names = shown_names(t.players)
    hidden = standings_hidden(t, len(t.draws))
    started = any(ln.rounds for ln in lines.values())
    return PlayersNow(t, lines, identities(keys, t.players), names, watched(t), hidden, started)


def page_of(now: PlayersNow, name: str) -> PlayerPage:
    """The page of the player `name` (the name the tables use): their table's state as its
    files are now."""
    t = now.tournament
    player = now.identities.named(name)
    if player is None:
        raise TournamentInputError(name)
    seat = newest_seat(t.draws, name)
    table = state_of(t, seat.round, seat.table) if seat is not None and seat.table else None
    return player_page(
        player,
        tournament=t.name,
        rounds=t.plan.rounds,
        drawn=len(t.draws),
        seat=seat,
        table=table,
        line=now.lines.get(name),
        names=now.names,
        hidden=now.hidden,
        started=now.started,
    )
