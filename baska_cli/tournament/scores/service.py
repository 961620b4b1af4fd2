"""What a front end asks of a tournament's scores: enter or correct a table's result, record
or undo a walk-out (the table's result fixed), the standings with the fixed results of
walk-outs and sit-outs, a drawing of lots, the check. Plain arguments in, plain values out,
BaskaErrors for what is refused (the tournament itself: tournament/service.py; its rounds:
rounds/service.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.spelling import fold, nearest
from baska_cli.i18n import _
from baska_cli.ledger.checker import check as check_ledger
from baska_cli.tournament import folder, ledgers, walkouts
from baska_cli.tournament.folder import Tournament, ledger_name, load, lock, table_players, title_of
from baska_cli.tournament.lots import seeded_orders, typed_order, with_lots
from baska_cli.tournament.plan import LOTS
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult, current, enter, parse_entries
from baska_cli.tournament.scores import kept
from baska_cli.tournament.scores.audit import problems_of, progress_of, walkout_notes
from baska_cli.tournament.scores.counted import Problem, table_results
from baska_cli.tournament.service import drawn_round
from baska_cli.tournament.settings import Plan
from baska_cli.tournament.standings import (
    SAT_OUT,
    WALKED_OUT,
    WALKOUT,
    StandingLine,
    TablePlace,
    fixed_place,
    stale_lots,
    standings,
    tied_groups,
)
from baska_cli.tournament.typed import settle
from baska_cli.tournament.typed_store import save_typed
from baska_cli.tournament.walkouts import Walkout, counting


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings after a round, the tables left out of them, and the plan they follow."""

    lines: tuple[StandingLine, ...]
    problems: tuple[Problem, ...]
    up_to: int
    plan: Plan
    name: str  # the tournament's, as printed on its pages
    stale_lots: tuple[str, ...] = ()  # players whose recorded lot a correction made stale
    players: tuple[Entrant, ...] = ()  # the roster: full names, ids, teams, categories
    files: tuple[str, ...] = ()  # the tournament's files that were read (folder.inputs)

    @property
    def need_lots(self) -> bool:
        """Whether players are tied on every tie-break and a drawing of lots would part them."""
        return LOTS in self.plan.tie_breaks and any(ln.tied for ln in self.lines)


@dataclass(frozen=True, slots=True)
class Lots:
    """A drawing of lots recorded: the round whose standings it parts, each tie's order."""

    round: int
    orders: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Audit:
    """What `check` found: the problems, and how many rounds and tables were looked at."""

    problems: tuple[Problem, ...]
    rounds: int
    tables: int
    notes: tuple[Problem, ...] = ()  # what is not a problem but changes results: walk-outs
    progress: tuple[Problem, ...] = ()  # tables still played, rounds not drawn yet


def enter_result(
    path: str, round_number: int, table: int, entries: Sequence[str], correct: bool = False
) -> TableResult:
    """A paper sheet's final totals for one table (`NAME=+N` for each of its four players);
    a table has one result, replaced only by a correction (the old one is kept)."""
    with lock(path):
        return _enter(load(path), round_number, table, entries, correct)


def _enter(
    t: Tournament, round_number: int, table: int, entries: Sequence[str], correct: bool
) -> TableResult:
    """`enter_result` under the lock, of the tournament read."""
    members = table_players(t, round_number, table)
    totals = parse_entries(entries, members)
    _no_hands(t, round_number, table)
    result = TableResult(round_number, table, members, totals)
    folder.save_results(t, enter(t.sheets, result, correct))
    return result


def _no_hands(t: Tournament, round_number: int, table: int) -> None:
    """Refused: a table whose ledger has hands (its result comes from them)."""
    ledger = t.file(ledger_name(round_number, table))
    if check_ledger(ledger).tally.slots:
        raise TournamentError(
            _("{ledger} has hands recorded: the table's result comes from its ledger").format(
                ledger=ledger
            )
        )


@dataclass(frozen=True, slots=True)
class Typed:
    """A paper sheet typed by the organiser: the result as typed, whether it counts now,
    and under `double-entry` the entry before it that it differs from (the sheet is then
    typed again) and whether the setting held."""

    result: TableResult
    counted: bool
    differs: TableResult | None = None
    double: bool = False
    correct: bool = False


