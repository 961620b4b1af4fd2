"""What `baska play` shows at a terminal: the Scorekeeper's results as lines within a width."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence

from baska_cli.game.notation import format_hand
from baska_cli.i18n import _, ngettext
from baska_cli.play.conflicts import AlreadyDone, Conflict
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.line import COMMANDS, command_name, example_hand
from baska_cli.play.results import (
    ChangedElsewhere,
    ContractQuoted,
    HandChanged,
    HandExplained,
    HandRecorded,
    Idle,
    NextDeal,
    Result,
    SheetRead,
    StandingsRead,
)
from baska_cli.render import compact
from baska_cli.render.explain import derivation, explanation
from baska_cli.render.fit import initials, wrap
from baska_cli.render.quote import quote_table
from baska_cli.render.sheet import one_session, standings_table


def wrapped(text: str, width: int) -> list[str]:
    """A sentence wrapped at words to `width` columns, continuation lines indented."""
    return wrap(text, width, "  ").splitlines()


def start_lines(keeper: Scorekeeper, width: int) -> list[str]:
    """What `play` says first: the file, rules, players, and whose deal it is."""
    rules, deal = keeper.session.rules, keeper.next_deal()
    lines = [
        f"{keeper.path} · {rules.label}: {rules.title}",
        _("players: {players}").format(players=", ".join(keeper.players)),
        _("hand {number}: {turn} · {left}").format(
            number=keeper.next_number,
            turn=compact.turn_words(deal.dealer, deal.leader),
            left=compact.deals_word(deal.deals, deal.dealt),
        ),
    ]
    last = keeper.last
    if last is not None:  # a ledger reopened: where the evening stands
        lines.append(_('last: hand {number} "{text}"').format(number=last.n, text=last.text))
    lines = [piece for text in lines for piece in wrapped(text, width)]
    if last is not None:
        totals = keeper.session.tally.totals
        lines.append(compact.players_row(_("total"), keeper.players, totals, width))
    if complete(deal):
        lines += wrapped(complete_text(deal), width)
    hint = _('Type a hand ("{example}"), "+k" to correct the last one, "{help}".').format(
        example=example_hand(keeper.players), help=command_name("help")
    )
    return [*lines, *wrapped(hint, width)]


def complete(deal: NextDeal) -> bool:
    """Whether every planned deal is played (exactly: past the plan is no news)."""
    return deal.deals is not None and deal.dealt == deal.deals


def complete_text(deal: NextDeal) -> str:
    """`All 16 planned deals are played: the evening is complete.`"""
    return ngettext(
        "The {count} planned deal is played: the evening is complete.",
        "All {count} planned deals are played: the evening is complete.",
        deal.deals or 0,
    ).format(count=deal.deals)


def final_lines(standings: StandingsRead, deal: NextDeal, width: int) -> list[str]:
    """The end of the evening: it is complete, and the final standings."""
    return [
        *wrapped(complete_text(deal), width),
        *standings_table(standings.standings).splitlines(),
    ]


def goodbye_lines(keeper: Scorekeeper, width: int) -> list[str]:
    """What `quit` says: goodbye, and the totals (every hand is saved already)."""
    totals = keeper.session.tally.totals
    return [
        *wrapped(_("Goodbye; every hand is saved."), width),
        compact.players_row(_("total"), keeper.players, totals, width),
    ]


def toolbar(keeper: Scorekeeper, typed: str, width: int) -> str:
    """The bottom toolbar for the line being typed (and a warning while another program
    has written the ledger since: Enter reads it again before doing anything)."""
    deal = keeper.next_deal()
    seen = keeper.preview(typed)
    if seen.kind in ("error", "partial") and typing_a_number(typed):
        preview = "→ " + typed.strip() + "…"  # (`6` on the way to `61` is no mistake yet)
    else:
        preview = compact.preview_text(seen, keeper.players)
        short = initials(keeper.players)
        if len(preview) > width and short is not None:  # the changes by initials, on one line
            preview = compact.preview_text(seen, short)
    if keeper.stale():
        preview = _("(changed elsewhere: read again at Enter) ") + preview
    return compact.toolbar(
        keeper.path,
        keeper.session.rules.label,
        keeper.players,
        keeper.next_number,
        deal.dealer,
        deal.leader,
        compact.deals_word(deal.deals, deal.dealt),
        preview,
        width,
    )


# the last word while a number may still be being typed: `6` (of 61), `10` (of 104), `61/`
# (of 61/2), `/` (of /4); a number of two digits (but 10) is whole: card points go to 104
_GROWING_NUMBER = re.compile(r"[0-9]|10|[0-9]{0,3}/")


def typing_a_number(typed: str) -> bool:
    """Whether the line ends in a number that more digits may still make right."""
    words = typed.split()
    return bool(words) and not typed[-1].isspace() and bool(_GROWING_NUMBER.fullmatch(words[-1]))


def news_lines(news: ChangedElsewhere | None, width: int) -> list[str]:
    """The line that says the ledger was written by another program meanwhile."""
    if news is None:
        return []
    if news.last is None:
        text = _("The ledger was changed elsewhere (another terminal?): it has no hands now.")
    else:
        text = _(
            "The ledger was changed elsewhere (another terminal?): its last hand is now "
            'hand {number} "{text}".'
        ).format(number=news.last.n, text=news.last.text)
    return wrapped(text, width)


def result_lines(result: Result, width: int, players: Sequence[str] = ()) -> list[str]:
    """What a line done shows (a Question is asked, not shown here); `help` writes its
    example with the table's `players`."""
    if isinstance(result, HandRecorded):
        return recorded_lines(result, width)
    if isinstance(result, HandChanged):
        return changed_lines(result, width)
    if isinstance(result, SheetRead):
        # every screenful of the sheet shows its heading (the prompt and toolbar take 4 lines)
        screen = shutil.get_terminal_size((80, 24)).lines - 4
        text = one_session(result.session, result.rows, True, False, None, width, screen)
        return text.splitlines()
    if isinstance(result, StandingsRead):
        return standings_table(result.standings).splitlines()
    if isinstance(result, HandExplained):
        return explained_lines(result, width)
    if isinstance(result, ContractQuoted):
        return quote_table(result.quote, width).splitlines()
    if isinstance(result, Idle) and result.kind == "help":
        example = example_hand(players) if players else "zw ania+cel 61 k"
        return compact.help_lines(COMMANDS, width, example)
    if isinstance(result, AlreadyDone):
        return wrap(compact.already_text(result), width).splitlines()
    if isinstance(result, Conflict):  # (not answered: nothing was written)
        return wrap(compact.conflict_text(result) + " " + _("not recorded"), width).splitlines()
    return []


