"""Where a rule system's numbers come from, as a player knows it: rulebook titles and points.

A provenance text (rulesets/*.toml) reads `KIND [(CONFIDENCE)] [[CITES]]: NOTE`, where KIND
is stated, reconstructed, chosen or house, and CITES names rulebooks by their keys in
rulesets/sources.toml, each with its point: `stated [S001 7H]: „gracz ponosi karę…”`. The
rulebooks' titles by key (`books`) are given: a RuleSet carries them (read by rulesets/).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from baska_cli.i18n import N_, _

Translate = Callable[[str], str]

# the word that marks a number no rulebook states, strongest first
MARKS = {
    "house": N_("house rule"),
    "chosen": N_("our choice"),
    "reconstructed": N_("reconstructed"),
}
LEGEND = {
    "reconstructed": N_(
        "(reconstructed): not written in the rulebook; worked out from it and the other rulebooks"
    ),
    "chosen": N_("(our choice): the rulebooks are silent or disagree; our default"),
    "house": N_("(house rule): set in the house-rules file"),
}
_PROVENANCE = re.compile(
    r"(?P<kind>stated|reconstructed|chosen|house)(?: \((?P<confidence>[^)]*)\))?"
    r"(?: \[(?P<cites>[^\]]*)\])?:\s*(?P<note>.*)\Z",
    re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class Cite:
    """A place in a rulebook: its key in sources.toml and its point ("7H", "table", "§9")."""

    book: str
    point: str = ""


@dataclass(frozen=True, slots=True)
class Provenance:
    """A provenance text taken apart."""

    kind: str  # stated, reconstructed, chosen, house; "" when the text has another form
    cites: tuple[Cite, ...]
    note: str


def parse_cites(text: str, books: Mapping[str, str]) -> tuple[Cite, ...] | None:
    """`S001 7H; W-PSB-REG §9` as cites, or None when a part names no rulebook of `books`."""
    cites = []
    for part in text.split(";"):
        book, _, point = part.strip().partition(" ")
        if book not in books:
            return None
        cites.append(Cite(book, point.strip()))
    return tuple(cites)


def parse_provenance(text: str, books: Mapping[str, str]) -> Provenance:
    """A provenance text as its kind, the rulebooks (of `books`) it cites and its note."""
    found = _PROVENANCE.match(text)
    if found is None:
        return Provenance("", (), text)
    cites = parse_cites(found["cites"], books) if found["cites"] else ()
    if cites is None:
        return Provenance(found["kind"], (), text.partition(":")[2].strip())
    return Provenance(found["kind"], cites, found["note"])


def point_text(point: str, tr: Translate = _) -> str:
    """A point as a player reads it: `point 7H`, `payout table`, `§9`, `Punktacja (I)`."""
    if point == "table":
        return tr(N_("payout table"))
    if point[:1].isdigit():
        return tr(N_("point {point}")).format(point=point)
    return point


def cite_text(cite: Cite, books: Mapping[str, str], main: str = "", tr: Translate = _) -> str:
    """A cite as a player reads it: `Baszka Méster Sport, point 7H`; the point alone (or
    nothing) for the system's main rulebook (`main`), named once above the tables."""
    point = point_text(cite.point, tr) if cite.point else ""
    if cite.book == main:
        return point
    title = books[cite.book]
    return tr(N_("{rulebook}, {point}")).format(rulebook=title, point=point) if point else title


def cites_text(
    cites: Iterable[Cite], books: Mapping[str, str], main: str = "", tr: Translate = _
) -> str:
    """Several cites, each once, in order: `Zasady gry w baśkę; Baszka Méster Sport, …`."""
    shown = [text for text in dict.fromkeys(cite_text(c, books, main, tr) for c in cites) if text]
    return "; ".join(shown)


def mark(kind: str, tr: Translate = _) -> str:
    """`(reconstructed)`, `(our choice)`, `(house rule)`; nothing for a stated number."""
    return tr(N_("({mark})")).format(mark=tr(MARKS[kind])) if kind in MARKS else ""


def strongest(kinds: Iterable[str]) -> str:
    """The kind that marks a number resting on several settings (a lost solo: the base and
    the loss multiplier): house before chosen before reconstructed before stated."""
    present = set(kinds)
    return next((kind for kind in MARKS if kind in present), "stated")


def source_of(
    texts: Sequence[str], books: Mapping[str, str], main: str = "", short: bool = False
) -> str:
    """Where a number resting on the settings with these provenance texts comes from: the
    rulebook and point, or a mark and what it rests on (`short`: the mark alone)."""
    parts = [parse_provenance(text, books) for text in texts if text]
    kind = strongest(p.kind for p in parts)
    cites = [c for p in parts if p.kind == kind or kind == "stated" for c in p.cites]
    if kind == "stated":
        return cites_text(cites, books, main)
    if short or not cites:
        return mark(kind)
    return _("{mark} from {rulebooks}").format(mark=mark(kind), rulebooks=cites_text(cites, books))
