"""One table's ledger behind the server: each request's work on the Scorekeeper, as JSON.

Plain, blocking code: the server runs each call in a worker thread, one call at a time per
ledger, in the request's language. Every answer is a JSON-ready dict; a BaskaError raised
here is the request's 400 (bad input) or 409 (a ledger that refuses it).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection, Sequence
from typing import Any

from baska_cli.errors import BaskaError, RequestError
from baska_cli.i18n import _
from baska_cli.ledger import view
from baska_cli.ledger.format import Row
from baska_cli.play.conflicts import AlreadyDone, Conflict
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.example import example_hand
from baska_cli.play.guards import Guard, Question
from baska_cli.play.line import read_line
from baska_cli.play.results import HandChanged, HandRecorded, Preview
from baska_cli.render.compact import missing_text, preview_text
from baska_cli.render.explain import explanation
from baska_cli.render.pad_rules import pad_rules
from baska_cli.render.quote import quote_record
from baska_cli.render.stream import write_json
from baska_cli.web.changes import NOBODY, Author, Changes
from baska_cli.web.ending import final_record, report_page
from baska_cli.web.entries import Intent, Journal, Ticket
from baska_cli.web.events import version_of
from baska_cli.web.questions import already_body, conflict_body, question_body

Answer = tuple[int, dict[str, Any]]
LAST = 8  # hands the table's state shows, newest first


def _four(values: Sequence[int] | None) -> list[int] | None:
    return None if values is None else list(values)


class TableDesk:
    """Where one table's requests are done: the ledger at `path`, its Scorekeeper and its
    journal of client ids (the seating of players is game.seats.Table's)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._keeper = Scorekeeper(path, extra=False, asks=True)
        self.journal = Journal(path)
        self.changes = Changes(path)

    @property
    def keeper(self) -> Scorekeeper:
        """The Scorekeeper, with the ledger read again if it was written since its last
        read."""
        found = self._keeper
        if found.stale():
            found.look()
        return found

    @property
    def version(self) -> str:
        """The version of the ledger as last read."""
        return version_of(self.keeper.session.identity)

    # --- reading -----------------------------------------------------------------------------

    def page(self) -> dict[str, Any]:
        """What the page is made with: the players, the rule system (as the pad needs it),
        the evening's title ("" if `baska new` was given none) and a hand valid at this
        table (the field's placeholder)."""
        title = self.keeper.session.meta.title
        return {**self._names(), "title": title, "example": example_hand(self.keeper)}

    def _names(self) -> dict[str, Any]:
        rules = pad_rules(self.keeper.session.rules)
        contracts = [contract["short"] for contract in rules["contracts"]]
        return {"players": list(self.keeper.players), "rules": rules, "contracts": contracts}

    def state(self) -> dict[str, Any]:
        """Who deals and leads, the totals, the last hands, the version."""
        read = self.keeper.sheet()
        shown = [row for row, _amends in view.hands(read.rows)][-LAST:]
        deal = self.keeper.next_deal()
        return {
            **self._names(),
            "dealer": deal.dealer,
            "leader": deal.leader,
            "next": self.keeper.next_number,
            "deals": deal.deals,
            "dealt": deal.dealt,
            "totals": list(read.session.tally.totals),
            "version": self.version,
            "last": [_last(row) for row in reversed(shown)],
            "news": self.changes.news(),
        }

    def preview(self, typed: str, number: int | None = None) -> dict[str, Any]:
        """What the line typed would do, from the ledger as last read (nothing written); a
        correction `+words` of hand `number`, where given (else of the last hand)."""
        found = self.keeper.preview(typed, number)
        return {
            "kind": found.kind,
            "text": found.text,
            "changes": _four(found.deltas),
            "number": found.number,
            "error": found.error,
            # a correction that moves the declaring side: the server asks of its contras
            "asks": found.moved is not None and found.moved.after is not None,
            "lines": _preview_lines(found, self.keeper.players),
            "missing": list(found.missing),
        }

    def quote(self, word: str) -> dict[str, Any]:
        """What the contract `word` pays under the ledger's rules: the JSON of `baska quote
        --format json`."""
        return quote_record(self.keeper.quote(word).quote)

    def sheet(self) -> dict[str, Any]:
        """Every hand with the texts it replaced, and the history."""
        read = self.keeper.sheet()
        hands = [
            {
                "number": row.n,
                "dealer": row.dealer,
                "hand": row.hand,
                "changes": list(row.deltas),
                "totals": _four(row.totals),
                "status": row.status,
                "replaced": list(replaced),
                "log": self.changes.of_hand(row.n),
            }
            for row, replaced in view.hands(read.rows)
        ]
        history = [
            {"number": row.n, "hand": row.hand, "changes": list(row.deltas), "status": row.status}
            for row in view.history(read.rows)
        ]
        return {"hands": hands, "history": history, "version": self.version}

    def standings(self) -> str:
        """The JSON of `baska ledger --format json` for the ledger."""

        out = io.StringIO()
        write_json([self.path], out)
        return out.getvalue()

    def final(
        self, stake: str | None, currency: str, chart: dict[str, int] | None = None
    ) -> dict[str, Any]:
        """The final standings, the stats, the chart (drawn as `chart` says), and who pays
        whom at `stake` (None: not asked): web/ending.py's."""
        return final_record(self.path, stake, currency, chart)

    def report(self, stake: str | None, currency: str) -> str:
        """The evening's printable report (`baska report`'s page)."""
        return report_page(self.path, stake, currency)

    # --- a hand ------------------------------------------------------------------------------

    def add_hand(
        self,
        typed: str,
        client_id: Ticket | None,
        confirmed: Collection[Guard],
        author: Author = NOBODY,
        number: int | None = None,
    ) -> Answer:
        """Record the hand typed (201), ask a guard's question or tell a conflict (409), say
        it is recorded already (200), or raise why not. `number`: the number the phone saw
        for the next hand (recorded only while it is still the next one). A hand that names
        its number needs no intent kept: sent again after a crash, the ledger holding it as
        that hand says it is recorded already."""
        if client_id is not None and (kept := self.journal.answer(client_id)) is not None:
            return (200 if kept.get("already") else 201), kept
        intent = None if client_id is None or number is not None else self.journal.intent(client_id)
        if intent is not None and intent.action == "hand":
            found = self._hand_in_ledger(intent)
            if found is not None:
                return 201, self._done(client_id, found)
        line = read_line(typed)
        if line.kind != "hand":
            raise RequestError(
                _('"{typed}" is not a hand (corrections have requests of their own)').format(
                    typed=typed.strip()
                )
            )
        scored = self.keeper.scorer(line.text)
        if isinstance(scored, BaskaError):
            raise scored
        if client_id is not None and number is None:
            self.journal.intend(client_id, Intent("hand", self.keeper.next_number, scored.text))
        result = self.keeper.record(line.text, confirmed, number)
        if isinstance(result, Question):
            return 409, question_body(result, self._by_another(result, author))
        if isinstance(result, Conflict):
            return 409, self._conflict(result)
        if isinstance(result, AlreadyDone):
            return 200, self._done(client_id, self._already(result))
        self.changes.note("hand", result.n, None, result.text, author)
        return 201, self._done(client_id, self._recorded(result))

    def _by_another(self, question: Question, author: Author) -> bool:
        """Whether the same hand was just recorded by another phone: the table's latest
        change is that hand, recorded from a phone that is not the author's."""
        last = self.changes.last()
        return (
            question.guard == "same_hand"
            and last is not None
            and (last.action, last.number, last.new) == ("hand", question.number, question.text)
            and last.phone != author.phone
        )

    def _recorded(self, done: HandRecorded) -> dict[str, Any]:
        return {
            "number": done.n,
            "hand": done.text,
            "changes": list(done.deltas),
            "totals": list(done.totals),
            "explanation": explanation(done.entry, done.outcome, done.rules, done.players),
            "dealer": done.next_deal.dealer,
            "leader": done.next_deal.leader,
            "version": self.version,
        }

    def _hand_in_ledger(self, intent: Intent) -> dict[str, Any] | None:
        """The answer for a hand the ledger holds already (recorded before a crash)."""
        read = self.keeper.sheet()
        for row in read.rows:
            if row.n == intent.number and row.status == "" and row.hand == intent.text:
                why = self.keeper.explain(row.n)
                deal = self.keeper.next_deal()
                return {
                    "number": row.n,
                    "hand": row.hand,
                    "changes": list(row.deltas),
                    "totals": _four(row.totals),
                    "explanation": explanation(why.entry, why.outcome, why.rules, why.players),
                    "dealer": deal.dealer,
                    "leader": deal.leader,
                    "version": self.version,
                }
        return None

    def _conflict(self, conflict: Conflict) -> dict[str, Any]:
        """A conflict's 409: both hands, who entered the ledger's, the choices."""
        by = "" if conflict.now is None else self.changes.author(conflict.number, conflict.now)
        return conflict_body(conflict, by)

    def _already(self, done: AlreadyDone) -> dict[str, Any]:
        """The answer to a write the ledger shows done already (nothing written)."""
        totals = list(self.keeper.session.tally.totals)
        return already_body(done, totals, self.version)

    def _done(self, client_id: Ticket | None, body: dict[str, Any]) -> dict[str, Any]:
        if client_id is not None:
            self.journal.done(client_id, body)
        return body

    # --- corrections -------------------------------------------------------------------------

    def undo(
        self,
        client_id: Ticket | None,
        number: int | None = None,
        author: Author = NOBODY,
        seen: str | None = None,
    ) -> Answer:
        """Take back the last hand (only while it is hand `number`, where given, and its text
        `seen`, where given too)."""
        work = self.keeper.undo
        return self._correct(client_id, "undo", None, lambda: work(number, seen), author, seen)

    def void(
        self,
        number: int,
        client_id: Ticket | None,
        author: Author = NOBODY,
        seen: str | None = None,
    ) -> Answer:
        """Void hand `number` (only while its text is `seen`, where given)."""
        work = self.keeper.void
        return self._correct(client_id, "void", number, lambda: work(number, seen), author, seen)

    def amend(
        self,
        number: int,
        text: str,
        client_id: Ticket | None,
        confirmed: Collection[Guard],
        author: Author = NOBODY,
        seen: str | None = None,
    ) -> Answer:
        """Correct hand `number` by `text` (a whole hand or the words that change; only
        while the hand's text is `seen`, where given)."""
        work = self.keeper.amend
        return self._correct(
            client_id, "amend", number, lambda: work(number, text, confirmed, seen), author, seen
        )

    def correct_last(
        self,
        words: str,
        client_id: Ticket | None,
        confirmed: Collection[Guard],
        author: Author = NOBODY,
        number: int | None = None,
        seen: str | None = None,
    ) -> Answer:
        """Correct the last hand by the words that change (`+k` or `k`, as `play` takes):
        the hand `number` the phone saw as the last one, where given (with its text
        `seen`), else the last hand now."""
        words = words.strip().removeprefix("+")
        last = self.keeper.last
        if number is not None:
            return self.amend(number, words, client_id, confirmed, author, seen)
        if last is None:
            raise RequestError(_("there is no hand to correct yet"))
        return self.amend(last.n, words, client_id, confirmed, author, seen)

    def _correct(
        self,
        client_id: Ticket | None,
        action: str,
        number: int | None,
        edit: Callable[[], HandChanged | Question | Conflict | AlreadyDone],
        author: Author,
        seen: str | None = None,
    ) -> Answer:
        """The edit done (200) or a guard's question (409), once for each client id. An edit
        that names the text it saw needs no intent kept: sent again after a crash, the
        ledger showing it done says so (play/conflicts.py)."""
        if client_id is not None and (answered := self.journal.answer(client_id)) is not None:
            return 200, answered
        kept = client_id if seen is None else None  # (the ids whose intent is kept)
        read = self.keeper.sheet()
        slots = {row.n: row for row in read.rows if row.status in ("", "void")}
        target = max(slots, default=None) if action == "undo" else number
        old = None if target is None else slots.get(target)
        intent = None if kept is None else self.journal.intent(kept)
        if intent is not None and intent.action == action:
            now = slots.get(intent.number)
            if now is None or (now.hand, now.status) != (intent.text, intent.status):
                return 200, self._done(client_id, self._changed_in_ledger(intent, now))
        if kept is not None and old is not None:
            self.journal.intend(kept, Intent(action, old.n, old.hand, old.status))
        done = edit()
        if isinstance(done, Question):
            return 409, question_body(done)
        if isinstance(done, Conflict):
            return 409, self._conflict(done)
        if isinstance(done, AlreadyDone):
            return 200, self._done(client_id, self._already(done))
        self.changes.note(done.action, done.n, done.old_text, done.new_text, author)
        return 200, self._done(client_id, self._changed(done))

    def _changed(self, done: HandChanged) -> dict[str, Any]:
        return {
            "action": done.action,
            "number": done.n,
            "old": done.old_text,
            "new": done.new_text,
            "changes": _four(done.new_deltas),
            "totals": list(done.totals),
            "version": self.version,
        }

    def _changed_in_ledger(self, intent: Intent, now: Row | None) -> dict[str, Any]:
        """The answer for a correction the ledger shows done already (before a crash)."""
        return {
            "action": intent.action,
            "number": intent.number,
            "old": intent.text,
            "new": None if now is None or intent.action != "amend" else now.hand,
            "changes": None if now is None or intent.action != "amend" else list(now.deltas),
            "totals": list(self.keeper.session.tally.totals),
            "version": self.version,
        }


def _last(row: Row) -> dict[str, Any]:
    return {
        "number": row.n,
        "hand": row.hand,
        "changes": list(row.deltas),
        "totals": _four(row.totals),
        "status": row.status,
    }


def _preview_lines(found: Preview, players: Sequence[str]) -> list[str]:
    """The preview's words: what a line still being typed lacks, or what it would do."""
    if found.kind == "partial":
        return [missing_text(found.missing)]
    return [text] if (text := preview_text(found, players)) else []
