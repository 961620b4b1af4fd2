// The intent fields every write carries (static/intents.js): the number a new hand is for,
// the hand and the text a correction, an undo and a void mean; a conflict's choice as the
// request the outbox sends.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chosen, correction, newHand, nextNumber, undo, voiding } from "../../baska_cli/web/static/intents.js";

test("a new hand is for the table's next number", () => {
  assert.equal(nextNumber({ next: 5 }, []), 5);
  assert.deepEqual(newHand("zw a+c 61 k", { next: 5 }, []), {
    path: "/hands",
    data: { hand: "zw a+c 61 k", number: 5 },
    label: "zw a+c 61 k",
    number: 5,
  });
});

test("hands waiting in the outbox are counted: the next is after the last of them", () => {
  const waiting = [
    { path: "/hands", data: { hand: "zw a+c 61", number: 5 } },
    { path: "/hands/3/amend", data: { hand: "k", seen: "ci B 70" } },
    { path: "/hands", data: { hand: "ci b 70", number: 6 } },
  ];
  assert.equal(nextNumber({ next: 5 }, waiting), 7);
  assert.equal(nextNumber({ next: 9 }, waiting), 9); // (the table moved on: its next)
  assert.equal(nextNumber(null, []), 1);
});

test("a correction, an undo and a void name the hand and the text seen", () => {
  assert.deepEqual(correction(5, "k", "zw Ania+Celina 61", "popraw 5"), {
    path: "/hands/5/amend",
    data: { hand: "k", seen: "zw Ania+Celina 61" },
    label: "popraw 5",
    number: 5,
  });
  assert.deepEqual(undo({ number: 6, hand: "ci Bartek 70" }, "cofnij").data, {
    number: 6,
    seen: "ci Bartek 70",
  });
  assert.deepEqual(voiding(4, "gr Darek 68", "unieważnij 4").data, { seen: "gr Darek 68" });
  assert.deepEqual(voiding(4, "", "unieważnij 4").data, {}); // (its text unknown: not claimed)
});

test("a conflict's choice is sent as the server gave it; the default sends nothing", () => {
  const choice = { answer: "append", path: "/hands", data: { hand: "zw A+C 61", number: 7 }, confirm: [] };
  assert.deepEqual(chosen(choice), { path: "/hands", data: { hand: "zw A+C 61", number: 7 }, confirm: [] });
  assert.equal(chosen({ answer: "drop", label: "Odrzuć moje" }), null);
});
