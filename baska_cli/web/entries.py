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

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from baska_cli.errors import LedgerError
from baska_cli.files.append import append_line
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.files.sidecars import sidecar
from baska_cli.i18n import _
from baska_cli.web.requests import Refused

ID_LIMIT = 200  # characters a client id may have


@dataclass(frozen=True, slots=True)
class Ticket:
    """A write's client id and the digest of what it asks (its route and fields)."""

    id: str
    digest: str


def ticket(client_id: str, route: str, fields: dict[str, Any]) -> Ticket:
    """The ticket of a request: its id, with the digest of its route and fields."""
    asked = json.dumps([route, fields], sort_keys=True, ensure_ascii=False, default=str)
    return Ticket(client_id, hashlib.sha256(asked.encode("utf-8")).hexdigest()[:32])


def journal_path(ledger: str) -> str:
    """The sidecar `.NAME.entries` beside the ledger."""
    return sidecar(ledger, "entries")


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
        self.digests: dict[str, str] = {}
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
            except (ValueError, RecursionError):
                continue  # a line torn by a crash, or not baska's
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            if isinstance(item.get("digest"), str):
                self.digests[item["id"]] = item["digest"]
            if isinstance(item.get("answer"), dict):
                self.answers[item["id"]] = item["answer"]
            elif isinstance(item.get("intent"), dict):
                with_fields = item["intent"]
                try:
                    self.intents[item["id"]] = Intent(**with_fields)
                except TypeError:
                    continue

    def answer(self, sent: Ticket) -> dict[str, Any] | None:
        """The answer given to this id, if any; a 409 if the id was used for another
        request (its digest differs)."""
        self._same_request(sent)
        return self.answers.get(sent.id)

    def intent(self, sent: Ticket) -> Intent | None:
        """What this id was about to do, if it was never answered."""
        self._same_request(sent)
        return None if sent.id in self.answers else self.intents.get(sent.id)

    def _same_request(self, sent: Ticket) -> None:
        kept = self.digests.get(sent.id)
        if kept is not None and kept != sent.digest:
            raise Refused(
                409,
                _(
                    "this client id was used for another change; "
                    "send each change with an id of its own"
                ),
            )

    def intend(self, sent: Ticket, intent: Intent) -> None:
        """Keep what the request is about to do, synced before the ledger is written."""
        fields = {"action": intent.action, "number": intent.number, "text": intent.text}
        if intent.status:
            fields["status"] = intent.status
        self._append({"id": sent.id, "digest": sent.digest, "intent": fields}, sync=True)
        self.intents[sent.id] = intent
        self.digests[sent.id] = sent.digest

    def done(self, sent: Ticket, answer: dict[str, Any]) -> None:
        """Keep the answer given to this id (not synced: a crash that loses it leaves the
        intent, and the ledger then tells that the hand is recorded)."""
        self._append({"id": sent.id, "digest": sent.digest, "answer": answer}, sync=False)
        self.answers[sent.id] = answer
        self.digests[sent.id] = sent.digest
        self.intents.pop(sent.id, None)

    def _append(self, item: dict[str, Any], sync: bool) -> None:
        line = json.dumps(item, ensure_ascii=False) + "\n"
        append_line(self.path, line.encode("utf-8"), sync)  # (never through a link)
