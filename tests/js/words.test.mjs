// The page's words (static/words.js): a word by its name with its fields filled in, signed
// numbers, decimals as the page's language writes them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installPage } from "./fakedom.mjs";

installPage({ recorded: "Rozdanie {number} zapisane: {text}" });
const { decimal, fill, say, signed } = await import("../../baska_cli/web/static/words.js");

test("a word is its template's, with its fields filled in", () => {
  assert.equal(say("recorded", { number: 5, text: "zw Ania+Celina 61" }), "Rozdanie 5 zapisane: zw Ania+Celina 61");
  assert.equal(say("unknown_word"), "unknown_word");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("numbers keep their sign; decimals are written as the page's language writes them", () => {
  assert.deepEqual([signed(3), signed(-2), signed(0), signed(-2, "−")], ["+3", "-2", "0", "−2"]);
  assert.equal(decimal(0.1), "0,10"); // (the stand-in page is Polish)
  assert.equal(decimal("4.10"), "4,10");
});
