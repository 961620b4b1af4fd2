"""What a front end asks of a table's result in the hall: a player's confirmation or
disagreement, the organiser's acceptance, a table's final totals entered alone (each
answered with the table's state: state.py), and what the table's players are told once its
result is confirmed — each one's place and place points at the table (the rule system's, as
the standings count them), then, as soon as the next round is drawn, where each of them
plays in it. Plain arguments in, plain values out, BaskaErrors for what is refused."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _, ngettext
from baska_cli.tournament import folder
from baska_cli.tournament.clock.service import time_is_up
from baska_cli.tournament.confirmations import ACCEPT, AGREE, DISAGREE, Confirmation
from baska_cli.tournament.folder import Tournament, ledger_name, load, lock, table_players
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.personal.identity import identities
from baska_cli.tournament.results import (
    ORGANISER,
    TABLE,
    TableResult,
    current,
    describe,
    enter,
    parse_entries,
)
from baska_cli.tournament.scores.service import seated_name
from baska_cli.tournament.standings import TablePlace, table_places
from baska_cli.tournament.tables.state import (
    CONFIRMED,
    PLAYING,
    WALKOUT,
    TableState,
    closed_refusal,
    state_of,
    table_version,
)

NOTE_LIMIT = 500  # characters of a note


class WrongProof(TournamentInputError):
    """A player's word without their PIN or key, or with another's (a front end counts
    these: a table's phone guessing PINs is held off)."""


def _now() -> str:
    """The time a word is given, UTC, to the second."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _signed(totals: Sequence[int]) -> str:
    """`+12, -4, 0, -8` for messages."""
    return ", ".join(f"{t:+d}" if t else "0" for t in totals)


def _check_totals(totals: Sequence[object]) -> tuple[int, ...]:
    """Four whole numbers, or an error quoting what was given."""
    if len(totals) != 4 or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
        raise TournamentInputError(
            _("{given}: expected the table's four totals, e.g. +40, -12, -8, -20").format(
                given=", ".join(str(t) for t in totals) or "–"
            )
        )
    return tuple(t for t in totals if isinstance(t, int))


def _one_line(text: str, limit: int, what: str) -> str:
    """A note on one line, not too long, kept as plain text: a character
    that is not printable (a control, ESC, a bidi override) is dropped before it is stored."""
    text = "".join(ch for ch in " ".join(text.split()) if ch.isprintable())
    if len(text) > limit:
        raise TournamentInputError(
            ngettext(
                "{what} is {count} character long; at most {limit} are kept",
                "{what} is {count} characters long; at most {limit} are kept",
                len(text),
            ).format(what=what, count=len(text), limit=limit)
        )
    return text


def _no_walkout(state: TableState) -> None:
    """Refused: a table with a walk-out (its result is fixed)."""
    if state.status == WALKOUT:
        raise TournamentError(
            _("round {round}, table {table} has a walk-out: its result is fixed").format(
                round=state.round, table=state.table
            )
        )


def _open_state(t: Tournament, round_number: int, table: int) -> TableState:
    """A table's state, refused unless its result may be confirmed now."""
    state = state_of(t, round_number, table)
    where = {"round": round_number, "table": table}
    _no_walkout(state)
    if not state.complete:
        raise TournamentError(
            ngettext(
                "round {round}, table {table} has no result to confirm yet: "
                "{count} of {deals} deal played",
                "round {round}, table {table} has no result to confirm yet: "
                "{count} of {deals} deals played",
                state.deals,
            ).format(**where, count=state.dealt, deals=state.deals)
        )
    return state


def confirm(
    path: str,
    round_number: int,
    table: int,
    player: str,
    agree: bool,
    totals: Sequence[int],
    given: str,
    note: str = "",
) -> TableState:
    """A player's word on their table's four totals, proved theirs by `given`: their own key
    (their page) or their PIN (the table's phone); anything else is refused (WrongProof),
    and nothing a page makes up makes a word count. An agreement, or a disagreement (with a
    note) that makes the table disputed. The totals must be the table's current ones; a
    disagreement stands until the table changes or the organiser accepts its result. A
    closed round takes no word (the organiser corrects its tables).

    The proof is looked at last, only when the word would be written: every other answer
    (a closed round, other totals, a word given already) is the same whatever was given as
    proof, so that no answer tells a right PIN from a wrong one without leaving a word."""
    given_totals = _check_totals(totals)
    said = _one_line(note, NOTE_LIMIT, _("the note"))
    with lock(path):
        t = load(path)
        table_players(t, round_number, table)
        name = seated_name(t.draws[round_number - 1].tables, table, player, round_number)
        if round_number in t.closed:
            raise TournamentError(closed_refusal(round_number))
        state = _open_state(t, round_number, table)
        if state.totals != given_totals:
            raise TournamentError(
                _(
                    "the totals given ({given}) are not the table's ({totals}); the table "
                    "changed meanwhile: look at them again"
                ).format(given=_signed(given_totals), totals=_signed(state.totals or ()))
            )
        if state.status == CONFIRMED:
            if agree:
                return state  # (final already: nothing to add, whoever says it)
            raise TournamentError(_("the result is confirmed; the organiser corrects it"))
        disputed = dict(state.disputes)
        if agree:
            if name in disputed:
                raise TournamentError(
                    _(
                        "{name} disagreed with these totals; the organiser corrects the table "
                        "or accepts its result"
                    ).format(name=name)
                )
            if name in state.confirmed_by:
                return state
        elif disputed.get(name) == said:
            return state
        proof = identities(hall_keys(path), t.players).proof(name, given.strip())
        if proof is None:
            raise WrongProof(
                _("that is not {name}'s PIN: a player's word needs their own PIN or key").format(
                    name=name
                )
                if given.strip()
                else _("{name}'s word needs their PIN (on their start card)").format(name=name)
            )
        word = Confirmation(
            round_number, table, AGREE if agree else DISAGREE, name, given_totals, state.version,
            "", _now(), said, proof,
        )  # fmt: skip
        folder.save_confirmations(t, [*t.confirmations, word])
        return state_of(load(path), round_number, table)


def accept(
    path: str, round_number: int, table: int, now: datetime.datetime | None = None
) -> TableState:
    """The organiser's word: the table's current result is final as if confirmed (a
    disputed table's too); a later change of the table voids it like any confirmation. A
    table stopped short of its series (cut by the clock: 12 of 16 deals) is accepted with
    the deals it played once the round's time is up (by `now`, default: the time now) or
    the round is closed; its place points then come from those deals."""
    with lock(path):
        t = load(path)
        state = state_of(t, round_number, table)
        if state.short and state.status == PLAYING:
            if round_number not in t.closed and not time_is_up(t, round_number, now):
                raise TournamentError(
                    ngettext(
                        "round {round}, table {table} has played {count} of {deals} deal; "
                        "the deals played are accepted as its result once the round's time "
                        "is up or the round is closed (`baska tournament close {folder} "
                        "{round}`)",
                        "round {round}, table {table} has played {count} of {deals} deals; "
                        "the deals played are accepted as its result once the round's time "
                        "is up or the round is closed (`baska tournament close {folder} "
                        "{round}`)",
                        state.deals,
                    ).format(
                        round=round_number, table=table, count=state.dealt, deals=state.deals,
                        folder=path,
                    )
                )  # fmt: skip
        else:
            state = _open_state(t, round_number, table)
        if state.accepted:
            return state
        word = Confirmation(
            round_number, table, ACCEPT, "", state.totals or (), state.version, "", _now(), ""
        )
        folder.save_confirmations(t, [*t.confirmations, word])
        return state_of(load(path), round_number, table)


def enter_final(
    path: str, round_number: int, table: int, entries: Sequence[str], by: str = TABLE
) -> TableState:
    """A table's final totals alone, from its paper sheet (`NAME=+N` for each of its four
    players, as `tournament result` takes them), into results.csv, entered `by` the table's
    key or the organiser's; entered again with other totals, the old ones are kept as
    corrected (and the confirmations given are void). A table's key changes no result the
    organiser entered, and enters none at a table with a walk-out."""
    with lock(path):
        t = load(path)
        members = table_players(t, round_number, table)
        totals = parse_entries(entries, members)
        before = current(t.sheets, round_number, table)
        if before is not None and before.totals == totals:
            return state_of(t, round_number, table)  # (entered again: nothing changes)
        if by == TABLE:
            if round_number in t.closed:
                raise TournamentError(closed_refusal(round_number))
            _no_walkout(state_of(t, round_number, table))
            if before is not None and before.by == ORGANISER:
                raise TournamentError(
                    _(
                        "round {round}, table {table}: the organiser entered this result "
                        "({result}); only the organiser changes it"
                    ).format(round=round_number, table=table, result=describe(before))
                )
        checked, _version = table_version(t, round_number, table)
        if checked.slots:
            raise TournamentError(
                _("{ledger} has hands recorded: the table's result comes from its ledger").format(
                    ledger=t.file(ledger_name(round_number, table))
                )
            )
        result = TableResult(round_number, table, members, totals, by=by)
        folder.save_results(t, enter(t.sheets, result, before is not None))
        return state_of(load(path), round_number, table)


SITS_OUT = 0  # a NextSeat's table when the player sits the round out


@dataclass(frozen=True, slots=True)
class NextSeat:
    """Where a player plays in the next round: the table and the seat (SITS_OUT, 0: the
    player sits the round out)."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class AfterTable:
    """A table after its series: its state, its places (by seat; none until its result is
    confirmed), the next round (None: this was the last) and, once drawn, each player's
    seat in it (None: the player plays no more, withdrawn)."""

    state: TableState
    places: tuple[TablePlace, ...]
    next_round: int | None
    drawn: bool
    seats: tuple[NextSeat | None, ...]


def _seat_of(t: Tournament, round_number: int, player: str) -> NextSeat | None:
    """Where `player` sits in a drawn round, None if nowhere."""
    draw = t.draws[round_number - 1]
    for number, members in enumerate(draw.tables, 1):
        if player in members:
            return NextSeat(player, number, members.index(player) + 1)
    return NextSeat(player, SITS_OUT, 0) if player in draw.sitting_out else None


def after_table(path: str, round_number: int, table: int) -> AfterTable:
    """A drawn table's places and its players' next seats (both empty until its result is
    confirmed; the seats until the next round is drawn)."""
    t = load(path)
    state = state_of(t, round_number, table)
    following = round_number + 1 if round_number < t.plan.rounds else None
    if state.status != CONFIRMED or state.totals is None:
        return AfterTable(state, (), following, False, ())
    result = TableResult(round_number, table, state.players, state.totals)
    places = tuple(table_places(result, t.rules))
    if following is None or len(t.draws) < following:
        return AfterTable(state, places, following, False, ())
    seats = tuple(_seat_of(t, following, p) for p in state.players)
    return AfterTable(state, places, following, True, seats)
