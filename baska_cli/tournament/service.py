"""What a front end does to the tournament itself: make its directory, change a setting, enter
a late player, withdraw one, name a team's stand-in; the round to draw next. Plain arguments
in, plain values out, BaskaErrors for what is refused (each feature's own: its service.py —
the rounds drawn and closed in rounds/, results and standings in scores/, …)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.files.kind import NotRegularFile, open_regular_binary, reason_of
from baska_cli.game.names import similar_pairs
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.ledger.dialect import DialectError, decoded
from baska_cli.ledger.format import rules_lines
from baska_cli.tournament import folder, players
from baska_cli.tournament.desk.marks import PRESENT, DeskRow, desk_of
from baska_cli.tournament.desk.store import add_rows, now, read_rows
from baska_cli.tournament.folder import Tournament, load, lock
from baska_cli.tournament.players import Entrant, find, named
from baska_cli.tournament.roster import late_entry, read_entry_list, standin
from baska_cli.tournament.settings import (
    Plan,
    Reach,
    Setting,
    check_plan,
    new_identity,
    plan_of,
    setting,
    shown,
)

NamePair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Made:
    """A tournament made: its plan, its players, and names that look like one misspelt."""

    plan: Plan
    players: tuple[Entrant, ...]
    look_alike: tuple[NamePair, ...]


@dataclass(frozen=True, slots=True)
class Entered:
    """A late entry: the name as kept, the first round played, names that look alike."""

    name: str
    round: int
    look_alike: tuple[NamePair, ...]


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """A withdrawal: the name as kept and the first round no longer played."""

    name: str
    round: int


def read_entry_file(path: str) -> str:
    """The text of a players file (one name per line, optionally a comma and a club, or a
    CSV with a header), in UTF-8, Windows-1250 or Windows-1252 as a ledger is read (a Polish
    spreadsheet's "CSV" is Windows-1250)."""
    try:
        with open_regular_binary(path) as stream:
            return decoded(stream.read())
    except (OSError, NotRegularFile, DialectError) as error:
        reason = error.message if isinstance(error, DialectError) else reason_of(error)
        raise TournamentInputError(
            _("{file}: cannot read the players: {reason}").format(file=path, reason=reason)
        ) from None


def new(path: str, entries: str, origin: str, rules: RuleSet, **values: Any) -> Made:
    """Make a tournament directory from a players list (`entries`, read from `origin`);
    `values`: the settings by Plan's attribute (rounds=5, deals=16, seed="9", apart=[("A",
    "B")], …; left out or None: the default of settings.SETTINGS, for the seed a random one)."""
    entrants = read_entry_list(entries, origin)
    values = {**values, "rules_lines": rules_lines(rules)}
    plan = plan_of(values, lambda name: named(entrants, name, origin), len(entrants))
    plan = replace(plan, identity=new_identity())
    check_plan(plan, rules)
    folder.create(path, plan, entrants)
    return Made(plan, tuple(entrants), tuple(_look_alike(entrants)))


def _look_alike(entrants: Sequence[Entrant]) -> list[NamePair]:
    """Names that look like one misspelt, as the players file wrote them (full names, not
    their short forms: `Anna.N` and `Anna.K` are told apart on purpose; players of one full
    name are told apart by their ids)."""
    names = list(dict.fromkeys(p.display for p in entrants))
    return similar_pairs(names)


def next_round(t: Tournament) -> int:
    """The round to draw (or to enter a player for) next; refused once all are drawn."""
    if t.next_round > t.plan.rounds:
        raise TournamentError(_("all {rounds} rounds are drawn").format(rounds=t.plan.rounds))
    return t.next_round


def drawn_round(t: Tournament, round_number: int | None) -> int:
    """The round asked for, or the last drawn; refused if it is not drawn."""
    if not t.draws:
        raise TournamentError(_("no round is drawn yet; start with `baska tournament draw`"))
    if round_number is None:
        return len(t.draws)
    if round_number < 1:
        raise TournamentInputError(
            _("round {round}: expected a round from 1 to {count}").format(
                round=round_number, count=len(t.draws)
            )
        )
    if round_number > len(t.draws):
        raise TournamentInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    return round_number


def enter_player(
    path: str, name: str, club: str = "", details: Mapping[str, str] | None = None
) -> Entered:
    """A late entry, in the draw from the next round on (a full name gets a short form;
    `details`: id, team, category, standin, as the players file's columns); once check-in
    has begun, marked present at the desk (they are there to be entered)."""
    with lock(path):
        t = load(path)
        number = next_round(t)
        roster = late_entry(t.players, name, number, {"club": club, **(details or {})})
        rows = read_rows(path)
        folder.save_players(t, roster)
        if desk_of(rows).begun:
            add_rows(path, rows, [DeskRow(now(), roster[-1].name, PRESENT, True)])
    newcomer = roster[-1]
    alike = [p for p in _look_alike(roster) if newcomer.display in p]
    return Entered(newcomer.name, number, tuple(alike))


def withdraw_player(path: str, name: str) -> Withdrawn:
    """A withdrawal from the next round on; the points earned stay the player's."""
    with lock(path):
        t = load(path)
        number = t.next_round
        roster = players.withdraw(t.players, name, number)
        if number > t.plan.rounds:
            raise TournamentError(
                _(
                    "all {rounds} rounds are drawn, so there is no round left to withdraw "
                    "from; record a walk-out at the player's table (`baska tournament walkout`), "
                    "or take round {rounds} back first (`baska tournament draw {path} --undo`)"
                ).format(rounds=t.plan.rounds, path=path)
            )
        folder.save_players(t, roster)
    player = find(roster, name)
    assert player is not None  # (withdraw refuses a name that is not a player's)
    return Withdrawn(player.name, number)


@dataclass(frozen=True, slots=True)
class StandIn:
    """A stand-in named: the player as kept and the team they count for."""

    name: str
    team: str


def name_standin(path: str, team: str, name: str) -> StandIn:
    """Name the one stand-in („skoczek”) of a team: the player's results count for it."""
    with lock(path):
        t = load(path)
        roster = standin(t.players, team, name)
        folder.save_players(t, roster)
    player = find(roster, name)
    assert player is not None  # (standin refuses a name that is not a player's)
    return StandIn(player.display, player.standin)


@dataclass(frozen=True, slots=True)
class Changed:
    """A setting changed: its value before and after (as typed), and the first round whose
    draw it changes (None: it changes no seating)."""

    key: str
    before: str
    after: str
    from_round: int | None


def change_setting(path: str, key: str, text: str) -> Changed:
    """Change one setting (`tournament set`), refused where the rounds drawn forbid it (its
    row's reach) and `tournament.toml` left as it was."""
    row = setting(key)
    key = row.name  # (`round_minutes` typed: `round-minutes`)
    with lock(path):
        t = load(path)
        value = _changed_value(t, row, text)
        plan = replace(t.plan, **{row.attribute: value})
        check_plan(plan, plan.rules())
        before, after = dict(shown(t.plan))[key], dict(shown(plan))[key]
        if plan != t.plan:
            folder.save_plan(t, plan)
    return Changed(key, before, after, t.next_round if row.reach is Reach.DRAWS else None)


def _changed_value(t: Tournament, row: Setting, text: str) -> Any:
    """The value typed for `row`, its players named and refused where its reach forbids."""
    if row.reach is Reach.LEDGERS and t.draws:
        raise TournamentInputError(
            _(
                '{key} "{text}": round 1 is drawn already and its table ledgers hold the '
                "{key} it was drawn with; {key} can change only before the first draw"
            ).format(key=row.name, text=text)
        )
    origin = t.file(folder.PLAYERS)
    value = row.kind.named(row.kind.parse(text, row.name), lambda n: named(t.players, n, origin))
    if row.reach is Reach.ROUNDS and value < len(t.draws):
        raise TournamentInputError(
            _('{key} "{text}": {count} rounds are drawn already; expected {count} or more')
            .format(key=row.name, text=text, count=len(t.draws))
        )  # fmt: skip
    row.kind.fits(value, sum(1 for p in t.players if p.plays(t.next_round)))
    return value


def reach(t: Tournament, from_round: int) -> str:
    """Which rounds a change of the draw's settings reaches, in words."""
    if from_round > t.plan.rounds:
        return _("every round is drawn already, so no seating changes")
    if from_round == 1:
        return _("the draws from round 1 on use it")
    if from_round == 2:
        return _("round 1 keeps its seating; the draws from round 2 on use it")
    return _("rounds 1–{last} keep their seating; the draws from round {next} on use it").format(
        last=from_round - 1, next=from_round
    )
