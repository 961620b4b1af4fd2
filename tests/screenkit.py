"""The words a person reads on every screen of a day (tests/test_tournament_day_polish.py):
each command's output, each page's visible text and the words its scripts show, each JSON
answer's sentences, a workbook's cells; and what of them is foreign to a Polish screen
(English words, the help's English placeholders, an evening's ending at a tournament, a
word's raw key, a template's field left unfilled)."""

from __future__ import annotations

import html
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from baska_cli.cli import cli
from tests.test_i18n_walk import ENGLISH, english_placeholders, words

# the organiser's terminal in Polish, as a Polish computer sets it (and nothing else chosen)
POLISH_ENV = {"LANG": "pl_PL.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "BASKA_LANG": None}


def listed(text: str) -> frozenset[str]:
    """The words of a text written as a list, one space apart."""
    return frozenset(text.split())


# English UI words beyond the walk's list (which leaves out words Polish has too): a page
# or a message shows none of them (nor the colloquial Polish "no": baska never says it)
MORE_ENGLISH = listed(
    """round rounds table tables player standings close closed finished waiting yes none
    evening confirmed disputed playing started start clock time left walkout walked
    present paid unpaid cash team teams category seat seats result results announcement
    page print sheets seating draw drawn undo back send sent help loading offline cancel
    save error warning no"""
)
# ("by" is Polish too: "by opublikować")
FORBIDDEN = (ENGLISH | MORE_ENGLISH) - {"by"}
# a tournament's table is no evening: no "end of the evening" (its money) on any screen
EVENING = re.compile(r"\bwiecz[oó]r\w*|\bevening\b", re.IGNORECASE)
# a word's key shown for want of its words (`place_points`)
RAW_KEY = re.compile(r"(?<![\w/.-])[a-z]+_[a-z_]+(?![\w/.-])")
# a template's field left unfilled: {name}, %(name)s, %s, %d
UNFILLED = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)[sd]|%[sd]\b")
CAPITALS = re.compile(r"(?<![\w-])[A-ZĄĆĘŁŃÓŚŹŻ][A-ZĄĆĘŁŃÓŚŹŻ_]*(?![\w-])")
# proper names, units and formats a Polish screen shows as they are
ALLOWED = listed("CSV JSON QR PIN URL HTML XLSX A4 baska Baśka Grand Prix mester plb pagat")

TAGS = re.compile(r"<[^>]*>")
CODE = re.compile(r"<code>.*?</code>", re.DOTALL)  # what is typed as it is (`cofnij, undo`)
HIDDEN = re.compile(r"<(script|style)\b[^>]*>.*?</\1>", re.DOTALL | re.IGNORECASE)
JSON_SCRIPT = re.compile(r'<script id="([\w-]+)" type="application/json">(.*?)</script>', re.DOTALL)
SHOWN_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"')
# the catalogs a page's scripts speak from (the rules' and the commands' are data: the
# contracts' codes and the commands' words in both languages, typed either way)
CATALOGS = ("baska-words", "confirm-words", "end-words", "board-words", "banner-words")
# a JSON answer's fields that are codes, not words shown
CODES = re.compile(r"^[a-z][a-z0-9_-]*$")


class Screens:
    """Every text a person reads during the day, by where it was read."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, text: str) -> None:
        self.texts.append((where, text))

    def cli(self, *args: str, ok: bool = True) -> str:
        """`baska ARGS` in Polish (LANG), its stdout and stderr collected (JSON's as an
        answer's): its stdout."""
        done = CliRunner().invoke(cli, list(args), env=POLISH_ENV)
        assert done.exception is None or isinstance(done.exception, SystemExit), done.output
        if ok:
            assert done.exit_code == 0, done.output
        where = "baska " + " ".join(a for a in args[:4] if "/" not in a)
        if "json" in args:
            self.answer(where, json.loads(done.stdout))
            self.add(where, done.stderr)
        else:
            self.add(where, done.stdout + "\n" + done.stderr)
        return done.stdout

    def page(self, where: str, text: str) -> None:
        """A page's visible words: its text and shown attributes, and its scripts' words."""
        for name, data in JSON_SCRIPT.findall(text):
            if name in CATALOGS:
                words = json.loads(html.unescape(data))
                self.add(f"{where} #{name}", fill(" \n".join(strings(words))))
        shown = CODE.sub(" ", HIDDEN.sub(" ", text))
        attributes = " \n".join(SHOWN_ATTRIBUTES.findall(shown))
        self.add(where, html.unescape(TAGS.sub(" \n", shown) + "\n" + attributes))

    def answer(self, where: str, data: Any) -> None:
        """A JSON answer's words (its strings but its codes)."""
        said = [TAGS.sub(" \n", text) for text in strings(data) if not CODES.match(text)]
        self.add(where, " \n".join(said))

    def foreign(self) -> list[str]:
        """What is foreign, screen by screen."""
        english = english_placeholders()
        found = []
        for where, text in self.texts:
            bad = [w for w in words(spoken(text)) if w.lower() in FORBIDDEN]
            bad += sorted(set(CAPITALS.findall(text)) & english)
            bad += EVENING.findall(text) + UNFILLED.findall(text) + RAW_KEY.findall(spoken(text))
            if bad:
                found.append(f"{where}: {sorted(set(bad))}")
        return found


def spoken(text: str) -> str:
    """The words of a text meant as Polish: commands as typed (an example's line, a command
    quoted in backticks, an option's choices), proper names, units and formats left out."""
    text = re.sub(r"(?m)^\s*(?:Przykład:\s*)?baska\b.*$", " ", text)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"\[[\w|]+\]", " ", text)
    text = re.sub(r"(?m)^[a-z][\w-]* = .*$", " ", text)  # a setting, as `set` takes it
    text = re.sub(r"\[domyślnie: [^\]]*\]", " ", text)  # a default value, as typed
    text = re.sub(r"\S*(?:/|\.(?:csv|css|html|json|txt|xlsx)\b)\S*", " ", text)  # a path
    for word in ALLOWED:
        text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text)
    return text


def fill(text: str) -> str:
    """A catalog's text with its {fields} as a script fills them (a number)."""
    return re.sub(r"\{[a-z_]+\}", "1", text)


def strings(data: Any) -> Iterator[str]:
    """Every string of a JSON value (not its keys)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def workbook_text(path: Path) -> str:
    """The cells' words of an .xlsx (its shared strings and sheet names)."""
    with zipfile.ZipFile(path) as book:
        parts = [n for n in book.namelist() if n.endswith(".xml") and "xl/" in n]
        texts = []
        for name in parts:
            if "sharedStrings" in name or "worksheets/" in name or name.endswith("workbook.xml"):
                xml = book.read(name).decode("utf-8")
                texts += re.findall(r"<t[^>]*>([^<]*)</t>", xml)
                texts += re.findall(r'<sheet name="([^"]*)"', xml)
                texts += re.findall(r"<(?:oddHeader|oddFooter)>([^<]*)<", xml)
        return html.unescape(" \n".join(texts))
