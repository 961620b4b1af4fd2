"""A correction typed as only the words that change (`k`, `70`, `zo`), merged into a hand."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from baska_cli.errors import NotationError
from baska_cli.game.model import DEFAULT_PLAYERS, Contract, Entry, Hand
from baska_cli.game.notation import format_hand, parse_hand, token_kind
from baska_cli.i18n import N_, _

PARTS = ("contract", "side", "points", "contras", "kara")


def correct(
    old: Entry,
    text: str,
    players: Sequence[str] = DEFAULT_PLAYERS,
    contracts: Collection[Contract] | None = None,
) -> Entry:
    """The hand `old` corrected by `text`: a whole hand's text replaces it; otherwise each
    word replaces its part of the hand (a contract the contract, points the points and
    tricks, contras the contras, players the declaring side, `kara` adds the flag) and the
    rest is kept. A bare number is always points; `k0` takes the contras off. The result is
    checked as a typed hand would be (NotationError, quoting what was typed). With
    `contracts` (the rules' own), a contract's name the rules lack is a player's word."""
    try:
        return parse_hand(text, players, contracts)
    except NotationError as whole_error:
        if not text.split():
            raise
        if not isinstance(old, Hand):
            raise NotationError(
                _('{error} ("{was}" is no played hand: type its whole corrected text)').format(
                    error=whole_error, was=format_hand(old, players)
                )
            ) from None
        kinds = [token_kind(token, contracts) or "side" for token in text.split()]
        try:
            return parse_hand(merged_text(old, text, players, contracts), players, contracts)
        except NotationError as error:
            if kinds[:2] == ["contract", "side"]:
                raise whole_error from None  # a whole hand was meant
            was = format_hand(old, players)
            raise NotationError(
                _('"{text}" as a correction of "{was}": {error}').format(
                    text=text.strip(), was=was, error=error
                )
            ) from None


def merged_text(
    old: Hand,
    text: str,
    players: Sequence[str] = DEFAULT_PLAYERS,
    contracts: Collection[Contract] | None = None,
) -> str:
    """The text of `old` with the parts that `text` gives replaced (not yet checked)."""
    parts = dict(zip(PARTS, _parts(old, players), strict=True))
    given: set[str] = set()
    for token in text.split():
        kind = token_kind(token, contracts) or "side"
        if kind in given:
            raise NotationError(
                _('"{token}": this correction gives the {part} twice').format(
                    token=token, part=_(PART_NAMES[kind])
                )
            )
        given.add(kind)
        parts[kind] = token
    return " ".join(part for part in parts.values() if part)


PART_NAMES = {
    "contract": N_("contract"),
    "side": N_("declaring side"),
    "points": N_("points"),
    "contras": N_("contras"),
    "kara": N_("kara"),
}


def _parts(hand: Hand, players: Sequence[str]) -> list[str]:
    """The hand's canonical text cut into its parts, an empty text for a part it lacks."""
    words = format_hand(hand, players).split()
    parts = [words[0], words[1], "", "", ""]
    for word in words[2:]:
        kind = token_kind(word)
        if kind == "points":
            parts[2] = word
        elif kind == "contras":
            parts[3] = word
        elif kind == "kara":
            parts[4] = word
    return parts
