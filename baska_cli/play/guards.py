"""Every question the table asks before it writes, one list for `baska play` and the phones.

A guard stops a hand or a correction until it is confirmed: the same hand typed twice, a
deal past the plan, a correction that changes the hand's stake, and a correction that moves
the declaring side under contras named with their callers (so that they count anew). The
words of each question are render.compact.question_text's, at a terminal and on a phone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from baska_cli.game.callers import MovedCallers, moved_callers
from baska_cli.game.correction import correct
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.ledger.format import Row

Guard = Literal["same_hand", "past_plan", "callers", "stake"]
GUARDS: tuple[Guard, ...] = ("same_hand", "past_plan", "callers", "stake")
# A correction asks one question at most (the contras that move first, they tell the stake
# too): either guard confirmed confirms the correction, and "stake" is its answer's name.
CORRECTION: tuple[Guard, ...] = ("callers", "stake")
ANSWERS: tuple[Guard, ...] = ("same_hand", "past_plan", "stake")


@dataclass(frozen=True, slots=True)
class Question:
    """A hand or a correction done only once confirmed: entered again with the `guard`
    among the confirmed ones, it goes on. "same_hand": it is the same as hand `number`
    ("text"); "past_plan": all `deals` planned deals are played; "callers": a correction of
    hand `number` moves the declaring side and so changes how many contras count (`moved`);
    "stake": a correction turns hand `number` ("text") into `new`, its stake (its largest
    change) going from `was` to `now`."""

    guard: Guard
    number: int = 0
    text: str = ""
    deals: int = 0
    moved: MovedCallers | None = None
    new: str = ""
    was: int = 0
    now: int = 0

    @property
    def answer(self) -> Guard:
        """The guard to confirm it by (a correction's questions are one answer: "stake")."""
        return "stake" if self.guard in CORRECTION else self.guard


def confirms(confirmed: Collection[str], guard: Guard) -> bool:
    """Whether `guard` is among the guards `confirmed` (a correction's either one)."""
    if guard in CORRECTION:
        return any(name in confirmed for name in CORRECTION)
    return guard in confirmed


def hand_question(
    text: str,
    last: tuple[int, str] | None,
    deals: int | None,
    dealt: int,
    adjustment: bool,
    confirmed: Collection[str],
) -> Question | None:
    """The first guard a hand (its canonical `text`) does not pass unconfirmed: the same as
    the last hand (`last`: its number and text), or a deal after the planned `deals` when
    `dealt` are used (an adjustment deals nothing); None when it goes on."""
    if not confirms(confirmed, "same_hand") and last is not None and text == last[1]:
        return Question("same_hand", last[0], last[1])
    if (
        not confirms(confirmed, "past_plan")
        and deals is not None
        and not adjustment
        and dealt >= deals
    ):
        return Question("past_plan", deals=deals)
    return None


def correction_question(
    old: Row, words: str, players: Sequence[str], rules: RuleSet, confirmed: Collection[str]
) -> Question | None:
    """The question correcting the hand of row `old` by `words` asks unconfirmed: it moves
    the declaring side so that contras named with their callers count anew, or it changes
    the hand's stake (its largest change), e.g. a contra added; None when it goes on (or the
    correction is refused: doing it says why)."""
    if confirms(confirmed, "stake"):
        return None
    before = parse_hand(old.hand, players)
    entry = correct(before, words, players, rules.contracts)
    moved = moved_callers(before, entry, words, rules, players)
    if moved is not None:  # (refused as typed when the rules refuse the calls: the edit says)
        return None if moved.after is None else Question("callers", old.n, words, moved=moved)
    was, now = max(map(abs, old.deltas)), max(map(abs, score(entry, rules, players).deltas))
    if was == now:
        return None
    return Question("stake", old.n, old.hand, new=format_hand(entry, players), was=was, now=now)
