/* The phone's outbox: every change the player sent (a hand, a correction, an undo, a void),
   each naming the hand it means (intents.js), kept in the phone's storage (store.js:
   IndexedDB, committed to disk) before the page says it waits, and taken out only when the
   server has answered it — so a reload, or the browser killed and opened again, sends it
   again with the same id, which the server records once. Sent in order. A guard's question or
   a conflict (the hand meant is not as this phone saw it) holds the change on the phone until
   its player answers; the default answer changes nothing. */

import { newId } from "./api.js";
import { chosen } from "./intents.js";
import { author } from "./who.js";
import { el, say } from "./words.js";

const MANY = 40; // (more never wait at one table: an evening has 16 to 32 deals)

// The outbox over `store` (store.js): {items(), load(), add(item), put(item), take(item),
// durable()}. An item is {key (this phone's, for good), id (the client id sent: a new one
// when a question is answered), path, data, confirm, label, typed, at (its order)}. `add`
// resolves true once the item is in the phone's storage for good, false if it is only in
// memory (storage refused: the page says so).
export function makeOutbox(store) {
  let items = [];
  let last = 0;
  const order = (list) => [...list].sort((a, b) => a.at - b.at);

  return {
    items: () => items.slice(),
    durable: () => store.durable,
    // What another tab of the table added or sent meanwhile: the storage read again.
    async load() {
      if (!store.durable) return items;
      try {
        items = order(await store.all());
      } catch (error) {
        /* kept as they are */
      }
      return items;
    },
    async add(item) {
      last = Math.max(Date.now(), last + 1, ...items.map((kept) => kept.at + 1));
      const kept = { ...item, at: last };
      items = order([...items, kept]);
      try {
        await store.put(kept);
        return store.durable;
      } catch (error) {
        return false;
      }
    },
    async put(item) {
      items = items.map((kept) => (kept.key === item.key ? item : kept));
      try {
        await store.put(item);
      } catch (error) {
        /* kept in memory */
      }
    },
    async take(item) {
      items = items.filter((kept) => kept.key !== item.key);
      try {
        await store.remove(item.key);
      } catch (error) {
        /* gone from memory; sent again from storage at worst, and recorded once */
      }
    },
  };
}

// What waits, shown in `box`: "1 hand waits to be sent" (in the page's language: the
// template gives the words for 1 to MANY) and each one's text, and, where the phone could
// not keep them (`durable` false), that they live only while the page is open.
export function renderOutbox(box, items, durable) {
  box.hidden = !items.length;
  box.replaceChildren();
  if (!items.length) return;
  const count = say("waiting_" + Math.min(items.length, MANY), { n: items.length });
  box.append(el("p", { class: "count" }, count));
  const list = el("ol", {});
  for (const item of items) list.append(el("li", {}, item.label));
  box.append(list);
  if (!durable) box.append(el("p", { class: "warn" }, say("not_kept")));
}

// The outbox sent, in order, each change with its id, until the server has answered it:
// `flush()` (when a change is added, the stream opens, the phone comes back online, and
// every few seconds while the server does not answer). What the page does with an answer
// comes from it: `status(text, kind, why)`, `ask(message, buttons)` (buttons: [{label,
// run}], the last the default, which changes nothing), `refresh()`, `putBack(typed)`,
// `done(json)` (what a change did, in words), `shown()`.
export function makeSender(page) {
  const { api, outbox } = page;
  const outgoing = { busy: false, held: false, timer: null, wait: 1000 };

  async function flush() {
    if (outgoing.busy || outgoing.held) return;
    outgoing.busy = true;
    clearTimeout(outgoing.timer);
    try {
      await outbox.load();
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

  // One change sent: true once the server has answered it (recorded, found recorded
  // already, refused, or asked), false if it did not (no connection, no answer in time): it
  // stays in the outbox and the page says it waits on this phone.
  async function sendOne(item) {
    page.status(say("saving"), ""); // (only while a request is out)
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
    if (answer.status === 409 && (json.question || json.conflict)) {
      outgoing.held = true;
      if (json.conflict) await askConflict(item, json);
      else await askGuard(item, json);
      return true;
    }
    await outbox.take(item);
    page.shown();
    if (answer.status >= 400) {
      page.status(json.error || String(answer.status), "error");
      page.putBack(item.typed);
      return true;
    }
    if (json.already) {
      page.status(json.message, "ok"); // (recorded before: by another phone, or this one)
      await page.refresh();
      return true;
    }
    page.status(page.done(json), "ok", json.explanation);
    document.dispatchEvent(new CustomEvent("baska:done", { detail: json })); // (news.js: Undo)
    await page.refresh();
    return true;
  }

  function release() {
    outgoing.held = false;
    flush();
  }

  // The change dropped at its player's word: nothing recorded, and said so (`why`: the
  // reason first, where there is one; else what was dropped).
  async function drop(item, why) {
    await outbox.take(item);
    page.shown();
    if (why) page.status(why, "warn", say("nothing_recorded"));
    else page.status(say("nothing_recorded"), "warn", item.label);
    release();
  }

  // The change sent again as `request` (its path, data, confirmations) with a new id (the
  // first was not recorded), in its place in the outbox.
  async function again(item, request) {
    await outbox.put({ ...item, ...request, id: newId() });
    release();
  }

  // A guard's question (409): "yes" sends the change again with the guard confirmed; the
  // default records nothing. The same hand just recorded by another phone says so (the
  // server knows who recorded it: its `other`).
  async function askGuard(item, json) {
    const confirm = { path: item.path, data: item.data, confirm: [...item.confirm, json.question] };
    page.status("", "");
    if (json.question === "same_hand" && json.other) {
      await page.refresh();
      page.ask(json.message, [
        { label: say("confirm"), run: () => again(item, confirm) },
        { label: say("cancel"), run: () => drop(item, say("same_other")) },
      ]);
      return;
    }
    const yes = say(item.path === "/hands" ? "confirm" : "yes_amend");
    page.ask(json.message, [
      { label: yes, run: () => again(item, confirm) },
      {
        label: say("cancel"),
        run: async () => {
          await drop(item);
          page.putBack(item.typed);
        },
      },
    ]);
  }

  // A conflict (409): the hand this change meant is not as this phone saw it. The server's
  // question names both and gives the choices, each the request that answers it; the last,
  // the default, sends nothing. The change stays on the phone until its player answers.
  async function askConflict(item, json) {
    await page.refresh();
    page.status("", "");
    const buttons = json.choices.map((choice) => {
      const request = chosen(choice);
      const run = request ? () => again(item, request) : () => drop(item);
      return { label: choice.label, run };
    });
    page.ask(json.message, buttons);
  }

  return { flush };
}
