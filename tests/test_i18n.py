"""The interface language: how it is chosen, and that both languages are whole."""

from __future__ import annotations

import re

import pytest

from baska_cli import i18n
from baska_cli.i18n import LanguageError, language_from
from tests.clikit import invoke


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        (None, {}, "en"),
        (None, {"LANG": "pl_PL.UTF-8"}, "pl"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LC_MESSAGES": "pl_PL", "LANG": "en_GB"}, "pl"),
        (None, {"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "pl_PL"}, "en"),
        (None, {"LC_ALL": "", "LANG": "pl_PL"}, "pl"),
        (None, {"BASKA_LANG": "en", "LC_ALL": "pl_PL.UTF-8"}, "en"),
        (None, {"BASKA_LANG": "pl_PL.UTF-8"}, "pl"),
        ("pl", {"BASKA_LANG": "en"}, "pl"),
        ("en", {"LANG": "pl_PL"}, "en"),
    ],
)
def test_language_precedence(flag: str | None, environ: dict[str, str], expected: str) -> None:
    assert language_from(flag, environ) == expected


@pytest.mark.parametrize("value", ["de", "polish", "p", "plx"])
def test_unknown_baska_lang_is_refused(value: str) -> None:
    with pytest.raises(LanguageError, match=f"BASKA_LANG={value!r}: expected pl"):
        language_from(None, {"BASKA_LANG": value})


def test_bad_baska_lang_is_bad_input() -> None:
    result = invoke("rules", env={"BASKA_LANG": "de"})
    assert result.exit_code == 2
    assert "BASKA_LANG='de'" in result.stderr


def test_lang_option_wins_over_environment() -> None:
    english = invoke("--lang", "en", "--help", env={"BASKA_LANG": "pl"})
    polish = invoke("--lang", "pl", "--help", env={"BASKA_LANG": "en"})
    assert english.exit_code == polish.exit_code == 0
    assert english.stdout.startswith("Usage:")
    assert not polish.stdout.startswith("Usage:")


def test_use_switches_messages_back_and_forth() -> None:
    i18n.use("pl")
    assert i18n.language() == "pl"
    i18n.use("en")
    assert i18n._("Usage:") == "Usage:"


def test_polish_catalog_is_complete_and_compiled() -> None:
    """Every message of the code translated, none fuzzy, the same placeholders in both
    languages, and the .mo that `pip install .` ships is the .po compiled."""
    import subprocess
    import sys
    from pathlib import Path

    tool = Path(__file__).resolve().parent.parent / "tools" / "catalog.py"
    done = subprocess.run(
        [sys.executable, str(tool), "check"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout.splitlines()[-1:]) == (0, ["catalogs ok"]), done.stdout


def test_os_reasons_are_said_in_polish() -> None:
    import errno

    i18n.use("pl")
    assert i18n.os_reason(OSError(errno.ENOSPC, "No space left on device")) == (
        "Brak miejsca na urządzeniu"
    )
    assert i18n.os_reason(OSError(errno.EXDEV, "Invalid cross-device link")) == (
        "Invalid cross-device link"  # not one baska knows: as the system said it
    )
    i18n.use("en")
    assert i18n.os_reason(OSError(errno.ENOSPC, "whatever")) == "No space left on device"


def test_two_threads_speak_their_own_language_at_once():
    """A server answers a Polish phone and an English one at the same moment: each context
    gets its own words, and neither changes the process's language."""
    import threading

    barrier = threading.Barrier(2)
    heard: dict[str, list[str]] = {}

    def speak(language: str) -> None:
        with i18n.speaking(language):
            barrier.wait()
            words = []
            for _round in range(200):
                words.append(i18n._("Permission denied"))
                words.append(i18n.ngettext("{count} trick", "{count} tricks", 5))
            heard[language] = sorted(set(words))

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("pl", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert heard["en"] == ["Permission denied", "{count} tricks"]
    assert heard["pl"] == sorted(
        {i18n.translation("pl").gettext("Permission denied"), "{count} lew"}
    )
    assert "Permission denied" not in heard["pl"]
    assert i18n.language() == "en"


def test_speaking_is_undone_after_the_block():
    with i18n.speaking("pl"):
        assert i18n.language() == "pl"
    assert i18n.language() == "en"


def _polish_messages() -> list[tuple[str, str]]:
    """(English, Polish) for every message of the Polish catalog (each plural form)."""
    from babel.messages.pofile import read_po

    path = i18n.LOCALE_DIR + "/pl/LC_MESSAGES/baska.po"
    with open(path, "rb") as stream:
        catalog = read_po(stream)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else " | ".join(message.id)
        polish = message.string if isinstance(message.string, str) else " | ".join(message.string)
        pairs.append((english, polish))
    return pairs


def test_closed_and_in_are_two_words_in_polish() -> None:
    """A round the organiser closed is "zamknięta"; a table or round that has its results
    ("in") is not: it "ma wynik" (a round whose every table is in is "zakończona")."""
    closed = re.compile(r"zamk|zamyk", re.IGNORECASE)
    slips = [e for e, p in _polish_messages() if closed.search(p) and "clos" not in e.lower()]
    assert slips == []


# Polish words that give a person a gender: a message about a player whose gender baska does
# not know says it another way ("obecność potwierdzona", "renons gracza B", "uciekł(a)"); a
# generic noun ("gracz, który…", "ktokolwiek jest obecny") keeps its own grammar
GENDERED = r"(obecny|nieobecny|zapłacił|opłacony|zrobił|wziął|zgłosił|przyszedł|wycofał)\b(?!\()"
ABOUT_A_PLAYER = re.compile(
    rf"\{{(name|names|player|who)\}}[^.;]*\b{GENDERED}|\b{GENDERED}[^.;]*\{{(name|names|player|who)\}}"
    rf"|\b{GENDERED} [A-D]\b|\b[A-D] {GENDERED}"
)


def test_no_message_about_a_player_guesses_a_gender() -> None:
    slips = [(e, p) for e, p in _polish_messages() if ABOUT_A_PLAYER.search(p)]
    assert slips == []
