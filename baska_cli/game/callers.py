"""A correction that moves the declaring side of a hand whose contras name their callers:
the counted contras before and after, the stake, and the callers that keep the count."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import BaskaError, RequestError
from baska_cli.game.model import Entry, Hand
from baska_cli.game.notation import format_hand, token_kind
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import count_contras, score, side_names
from baska_cli.i18n import _


@dataclass(frozen=True, slots=True)
class MovedCallers:
    """What moving the side did to the contras, in the players' names: the hand before and
    after, the contras as written (`k:Łucja,Ścibor`), the sides, the counted contras and
    the stake (the largest change) before and after (None: the rules refuse the calls now,
    `refused` says why), and the contras word that keeps the count (`k:Łucja,Zbigniew`)."""

    old_text: str
    new_text: str
    words: str  # the correction as typed
    callers: str
    old_side: str
    new_side: str
    before: int
    after: int | None
    was: int
    now: int | None
    kept: str
    refused: str = ""

    @property
    def keeping(self) -> str:
        """The correction to type to keep the contras as they counted: `Zbigniew k:…`."""
        return f"{self.words} {self.kept}"


def _swapped(old: Hand, new: Hand) -> tuple[int, ...]:
    """The callers with each seat that left the side and each that joined it swapped (in
    seat order), so that every call stays with its side."""
    assert old.callers is not None
    left = [s for s in old.declarers if s not in new.declarers]
    joined = [s for s in new.declarers if s not in old.declarers]
    swap = dict(zip(left, joined, strict=False)) | dict(zip(joined, left, strict=False))
    return tuple(swap.get(seat, seat) for seat in old.callers)


def moved_callers(
    old: Entry, new: Entry, words: str, rules: RuleSet, players: Sequence[str]
) -> MovedCallers | None:
    """What the correction `words` (turning `old` into `new`) does to contras written with
    their callers when it moves the declaring side and leaves the contras as they were
    written; None when it does not change how many count (or the contras were typed)."""
    if not (isinstance(old, Hand) and isinstance(new, Hand)) or old.callers is None:
        return None
    if new.callers != old.callers or set(new.declarers) == set(old.declarers):
        return None
    if any(token_kind(token) == "contras" for token in words.split()):
        return None  # the contras were given with the correction: what is typed is meant
    crules_old, crules_new = rules.contracts.get(old.contract), rules.contracts.get(new.contract)
    if crules_old is None or crules_new is None:
        return None  # scoring says why
    try:
        before = count_contras(old, rules, crules_old, players)[0]
        was = max(map(abs, score(old, rules, players).deltas))
    except BaskaError:
        return None
    after: int | None
    now: int | None
    refused = ""
    try:
        after = count_contras(new, rules, crules_new, players)[0]
        now = max(map(abs, score(new, rules, players).deltas))
    except BaskaError as error:
        after, now, refused = None, None, str(error)
    if after == before:
        return None
    kept = replace(new, callers=_swapped(old, new), typed_contras="")
    return MovedCallers(
        old_text=format_hand(old, players),
        new_text=format_hand(new, players),
        words=words.strip(),
        callers="k:" + ",".join(players[s] for s in old.callers),
        old_side=side_names(old.declarers, players),
        new_side=side_names(new.declarers, players),
        before=before,
        after=after,
        was=was,
        now=now,
        kept="k:" + ",".join(players[s] for s in kept.callers or ()),
        refused=refused,
    )


def moved_sentence(moved: MovedCallers, number: int) -> str:
    """`hand 9 "…" becomes "…": its contras k:… counted 2 with Ścibor playing, 1 with
    Zbigniew; its stake changes from 20 to 10` (in the language of this context)."""
    fields = {
        "number": number,
        "old": moved.old_text,
        "new": moved.new_text,
        "callers": moved.callers,
        "before": moved.before,
        "old_side": moved.old_side,
        "new_side": moved.new_side,
    }
    if moved.after is None or moved.now is None:
        return _(
            'hand {number} "{old}" becomes "{new}": its contras {callers} counted {before} '
            "with {old_side} playing; with {new_side} they are refused ({reason})"
        ).format(**fields, reason=moved.refused)
    return _(
        'hand {number} "{old}" becomes "{new}": its contras {callers} counted {before} with '
        "{old_side} playing, {after} with {new_side}; its stake changes from {was} to {now}"
    ).format(**fields, after=moved.after, was=moved.was, now=moved.now)


class MovedCallersError(RequestError):
    """An amend refused because moving the side would count the contras anew unasked."""

    def __init__(self, moved: MovedCallers, number: int) -> None:
        self.moved = moved
        self.number = number
        sentence = moved_sentence(moved, number)
        if moved.after is None:
            message = _('{sentence}. To keep the contras, correct it by "{keeping}"').format(
                sentence=sentence, keeping=moved.keeping
            )
        else:
            message = _(
                '{sentence}. To keep the contras, correct it by "{keeping}"; to count them '
                'anew, give them with the correction: "{words} {callers}"'
            ).format(
                sentence=sentence, keeping=moved.keeping, words=moved.words, callers=moved.callers
            )
        super().__init__(message)
