/* What a line typed on the table page asks for, read as `baska play` reads it: the words of
   its commands (English and Polish: `cofnij`, `pomoc`) are the server's (`baska-commands`). */

let commands = null; // {word: command}, read when first asked for

function commandOf(word) {
  if (commands === null) {
    const kept = document.getElementById("baska-commands");
    commands = kept ? JSON.parse(kept.textContent) : {};
  }
  return Object.hasOwn(commands, word) ? commands[word] : null;
}

// What a typed line asks for, as `play` reads it: a hand, `+words`, or a command.
export function readLine(text) {
  if (text.startsWith("+")) return { kind: "correct", words: text.slice(1).trim() };
  const [head, ...rest] = text.split(/\s+/);
  const command = commandOf(head.toLowerCase());
  const number = /^[0-9]+$/.test(rest[0] || "") ? Number(rest[0]) : null;
  if (command === "undo" && !rest.length) return { kind: "undo" };
  if (command === "void" && number) return { kind: "void", number };
  if (command === "amend" && number && rest.length > 1) {
    return { kind: "amend", number, text: rest.slice(1).join(" ") };
  }
  if (command === "sheet") return { kind: "panel", panel: "sheet" };
  if (command === "standings") return { kind: "panel", panel: "standings" };
  if (command === "help") return { kind: "panel", panel: "help" };
  return { kind: "hand", text };
}
