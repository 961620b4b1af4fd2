"""The app's own words (its home, its loading, its storage), in the language spoken: the
catalog's, written into the app's page for Polish and English alike (the page chooses)."""

from __future__ import annotations

from baska_cli.i18n import LANGUAGES, _, speaking


def shell_words() -> dict[str, str]:
    """The words of the app's page around the table page, in the language spoken."""
    return {
        "title": _("Baśka on this phone"),
        "loading": _("Starting Baśka…"),
        "loading_first": _("The first start takes a few seconds; then the app works offline."),
        "failed": _("Baśka could not start: {reason}"),
        "old_browser": _(
            "This browser is too old for the app (it needs WebAssembly and IndexedDB)."
        ),
        "no_storage": _(
            "This browser keeps nothing for this page (a private window?): an evening "
            "would be lost when the page closes."
        ),
        "offline_ready": _("Ready offline: this phone keeps the app and its evenings."),
        "plain_http": _(
            "Opened over plain http: the evenings are kept on this phone, but the app itself "
            "only while this address answers. Open it over https, or install it from there, "
            "to play offline."
        ),
        "evenings": _("Evenings on this phone"),
        "no_evenings": _("No evenings yet."),
        "new": _("New evening"),
        "seat": _("Seat {seat}"),
        "seat_hint": _("The players in seat order, clockwise; seat 1 deals first."),
        "rules": _("Rules"),
        "deals": _("Deals"),
        "title_field": _("Title (optional)"),
        "start": _("Start the evening"),
        "open": _("Open"),
        "export": _("Export (CSV)"),
        "remove": _("Remove"),
        "remove_q": _(
            "Remove the evening {name} from this phone? Export it first to keep its ledger."
        ),
        "import": _("Import a ledger"),
        "import_hint": _(
            "A ledger (.csv) of `baska` or of this app: it is checked as `baska check` "
            "does, then kept here to go on with it."
        ),
        "played": _("played: {dealt}"),
        "played_of": _("played: {dealt} of {deals}"),
        "cannot_read": _("This ledger cannot be read: {reason}"),
        "home": _("Evenings"),
        "other_tab": _("Another tab of this app changed this evening: the page is read again."),
    }


def all_words() -> dict[str, dict[str, str]]:
    """The app's words in every language baska speaks."""
    found = {}
    for language in LANGUAGES:
        with speaking(language):
            found[language] = shell_words()
    return found
