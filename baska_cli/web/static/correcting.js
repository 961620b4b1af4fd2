/* A correction is asked before it is written: what changes (before → after, and the stake
   when it changes, as the preview of the correction on that very hand finds it), with
   "Cancel" as the default. The change names the hand and the text the player saw. */

import { correction } from "./intents.js";
import { say } from "./words.js";

// The stake as the server's question counts it: a hand's largest change.
function stakeOf(changes) {
  return Math.max(...changes.map(Math.abs));
}

// `target`: {number, text (a whole hand or the words that change), seen (the hand's text as
// the player saw it)}. `page`: {api, known(number) (a recorded hand as the page has it:
// {hand, changes}), status(text, kind), ask(question, buttons), send(change)}. "Cancel"
// leaves the field and its mode as they were; "Yes" sends the change (its stake question
// answered: it was asked here).
export async function askCorrection(target, page) {
  const { number, text, seen } = target;
  let previewed = null;
  try {
    const body = { hand: "+" + text, number };
    previewed = (await page.api.post("/preview", body, true, 4000)).json;
  } catch (error) {
    previewed = null; // (no connection: asked with the text typed)
  }
  if (previewed && previewed.kind === "error") {
    page.status(previewed.error, "error");
    return;
  }
  const old = page.known(number);
  const after = previewed && previewed.text ? previewed.text : text;
  const words = { number, old: seen || (old ? old.hand : ""), new: after };
  let question = say("correct_q", words);
  const confirm = [];
  if (old && old.changes && previewed && previewed.changes && !previewed.asks) {
    const [was, now] = [stakeOf(old.changes), stakeOf(previewed.changes)];
    if (was !== now) {
      question = say("correct_stake_q", { ...words, was, now });
      confirm.push("stake");
    }
  }
  const change = correction(number, text, seen, say("amend_item", { number, text: after }));
  page.ask(question, [
    { label: say("yes_amend"), run: () => page.send({ ...change, confirm }) },
    { label: say("cancel") },
  ]);
}
