"""What a front end asks of the desk — the CLI's `tournament checkin` and the organiser's
page call these: the desk listed or searched, players marked present or paid (or taken
back), each change once however often its client id is sent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.desk.lookup import resolve, search
from baska_cli.tournament.desk.marks import PAID, PRESENT, Asked, Desk, DeskRow, desk_of
from baska_cli.tournament.desk.store import add_rows, now, read_desk, read_rows
from baska_cli.tournament.folder import Tournament, load, lock
from baska_cli.tournament.players import Entrant, surname_first


@dataclass(frozen=True, slots=True)
class DeskLine:
    """A registered player at the desk: present, paid."""

    player: Entrant
    present: bool
    paid: bool


@dataclass(frozen=True, slots=True)
class DeskView:
    """The desk: its lines (every player, or those a search found, by surname), the counts of
    the whole desk, the fee (0: none)."""

    lines: tuple[DeskLine, ...]
    registered: int
    present: int
    paid: int
    fee: int


@dataclass(frozen=True, slots=True)
class Marked:
    """A player marked at the desk: the mark (present or paid), now held or taken back,
    and whether this changed anything (False: it was so already, or the id was seen)."""

    player: Entrant
    mark: str
    value: bool
    changed: bool


def _view(t: Tournament, desk: Desk, players: Sequence[Entrant]) -> DeskView:
    lines = tuple(DeskLine(p, p.name in desk.present, p.name in desk.paid) for p in players)
    present = sum(1 for p in t.players if p.name in desk.present)
    paid = sum(1 for p in t.players if p.name in desk.paid)
    return DeskView(lines, len(t.players), present, paid, t.plan.fee)


def desk_view(path: str, typed: str | None = None) -> DeskView:
    """The desk: every player by surname, or those `typed` may mean (three letters of a
    name, an id), with the counts of the whole desk."""
    t = load(path)
    desk = read_desk(path)
    if typed is None:
        return _view(t, desk, sorted(t.players, key=lambda p: surname_first(p.display)))
    return _view(t, desk, search(t.players, typed))


def check_in(
    path: str, typed: Sequence[str], paid: bool = False, undo: bool = False, client_id: str = ""
) -> tuple[list[Marked], DeskView]:
    """Mark the players `typed` present (with `paid`: present and paid); with `undo`, take
    back their being present (with `paid`: their having paid). Every name is found before
    anything is written. A `client_id` (a page's tap) is kept with every mark it asks, changed
    or not: sent again with the same marks it writes nothing again; sent with others it is
    refused (TournamentError), never answered as the first. What each mark did, and the desk
    after (its lines: those players)."""
    with lock(path):
        t = load(path)
        if paid and not t.plan.fee:
            raise TournamentInputError(
                _(
                    "this tournament has no entry fee, so nobody is marked paid; set one "
                    "first: baska tournament set {path} fee 25"
                ).format(path=t.path)
            )
        players = list(dict.fromkeys(resolve(t.players, name) for name in typed))
        rows = read_rows(path)
        desk = desk_of(rows)
        marks = [PAID] if paid and undo else [PRESENT, PAID] if paid else [PRESENT]
        asked = frozenset((p.name, mark, not undo) for p in players for mark in marks)
        seen = client_id in desk.sent
        if seen and desk.sent[client_id] != asked:
            raise TournamentError(
                _(
                    'the id "{id}" was sent before for another mark ({asked}); a new tap needs '
                    "a new id; nothing was recorded"
                ).format(id=client_id, asked=_asked_words(t.players, desk.sent[client_id]))
            )
        done: list[Marked] = []
        added: list[DeskRow] = []
        time = now()
        for p in players:
            for mark in marks:
                changed = not seen and desk.has(p.name, mark) == undo
                if changed or (client_id and not seen):
                    added.append(DeskRow(time, p.name, mark, not undo, client_id))
                done.append(Marked(p, mark, not undo, changed))
        add_rows(path, rows, added)
        desk = desk_of([*rows, *added])
    return done, _view(t, desk, players)


def _asked_words(players: Sequence[Entrant], asked: Asked) -> str:
    """What a client id asked, as the desk says it: `Halina Kot: present`."""
    names = {p.name: p.display for p in players}
    words = {
        (PRESENT, True): _("{name}: present"),
        (PAID, True): _("{name}: paid"),
        (PRESENT, False): _("{name}: no longer present"),
        (PAID, False): _("{name}: no longer paid"),
    }
    return "; ".join(
        words[mark, value].format(name=names.get(player, player))
        for player, mark, value in sorted(asked)
    )