def enter_sheet(
    path: str, round_number: int, table: int, entries: Sequence[str], correct: bool = False
) -> Typed:
    """A paper sheet's totals typed by the organiser (`tournament result`, the organiser's
    page): entered at once, or under `double-entry` kept in typed.csv until a second entry
    agrees with one waiting (tournament/typed.py); a correction the same way."""
    with lock(path):
        t = load(path)
        if not t.plan.double_entry:
            result = _enter(t, round_number, table, entries, correct)
            return Typed(result, True, correct=correct)
        members = table_players(t, round_number, table)
        totals = parse_entries(entries, members)
        _no_hands(t, round_number, table)
        typed = TableResult(round_number, table, members, totals)
        enter(t.sheets, typed, correct)  # (refused now as it would be once agreed)
        settled = settle(t.typed, typed)
        if settled.agreed is not None:
            folder.save_results(t, enter(t.sheets, typed, correct))
        save_typed(path, settled.rows)
    return Typed(typed, settled.agreed is not None, settled.differs, True, correct)


def correct_result(path: str, round_number: int, table: int, entries: Sequence[str]) -> TableResult:
    """Replace a table's result entered before (the old one is kept, marked corrected)."""
    return enter_result(path, round_number, table, entries, correct=True)


def _standings(t: Tournament, up_to: int, with_movement: bool = True) -> Standings:
    """The standings of a tournament read, after round `up_to`."""
    results, problems = table_results(t, up_to, remember=True)
    sat_out: dict[str, list[int]] = {}
    for d in t.draws:
        for name in d.sitting_out:
            sat_out.setdefault(name, []).append(d.round)
    lines = standings(
        t.players,
        results,
        t.rules,
        t.plan.tie_breaks,
        t.lots,
        up_to,
        with_movement,
        sat_out=sat_out,
        fixed=fixed_results(t, up_to),
    )
    stale = tuple(stale_lots(lines, t.lots, up_to))
    return Standings(
        tuple(lines),
        tuple(problems),
        up_to,
        t.plan,
        t.name,
        stale_lots=stale,
        players=t.players,
        files=folder.inputs(t),
    )


def standings_after(path: str, round_number: int | None = None) -> Standings:
    """The standings after a round (default: the last drawn)."""
    t = load(path)
    return _standings(t, drawn_round(t, round_number))


def final_standings(t: Tournament) -> Standings:
    """The standings after the last drawn round of a tournament read, without the movement
    (a league's season reads each event once)."""
    return _standings(t, drawn_round(t, None), with_movement=False)


@dataclass(frozen=True, slots=True)
class Final:
    """A tournament as a season reads it: its settings, its name, its standings after the
    last drawn round (None: no round drawn yet)."""

    plan: Plan
    name: str
    standings: Standings | None


def final_of(path: str) -> Final:
    """A tournament's final standings (final_standings): those kept beside it while no file
    of its directory changed since (kept.py), else made and, when every table counts and no
    file changed in the last seconds, kept."""
    try:
        found, calm = kept.stamps(path)
    except OSError:
        found, calm = [], False  # (load says what is wrong with the directory)
    was = kept.read_kept(path, found) if found else None
    if was is not None:
        name = title_of(path, was.plan)
        done = Standings(
            was.lines, (), was.up_to, was.plan, name, was.stale_lots, was.players, was.files
        )
        return Final(was.plan, name, done)
    t = load(path)
    if not t.draws:
        return Final(t.plan, t.name, None)
    made = final_standings(t)
    if calm and found and not made.problems:
        now = kept.Kept(t.plan, made.lines, made.up_to, made.stale_lots, t.players, made.files)
        kept.keep(path, found, now)
    return Final(t.plan, t.name, made)


def draw_lots(path: str, names: Sequence[str] = (), round_number: int | None = None) -> Lots:
    """Record a drawing of lots for the ties of the standings after a round (default: the
    last drawn): with `names`, the order one tie drew at the venue, best first; without, an
    order for every tie drawn from the tournament's seed."""
    with lock(path):
        t = load(path)
        if LOTS not in t.plan.tie_breaks:
            raise TournamentError(
                _("this tournament's tie-breaks ({order}) have no drawing of lots").format(
                    order=",".join(t.plan.tie_breaks)
                )
            )
        up_to = drawn_round(t, round_number)
        groups = tied_groups(_standings(t, up_to).lines)
        if not groups:
            raise TournamentError(_("no players are tied after round {round}").format(round=up_to))
        if names:
            drawn = [typed_order(t.players, names, groups)]
        else:
            drawn = seeded_orders(t.plan.seed, up_to, groups)
        folder.save_lots(t, with_lots(t.lots, up_to, drawn))
    return Lots(up_to, tuple(tuple(order) for order in drawn))


