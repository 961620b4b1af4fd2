"""`baska play`'s short texts: a hand in three lines, the toolbar, help, the questions and
conflicts the table asks (at a terminal and on a phone); all within a width."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from baska_cli.game.callers import moved_sentence
from baska_cli.game.model import TOTAL_POINTS, TOTAL_TRICKS
from baska_cli.game.partial import Part
from baska_cli.i18n import _, language, ngettext
from baska_cli.play.conflicts import AlreadyDone, Choice, Conflict
from baska_cli.play.guards import Question
from baska_cli.play.line import Command
from baska_cli.play.results import Preview
from baska_cli.render.fit import KEPT, initials, wrap
from baska_cli.render.text import signed

WIDTH = 80


def fit(text: str, width: int = WIDTH) -> str:
    """One line cut to `width` columns (an ellipsis where it is cut)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def deals_word(deals: int | None, dealt: int) -> str:
    """`11 of 16 deals left`, `all 16 deals played`, `2 over the plan`, `5 deals played`."""
    if deals is None:
        return ngettext("{count} deal played", "{count} deals played", dealt).format(count=dealt)
    if dealt < deals:
        return ngettext(
            "{left} of {count} deal left", "{left} of {count} deals left", deals
        ).format(left=deals - dealt, count=deals)
    if dealt == deals:
        return ngettext("all {count} deal played", "all {count} deals played", deals).format(
            count=deals
        )
    over = dealt - deals
    return ngettext("{count} deal over the plan", "{count} deals over the plan", over).format(
        count=over
    )


def turn_words(dealer: str, leader: str) -> str:
    """`Bartek deals, Celina leads`."""
    return _("{dealer} deals, {leader} leads").format(dealer=dealer, leader=leader)


def players_row(
    label: str, players: Sequence[str], values: Sequence[int], width: int = WIDTH
) -> str:
    """`  hand   Ania +2   Bartek -2   Celina +2   Darek -2`, by initials where the names do
    not fit, each value right-aligned in its player's column."""
    for names in (players, initials(players), [name[:8] for name in players]):
        if names is None:
            continue
        cells = [f"{name} {signed(v):>4}" for name, v in zip(names, values, strict=True)]
        wide = max(6, len(label), len(_("hand")), len(_("total")))  # the two rows align
        line = f"  {label:<{wide}} " + "   ".join(cells)
        if len(line) <= width:
            return line
    return fit(line, width)


def hand_lines(
    n: int,
    text: str,
    players: Sequence[str],
    deltas: Sequence[int],
    totals: Sequence[int],
    after: str,
    width: int = WIDTH,
) -> list[str]:
    """A hand recorded, in three lines: its number and text with what comes next, then its
    changes and the running totals under the players' names."""
    head = _("hand {number}: {text}").format(number=n, text=text)
    first = f"{head}  · {after}"
    if len(first) > width:
        first = head
    return [
        fit(first, width),
        players_row(_("hand"), players, deltas, width),
        players_row(_("total"), players, totals, width),
    ]


def toolbar(
    path: str,
    rules: str,
    players: Sequence[str],
    n: int,
    dealer: str,
    leader: str,
    left: str,
    preview: str,
    width: int = WIDTH,
) -> str:
    """The bottom toolbar: where the table is, then what the line typed would do in two
    lines, always two (the toolbar keeps its height while a line is typed)."""
    first = f"{path} · {rules} · {', '.join(players)}"
    second = _("hand {number}: {turn} · {left}").format(
        number=n, turn=turn_words(dealer, leader), left=left
    )
    # wrapped at words, a player's change kept with the player's name (`Ścibor +6`)
    kept = re.sub(r"(?<=\S) (?=[+-]\d)", KEPT, preview)
    shown = wrap(kept, width, "  ").replace(KEPT, " ").splitlines() if preview else [" "]
    if len(shown) > 2:  # two lines at most: the second cut where it goes on
        shown = [shown[0], fit(shown[1] + " " + " ".join(shown[2:]), width)]
    shown += [" "] * (2 - len(shown))
    return "\n".join(fit(line, width) for line in (first, second, *shown))


def help_lines(
    commands: Mapping[str, Command], width: int = WIDTH, example: str = "zw ania+cel 61 k"
) -> list[str]:
    """What `help` shows: how to type a hand (`example`, with the table's names), a
    correction, and each command by its name in the language spoken (Polish: `cofnij (u)`)."""
    declarer = example.split()[1].split("+")[-1]
    lines = [
        _('A hand in the usual notation, e.g. "{example}": it is recorded at once.').format(
            example=example
        ),
        _("+WORDS")
        + "  "
        + _(
            'corrects the last hand by what changes: "+k" adds a contra, "+70" sets the '
            'points, "+zo" the contract, "+{player}" the declarer; "+" and a whole hand '
            "replaces it."
        ).format(player=declarer),
    ]
    usage = {"void": " N", "amend": " " + _("N TEXT"), "explain": " [N]", "quote": " C"}
    polish = language() == "pl"
    for name, command in commands.items():
        names = command.polish[:1] if polish else command.words[:1]
        if polish and name == "standings":
            names = command.polish
        short = "/".join(word for word in command.words[1:] if len(word) <= 2 or not polish)
        left = "/".join(names) + usage.get(name, "") + (f" ({short})" if short else "")
        lines.append(f"{left:<22} {_(command.meaning)}")
    lines.append(_("Tab completes contracts, players and commands; ↑ and ↓ go through history."))
    return [piece for line in lines for piece in wrap(line, width, " " * 8).splitlines()]


