"""A line being typed: its preview — what it would do, or, for a line still being typed, what
it lacks (game/partial), not an error; a mistyped command; why a hand scored as it did."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from baska_cli.errors import BaskaError, NotationError, RequestError
from baska_cli.evening.scorer import Scorer
from baska_cli.game.callers import MovedCallers, moved_callers
from baska_cli.game.correction import correct
from baska_cli.game.model import Contract
from baska_cli.game.notation import format_hand, parse_hand, token_kind
from baska_cli.game.partial import correction_missing, missing
from baska_cli.game.scoring import score
from baska_cli.i18n import _
from baska_cli.ledger.format import Row
from baska_cli.ledger.view import LedgerView
from baska_cli.play.line import command_hint, read_line
from baska_cli.play.results import HandExplained, LastHand, Preview


def preview_line(typed: str, session: LedgerView, last: LastHand | None, scorer: Scorer) -> Preview:
    """What the line typed would do on the ledger `session` (its `last` hand; hands scored
    by `scorer`): a hand's changes, a correction's, or why it cannot be done."""
    try:
        line = read_line(typed)
    except BaskaError as error:
        return Preview("error", error=str(error))
    if line.kind == "empty":
        return Preview("empty")
    if line.kind == "correct":
        if last is None:
            return Preview("error", error=_("there is no hand to correct yet"))
        try:
            text = corrected_text(last.text, line.text, session)
        except BaskaError as error:
            return refused(str(error), line.text, session, last)
    elif line.kind == "hand":
        text = line.text
    else:
        return Preview("command", text=line.kind)
    scored = scorer(text)
    if isinstance(scored, BaskaError):
        return refused(str(scored), text, session)
    if line.kind == "hand":
        return Preview("hand", scored.text, scored.deltas, outcome=scored.outcome)
    assert last is not None
    moved = moved_by(last.text, line.text, session)
    deltas, outcome = scored.deltas, scored.outcome
    return Preview("correct", scored.text, deltas, last.n, moved=moved, outcome=outcome)


def corrected_text(was: str, words: str, session: LedgerView) -> str:
    """The hand `was` corrected by `words`, in its canonical text."""
    players, contracts = session.meta.players, session.rules.contracts
    entry = correct(parse_hand(was, players), words, players, contracts)
    return format_hand(entry, players)


def moved_by(was: str, words: str, session: LedgerView) -> MovedCallers | None:
    """What correcting `was` by `words` does to contras written with their callers."""
    players = session.meta.players
    old = parse_hand(was, players)
    new = correct(old, words, players)
    return moved_callers(old, new, words, session.rules, players)


def refused(error: str, typed: str, session: LedgerView, last: LastHand | None = None) -> Preview:
    """The preview of a line refused with `error`, on the ledger `session`: "partial" with
    what it lacks when adding that would make a hand (a hand's line, or, with `last`, the
    words correcting the last hand), else the "error"."""
    players, contracts = session.meta.players, session.rules.contracts
    if last is None:
        lacks = missing(typed, players, contracts)
    else:
        lacks = correction_missing(parse_hand(last.text, players), typed, players, contracts)
    if not lacks:
        return Preview("error", error=error)
    number = None if last is None else last.n
    return Preview("partial", typed.strip(), number=number, error=error, missing=lacks)


def refuse_a_mistyped_command(text: str, contracts: Collection[Contract]) -> None:
    """A first word that is no contract but near a command's name (`undoo`): an error."""
    first = text.split()[0]
    kind = token_kind(first, contracts)
    if kind != "contract" and first.lower() not in ("kara", "adj"):
        hint = command_hint(first)
        if hint:
            raise NotationError(
                _('"{word}" is neither a contract nor a command{hint}').format(
                    word=first, hint=hint
                )
            )


def explained(rows: Sequence[Row], number: int | None, session: LedgerView) -> HandExplained:
    """Why hand `number` (the last when None) of `rows` scored as it did."""
    hands = [row for row in rows if row.status in ("", "void")]
    if not hands:
        raise RequestError(_("there is no hand yet"))
    wanted = hands[-1].n if number is None else number
    row = next((r for r in hands if r.n == wanted), None)
    if row is None:
        raise RequestError(
            _("there is no hand {number}; the hands are numbered 1 to {last}").format(
                number=wanted, last=hands[-1].n
            )
        )
    players, rules = session.meta.players, session.rules
    entry = parse_hand(row.hand, players)
    outcome = score(entry, rules, players)
    return HandExplained(row.n, row.hand, entry, rules, tuple(players), outcome)
