"""What a front end asks of the desk — the CLI's `tournament checkin` and the organiser's
page call these: the desk listed, searched or its unpaid listed, with its totals (the cash
among them); players marked present or paid (or taken back), each change once however often
its client id is sent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.desk.lookup import by_surname, candidate, namesakes, resolve, search
from baska_cli.tournament.desk.marks import PAID, PRESENT, Asked, Desk, DeskRow, desk_of
from baska_cli.tournament.desk.store import add_rows, now, read_desk, read_rows
from baska_cli.tournament.folder import Tournament, load, lock
from baska_cli.tournament.players import Entrant, surname_first


@dataclass(frozen=True, slots=True)
class DeskLine:
    """A registered player at the desk: present, paid; `namesake`: another player has the
    same full name (so the desk names the club or id beside it)."""

    player: Entrant
    present: bool
    paid: bool
    namesake: bool = False


@dataclass(frozen=True, slots=True)
class DeskSummary:
    """The whole desk's totals: the players registered (not those withdrawn before their
    first round), those of them present, the fees taken (every player marked paid: the
    cash is what the box holds) and their sum, and the players present who have not paid
    (none where there is no fee)."""

    registered: int
    present: int
    paid: int
    unpaid: tuple[DeskLine, ...]
    cash: int


@dataclass(frozen=True, slots=True)
class DeskView:
    """The desk: its lines (every player, or those a search found, by surname; with `near`,
    no player was found and these are the nearest spellings of a surname), the whole desk's
    totals, the fee (0: none)."""

    lines: tuple[DeskLine, ...]
    summary: DeskSummary
    fee: int
    near: bool = False

    @property
    def registered(self) -> int:
        """The players registered."""
        return self.summary.registered

    @property
    def present(self) -> int:
        """The players registered and present."""
        return self.summary.present

    @property
    def paid(self) -> int:
        """The players marked paid."""
        return self.summary.paid


@dataclass(frozen=True, slots=True)
class Marked:
    """A player marked at the desk: the mark (present or paid), now held or taken back,
    whether this changed anything (False: it was so already, or the id was seen), whether
    another player has the same full name, and, for "present" taken back, whether the player
    is still marked paid (a fee taken stays taken until its own mark is taken back)."""

    player: Entrant
    mark: str
    value: bool
    changed: bool
    namesake: bool = False
    still_paid: bool = False


def registered(player: Entrant) -> bool:
    """Whether a player counts as registered: not withdrawn before their first round."""
    return player.withdrawn is None or player.withdrawn > player.entered


def _summary(t: Tournament, desk: Desk, shared: frozenset[str]) -> DeskSummary:
    """The whole desk's totals (DeskSummary)."""
    counted = [p for p in t.players if registered(p)]
    present = [p for p in counted if p.name in desk.present]
    paid = sum(1 for p in t.players if p.name in desk.paid)
    unpaid = tuple(
        DeskLine(p, True, False, p.name in shared)
        for p in sorted(present, key=lambda p: surname_first(p.display))
        if t.plan.fee and p.name not in desk.paid
    )
    return DeskSummary(len(counted), len(present), paid, unpaid, paid * t.plan.fee)


def _view(t: Tournament, desk: Desk, players: Sequence[Entrant], near: bool = False) -> DeskView:
    shared = namesakes(t.players)
    lines = tuple(
        DeskLine(p, p.name in desk.present, p.name in desk.paid, p.name in shared) for p in players
    )
    return DeskView(lines, _summary(t, desk, shared), t.plan.fee, near)


def desk_view(path: str, typed: str | None = None, unpaid: bool = False) -> DeskView:
    """The desk: every player by surname, or those `typed` may mean (three letters of a
    name, an id; none found: the nearest spellings of a surname, `near`), or with `unpaid`
    the players present who have not paid; with the whole desk's totals."""
    t = load(path)
    desk = read_desk(path)
    if unpaid:
        if not t.plan.fee:
            raise TournamentInputError(no_fee(t.path))
        view = _view(t, desk, ())
        return DeskView(view.summary.unpaid, view.summary, view.fee)
    if typed is None:
        return _view(t, desk, sorted(t.players, key=lambda p: surname_first(p.display)))
    found = search(t.players, typed)
    if found:
        return _view(t, desk, found)
    return _view(t, desk, by_surname(t.players, typed), near=True)


def no_fee(path: str) -> str:
    """Why nobody is marked paid: the tournament has no fee; how to set one."""
    return _(
        "this tournament has no entry fee, so nobody is marked paid; set one "
        "first: baska tournament set {path} fee 25"
    ).format(path=path)


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
            raise TournamentInputError(no_fee(t.path))
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
        shared = namesakes(t.players)
        for p in players:
            for mark in marks:
                changed = not seen and desk.has(p.name, mark) == undo
                if changed or (client_id and not seen):
                    added.append(DeskRow(time, p.name, mark, not undo, client_id))
                still_paid = undo and mark == PRESENT and desk.has(p.name, PAID)
                done.append(Marked(p, mark, not undo, changed, p.name in shared, still_paid))
        add_rows(path, rows, added)
        desk = desk_of([*rows, *added])
    return done, _view(t, desk, players)


def _asked_words(players: Sequence[Entrant], asked: Asked) -> str:
    """What a client id asked, as the desk says it: `Halina Kot: present` (a namesake with
    the short form, club and id beside the name)."""
    shared = namesakes(players)
    names = {p.name: candidate(p) if p.name in shared else p.display for p in players}
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
