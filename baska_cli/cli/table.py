"""`baska play`'s actions on one ledger: record, undo, void, amend, show; each returns lines.

No terminal code here: `play` reads the lines (prompt_toolkit on a terminal, plain lines from
a pipe) and prints what these return. Every write goes through ledger.edits, the same code
path as `baska score --ledger`, `undo`, `void` and `amend`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from baska_cli.cli.common import note_written
from baska_cli.errors import BaskaError
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import next_turn
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.ledger.format import Meta
from baska_cli.ledger.view import LedgerView, read_rows, reading
from baska_cli.render import compact


@dataclass(frozen=True, slots=True)
class Last:
    """The last numbered hand of the ledger: its number and text."""

    n: int
    text: str


class Table:
    """One ledger at the table: what it holds now, and the actions `play` offers."""

    def __init__(self, path: str, width: int = compact.WIDTH) -> None:
        self.path = path
        self.width = width
        self.session: LedgerView
        self.last: Last | None = None
        self.identity: tuple[int, ...] | None = None
        self.scorer: Scorer
        self._scorers: dict[tuple[tuple[str, ...], tuple[str, ...]], Scorer] = {}
        self.refresh()

    # --- what the ledger holds -------------------------------------------------------------

    def refresh(self) -> None:
        """Read the ledger again (checked): players, rules, totals, the last hand."""
        last = None
        with reading(self.path) as ledger:
            for row in ledger.rows:
                if row.status in ("", "void"):
                    last = Last(row.n, row.hand)
        self.session = ledger.checked()
        self.last = last
        self.scorer = self._scorer_for(self.session.meta, self.session.rules)
        self.identity = self._stat()

    def _scorer_for(self, meta: Meta, rules: RuleSet) -> Scorer:
        """One Scorer per players and rules for the evening: its cache spares re-scoring the
        ledger's hands at every append's check."""
        key = (meta.players, meta.rules_lines)
        found = self._scorers.get(key)
        if found is None:
            found = self._scorers[key] = Scorer(meta.players, rules)
        return found

    def _stat(self) -> tuple[int, ...] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)

    @property
    def meta(self) -> Meta:
        """The ledger's metadata."""
        return self.session.meta

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The four players in seat order."""
        return self.session.meta.players

    def turn(self) -> tuple[str, str]:
        """Who deals and who leads the next hand."""
        dealer, leader = next_turn(self.meta.first_dealer, self.session.tally.dealt)
        return self.players[dealer], self.players[leader]

    def left(self) -> str:
        """How many deals are left."""
        return compact.deals_word(self.meta.deals, self.session.tally.dealt)

    def next_number(self) -> int:
        """The number the next hand gets."""
        return self.session.tally.slots + 1

    def changed_elsewhere(self) -> list[str]:
        """If another program (another terminal) wrote the ledger since we last did, read
        it again and say what it holds now."""
        if self._stat() == self.identity:
            return []
        self.refresh()
        return self._elsewhere()

    def _elsewhere(self) -> list[str]:
        """The line that says the ledger was written by another program meanwhile."""
        if self.last is None:
            text = _("The ledger was changed elsewhere (another terminal?): it has no hands now.")
        else:
            text = _(
                "The ledger was changed elsewhere (another terminal?): its last hand is now "
                'hand {number} "{text}".'
            ).format(number=self.last.n, text=self.last.text)
        return compact_wrap(text, self.width)

    def start_lines(self) -> list[str]:
        """What `play` says first: the file, rules, players, and whose deal it is."""
        rules = self.session.rules
        dealer, leader = self.turn()
        lines = [
            f"{self.path} · {rules.name}: {rules.title}",
            _("players: {players}").format(players=", ".join(self.players)),
            _("hand {number}: {turn} · {left}").format(
                number=self.next_number(), turn=compact.turn_words(dealer, leader), left=self.left()
            ),
            _('Type a hand ("zw ania+cel 61 k"), "+k" to correct the last one, "help".'),
        ]
        return [line for text in lines for line in compact_wrap(text, self.width)]

    def toolbar(self, typed: str) -> str:
        """The bottom toolbar for the line being typed (and a warning while another program
        has written the ledger since: Enter reads it again before doing anything)."""
        dealer, leader = self.turn()
        preview = self.preview(typed)
        if self._stat() != self.identity:
            preview = _("(changed elsewhere: read again at Enter) ") + preview
        return compact.toolbar(
            self.path,
            self.session.rules.name,
            self.players,
            self.next_number(),
            dealer,
            leader,
            self.left(),
            preview,
            self.width,
        )

    def preview(self, typed: str) -> str:
        """What the line typed would do: a hand's changes, or why it cannot be read."""
        from baska_cli.play.line import read_line

        try:
            line = read_line(typed)
        except BaskaError as error:
            return str(error)
        if line.kind == "empty":
            return ""
        if line.kind == "correct":
            if self.last is None:
                return _("there is no hand to correct yet")
            try:
                text = self._corrected_text(self.last.text, line.text)
            except BaskaError as error:
                return str(error)
            scored = self.scorer(text)
            prefix = _("hand {number} →").format(number=self.last.n)
        elif line.kind == "hand":
            scored = self.scorer(line.text)
            prefix = "→"
        else:
            return _("command: {name}").format(name=line.kind)
        if isinstance(scored, BaskaError):
            return str(scored)
        changes = "  ".join(f"{p} {d:+d}" for p, d in zip(self.players, scored.deltas, strict=True))
        return f"{prefix} {scored.text}: {changes}"

    def _corrected_text(self, was: str, words: str) -> str:
        from baska_cli.game.correction import correct
        from baska_cli.game.notation import format_hand, parse_hand

        entry = correct(parse_hand(was, self.players), words, self.players)
        return format_hand(entry, self.players)

    # --- guards ------------------------------------------------------------------------------

    def repeats_last(self, text: str) -> bool:
        """Whether the hand typed is the same as the last hand (typed twice by mistake?)."""
        scored = self.scorer(text)
        return (
            self.last is not None and isinstance(scored, Scored) and scored.text == self.last.text
        )

    def past_plan(self, text: str) -> bool:
        """Whether the hand typed would be dealt after the planned deals."""
        from baska_cli.ledger.checker import is_adjustment

        deals = self.meta.deals
        scored = self.scorer(text)
        if deals is None or isinstance(scored, BaskaError) or is_adjustment(scored.text):
            return False
        return self.session.tally.dealt >= deals

    # --- actions -----------------------------------------------------------------------------

    def record(self, text: str, extra: bool = False) -> list[str]:
        """Score the hand and append it to the ledger (ledger.edits.record, as `score
        --ledger` does); its three lines, then a line if another program wrote the ledger
        in the meantime."""
        from baska_cli.game.notation import format_hand
        from baska_cli.ledger.edits import record
        from baska_cli.render.fit import initials

        found = record(self.path, text, None, False, extra, self._scorer_for)
        note_written(f"hand {found.n} was recorded in {self.path}")
        self.refresh()
        news = self._elsewhere() if self.session.tally.slots != found.n else []
        dealer, leader = next_turn(found.meta.first_dealer, found.dealt)
        after = (
            f"{compact.turn_words(found.meta.players[dealer], found.meta.players[leader])}"
            f" · {compact.deals_word(found.meta.deals, found.dealt)}"
        )
        written = format_hand(found.entry, self.players)
        short = initials(self.players)
        if short is not None and len(written) > self.width - 12:  # (`hand 12: ` and room)
            written = format_hand(found.entry, short)  # reads back as the same hand
        lines = compact.hand_lines(
            found.n,
            written,
            self.players,
            found.outcome.deltas,
            found.totals,
            after,
            self.width,
        )
        return [*lines, *news]

    def undo(self) -> list[str]:
        """Take back the last hand."""
        from baska_cli.ledger.edits import undo

        done = undo(self.path)
        note_written(f"{self.path} was changed")
        self.refresh()
        head = _('hand {number} "{text}" is undone').format(number=done.old.n, text=done.old.hand)
        return [*compact_wrap(head, self.width), *self._after()]

    def void(self, number: int) -> list[str]:
        """Void hand `number`."""
        from baska_cli.ledger.edits import void

        done = void(self.path, number)
        note_written(f"{self.path} was changed")
        self.refresh()
        head = _('hand {number} "{text}" is void: its score is skipped').format(
            number=done.old.n, text=done.old.hand
        )
        return [*compact_wrap(head, self.width), *self._after()]

    def amend(self, number: int, text: str) -> list[str]:
        """Correct hand `number` by `text` (a whole hand, or the words that change)."""
        from baska_cli.ledger.edits import amend

        done = amend(self.path, number, text)
        note_written(f"{self.path} was changed")
        self.refresh()
        head = _('hand {number} "{old}" is now "{new}"').format(
            number=done.old.n, old=done.old.hand, new=done.new_text or ""
        )
        if done.old.status == "void":
            head += " " + _("(it stays void)")
        lines = compact_wrap(head, self.width)
        if done.new_deltas is not None:
            lines.append(compact.players_row(_("hand"), self.players, done.new_deltas, self.width))
        return [*lines, *self._after()]

    def correct_last(self, text: str) -> list[str]:
        """Correct the last hand by `text`."""
        if self.last is None:
            raise _NothingYet(_("there is no hand to correct yet"))
        return self.amend(self.last.n, text)

    def _after(self) -> list[str]:
        """The running totals and who deals next, after an edit."""
        dealer, leader = self.turn()
        turn = _("next: {turn} · {left}").format(
            turn=compact.turn_words(dealer, leader), left=self.left()
        )
        return [
            compact.players_row(_("total"), self.players, self.session.tally.totals, self.width),
            *compact_wrap("  " + turn, self.width),
        ]

    def sheet(self) -> list[str]:
        """The score sheet and standings, laid out for the width."""
        from baska_cli.render.sheet import one_session

        session, rows = read_rows(self.path)
        text = one_session(session, rows, unicode=True, colour=False, width=self.width)
        return text.splitlines()

    def standings(self) -> list[str]:
        """Places and totals."""
        from baska_cli.render.sheet import standings_table

        return standings_table(self.session.standings()).splitlines()

    def explain(self, number: int | None) -> list[str]:
        """Why hand `number` (the last when None) scored as it did."""
        from baska_cli.game.notation import parse_hand
        from baska_cli.game.scoring import score

        _session, rows = read_rows(self.path)
        hands = [row for row in rows if row.status in ("", "void")]
        if not hands:
            raise _NothingYet(_("there is no hand yet"))
        wanted = hands[-1].n if number is None else number
        row = next((r for r in hands if r.n == wanted), None)
        if row is None:
            raise _NothingYet(
                _("there is no hand {number}; the hands are numbered 1 to {last}").format(
                    number=wanted, last=hands[-1].n
                )
            )
        outcome = score(parse_hand(row.hand, self.players), self.session.rules, self.players)
        lines = [f"{_('hand {number}').format(number=row.n)}: {row.hand}", outcome.explanation]
        lines += [f"  {step}" for step in outcome.derivation]
        return [piece for line in lines for piece in compact_wrap(line, self.width)]


class _NothingYet(BaskaError):
    """A command about a hand the ledger does not have."""


def compact_wrap(text: str, width: int) -> list[str]:
    """A sentence wrapped at words to `width` columns, continuation lines indented."""
    from baska_cli.render.fit import wrap

    return wrap(text, width, "  ").splitlines()
