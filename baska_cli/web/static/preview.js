/* The live preview under the field: what the line typed would do (the changes), what a line
   still being typed lacks ("missing: the partner", in grey: no error yet), or, for a line
   that is complete, why it cannot be recorded (in red). The server's preview decides which
   (game/partial): the page copies no rule of the notation. Offline it says that the
   preview needs the connection and shows what will be sent. */

import { changesRow } from "./lists.js";
import { el } from "./words.js";

// `box`: the preview's element; `result`: the JSON of POST /api/v1/preview (or null: empty).
export function showPreview(box, result) {
  box.replaceChildren();
  box.className = result && result.kind ? `preview ${result.kind}` : "preview";
  if (!result) return;
  if (result.kind === "error") {
    box.append(el("p", { class: "error" }, result.error));
    return;
  }
  // (a line still being typed, or offline: what will be sent, as typed, in grey)
  const kind = result.kind === "partial" || result.kind === "offline" ? "line missing" : "line";
  for (const line of result.lines || []) box.append(el("div", { class: kind }, line.trim()));
  if (result.changes) box.append(changesRow(result.changes, null, "preview-cells"));
}
