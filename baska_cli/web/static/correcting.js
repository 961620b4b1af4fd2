/* A correction is asked before it is written: what changes (before → after, and the stake
   when it changes, as the preview of the line finds it), with "Cancel" as the default. */

import { say } from "./words.js";

// The stake as the server's question counts it: a hand's largest change.
function stakeOf(changes) {
  return Math.max(...changes.map(Math.abs));
}

// `line`: {kind: "amend", number, text} or {kind: "correct", words} (`+words`: the last
// hand). `page`: {api, known(number) (a recorded hand as the page has it: {hand, changes}),
// lastHand(), was (the text the amended hand had, if not known), status(text, kind),
// ask(question, yes, onYes), send(change)}. "Cancel" leaves the field and its mode as they
// were; "Yes" sends the change (its stake question answered: it was asked here).
export async function askCorrection(line, page) {
  const previewed = line.kind === "amend" ? line.text : "+" + line.words;
  let seen = null;
  try {
    seen = (await page.api.post("/preview", { hand: previewed }, true, 4000)).json;
  } catch (error) {
    seen = null; // (no connection: asked with the text typed)
  }
  if (seen && seen.kind === "error" && line.kind === "correct") {
    page.status(seen.error, "error");
    return;
  }
  const last = page.lastHand();
  const number = line.kind === "amend" ? line.number : (seen && seen.number) || (last && last.number);
  if (!number) return;
  const old = page.known(number);
  const after = seen && seen.text && seen.kind !== "error" ? seen.text : previewed;
  const words = { number, old: old ? old.hand : page.was, new: after };
  let question = say("correct_q", words);
  const confirm = [];
  if (old && old.changes && seen && seen.changes && !seen.asks) {
    const [was, now] = [stakeOf(old.changes), stakeOf(seen.changes)];
    if (was !== now) {
      question = say("correct_stake_q", { ...words, was, now });
      confirm.push("stake");
    }
  }
  const change =
    line.kind === "amend"
      ? { path: "/hands/" + number + "/amend", data: { hand: line.text } }
      : { path: "/last/correct", data: { words: line.words } };
  const label = say("amend_item", { number, text: after });
  page.ask(question, say("yes_amend"), () => page.send({ ...change, confirm, label }));
}
