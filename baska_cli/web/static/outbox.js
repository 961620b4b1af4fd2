/* The phone's outbox: every change the player sent (a hand, a correction, a word), kept in
   the phone's own storage (localStorage: a page over plain http gets no service worker) with
   its client id before it is sent, and taken out only when the server has answered — so a
   reload, or the browser closed and opened again, sends it again with the same id, which the
   server records once. One outbox per table (its key and scope), in the order sent. */

import { newId } from "./api.js";
import { author } from "./who.js";
import { el, say } from "./words.js";

const MANY = 40; // (more never wait at one table: an evening has 16 to 32 deals)

// The outbox of the table `name` names: {items(), add(item), put(item), take(item)}; an
// item is {key (this phone's, for good), id (the client id sent: a new one when a guard is
// confirmed), path, data, confirm, label, typed}. Read from storage at every call (another tab
// of the same table may have sent or added one); kept in memory where storage is refused.
export function makeOutbox(name) {
  const key = "baska-outbox:" + name;
  let memory = [];

  function read() {
    try {
      const kept = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(kept) ? kept : [];
    } catch (error) {
      return memory;
    }
  }

  function write(items) {
    memory = items;
    try {
      if (items.length) localStorage.setItem(key, JSON.stringify(items));
      else localStorage.removeItem(key);
    } catch (error) {
      /* a private window: kept while the page is open */
    }
  }

  return {
    items: read,
    add(item) {
      write([...read(), item]);
    },
    put(item) {
      write(read().map((kept) => (kept.key === item.key ? item : kept)));
    },
    take(item) {
      write(read().filter((kept) => kept.key !== item.key));
    },
  };
}

// What waits, shown in `box`: "1 hand waits to be sent" (in the page's language: the
// template gives the words for 1 to MANY) and each one's text; hidden when nothing waits.
export function renderOutbox(box, items) {
  box.hidden = !items.length;
  box.replaceChildren();
  if (!items.length) return;
  const count = say("waiting_" + Math.min(items.length, MANY), { n: items.length });
  box.append(el("p", { class: "count" }, count));
  const list = el("ol", {});
  for (const item of items) list.append(el("li", {}, item.label));
  box.append(list);
}

// The outbox sent, in order, each change with its id, until the server has answered it:
// `flush()` (when a change is added, the stream opens, the phone comes back online, and
// every few seconds while the server does not answer). What the page does with an answer
// comes from it: `status(text, kind, why)`, `ask(question, yes, onYes, onNo)`, `refresh()`,
// `putBack(typed)`, `done(json)` (what a change did, in words), `shown()`.
export function makeSender(page) {
  const { api, outbox } = page;
  const outgoing = { busy: false, held: false, timer: null, wait: 1000 };

  async function flush() {
    if (outgoing.busy || outgoing.held) return;
    outgoing.busy = true;
    clearTimeout(outgoing.timer);
    try {
      for (let item = outbox.items()[0]; item && !outgoing.held; item = outbox.items()[0]) {
        if (!(await sendOne(item))) {
          outgoing.timer = setTimeout(flush, outgoing.wait);
          outgoing.wait = Math.min(outgoing.wait * 2, 4000);
          break;
        }
        outgoing.wait = 1000;
      }
    } finally {
      outgoing.busy = false;
      page.shown();
    }
  }

  // One change sent: true once the server has answered it (recorded, refused, or asked),
  // false if it did not (no connection, no answer in time): it stays in the outbox.
  async function sendOne(item) {
    page.status(say("saving"), "");
    let answer;
    try {
      // (who sent it, by the name chosen on this phone: the other phones are told)
      const body = { ...item.data, id: item.id, confirm: item.confirm, ...author() };
      answer = await api.post(item.path, body, true);
    } catch (error) {
      page.status(say(error.timeout ? "kept_timeout" : "kept_offline"), "warn");
      return false;
    }
    const json = answer.json || {};
    if (answer.status >= 500) {
      page.status(say("kept_offline"), "warn", json.error);
      return false;
    }
    if (answer.status === 409) {
      outgoing.held = true;
      await askGuard(item, json);
      return true;
    }
    outbox.take(item);
    page.shown();
    if (answer.status >= 400) {
      page.status(json.error || String(answer.status), "error");
      page.putBack(item.typed);
      return true;
    }
    page.status(page.done(json), "ok", json.explanation);
    document.dispatchEvent(new CustomEvent("baska:done", { detail: json })); // (news.js: Undo)
    await page.refresh();
    return true;
  }

  // A guard's question (409), asked; the outbox waits for the answer. "Yes" sends the change
  // again with the guard confirmed (a new id: the first was not recorded); the default
  // records nothing. The same hand just recorded by another phone says so (the server
  // knows who recorded it: its `other`).
  async function askGuard(item, json) {
    const release = () => {
      outgoing.held = false;
      flush();
    };
    const drop = () => {
      outbox.take(item);
      page.shown();
      release();
    };
    const again = () => {
      outbox.put({ ...item, id: newId(), confirm: [...item.confirm, json.question] });
      release();
    };
    page.status("", "");
    if (json.question === "same_hand" && json.other) {
      await page.refresh();
      page.ask(json.message, say("confirm"), again, () => {
        page.status(say("same_other"), "warn", say("nothing_recorded"));
        drop();
      });
      return;
    }
    const yes = say(item.path === "/hands" ? "confirm" : "yes_amend");
    page.ask(json.message, yes, again, () => {
      drop();
      page.putBack(item.typed);
    });
  }

  return { flush };
}
