"""Client ids recorded once, even across a crash: an append-only journal `.NAME.entries`.

Before the server writes the ledger for a request that carries an id, it appends the intent
(the id, the action, the hand's number and text as they are expected) to the journal and
syncs it; once the ledger is written, the answer. A request seen again with the same id gets
the answer kept; one whose intent is in the journal but not its answer (the server was killed
between the two) is looked up in the ledger: done there, it is answered from the ledger,
else it is done now. The journal is JSON, one object a line; baska's other commands never
read it, and a torn last line (a crash while it was appended) is skipped.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from baska_cli.errors import LedgerError
from baska_cli.files.append import append_line
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.i18n import _

ID_LIMIT = 200  # characters a client id may have


def journal_path(ledger: str) -> str:
    """The sidecar `.NAME.entries` beside the ledger."""
    folder, name = os.path.split(os.path.abspath(ledger))
    return os.path.join(folder, f".{name}.entries")


@dataclass(frozen=True, slots=True)
class Intent:
    """What a request with an id was about to do: `action` ("hand", "undo", "void",
    "amend"), the hand's `number`, and `text`: a new hand's canonical text, or the text (and
    `status`) the hand had before a correction."""

    action: str
    number: int
    text: str
    status: str = ""


class Journal:
    """The ids of one ledger: intents and answers, read at start, appended as they come."""

    def __init__(self, ledger: str) -> None:
        self.path = journal_path(ledger)
        self.intents: dict[str, Intent] = {}
        self.answers: dict[str, dict[str, Any]] = {}
        self._read()

    def _read(self) -> None:
        try:
            lines = read_text(self.path, "utf-8", errors="replace").splitlines()
        except FileNotFoundError:
            return
        except NotRegularFile as error:
            raise LedgerError(
                _("cannot read the file: {reason}").format(reason=reason_of(error)), self.path
            ) from None
        for line in lines:
            try:
                item = json.loads(line)
            except ValueError:
                continue  # a line torn by a crash
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            if isinstance(item.get("answer"), dict):
                self.answers[item["id"]] = item["answer"]
            elif isinstance(item.get("intent"), dict):
                with_fields = item["intent"]
                try:
                    self.intents[item["id"]] = Intent(**with_fields)
                except TypeError:
                    continue

    def answer(self, client_id: str) -> dict[str, Any] | None:
        """The answer given to this id, if any."""
        return self.answers.get(client_id)

    def intent(self, client_id: str) -> Intent | None:
        """What this id was about to do, if it was never answered."""
        return None if client_id in self.answers else self.intents.get(client_id)

    def intend(self, client_id: str, intent: Intent) -> None:
        """Keep what the request is about to do, synced before the ledger is written."""
        fields = {"action": intent.action, "number": intent.number, "text": intent.text}
        if intent.status:
            fields["status"] = intent.status
        self._append({"id": client_id, "intent": fields}, sync=True)
        self.intents[client_id] = intent

    def done(self, client_id: str, answer: dict[str, Any]) -> None:
        """Keep the answer given to this id (not synced: a crash that loses it leaves the
        intent, and the ledger then tells that the hand is recorded)."""
        self._append({"id": client_id, "answer": answer}, sync=False)
        self.answers[client_id] = answer
        self.intents.pop(client_id, None)

    def _append(self, item: dict[str, Any], sync: bool) -> None:
        line = json.dumps(item, ensure_ascii=False) + "\n"
        append_line(self.path, line.encode("utf-8"), sync)  # (never through a link)
