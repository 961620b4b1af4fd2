"""The one checker of a ledger's hand rows: numbers, dealers, zero sums, scores, running totals.

Every row the reader decodes goes through `verify`, whichever command reads: `check`,
an append or a rewrite (which refuse a ledger with a problem), `recalc`, `ledger`. Problems
are collected on the reader as LedgerErrors naming file:line, not raised one at a time.
"""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Callable, Iterator, Sequence

from baska_cli.errors import BaskaError, LedgerError
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import Deltas, dealer_of
from baska_cli.game.model import SEATS
from baska_cli.game.rules import RuleSet
from baska_cli.game.vocabulary import ADJUST_WORD
from baska_cli.i18n import N_, _, ngettext
from baska_cli.ledger.cells import hand_and_changes, read_number
from baska_cli.ledger.format import (
    AMENDED,
    FORMULA_STARTS,
    STATUS_WORDS,
    STATUSES,
    VOID,
    Meta,
    Row,
)
from baska_cli.ledger.reader import LedgerReader, open_ledger

OnChange = Callable[[Row, "Scored | BaskaError"], None]


def is_adjustment(hand: str) -> bool:
    """Whether a row's text is a referee's adjustment (`adj …`), which uses up no deal."""
    return hand[:3].lower() == ADJUST_WORD and hand[3:4] in (" ", "")


def _show(values: Sequence[int], signs: bool = True) -> str:
    """Four numbers as `+2 −2 +2 −2` for messages."""
    return " ".join(f"{v:+d}" if signs else str(v) for v in values)


