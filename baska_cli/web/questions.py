"""What a table answers when it wrote nothing: a guard's question, a conflict with the
players' choices (each the request that answers it), a write found done already — as JSON."""

from __future__ import annotations

from typing import Any

from baska_cli.i18n import _
from baska_cli.play.conflicts import AlreadyDone, Choice, Conflict
from baska_cli.play.guards import Question
from baska_cli.render.compact import already_text, choice_label, conflict_text, question_text


def question_body(question: Question, by_another: bool = False) -> dict[str, Any]:
    """A guard's 409: the guard to confirm, and the question as `play` asks it; the same hand
    again also says whether another phone just recorded it ("other": `by_another`), and
    then the question says so (the phone's default records nothing, as every question's)."""
    body: dict[str, Any] = {"question": question.answer, "message": question_text(question)}
    if question.guard != "same_hand":
        return body
    if by_another:
        body["message"] = _(
            "The same result was just recorded by another phone (hand {number}: {text}). "
            "Record it once more?"
        ).format(number=question.number, text=question.text)
    return {**body, "other": by_another}


def conflict_body(conflict: Conflict, by: str) -> dict[str, Any]:
    """A conflict's 409: what the ledger has (`now`, entered by `by`), what the phone sent
    (`mine`, and the text it `seen`), the next number, the words, and the choices, each with
    the request that answers it ("drop", the default, has none: it changes nothing)."""
    return {
        "conflict": conflict.action,
        "number": conflict.number,
        "now": conflict.now,
        "status": conflict.status,
        "mine": conflict.mine,
        "seen": conflict.seen,
        "next": conflict.next,
        "by": by,
        "message": conflict_text(conflict, by),
        "choices": [
            {
                "answer": choice,
                "label": choice_label(conflict, choice),
                **_request(conflict, choice),
            }
            for choice in conflict.choices
        ],
    }


def _request(conflict: Conflict, choice: Choice) -> dict[str, Any]:
    """The request that answers `conflict` by `choice` ({} for "drop"): sent with a new id,
    it names what the ledger holds now, so it too is done only while that holds."""
    number, now, mine = conflict.number, conflict.now, conflict.mine
    if choice == "append":
        return {"path": "/hands", "data": {"hand": mine, "number": conflict.next}, "confirm": []}
    if choice == "amend":  # (the question showed both hands: its stake needs no question)
        data = {"hand": mine, "seen": now}
        return {"path": f"/hands/{number}/amend", "data": data, "confirm": ["stake"]}
    if choice == "again":
        if conflict.action == "undo":
            return {"path": "/undo", "data": {"number": number, "seen": now}, "confirm": []}
        if conflict.action == "void":
            return {"path": f"/hands/{number}/void", "data": {"seen": now}, "confirm": []}
        data = {"hand": mine, "seen": now}
        return {"path": f"/hands/{number}/amend", "data": data, "confirm": ["stake"]}
    return {}


def already_body(done: AlreadyDone, totals: list[int], version: str) -> dict[str, Any]:
    """A write the ledger shows done already: nothing written, and why (200)."""
    return {
        "already": True,
        "action": done.action,
        "number": done.number,
        "hand": done.text,
        "message": already_text(done),
        "totals": totals,
        "version": version,
    }
