"""A hand's card points and tricks: whether they are what its contract needs and the deck
allows, and the message that says why not, with the nearest possible totals."""

from __future__ import annotations

from baska_cli.errors import NotationError
from baska_cli.game import deck
from baska_cli.game.model import TOTAL_POINTS, TOTAL_TRICKS, Contract, Hand, Play
from baska_cli.i18n import _, ngettext


def side_example(contract: Contract) -> str:
    """A declaring side as an example in a message: `A+C` for a pair, else `A`."""
    return "A+C" if contract.is_pair else "A"


def check_play(hand: Hand, given: str) -> None:
    """A NotationError unless the hand has the points and tricks its contract needs and the
    deck allows; `given` is the word of points and tricks as typed (for the message)."""
    contract, points, tricks = hand.contract, hand.points, hand.tricks
    play = contract.info.play
    if play is Play.NONE:
        if points is not None or tricks is not None:
            raise NotationError(
                _('"{typed}": {contract} is not played, so it takes no points or tricks').format(
                    typed=given, contract=_named(contract)
                )
            )
        return
    if play is Play.POINTS and points is None:
        example = f"{contract.value} {side_example(contract)} 61"
        raise NotationError(
            _(
                '{contract} needs the declaring side\'s card points, e.g. "{example}" or "… 61/2"'
            ).format(contract=_named(contract), example=example)
        )
    if play is Play.TRICKS and points is None and tricks is None:
        raise NotationError(
            _('{contract} needs the declarer\'s tricks, e.g. "/4" (all four) or "/3"').format(
                contract=_named(contract)
            )
        )
    if play is Play.TRICKS and tricks is None and points is not None and 1 <= points <= 4:
        raise NotationError(
            _(
                '"{typed}" looks like a number of tricks: write "/{tricks}"; a number alone '
                "is the card points (0 or 8–104)"
            ).format(typed=given, tricks=points)
        )
    if points is not None and points > TOTAL_POINTS:
        raise NotationError(
            _('"{typed}": card points go from 0 to {most}').format(typed=given, most=TOTAL_POINTS)
        )
    if tricks is not None and tricks > TOTAL_TRICKS:
        raise NotationError(
            _('"{typed}": tricks go from 0 to {most}').format(typed=given, most=TOTAL_TRICKS)
        )
    if not deck.is_possible(points, tricks):
        assert points is not None
        near = deck.nearest_points(points, tricks)
        if tricks is None:
            raise NotationError(
                ngettext(
                    '"{typed}": no side can take exactly {points} card point with this deck; '
                    "{nearest}",
                    '"{typed}": no side can take exactly {points} card points with this deck; '
                    "{nearest}",
                    points,
                ).format(typed=given, points=points, nearest=_nearest_totals(near))
            )
        message = ngettext(
            '"{typed}": {points} card point cannot be taken {in_tricks}; {with_tricks} {nearest}',
            '"{typed}": {points} card points cannot be taken {in_tricks}; {with_tricks} {nearest}',
            points,
        ).format(
            typed=given,
            points=points,
            in_tricks=_in_tricks([tricks]),
            with_tricks=ngettext("with {count} trick", "with {count} tricks", tricks).format(
                count=tricks
            ),
            nearest=_nearest_totals(near),
        )
        can = sorted(deck.tricks_for_points(points))
        if can:
            message += _("; {points} is possible {in_tricks}").format(
                points=points, in_tricks=_in_tricks(can)
            )
        raise NotationError(message)


def _named(contract: Contract) -> str:
    """`zwykła (zw)`: a contract in a message."""
    return f"{contract.info.name} ({contract.value})"


def _nearest_totals(near: list[int]) -> str:
    """`the nearest possible totals are 64 or 66`, `the nearest possible total is 104`."""
    if len(near) == 1:
        return _("the nearest possible total is {total}").format(total=near[0])
    return _("the nearest possible totals are {low} or {high}").format(low=near[0], high=near[1])


def _in_tricks(counts: list[int]) -> str:
    """`in 1 trick`, `in 2 tricks`, `in 1 or 2 tricks`."""
    if len(counts) == 1:
        return ngettext("in {count} trick", "in {count} tricks", counts[0]).format(count=counts[0])
    return _("in {some} or {count} tricks").format(
        some=", ".join(str(c) for c in counts[:-1]), count=counts[-1]
    )
