"""The interface language: which one is chosen, and messages translated through gettext.

Every sentence a player reads is written in English in the code and passed through `_`
(or `ngettext` where a number meets a noun: Polish has three plural forms); the Polish
texts live in `locale/pl/LC_MESSAGES/baska.po`, compiled to the `.mo` beside it
(`python tools/catalog.py` extracts, updates and compiles; see docs/translating.md).

Rules for callers:
- translate when the message is made, never at import time: a constant that is shown
  later is marked with `N_` and passed through `_` where it is used;
- placeholders are named (`_("hand {number}").format(number=5)`), so a translation may
  reorder them; never an f-string inside `_`;
- what a script reads (JSON and CSV keys and values, the notation, the ledger file, exit
  codes) is never translated.

Click's own messages ("Usage:", "Missing argument") are looked up by Click through the
standard `gettext` module in the default text domain; `use` makes that domain this catalog,
in the language of the context, so one catalog holds both. Nothing here writes the
environment (a program baska starts inherits none of its choices).
"""

from __future__ import annotations

import errno
import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

DOMAIN = "baska"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
LANGUAGES = ("en", "pl")
LANG_ENV = "BASKA_LANG"
LOCALE_ENVS = ("LC_ALL", "LC_MESSAGES", "LANG")

# The language of this context (a request, a thread) where one is chosen for it with
# `speaking`; else the process's, chosen once with `use` (the command line's).
_context_language: ContextVar[str | None] = ContextVar("baska_language", default=None)
_process_language = "en"


class LanguageError(ValueError):
    """A language asked for that baska does not speak (BASKA_LANG=de)."""


def language_from(flag: str | None, environ: Mapping[str, str]) -> str:
    """The interface language: --lang, else BASKA_LANG, else the first set of LC_ALL,
    LC_MESSAGES and LANG (Polish for pl*, English otherwise), else English."""
    if flag:
        return _known(flag, "--lang")
    chosen = environ.get(LANG_ENV, "").strip()
    if chosen:
        return _known(chosen, LANG_ENV)
    for name in LOCALE_ENVS:
        value = environ.get(name, "")
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"


def _known(value: str, source: str) -> str:
    """`pl`, `en` (also `pl_PL.UTF-8`, `EN`), or a LanguageError that names the source."""
    short = value.strip().lower()[:2]
    if short in LANGUAGES and (len(value.strip()) == 2 or value.strip()[2] in "_-."):
        return short
    # the message is in the language the environment asks for, as no other is chosen yet
    raise LanguageError(
        _("{source}={value!r}: expected pl (Polish) or en (English)").format(
            source=source, value=value
        )
    )


def use(language: str) -> None:
    """Speak `language` (one of LANGUAGES) in this process from now on, in baska's messages and
    Click's: the command line chooses once. A server chooses per request with `speaking`."""
    global _process_language
    _check(language)
    _process_language = language
    _answer_for_click()


def _answer_for_click() -> None:
    """Click asks gettext.gettext and gettext.ngettext, which ask the standard module's
    dgettext and dngettext for the default domain, and those would choose the catalog by
    the LANGUAGE variable: make baska's domain the default, answered in `language()`."""
    gettext.textdomain(DOMAIN)
    if gettext.dgettext is not _dgettext:
        gettext.dgettext = _dgettext
        gettext.dngettext = _dngettext


_standard_dgettext = gettext.dgettext
_standard_dngettext = gettext.dngettext


def _dgettext(domain: str, message: str) -> str:
    """gettext.dgettext, baska's domain in the language of this context."""
    if domain == DOMAIN:
        return _(message)
    return _standard_dgettext(domain, message)


def _dngettext(domain: str, msgid1: str, msgid2: str, n: int) -> str:
    """gettext.dngettext, baska's domain in the language of this context."""
    if domain == DOMAIN:
        return ngettext(msgid1, msgid2, n)
    return _standard_dngettext(domain, msgid1, msgid2, n)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within the block, messages are in `language` in this context only (this thread, this
    request); other threads and tasks keep their own."""
    _check(language)
    token = _context_language.set(language)
    try:
        yield
    finally:
        _context_language.reset(token)


def language() -> str:
    """The language messages are in now, in this context."""
    return _context_language.get() or _process_language


def _check(language: str) -> None:
    if language not in LANGUAGES:
        raise LanguageError(language)


def _(message: str) -> str:
    """`message` in the language of this context."""
    return translation(language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` (1 lewa, 2 lewy, 5 lew) in the language of this
    context."""
    return translation(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark `message` for translation where it is defined; `_` translates it where shown."""
    return message


@cache
def translation(language: str) -> gettext.NullTranslations:
    """The catalog of `language`, read once per process."""
    _check(language)
    if language == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [language])


# The operating system's reasons a file operation fails, as its C library says them in
# English (strerror), so that they can be said in the interface language too.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.EROFS: N_("Read-only file system"),
    errno.EIO: N_("Input/output error"),
    errno.EPIPE: N_("Broken pipe"),
    errno.EBADF: N_("Bad file descriptor"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EFBIG: N_("File too large"),
}


def os_reason(error: OSError) -> str:
    """Why a file operation failed, in the interface language where baska knows the
    reason, else as the operating system said it."""
    known = _OS_REASONS.get(error.errno or 0)
    if known is not None:
        return _(known)
    return error.strerror or str(error)