def _after(deal: NextDeal) -> str:
    """`Bartek deals, Celina leads · 15 of 16 deals left`."""
    turn = compact.turn_words(deal.dealer, deal.leader)
    return f"{turn} · {compact.deals_word(deal.deals, deal.dealt)}"


def recorded_lines(done: HandRecorded, width: int) -> list[str]:
    """A hand recorded in three lines (by initials where its text would not fit), then the
    news if another program wrote the ledger right after."""
    written = format_hand(done.entry, done.players)
    short = initials(done.players)
    if short is not None and len(written) > width - 12:  # (`hand 12: ` and room)
        written = format_hand(done.entry, short)  # reads back as the same hand
    lines = compact.hand_lines(
        done.n, written, done.players, done.deltas, done.totals, _after(done.next_deal), width
    )
    return [*lines, *news_lines(done.elsewhere, width)]


def changed_lines(done: HandChanged, width: int) -> list[str]:
    """A hand undone, voided or amended, the running totals and who deals next."""
    if done.action == "undo":
        head = _('hand {number} "{text}" is undone').format(number=done.n, text=done.old_text)
    elif done.action == "void":
        head = _('hand {number} "{text}" is void: its score is skipped').format(
            number=done.n, text=done.old_text
        )
    else:
        head = _('hand {number} "{old}" is now "{new}"').format(
            number=done.n, old=done.old_text, new=done.new_text or ""
        )
        if done.was_void:
            head += " " + _("(it stays void)")
    lines = wrapped(head, width)
    if done.new_deltas is not None:
        lines.append(compact.players_row(_("hand"), done.players, done.new_deltas, width))
    deal = done.next_deal
    turn = _("next: {turn} · {left}").format(
        turn=compact.turn_words(deal.dealer, deal.leader),
        left=compact.deals_word(deal.deals, deal.dealt),
    )
    return [
        *lines,
        compact.players_row(_("total"), done.players, done.totals, width),
        *wrapped("  " + turn, width),
    ]


def explained_lines(done: HandExplained, width: int) -> list[str]:
    """The hand, the sentence that explains its score, and the derivation step by step."""
    facts = (done.entry, done.outcome, done.rules, done.players)
    lines = [f"{_('hand {number}').format(number=done.n)}: {done.text}", explanation(*facts)]
    lines += [f"  {step}" for step in derivation(*facts)]
    return [piece for line in lines for piece in wrapped(line, width)]
