/* What a line typed on the table page asks for, read as `baska play` reads it. */

// What a typed line asks for, as `play` reads it: a hand, `+words`, or a command.
export function readLine(text) {
  if (text.startsWith("+")) return { kind: "correct", words: text.slice(1).trim() };
  const [head, ...rest] = text.split(/\s+/);
  const word = head.toLowerCase();
  const number = /^[0-9]+$/.test(rest[0] || "") ? Number(rest[0]) : null;
  if (["undo", "u"].includes(word) && !rest.length) return { kind: "undo" };
  if (["void", "v"].includes(word) && number) return { kind: "void", number };
  if (["amend", "a"].includes(word) && number && rest.length > 1) {
    return { kind: "amend", number, text: rest.slice(1).join(" ") };
  }
  if (["sheet", "s"].includes(word)) return { kind: "panel", panel: "sheet" };
  if (["standings", "st"].includes(word)) return { kind: "panel", panel: "standings" };
  return { kind: "hand", text };
}
