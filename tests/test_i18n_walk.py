"""Walk the commands in both languages: no English sentence in Polish output, no Polish in
English output (game words, player names and rulebook titles aside).

Every command's --help, a set of error paths and the normal outputs (score, score --explain,
the sheet of samples/evening.csv, standings, rules, stats, settle, new, undo, void, amend,
check, recalc) run under `--lang pl` and `--lang en`; each output's words are checked
against two word lists. Every Polish help is checked for the English placeholders of
arguments and options (`DIR`, `OUT_DIR`, `KEY VALUE`…): each is `KATALOG`, `KLUCZ WARTOŚĆ`….

A word of the other language fails the case and names the words found.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from baska_cli.cli import cli, subcommands
from baska_cli.cli.lang import Argument, Option
from baska_cli.i18n import speaking
from tests import tournamentkit as kit

from .conftest import ROOT

SAMPLE = str(ROOT / "samples" / "evening.csv")
HOUSE = str(ROOT / "samples" / "house-rules.toml")
PLAYERS = ("Ania", "Bartek", "Celina", "Darek")


def _set(text: str) -> frozenset[str]:
    """The words of a text written as a list, one space apart."""
    return frozenset(text.split())


# English words that have no business in a Polish sentence ("a", "to", "do", "no", "on" and
# "na" are Polish words too, so they are not listed; "rules", "score", "void", "undo" … are
# command names, and "void", "amended", "undone" the ledger file's marks, never translated)
ENGLISH = _set(
    """the is are was were not of and or with without from for by this that these those
    expected hand hands file files deal deals dealt leads lead won lost wins win loses lose
    pays pay player players total totals next played left error usage options show shows
    message missing argument did you mean must cannot should only every each none nobody
    anybody which when where there their its it be has have after before under points point
    card sheet standings default given written write read instead than into per one two
    three four place places sessions session streaks best worst opponent
    opponents declarers declarer allowed forbidden source rulebook rulebooks reconstructed
    choice our again changes change over"""
)
# Polish words that have no business in an English sentence
POLISH = _set(
    """nie jest są od każdego każdy każda wygrana przegrana wygrywa przegrywa rozdanie
    rozdania rozdań oraz albo lub przez dla się że już czy jako tylko gracz gracza gracze
    graczy punkty punktów punkt wynik wyniki zapis plik pliku błąd według przy jeszcze tak
    ta na za ze w z o i u dalej rozdaje wychodzi miejsce razem zasady źródło"""
)
# game words and phrases (the README's glossary), kept in Polish in English too
GAME_PHRASES = ("bez bitki", "bez wyjścia", "z wyjściem", "bez kontry", "gra zwykła")
GAME_WORDS = _set(
    """starzy młodzi młodych starych młodego młodemu starym zwykła zwykłej wesele wesela
    cicha cichej gran grana zolo du baśka baśkę baśki méster bieda kontra kontry kontr
    rekontra rekontry re bok hirsz wyjście wyjścia wyjściem bitki bitka kara kary kar adj
    oczka oczek oczko lewa lewy lew słup czerwona zł solo partner"""
)
POLISH_LETTERS = re.compile(r"[ąćęłńóśźż]", re.IGNORECASE)
QUOTED = re.compile(r"\"[^\"\n]*\"|„[^”\n]*”|(?<!\w)'[^'\n]*'(?!\w)")


@cache
def titles() -> tuple[str, ...]:
    """Rule systems' and rulebooks' titles: names, in whatever language they were given."""
    folder = ROOT / "baska_cli" / "rulesets"
    found = []
    for path in folder.glob("*.toml"):
        data = tomllib.loads(path.read_text("utf-8"))
        found += [data["title"]] if "title" in data else []
        found += [t["title"] for t in data.values() if isinstance(t, dict) and "title" in t]
    found += [tomllib.loads(Path(HOUSE).read_text("utf-8"))["title"]]
    return tuple(sorted(found, key=len, reverse=True))


def words(text: str) -> list[str]:
    """The words of an output a person reads as language: titles, game phrases, names,
    paths, options, metavars (FILE), notation and numbers left out."""
    for title in titles():
        text = text.replace(title, " ")
    text = QUOTED.sub(" ", text)  # what the user typed, quoted back in an error
    text = re.sub(r"(?<=\[)(default|domyślnie): [^;\]]+", " ", text)  # a value, as typed
    # a subcommand's name (`standings`), in an example and in the help's list of commands
    text = re.sub(r"\b(?:tournament|league) [a-z]+", " ", text)
    text = re.sub(r"(?m)^  [a-z]+(?=  )", " ", text)
    for phrase in GAME_PHRASES:
        text = re.sub(re.escape(phrase), " ", text, flags=re.IGNORECASE)
    found = []
    for chunk in text.split():
        if re.search(r"[-_./=+@:\\0-9]", chunk.strip(".,;:()[]\"'„”!?")) or chunk.isupper():
            continue
        for word in re.findall(r"[^\W\d_]+", chunk):
            if word in PLAYERS or (len(word) == 1 and word.isupper()):
                continue
            found.append(word)
    return found


def wrong_language(text: str, language: str) -> list[str]:
    """The words of `text` that belong to the other language."""
    wrong = []
    for word in words(text):
        low = word.lower()
        if low in GAME_WORDS:
            continue
        if language == "pl" and low in ENGLISH:
            wrong.append(word)
        if language == "en" and (low in POLISH or POLISH_LETTERS.search(word)):
            wrong.append(word)
    return sorted(set(wrong))


def test_wrong_language_finds_both_ways() -> None:
    assert wrong_language("Error: hand 5 is void; starzy z wyjściem", "pl") == [
        "Error",
        "hand",
        "is",
    ]
    assert wrong_language("rozdanie 5 jest unieważnione; Ania, bez bitki", "en") == [
        "jest",
        "rozdanie",
        "unieważnione",
    ]
    assert wrong_language("baska rules mester --export > house.toml FILE", "pl") == []
    assert wrong_language("Błąd: 'dużo' to nie kwota; the rulebook's words", "en") == [
        "Błąd",
        "nie",
    ]


@cache
def _commands() -> list[list[str]]:
    """The path of every command (the group's own first)."""
    paths: list[list[str]] = [[]]

    def walk(group: click.Group, prefix: list[str]) -> None:
        for name, command in subcommands(group):
            paths.append([*prefix, name])
            if isinstance(command, click.Group):
                walk(command, [*prefix, name])

    walk(cli, [])
    return paths


Setup = Callable[[Path], list[str]]


def _evening(tmp: Path) -> str:
    """A ledger of three hands (one amended, one void) in `tmp`."""
    path = str(tmp / "e.csv")
    run = CliRunner().invoke
    assert run(cli, ["new", path, "-p", ",".join(PLAYERS), "--deals", "8"]).exit_code == 0
    for hand in ("zw ania+cel 61 k", "zo d 70", "gr b 53"):
        assert run(cli, ["score", "-l", path, *hand.split()]).exit_code == 0
    return path


def _broken(tmp: Path) -> str:
    """A ledger whose hand 1 does not score to its changes."""
    path = Path(_evening(tmp))
    text = path.read_text("utf-8").replace(",2,-2,2,-2,2,-2,2,-2", ",3,-3,3,-3,3,-3,3,-3")
    path.write_text(text, "utf-8")
    return str(path)


def _tournament(tmp: Path, draw: bool = True) -> str:
    """A tournament of nine players (one sits out), round 1 drawn, table 1's sheet entered."""

    def make(home: Path) -> str:
        players = "\n".join([*PLAYERS, "Ewa", "Feliks", "Felix", "Halina", "Irena"])
        path = kit.new(home, players, rules=None, seed="1", file="gracze.txt")
        if draw:
            kit.draw(path)
            kit.result(path, 1, 1, *kit.entries(path, 1, 1, (10, -10, 4, -4)))
        return path

    return kit.copied(tmp, ("i18n walk", draw), make)


def _players_file(tmp: Path) -> str:
    """A players file of eight, two of them misspelt alike (Feliks, Felix)."""
    path = tmp / "p.txt"
    path.write_text("\n".join([*PLAYERS, "Ewa", "Feliks", "Felix", "Halina"]), "utf-8")
    return str(path)


CASES: dict[str, Setup] = {
    **{
        "help " + " ".join(path or ["baska"]): (lambda p: lambda tmp: [*p, "--help"])(path)
        for path in _commands()
    },
    # normal outputs
    "score": lambda tmp: ["score", "zw", "A+C", "61", "k"],
    "score --explain": lambda tmp: ["score", "--explain", "we", "A+D", "78/3", "krbh"],
    "score solo": lambda tmp: ["score", "-r", "mester", "ci", "C", "40"],
    "ledger sample": lambda tmp: ["ledger", SAMPLE],
    "ledger chart": lambda tmp: ["ledger", SAMPLE, "--chart"],
    "standings of a season": lambda tmp: ["ledger", SAMPLE, _evening(tmp)],
    "rules": lambda tmp: ["rules"],
    "rules plb": lambda tmp: ["rules", "plb"],
    "rules mester": lambda tmp: ["rules", "mester"],
    "rules pagat": lambda tmp: ["rules", "pagat"],
    "rules house": lambda tmp: ["rules", HOUSE],
    "stats": lambda tmp: ["stats", SAMPLE],
    "settle": lambda tmp: ["settle", SAMPLE, "--stake", "0.10"],
    "new": lambda tmp: ["new", str(tmp / "n.csv"), "-p", ",".join(PLAYERS), "--deals", "8"],
    "score --ledger": lambda tmp: ["score", "-l", _evening(tmp), "zw", "a+c", "70", "--explain"],
    "undo": lambda tmp: ["undo", _evening(tmp)],
    "void": lambda tmp: ["void", _evening(tmp), "2"],
    "amend": lambda tmp: ["amend", _evening(tmp), "1", "zw", "Ania+Celina", "70"],
    "check": lambda tmp: ["check", _evening(tmp)],
    "recalc --diff": lambda tmp: ["recalc", _evening(tmp), "--rules", "mester", "--diff"],
    "recalc --write": lambda tmp: ["recalc", _evening(tmp), "--rules", "pagat", "--write"],
    "tournament new": lambda tmp: [
        "tournament",
        "new",
        str(tmp / "t"),
        "-p",
        _players_file(tmp),
        "--rounds",
        "3",
        "--deals",
        "16",
    ],
    "tournament draw": lambda tmp: ["tournament", "draw", _tournament(tmp, draw=False)],
    "tournament standings": lambda tmp: ["tournament", "standings", _tournament(tmp)],
    "tournament check": lambda tmp: ["tournament", "check", _tournament(tmp)],
    "tournament enter": lambda tmp: ["tournament", "enter", _tournament(tmp), "Zenon"],
    "tournament withdraw": lambda tmp: ["tournament", "withdraw", _tournament(tmp), "Ewa"],
    "tournament lots": lambda tmp: ["tournament", "lots", _tournament(tmp)],
    "tournament checkin": lambda tmp: ["tournament", "checkin", _tournament(tmp), "Ania", "ewa"],
    "tournament checkin list": lambda tmp: ["tournament", "checkin", _tournament(tmp)],
    "error: tournament checkin misspelt": lambda tmp: [
        "tournament",
        "checkin",
        _tournament(tmp),
        "Halinna",
    ],
    "error: tournament sum": lambda tmp: [
        "tournament",
        "result",
        _tournament(tmp),
        "1",
        "2",
        "Ania=+1",
        "B=0",
        "C=0",
        "D=0",
    ],
    # error paths
    "error: unknown player": lambda tmp: ["score", "zw", "A+E", "61"],
    "error: impossible points": lambda tmp: ["score", "zw", "A+C", "65"],
    "error: too many contras": lambda tmp: ["score", "zo", "D", "70", "krb"],
    "error: unknown contract": lambda tmp: ["score", "xx", "A", "61"],
    "error: kontra near kara": lambda tmp: ["score", "zw", "a+c", "61", "kontar"],
    "error: no hand": lambda tmp: ["score"],
    "error: unknown option": lambda tmp: ["score", "--nope"],
    "error: unknown command": lambda tmp: ["scroe"],
    "error: unknown rules": lambda tmp: ["rules", "nope"],
    "error: no ledger": lambda tmp: ["ledger", str(tmp / "missing.csv")],
    "error: ledger exists": lambda tmp: ["new", _evening(tmp), "-p", ",".join(PLAYERS)],
    "error: three players": lambda tmp: ["new", str(tmp / "n.csv"), "-p", "Ania,Bartek,Celina"],
    "error: no such hand": lambda tmp: ["void", _evening(tmp), "9"],
    "error: bad amend": lambda tmp: ["amend", _evening(tmp), "1", "zw", "Ania+Ewa", "70"],
    "error: broken ledger": lambda tmp: ["check", _broken(tmp)],
    "error: settle without stake": lambda tmp: ["settle", SAMPLE],
    "error: bad stake": lambda tmp: ["settle", SAMPLE, "--stake", "dużo"],
}


@pytest.mark.parametrize("language", ["pl", "en"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_output_is_in_one_language(case: str, language: str, tmp_path: Path) -> None:
    args = CASES[case](tmp_path)
    result = CliRunner().invoke(cli, ["--lang", language, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    found = wrong_language(result.stdout + "\n" + result.stderr, language)
    assert found == []


# placeholders that read the same in Polish: a count, a seed, two players, an id, an address…
NEUTRAL_PLACEHOLDERS = _set("N D S A B ID URL PIN PORT MIN MM DD LIGA")  # (LIGA: Polish already)
CAPITALS = re.compile(r"(?<![\w-])[A-ZĄĆĘŁŃÓŚŹŻ][A-ZĄĆĘŁŃÓŚŹŻ_]*(?![\w-])")


def _command_of(path: list[str]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    return command


@cache
def english_placeholders() -> frozenset[str]:
    """The words of every argument's and option's placeholder as the English help shows them
    (`DIR`, `OUT_DIR`, `KEY`, `VALUE`, `FILE`…), less those Polish reads the same."""
    found: set[str] = set()
    with speaking("en"):
        for path in _commands():
            command = _command_of(path)
            context = click.Context(command)
            for param in command.params:
                shown = param.make_metavar(context) if not getattr(param, "is_flag", False) else ""
                found |= set(CAPITALS.findall(shown))
    return frozenset(found - NEUTRAL_PLACEHOLDERS)


def test_every_argument_and_option_shows_its_placeholder_in_the_interface_language() -> None:
    for path in _commands():
        for param in _command_of(path).params:
            assert isinstance(param, (Argument, Option)), (path, param.name)
    assert {"DIR", "FILE", "OUT_DIR", "KEY", "VALUE", "PLAYER", "TEXT", "TEAM"} <= (
        english_placeholders()
    )


@pytest.mark.parametrize("path", _commands(), ids=lambda path: " ".join(path) or "baska")
def test_polish_help_has_polish_placeholders(path: list[str]) -> None:
    shown = CliRunner().invoke(cli, ["--lang", "pl", *path, "--help"])
    assert shown.exit_code == 0, shown.output
    english = sorted(set(CAPITALS.findall(shown.stdout)) & english_placeholders())
    assert english == []


@pytest.mark.parametrize(
    "args",
    [
        ["score", "-f", "json", "--explain", "zw", "A+C", "61", "k"],
        ["score", "-f", "csv", "zw", "A+C", "61", "k"],
        ["ledger", SAMPLE, "-f", "json"],
        ["ledger", SAMPLE, "-f", "csv"],
        ["stats", SAMPLE, "-f", "json"],
        ["stats", SAMPLE, "-f", "csv"],
        ["settle", SAMPLE, "--stake", "0.10", "-f", "json"],
        ["rules", "mester", "--export"],
        ["rules", HOUSE, "--export"],
    ],
    ids=" ".join,
)
def test_what_scripts_read_does_not_depend_on_the_language(args: list[str]) -> None:
    english = CliRunner().invoke(cli, ["--lang", "en", *args])
    polish = CliRunner().invoke(cli, ["--lang", "pl", *args])
    assert (polish.exit_code, polish.stdout) == (english.exit_code, english.stdout)
    assert english.exit_code == 0