def verify(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> Iterator[Row]:
    """Check each row the reader decodes and pass on those that pass (a row with an unknown
    status or with running totals that are not numbers does not); problems are recorded on
    the reader, and its tally is set once the last row is read.

    Each row: its number follows the last numbered hand's, its dealer is the one the deal
    rotation gives, its hand is not empty and could not run as a spreadsheet formula, its
    status is known, with a scorer its text scores to its changes under the session's rules;
    a void, amended or undone row's changes sum to 0, and an amended row is followed (after
    any further amended rows of its number) by a row of its number that is not amended. Each
    counted hand also: its changes sum to 0; its text is canonical (as format_hand writes it);
    its running totals are the last ones plus its changes. `strict=False` leaves counted
    hands' sums and texts, every row's score and the totals alone (recalc rescoring a ledger
    under other rules); with `on_change`, a row that the scorer refuses or scores otherwise
    goes to it instead of being a problem.
    """
    return _checked(reader, scorer, strict, on_change, keep=True)


def scan(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> None:
    """verify() for its problems, tally and `on_change` alone (no rows are made)."""
    deque(_checked(reader, scorer, strict, on_change, keep=False), maxlen=0)


def _dangling(n: int, after: str) -> str:
    """The problem of an amended row that no row of its hand replaces."""
    return _(
        "hand {number} (amended): {after}, but an amended row must be followed by the row "
        "that replaced it (hand {number}, counted, void or undone)"
    ).format(number=n, after=after) + _("; {hint}").format(hint=_(ORDER_HINT))


def hand_named(n: int, status: str) -> str:
    """`hand 5`, or with a status `hand 5 (void)` (the status as the file spells it)."""
    if not status:
        return _("hand {number}").format(number=n)
    return _("hand {number} ({status})").format(number=n, status=status)


ORDER_HINT = N_(
    "if the sheet was sorted in a spreadsheet, sort it back by the # column, each amended "
    "or undone row above the row that follows it"
)


def _unknown(hand: str) -> None:
    """No hand is known without a scorer."""
    return None


NO_EXTRA: tuple[str, ...] = ()
KEPT = 100_000  # hand-and-changes texts a pass remembers as checked (memory stays bounded)
SPLIT_LINES = True  # lines baska wrote are split at their separators (False: read as CSV)


def _checked(
    reader: LedgerReader,
    scorer: Scorer | None,
    strict: bool,
    on_change: OnChange | None,
    keep: bool,
) -> Iterator[Row]:
    """The one loop that checks a ledger's rows (see verify); the rows that pass are made
    and given out only with `keep`. This is the only place the rules of a valid row are
    written, and every row goes through all the checks of a row.

    A counted hand's line as baska writes it (its number the one expected, its hand unquoted
    or quoted whole, changes read before; `cells.hand_and_changes`) is split at its separators
    instead of read as CSV; any other line is read as CSV (`reader.decode`). A line holding,
    between its number and dealer and its running totals, a hand-and-changes text that
    passed the checks of a hand (the sum, the score) on an earlier line, is not checked
    again. A number or running total is first compared as text with the one expected (what
    baska writes), and read as a number only when the text differs (`+2`, ` 2`, a wrong one).
    With SPLIT_LINES off every line is read as CSV (the tests compare the two).
    """
    meta = reader.meta
    problem, rules_name, seats = reader.problem, meta.rules_name, SEATS
    dealers = [meta.players[dealer_of(meta.first_dealer, n)] for n in range(SEATS)]
    cache = scorer.cache if scorer is not None else {}
    known_changes = scorer.known if scorer is not None else _unknown
    scored_check = scorer is not None and (strict or on_change is not None)
    checked: dict[str, tuple[str, Deltas]] = {}  # key (see cells.line_key): its hand, changes
    # a remembered key is taken only where the line's dealer is the expected one and has no
    # quote, and a line is split at all only where its dealer has none (a cell starting with
    # a quote is a quoted cell to CSV)
    plain = [d if '"' not in d else None for d in dealers]
    decode, garbled, text, new = reader.decode, reader.garbled_cells, str, tuple.__new__
    splitting = SPLIT_LINES
    known_get = checked.get
    eol = reader.last  # what the last running total's text ends with (format 1: the line end)
    sep, tail = reader.dialect.sep, reader.tail
    # format 2: a counted row ends with its empty status (and extra cells): split off one
    # piece more and compare it (no extra columns), or cut the empty cells off (extra ones)
    cut = -len(tail) if len(tail) > len(sep) + len(meta.newline) else 0
    nsplit = 4 if not tail or cut else 5
    end = meta.newline if nsplit == 5 else None
    bracketing = meta.version >= 2  # a cancelled row's changes in parentheses, and only its
    slots, counted = 0, 0
    # a referee's adj deals nothing: the hand after it has the same dealer; baska 0.1.0 moved
    # the deal on an adj, and a ledger written so keeps its order (`legacy`, decided by the
    # first row after an adj whose dealer tells the two apart)
    skipped = 0  # numbered adj rows (deals not used) above, while not legacy
    legacy: bool | None = None
    amended_at, amended_n = 0, 0  # the line and number of an amended row not yet replaced
    t0 = t1 = t2 = t3 = 0
    line = reader.header_line
    try:
        for raw in reader.lines():
            line += 1
            start = line
            key = None
            expect = text(slots + 1)  # the number expected, as baska writes it
            # cells.split_line, inlined (this loop runs a million times): a key checked before?
            pieces = (raw if not cut else raw[:cut] if raw.endswith(tail) else "").rsplit(
                sep, nsplit
            )
            head = pieces[0].split(sep, 2)
            known = known_get(head[-1])  # (a key holds commas: no number or dealer is one)
            turn = slots + 1 - skipped  # the deal this row belongs to
            fast = None  # a counted row split at its separators: its hand and changes
            if (
                not splitting
                or len(head) != 3
                or head[0] != expect
                or (end is not None and (len(pieces) != 6 or pieces[5] != end))
                or (end is None and len(pieces) != 5)
            ):
                known = None
            elif known is not None:
                if head[1] != plain[turn % seats]:
                    known = None
            elif '"' not in head[1]:
                fast = hand_and_changes(head[2], sep)
            skip = False
            while True:  # twice where a line split at its commas turns out to need CSV
                tt: Sequence[str] | None  # the running totals' texts at 1–4, the last with eol
                split = known or fast
                if split is not None:
                    number = expect
                    dealer = head[1]
                    status = ""
                    hand, deltas = split
                    tt = pieces
                    bracketed, extra = 0, NO_EXTRA
                    if fast is not None:
                        key = head[2]
                else:
                    cells, line, key = decode(raw, start)
                    if cells is None:
                        skip = True
                        break
                    _line, number, dealer, hand, deltas, totals, status, bracketed, extra = cells
                    tt = None
                    if totals is not None:
                        four = len(totals) == 4
                        tt = ["", *totals[:3], totals[3] + eol] if four else [""] * 5
                a, b, c, d = deltas
                e0 = t0 + a
                e1 = t1 + b
                e2 = t2 + c
                e3 = t3 + d
                values: Deltas | None = None  # the totals read, where they differ from e0…e3
                if tt is not None and (
                    tt[1] != text(e0)
                    or tt[2] != text(e1)
                    or tt[3] != text(e2)
                    or tt[4] != f"{e3}{eol}"
                ):
                    try:  # read first: a row whose totals are no numbers is skipped
                        v0 = read_number(tt[1])
                        v1 = read_number(tt[2])
                        v2 = read_number(tt[3])
                        v3 = read_number(tt[4].rstrip("\r\n"))
                    except ValueError:
                        if split is not None:  # (a quote in a total: CSV reads it otherwise)
                            known = fast = None
                            continue
                        problem(
                            start,
                            _(
                                "hand {number}: the running totals must be four whole numbers"
                            ).format(number=int(number)),
                        )
                        skip = True
                    else:
                        values = (v0, v1, v2, v3)
                break
            if skip:
                continue
            if fast is not None and not (dealer.isascii() and hand.isascii()):
                garbled(start, (dealer, hand))
            n = slots + 1
            if number != expect:
                n = read_number(number)
            if amended_at and (n != amended_n or status != AMENDED):
                if n != amended_n:  # (rare: a row left after an amended row's number)
                    follows = _("hand {number} follows it").format(number=n)
                    problem(amended_at, _dangling(amended_n, follows))
                amended_at = 0
            if number != expect and n != slots + 1:
                problem(
                    start,
                    _("hand number {number}, expected {expected}").format(
                        number=n, expected=slots + 1
                    )
                    + _("; {hint}").format(hint=_(ORDER_HINT)),
                )
            want = dealers[(n - skipped) % seats]
            if dealer != want and dealer.strip() != want:
                if skipped and legacy is None and dealer.strip() == dealers[n % seats]:
                    legacy, skipped = True, 0  # written by baska 0.1.0: kept as it was
                else:
                    problem(
                        start,
                        _('hand {number}: the dealer is {dealer}, not "{typed}"').format(
                            number=n, dealer=want, typed=dealer
                        ),
                    )
            elif skipped % seats and legacy is None:
                legacy = False
            if not hand:
                problem(start, _("hand {number}: the hand is empty").format(number=n))
            if status:
                if status not in STATUSES:
                    problem(
                        start,
                        _('hand {number}: "{status}" is not a status; expected {statuses}').format(
                            number=n, status=status, statuses=_(STATUS_WORDS)
                        ),
                    )
                    continue
                if status == VOID:
                    slots = n if n > slots else slots + 1
                    if not legacy and is_adjustment(hand):
                        skipped += 1
                elif status == AMENDED:
                    amended_at, amended_n = start, n
                if bracketing and bracketed != 4:
                    problem(
                        start,
                        _(
                            "hand {n} ({status}): a cancelled hand's changes are written in "
                            "parentheses, (+2) (-2) (+0), so that a spreadsheet's SUM leaves "
                            "them out"
                        ).format(n=n, status=status),
                    )
            else:
                slots = n if n > slots else slots + 1
                counted += 1
                if bracketed:
                    problem(
                        start,
                        _(
                            "hand {n}: a counted hand's changes are plain numbers; changes in "
                            "parentheses mark a cancelled hand (void, amended or undone)"
                        ).format(n=n),
                    )
                if not legacy and hand[:1] in "aA" and is_adjustment(hand):
                    skipped += 1
            if known is None:  # the checks of a hand: once for each text with its changes
                fine = True
                if (strict or status) and a + b + c + d:
                    problem(
                        start,
                        _("hand {number}: the changes sum to {sum:+d}, not 0").format(
                            number=n, sum=a + b + c + d
                        ),
                    )
                    fine = False
                if hand and hand[0] in FORMULA_STARTS:
                    problem(
                        start,
                        _('{hand} "{text}": a spreadsheet would run this text as a formula').format(
                            hand=hand_named(n, status), text=hand
                        ),
                    )
                    fine = False
                elif scored_check and known_changes(hand) != deltas:  # (else scored so)
                    assert scorer is not None
                    scored = cache.get(hand) or scorer(hand)
                    if isinstance(scored, BaskaError) or scored.deltas != deltas:
                        fine = False
                        if on_change is not None:
                            read = None if tt is None else values or (e0, e1, e2, e3)
                            row = Row(start, n, dealer, hand, deltas, read, status, extra)
                            on_change(row, scored)
                        elif isinstance(scored, BaskaError):
                            problem(start, f'{hand_named(n, status)} "{hand}": {scored}')
                        else:
                            problem(
                                start,
                                _(
                                    '{hand} "{text}": the changes are {changes}, '
                                    "but {rules} gives {scored}"
                                ).format(
                                    hand=hand_named(n, status),
                                    text=hand,
                                    changes=_show(deltas),
                                    rules=rules_name,
                                    scored=_show(scored.deltas),
                                ),
                            )
                    if strict and not isinstance(scored, BaskaError) and scored.text != hand:
                        fine = False
                        problem(
                            start,
                            _(
                                '{hand} "{text}": the text is not in canonical form; '
                                'baska writes it "{canonical}"'
                            ).format(hand=hand_named(n, status), text=hand, canonical=scored.text),
                        )
                if fine and key is not None and len(checked) < KEPT:
                    checked[key] = (hand, deltas)
            if status:
                if keep:
                    yield new(Row, (start, n, dealer, hand, deltas, None, status, extra))
                continue
            t0 = e0
            t1 = e1
            t2 = e2
            t3 = e3
            if strict and (tt is None or values is not None):
                if values is None:
                    problem(
                        start, _("hand {number}: the running totals are missing").format(number=n)
                    )
                elif values != (e0, e1, e2, e3):
                    problem(
                        start,
                        _(
                            "hand {number}: the running totals are {totals}, expected {expected}"
                        ).format(
                            number=n,
                            totals=_show(values, signs=False),
                            expected=_show((e0, e1, e2, e3), signs=False),
                        ),
                    )
                    t0, t1, t2, t3 = values
            if keep:
                read = None if tt is None else values or (e0, e1, e2, e3)
                yield new(Row, (start, n, dealer, hand, deltas, read, "", extra))
        if amended_at:
            problem(amended_at, _dangling(amended_n, _("the file ends")))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise reader.read_error(exc, line + 1) from None
    finally:
        tally = reader.tally
        tally.slots, tally.counted, tally.totals = slots, counted, (t0, t1, t2, t3)
        tally.dealt = slots - skipped
        tally.legacy_dealing = bool(legacy)


def check(path: str, scorer: Callable[[Meta, RuleSet], Scorer] | None = None) -> LedgerReader:
    """Read the whole ledger and return its reader with every problem collected."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        made = scorer(reader.meta, rules) if scorer else Scorer(reader.meta.players, rules)
        scan(reader, made)
    return reader


def refuse_if_broken(reader: LedgerReader) -> None:
    """Raise a LedgerError (the first problem, and how many more) if the reader found any."""
    if not reader.problems:
        return
    first = reader.problems[0]
    more = len(reader.problems) - 1
    if more:
        refused = ngettext(
            "{problem} (and {count} more problem); the ledger was not changed — see "
            "`baska check {path}`",
            "{problem} (and {count} more problems); the ledger was not changed — see "
            "`baska check {path}`",
            more,
        )
    else:
        refused = _("{problem}; the ledger was not changed — see `baska check {path}`")
    raise LedgerError(
        refused.format(problem=first.message, count=more, path=reader.path),
        first.path,
        first.line,
    )