def check(path: str) -> Audit:
    """Every round, seating, table ledger and result checked (no ledger taken as checked
    before)."""
    t = load(path)
    problems, progress = progress_of(problems_of(t), t)
    return Audit(
        tuple(problems),
        len(t.draws),
        sum(len(d.tables) for d in t.draws),
        tuple(walkout_notes(t)),
        tuple(progress),
    )


def standings_of(t: Tournament, up_to: int) -> Standings:
    """The standings of a tournament already read, after round `up_to` (for a front end
    that needs more of the directory than the standings and reads it once)."""
    return _standings(t, up_to)


def fixed_results(t: Tournament, up_to: int) -> list[tuple[str, TablePlace]]:
    """Each walk-out's and sit-out's fixed result up to round `up_to`, from the rule system:
    the players left at the table, the one who walked out, the one without a full table
    (a sit-out whose result is 0 and 0 gets no line: the round is only noted)."""
    rules = t.rules.walkout
    found: list[tuple[str, TablePlace]] = []
    gone = counting(t.walkouts)
    for draw in t.draws[:up_to]:
        for number, members in enumerate(draw.tables, 1):
            left = gone.get((draw.round, number))
            if left is None:
                continue
            for name in members:
                if name in left:
                    found.append((name, fixed_place(draw.round, number, WALKED_OUT, rules.left)))
                else:
                    found.append((name, fixed_place(draw.round, number, WALKOUT, rules.others)))
        if rules.sitout != (0, 0):
            found += [
                (n, fixed_place(draw.round, 0, SAT_OUT, rules.sitout)) for n in draw.sitting_out
            ]
    return found


@dataclass(frozen=True, slots=True)
class WalkedOut:
    """A walk-out recorded or undone: where, who, the others at the table, and what the
    table had before (kept, no longer counted while the walk-out stands)."""

    round: int
    table: int
    player: str
    others: tuple[str, ...]
    undone: bool
    hands: int  # hands recorded in the table's ledger (kept as history)
    sheet: bool  # whether the table had a result from a sheet (kept)


def seated_name(
    tables: Sequence[tuple[str, ...]], table: int, typed: str, round_number: int
) -> str:
    """The name of a table's player typed (any case, accents or not, or a unique prefix);
    an error naming the table's players and the nearest, or the table the player sits at."""
    members = tables[table - 1]
    key = fold(typed.strip())
    seats = [m for m in members if fold(m) == key] or [
        m for m in members if key and fold(m).startswith(key)
    ]
    if len(seats) == 1:
        return seats[0]
    elsewhere = [(n, m) for n, ms in enumerate(tables, 1) for m in ms if fold(m) == key]
    near = nearest(typed.strip(), list(members))
    if elsewhere:
        hint = _("; {name} sits at table {table}").format(
            name=elsewhere[0][1], table=elsewhere[0][0]
        )
    else:
        hint = _('; did you mean "{word}"?').format(word=near) if near else ""
    raise TournamentInputError(
        _('"{name}" does not sit at round {round}, table {table}: {players}').format(
            name=typed, round=round_number, table=table, players=", ".join(members)
        )
        + hint
    )


def walk_out(path: str, round_number: int, table: int, name: str, undo: bool = False) -> WalkedOut:
    """Record that a player walked out of a drawn table (or never came after the draw);
    with `undo`, take a walk-out back. Nothing else is changed: the table's hands and
    sheet are kept, and count again once no walk-out stands."""
    with lock(path):
        t = load(path)
        members = table_players(t, round_number, table)
        player = seated_name(t.draws[round_number - 1].tables, table, name, round_number)
        rows = list(t.walkouts)
        if undo:
            rows = walkouts.undo(rows, round_number, table, player)
        else:
            rows = walkouts.record(rows, Walkout(round_number, table, player), len(members))
        folder.save_walkouts(t, rows)
        hands = ledgers.check_ledger(
            t.file(ledger_name(round_number, table))
        ).slots  # (0 if broken)
    gone = walkouts.counting(rows).get((round_number, table), ())
    return WalkedOut(
        round_number,
        table,
        player,
        tuple(m for m in members if m not in gone),
        undo,
        hands,
        current(t.sheets, round_number, table) is not None,
    )
