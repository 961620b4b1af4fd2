/* What each write says of the hand it means, as the phone saw it (the server applies it only
   while that still holds, else it asks): a new hand the number it is for — the next number
   the page showed, or, while hands wait in the outbox, the one after the last of them; a
   correction, an undo and a void the hand's number and the text the player saw. Pure: the
   changes for the outbox, from what the page shows. */

// The number a new hand is for: the table's next, after any new hand waiting to be sent.
export function nextNumber(table, waiting) {
  let next = (table && table.next) || 1;
  for (const item of waiting || []) {
    if (item.path === "/hands" && item.data && Number.isInteger(item.data.number)) {
      next = Math.max(next, item.data.number + 1);
    }
  }
  return next;
}

// A new hand (`text` as typed) for the outbox.
export function newHand(text, table, waiting) {
  const number = nextNumber(table, waiting);
  return { path: "/hands", data: { hand: text, number }, label: text, number };
}

// A correction of hand `number` (`text`: a whole hand, or only the words that change),
// seen as `seen` (its text on this phone when the correction was asked).
export function correction(number, text, seen, label) {
  const data = seen ? { hand: text, seen } : { hand: text };
  return { path: "/hands/" + number + "/amend", data, label, number };
}

// An undo of the last hand as the page shows it ({number, hand}).
export function undo(last, label) {
  return { path: "/undo", data: { number: last.number, seen: last.hand }, label, number: last.number };
}

// A void of hand `number`, seen as `seen` ("" when the page does not know its text).
export function voiding(number, seen, label) {
  const data = seen ? { seen } : {};
  return { path: "/hands/" + number + "/void", data, label, number };
}

// The request a conflict's choice answers with (the server gives it whole), for the outbox:
// its path, data and confirmations, or null for a choice that sends nothing ("drop").
export function chosen(choice) {
  if (!choice || !choice.path) return null;
  return { path: choice.path, data: { ...choice.data }, confirm: [...(choice.confirm || [])] };
}
