"""What a league's service did, in words: the sentences `baska league` (and `tournament new
--league`, `tournament enter` in a league's event) say after players were added, found,
spelt otherwise or look alike, an event added or matched again, a record renamed or a merge
undone, an event re-dated or removed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from baska_cli.league.register import Alias, Member
    from baska_cli.league.registering import Respelt
    from baska_cli.league.service.calendar import Moved
    from baska_cli.league.service.events import Joined, LateEntry

Pair = tuple["Member", "Member"]


def added_lines(added: Sequence[Member]) -> list[str]:
    """Each player added to the register, with the id given."""
    return [
        _("{name} was added to the register as {id}").format(name=m.name, id=m.id) for m in added
    ]


def found_line(count: int) -> list[str]:
    """How many players the register had already (nothing where none)."""
    if not count:
        return []
    return [
        ngettext(
            "{count} player was in the register already",
            "{count} players were in the register already",
            count,
        ).format(count=count)
    ]


def respelt_lines(respelt: Sequence[Respelt]) -> list[str]:
    """A player found by id whose name was written otherwise: the register's spelling kept."""
    return [
        _(
            'warning: "{name}" has the id {id}, which the register gives to "{kept}"; the '
            "register's spelling is kept (baska league players rename corrects it)"
        ).format(name=r.name, id=r.id, kept=r.kept)
        for r in respelt
    ]


def alike_lines(pairs: Sequence[Pair]) -> list[str]:
    """Names that look alike: one person twice?"""
    return [
        _(
            'warning: "{a}" ({a_id}) and "{b}" ({b_id}) look alike: one person? '
            "(baska league players merge)"
        ).format(a=a.name, a_id=a.id, b=b.name, b_id=b.id)
        for a, b in pairs
    ]


def joined_lines(done: Joined, league: str) -> list[str]:
    """An event added, or matched again (nothing changed, new players joined, re-dated)."""
    where = {"event": done.event, "league": league, "date": done.date}
    if not done.already:
        said = [_("{event} is an event of {league} ({date})").format(**where)]
    elif not done.changed:
        said = [_("{event}: nothing changed (an event of {league} already)").format(**where)]
    else:
        said = [_("{event} is an event of {league} already").format(**where)]
    if done.redated:
        said.append(
            _("{event}: its date {before} is now {date}").format(before=done.redated, **where)
        )
    return [
        *said,
        *added_lines(done.added),
        *(found_line(done.found) if done.changed else []),
        *respelt_lines(done.respelt),
        *alike_lines(done.look_alike),
    ]


def late_entry_lines(done: LateEntry, tournament: str) -> list[str]:
    """A late entry's record in the league's register (added, found), or why none (and the
    command that joins them to it)."""
    said = []
    if done.match is not None:
        m = done.match.member
        if done.match.added:
            said += added_lines([m])
        else:
            said.append(_("{name} is {id} in the league's register").format(name=m.name, id=m.id))
        said += respelt_lines([done.match.respelt] if done.match.respelt else [])
    if done.unreached:
        said.append(
            _(
                "the league {league} is out of reach, so the player is in its register only once "
                "the event's new players join it: baska league add LIGA DIR"
            ).format(league=done.unreached)
        )
    if done.several:
        said.append(
            _(
                "{leagues}: each of them lists {dir} as an event, so the new player joins "
                "their registers with: baska league add LIGA {dir}, for each of them"
            ).format(leagues=", ".join(done.several), dir=tournament)
        )
    return [*said, *alike_lines(done.look_alike)]


def renamed_line(before: Member, after: Member) -> str:
    """A record's name corrected (or as it was)."""
    if before == after:
        return _('{id}: "{name}" already; nothing changed').format(id=after.id, name=after.name)
    return _('{id}: "{before}" is now "{after}"').format(
        id=after.id, before=before.name, after=after.name
    )


def unmerged_line(alias: Alias) -> str:
    """A merge undone."""
    return _(
        "{id} ({name}) is a record of its own again; its events count for it, not {kept}"
    ).format(id=alias.id, name=alias.name, kept=alias.kept)


def moved_line(done: Moved, league: str) -> str:
    """An event re-dated or removed."""
    where = {"event": done.event, "league": league, "before": done.before, "date": done.date}
    if done.removed:
        return _(
            "{event} is no event of {league} any more; the players it added stay in the register"
        ).format(**where)
    if done.before == done.date:
        return _("{event}: its date is {date} already; nothing changed").format(**where)
    return _("{event}: its date {before} is now {date}").format(**where)
