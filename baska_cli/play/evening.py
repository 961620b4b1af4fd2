"""What `baska play` does with a typed line on one ledger: preview, guards, record, correct.

No terminal, no words shown: the Scorekeeper takes a line as typed and gives back plain
values (baska_cli.play.results), raising the project's own errors; the terminal (cli/play.py)
and a web page each turn them into their own words. Between two lines it keeps only what the
ledger held at its last read, the scorers of the evening and what it last saw of the file:
every write goes through ledger.edits under the ledger's lock, the same code path as `baska
score --ledger`, `undo`, `void` and `amend`; the ledger is read again whenever its file is
not the one last read, except that a hand appended to that very file (under the lock: the
file's identity unchanged) is added to what it holds, as the file now holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace

from baska_cli.errors import BaskaError, RequestError, StaleWriteError
from baska_cli.evening.quote import quote, quote_contract
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import next_turn
from baska_cli.game.callers import MovedCallersError
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.ledger.checker import is_adjustment
from baska_cli.ledger.format import SLOT_STATUSES, UNDONE, Meta, Row
from baska_cli.ledger.view import LedgerView
from baska_cli.play import ledger_io
from baska_cli.play.conflicts import (
    Action,
    AlreadyDone,
    Conflict,
    against_next,
    against_seen,
)
from baska_cli.play.guards import Guard, Question, confirms, correction_question, hand_question
from baska_cli.play.line import command_name, read_line
from baska_cli.play.results import (
    ChangedElsewhere,
    ContractQuoted,
    HandChanged,
    HandExplained,
    HandRecorded,
    Idle,
    LastHand,
    NextDeal,
    Preview,
    Result,
    Seen,
    SheetRead,
    StandingsRead,
    last_hand,
)
from baska_cli.play.typing import (
    corrected_text,
    explained,
    preview_line,
    refuse_a_mistyped_command,
)

_IDLE: dict[str, Idle] = {"empty": Idle("empty"), "help": Idle("help"), "quit": Idle("quit")}


class Scorekeeper:
    """One ledger at the table: what it held at the last read, and what a typed line does.

    `extra` records hands past the planned deals without asking; `asks` says whether the
    front end can ask a question (a terminal, a page: True; a pipe: False, and then a hand
    typed twice is recorded and one past the plan refused unless `extra`). One line at a
    time: a front end serving several people at one table gives it their lines in turn."""

    def __init__(self, path: str, extra: bool = False, asks: bool = True) -> None:
        self.path = path
        self.extra = extra
        self.asks = asks
        self.session: LedgerView
        self.last: LastHand | None = None
        self._rows: tuple[Row, ...] = ()
        self._scorers: dict[tuple[tuple[str, ...], tuple[str, ...]], Scorer] = {}
        self._read()

    # --- what the ledger holds -------------------------------------------------------------

    def _read(self) -> list[Row]:
        """Read the ledger again (checked): players, rules, totals, the last hand."""
        self.session, rows = ledger_io.read_rows(self.path)
        self.last = last_hand(rows)
        self._rows = tuple(rows)
        return rows

    def _appended(self, found: ledger_io.Recorded) -> None:
        """The hand this Scorekeeper appended, to the very file it last read: the ledger it
        holds is that file and the row, without reading it again."""
        session = self.session
        line = session.lines + 1
        row = Row(line, found.n, found.dealer, found.text, found.outcome.deltas, found.totals, "")
        self.session = replace(session, tally=found.tally, identity=found.identity, lines=line)
        self._rows = (*self._rows, row)
        self.last = LastHand(row.n, row.hand)

    def _rows_now(self) -> tuple[Row, ...]:
        """The ledger's rows: those of the last read while the file is the one read then
        (`stale`), else read again."""
        if self.stale():
            self._read()
        return self._rows

    def scorer_for(self, meta: Meta, rules: RuleSet) -> Scorer:
        """One Scorer per players and rules for the evening: its cache spares re-scoring the
        ledger's hands at every append's check."""
        key = (meta.players, meta.rules_lines)
        found = self._scorers.get(key)
        if found is None:
            found = self._scorers[key] = Scorer(meta.players, rules)
        return found

    @property
    def scorer(self) -> Scorer:
        """The scorer of the ledger's players and rules."""
        return self.scorer_for(self.session.meta, self.session.rules)

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The four players in seat order."""
        return self.session.meta.players

    @property
    def next_number(self) -> int:
        """The number the next hand gets."""
        return self.session.tally.slots + 1

    def next_deal(self) -> NextDeal:
        """Who deals and leads the next hand, and how far the plan is."""
        meta, dealt = self.session.meta, self.session.tally.dealt
        dealer, leader = next_turn(meta.first_dealer, dealt)
        return NextDeal(self.players[dealer], self.players[leader], meta.deals, dealt)

    def stale(self) -> bool:
        """Whether the file was written since the last read (a look at it, not a read)."""
        return ledger_io.file_identity(self.path) != self.session.identity

    def look(self) -> ChangedElsewhere | None:
        """Read the ledger again before a line is done; the news if another program wrote
        it since this Scorekeeper last read it."""
        seen = self.session.identity
        self._read()
        return None if self.session.identity == seen else ChangedElsewhere(self.last)

    # --- the line being typed --------------------------------------------------------------

    def preview(self, typed: str, number: int | None = None) -> Preview:
        """What the line typed would do, from what the ledger held at the last read: a
        hand's changes, or why it cannot be done (a correction `+words` of hand `number`
        where given, else of the last hand). Nothing is written."""
        target = self.last
        if number is not None:
            row = next((r for r in self._rows if r.n == number and r.status in SLOT_STATUSES), None)
            target = None if row is None else LastHand(row.n, row.hand)
        return preview_line(typed, self.session, target, self.scorer)

    def _corrected_text(self, was: str, words: str) -> str:
        return corrected_text(was, words, self.session)

    # --- a line entered ----------------------------------------------------------------------

    def enter(
        self, typed: str, confirmed: Collection[Guard] = (), seen: Seen | None = None
    ) -> Result:
        """Do what the line asks, from what the ledger held at the last read (`look` reads
        it again first). A hand a guard stops is not recorded: the Question comes back, and
        the same line entered with its guard among `confirmed` goes on. `seen`: what the
        front end showed as the line was typed (the next hand's number, the last hand): a
        hand, a correction of the last hand or an undo is done only while that holds (else
        a Conflict, or AlreadyDone)."""
        line = read_line(typed)
        kind = line.kind
        idle = _IDLE.get(kind)
        if idle is not None:
            return idle
        last = None if seen is None else seen.last
        if kind == "hand":
            return self.record(line.text, confirmed, None if seen is None else seen.next)
        if kind == "correct":
            if last is not None:
                return self.amend(last.n, line.text, confirmed, last.text)
            return self.correct_last(line.text, confirmed)
        if kind == "undo":
            return self.undo() if last is None else self.undo(last.n, last.text)
        if kind == "void":
            assert line.number is not None
            return self.void(line.number)
        if kind == "amend":
            assert line.number is not None
            return self.amend(line.number, line.text, confirmed)
        if kind == "sheet":
            return self.sheet()
        if kind == "standings":
            return self.standings()
        if kind == "quote":
            return self.quote(line.text)
        assert kind == "explain"
        return self.explain(line.number)

    # --- guards ------------------------------------------------------------------------------

    def question(self, text: str, confirmed: Collection[Guard] = ()) -> Question | None:
        """The first guard the hand does not pass and that is not confirmed (play.guards):
        the same text as the last hand (typed twice?), or a deal after the planned deals."""
        if not self.asks:
            return None
        scored = self.scorer(text)
        if not isinstance(scored, Scored):
            return None  # recording says why
        last = None if self.last is None else (self.last.n, self.last.text)
        deals = None if self.extra else self.session.meta.deals
        adjustment = is_adjustment(scored.text)
        dealt = self.session.tally.dealt
        return hand_question(scored.text, last, deals, dealt, adjustment, confirmed)

    def correction_question(
        self, number: int, text: str, confirmed: Collection[Guard] = ()
    ) -> Question | None:
        """The guard correcting hand `number` by `text` does not pass unconfirmed (it moves
        named contras, or changes the hand's stake), from the ledger as last read."""
        if not self.asks:
            return None
        rows = self._rows_now()
        old = next((r for r in rows if r.n == number and r.status in SLOT_STATUSES), None)
        if old is None:
            return None  # correcting says why
        return correction_question(old, text, self.players, self.session.rules, confirmed)

    # --- actions -----------------------------------------------------------------------------

    def record(
        self, text: str, confirmed: Collection[Guard] = (), number: int | None = None
    ) -> HandRecorded | Question | Conflict | AlreadyDone:
        """Score the hand and append it to the ledger, unless a guard asks first; `number`:
        the number the writer saw for it (recorded only while it is the next one)."""
        refuse_a_mistyped_command(text, self.session.rules.contracts)
        if number is not None and (settled := self._against_next(text, number)) is not None:
            return settled
        asked = self.question(text, confirmed)
        if asked is not None:
            return asked
        extra = self.extra or "past_plan" in confirmed
        try:
            found = ledger_io.record(self.path, text, extra, self.scorer_for, self.session, number)
        except StaleWriteError:
            assert number is not None
            if (settled := self._against_next(text, number)) is None:
                raise
            return settled
        if found.appended_to is not None and found.appended_to == self.session.identity:
            self._appended(found)  # (the file was the one last read: now it and the row)
        else:
            self._read()
        news = ChangedElsewhere(self.last) if self.session.tally.slots != found.n else None
        meta = found.meta
        dealer, leader = next_turn(meta.first_dealer, found.dealt)
        after = NextDeal(meta.players[dealer], meta.players[leader], meta.deals, found.dealt)
        deltas, totals = found.outcome.deltas, found.totals
        return HandRecorded(
            found.n,
            found.entry,
            meta.players,
            deltas,
            totals,
            after,
            found.text,
            found.outcome,
            found.rules,
            news,
        )

    def undo(
        self, expected: int | None = None, seen: str | None = None
    ) -> HandChanged | Conflict | AlreadyDone:
        """Take back the last hand; a RequestError saying so plainly when there is none, or
        when it is no longer hand `expected` (a phone's undo that waited while another phone
        recorded a hand takes back nothing). With the text `seen` too, a Conflict (or
        AlreadyDone) instead, when the ledger shows another hand than the one seen."""
        seeing = expected is not None and seen is not None
        if seeing and (settled := self._against_seen("undo", expected or 0, seen or "")):
            return settled
        if self.session.tally.slots == 0:
            raise RequestError(_("There is nothing left to undo: the ledger has no hands."))
        if expected is not None and (self.last is None or self.last.n != expected):
            raise RequestError(
                _(
                    "Hand {number} is no longer the last hand (hand {last} is): nothing was "
                    "taken back."
                ).format(number=expected, last=self.last.n if self.last else "–")
            )
        rows = self._read()
        if rows and rows[-1].status == UNDONE and self.last is not None:
            # (the ledger keeps an undone hand's row after the hand before it)
            raise RequestError(
                _(
                    "There is nothing left to undo: hand {later} was just undone. To change "
                    'hand {number}, void it ("{void} {number}") or amend it ("{amend} {number} …").'
                ).format(
                    later=rows[-1].n,
                    number=self.last.n,
                    void=command_name("void"),
                    amend=command_name("amend"),
                )
            )
        if expected is not None and seen is not None:
            edit = lambda: ledger_io.undo(self.path, expected, seen)  # noqa: E731
            return self._seen_edit("undo", expected, seen, "", edit)
        return self._changed(ledger_io.undo(self.path))

    def void(self, number: int, seen: str | None = None) -> HandChanged | Conflict | AlreadyDone:
        """Void hand `number`: it keeps its number and deal, its score is skipped (only while
        its text is `seen`, if given: else a Conflict, or AlreadyDone)."""
        edit = lambda: ledger_io.void(self.path, number, seen)  # noqa: E731
        return self._seen_edit("void", number, seen, "", edit)

    def amend(
        self, number: int, text: str, confirmed: Collection[Guard] = (), seen: str | None = None
    ) -> HandChanged | Question | Conflict | AlreadyDone:
        """Correct hand `number` by `text` (a whole hand, or the words that change). One
        that changes the hand's stake asks first, as does one that moves the declaring side
        and so changes how many contras count (a pipe, which cannot answer, is refused that
        one and told what to type). `seen`: the hand's text as its writer saw it (corrected
        only while it is still that: else a Conflict, or AlreadyDone)."""
        if seen is not None and (settled := self._against_seen("amend", number, seen, text)):
            return settled
        asked = self.correction_question(number, text, confirmed)
        if asked is not None:
            return asked
        recount = confirms(confirmed, "callers")
        try:
            edit = lambda: ledger_io.amend(self.path, number, text, recount, seen)  # noqa: E731
            return self._seen_edit("amend", number, seen, text, edit)
        except MovedCallersError as refused:
            if not self.asks or refused.moved.after is None:
                raise  # (the contras as written are refused with the new side)
            return Question("callers", number, text, moved=refused.moved)

    def correct_last(
        self, text: str, confirmed: Collection[Guard] = ()
    ) -> HandChanged | Question | Conflict | AlreadyDone:
        """Correct the last hand by `text`."""
        if self.last is None:
            raise RequestError(_("there is no hand to correct yet"))
        return self.amend(self.last.n, text, confirmed)

    def _against_next(self, text: str, number: int) -> Conflict | AlreadyDone | None:
        """A hand meant to be hand `number` held against the ledger as it is now."""
        rows = self._rows_now()
        scored = self.scorer(text)
        if isinstance(scored, BaskaError):
            raise scored
        return against_next(rows, self.next_number, number, scored.text)

    def _against_seen(
        self, action: Action, number: int, seen: str, words: str = ""
    ) -> Conflict | AlreadyDone | None:
        """An edit of hand `number`, seen as `seen`, held against the ledger as it is now."""
        rows = self._rows_now()
        corrected = self._corrected_text
        return against_seen(rows, self.next_number, action, number, seen, words, corrected)

    def _seen_edit(
        self,
        action: Action,
        number: int,
        seen: str | None,
        words: str,
        edit: Callable[[], ledger_io.Edited],
    ) -> HandChanged | Conflict | AlreadyDone:
        """The edit done while hand `number` is still `seen` (where given: else what the
        ledger holds now instead, also when another writer came between the look and the
        lock)."""
        if seen is not None and (settled := self._against_seen(action, number, seen, words)):
            return settled
        try:
            return self._changed(edit())
        except StaleWriteError:
            if seen is None or (settled := self._against_seen(action, number, seen, words)) is None:
                raise
            return settled

    def _changed(self, done: ledger_io.Edited) -> HandChanged:
        """An edit done: read the ledger again, and tell the edit with the totals after it."""
        self._read()
        old = done.old
        return HandChanged(
            done.action,
            old.n,
            old.hand,
            old.status == "void",
            done.new_text,
            done.new_deltas,
            self.players,
            self.session.tally.totals,
            self.next_deal(),
            done.new_outcome,
        )

    def sheet(self) -> SheetRead:
        """The score sheet as the ledger holds it now."""
        rows = self._rows_now()
        return SheetRead(self.session, rows)

    def standings(self) -> StandingsRead:
        """Places and totals."""
        return StandingsRead(tuple(self.session.standings()))

    def quote(self, word: str) -> ContractQuoted:
        """What the contract `word` pays under the ledger's rules."""
        rules = self.session.rules
        return ContractQuoted(quote(quote_contract(word, rules), rules))

    def explain(self, number: int | None) -> HandExplained:
        """Why hand `number` (the last when None) scored as it did."""
        return explained(self._rows_now(), number, self.session)