def preview_text(preview: Preview, players: Sequence[str]) -> str:
    """`→ zw Ania+Celina 61 k: Ania +2  Bartek -2 …`, why the line cannot be done, or the
    command it names (the live preview, at a terminal and on the table's page)."""
    if preview.kind == "empty":
        return ""
    if preview.kind in ("error", "partial"):
        return preview.error  # (a line still being typed: what Enter would say)
    if preview.kind == "command":
        return _("command: {name}").format(name=preview.text)
    assert preview.deltas is not None
    prefix = "→" if preview.number is None else _("hand {number} →").format(number=preview.number)
    moved = preview.moved
    if moved is not None and moved.after is not None:
        asks = _("(contras counted {before} → {after}: asks first)")
        prefix += " " + asks.format(before=moved.before, after=moved.after)
    changes = "  ".join(f"{p} {d:+d}" for p, d in zip(players, preview.deltas, strict=True))
    return f"{prefix} {preview.text}: {changes}"


def question_text(question: Question) -> str:
    """The yes-or-no question a guard asks (at a terminal and on the table's page)."""
    if question.guard == "callers" and question.moved is not None:
        return _('{sentence}; correct it? (to keep the contras: "{keeping}")').format(
            sentence=moved_sentence(question.moved, question.number),
            keeping=question.moved.keeping,
        )
    if question.guard == "stake":
        return _(
            'hand {number} "{old}" becomes "{new}": its stake changes from {was} to {now}; '
            "correct it?"
        ).format(
            number=question.number,
            old=question.text,
            new=question.new,
            was=question.was,
            now=question.now,
        )
    if question.guard == "same_hand":
        return _('"{text}" is the same as hand {number}; record it again?').format(
            text=question.text, number=question.number
        )
    return _("all {deals} planned deals are played; record an extra deal?").format(
        deals=question.deals
    )


def _shown(text: str, status: str) -> str:
    """A hand's text, marked when it is void."""
    return _("{hand} (void)").format(hand=text) if status == "void" else text


def conflict_text(conflict: Conflict, by: str = "") -> str:
    """What the ledger holds now against what this writer sent (`by`: who entered the hand
    as the ledger has it, where known), ending in the question."""
    number, mine, seen = conflict.number, conflict.mine, conflict.seen
    now = None if conflict.now is None else _shown(conflict.now, conflict.status)
    if conflict.action == "hand":
        if now is None:
            return _(
                "Hand {number} is not the next hand (the next is hand {next}). Yours: {mine}."
            ).format(number=number, next=conflict.next, mine=mine)
        if by:
            return _("{by} has recorded hand {number} already: {now}. Yours: {mine}.").format(
                by=by, number=number, now=now, mine=mine
            )
        return _("Hand {number} is recorded already: {now}. Yours: {mine}.").format(
            number=number, now=now, mine=mine
        )
    if now is None:
        return _("Hand {number} is gone meanwhile (you saw {seen}); nothing was changed.").format(
            number=number, seen=seen
        )
    if conflict.action == "undo" and not conflict.last:
        return _(
            "Hand {number} is no longer the last hand (hand {last} is); nothing was taken back."
        ).format(number=number, last=conflict.next - 1)
    if by:
        told = _("{by} has changed hand {number} meanwhile: it is {now} (you saw {seen}).")
    else:
        told = _("Hand {number} was changed meanwhile: it is {now} (you saw {seen}).")
    told = told.format(by=by, number=number, now=now, seen=seen)
    if conflict.action == "amend":
        return _("{told} Your correction: {mine}.").format(told=told, mine=mine)
    return told


def choice_label(conflict: Conflict, choice: Choice) -> str:
    """The words of one answer to a conflict (a button, a terminal's yes)."""
    number = conflict.number
    if choice == "amend":
        return _("Correct hand {number} to yours").format(number=number)
    if choice == "append":
        return _("Record it as hand {number}").format(number=conflict.next)
    if choice == "again":
        if conflict.action == "undo":
            return _("Undo hand {number} as it is now").format(number=number)
        if conflict.action == "void":
            return _("Void hand {number} as it is now").format(number=number)
        return _("Correct hand {number} as it is now").format(number=number)
    return _("Discard mine") if len(conflict.choices) > 1 else _("OK")


def already_text(done: AlreadyDone) -> str:
    """A write the ledger shows done already: nothing written, and why."""
    number, text = done.number, done.text
    if done.action == "hand":
        words = _("This hand is recorded already (hand {number}: {text}); nothing recorded.")
    elif done.action == "amend":
        words = _("Hand {number} is corrected already: {text}; nothing changed.")
    elif done.action == "undo":
        words = _("Hand {number} is taken back already ({text}); nothing changed.")
    else:
        words = _("Hand {number} is void already ({text}); nothing changed.")
    return words.format(number=number, text=text)


def missing_text(missing: Sequence[Part]) -> str:
    """`missing: the partner, card points (0–104)`: what a line being typed still lacks
    (game/partial), for the table's page (where it is shown in grey, not as an error)."""
    named = {
        "contract": _("the contract"),
        "player": _("the player"),
        "players": _("two players"),
        "partner": _("the partner"),
        "points": _("card points (0–{most})").format(most=TOTAL_POINTS),
        "tricks": _("tricks (/0–/{most})").format(most=TOTAL_TRICKS),
        "callers": _("who called the contras"),
        "offender": _("who revoked"),
        "changes": _("the changes, e.g. A+4 B-4"),
        "word": _("the rest of the word"),
    }
    return _("missing: {parts}").format(parts=", ".join(named[part] for part in missing))
