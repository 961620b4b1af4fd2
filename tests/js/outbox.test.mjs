// The phone's outbox (static/outbox.js) over a storage in memory and an API that answers as
// the test says: what the player sent is kept until the server has it, sent in order, each
// once; a conflict holds it until its player answers, the default answer drops it; a change
// found recorded already is said so and taken out.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { installPage } from "./fakedom.mjs";

const WORDS = { saving: "Zapisuję…", kept_offline: "czeka w telefonie", nothing_recorded: "Nic nie zapisano.", cancel: "Anuluj", confirm: "Tak, zapisz" };
installPage(WORDS);
const { makeOutbox, makeSender } = await import("../../baska_cli/web/static/outbox.js");
const { memoryStore } = await import("../../baska_cli/web/static/store.js");

// A page for the sender: the API answering from `answers` (a function of each request, or
// an error thrown: no connection), and what the page was told.
function page(answer, durable = true) {
  const store = memoryStore("t");
  store.durable = durable;
  const told = { statuses: [], asked: [], sent: [], refreshed: 0, putBack: [] };
  const outbox = makeOutbox(store);
  const api = {
    async post(path, body) {
      told.sent.push({ path, body });
      return answer(path, body);
    },
  };
  const sender = makeSender({
    api,
    outbox,
    shown() {},
    status: (text, kind) => told.statuses.push([text, kind]),
    ask: (message, buttons) => told.asked.push({ message, buttons }),
    refresh: async () => told.refreshed++,
    putBack: (typed) => told.putBack.push(typed),
    done: (json) => `recorded ${json.number}`,
  });
  return { outbox, sender, told, store };
}

function item(n, hand) {
  return { key: "k" + n, id: "id" + n, confirm: [], path: "/hands", data: { hand, number: n }, label: hand };
}

beforeEach(() => installPage(WORDS));

test("an item is kept (in storage) before it is sent, and taken out once answered", async () => {
  const { outbox, sender, told, store } = page(() => ({ status: 201, json: { number: 1 } }));
  assert.equal(await outbox.add(item(1, "zw a+c 61")), true);
  assert.equal((await store.all()).length, 1);
  await sender.flush();
  assert.deepEqual(told.sent.map((s) => [s.path, s.body.hand, s.body.number, s.body.id]), [["/hands", "zw a+c 61", 1, "id1"]]);
  assert.deepEqual(await store.all(), []);
  assert.deepEqual(told.statuses.at(-1), ["recorded 1", "ok"]);
});

test("offline the item waits on the phone and says so; sent again with the same id", async () => {
  let online = false;
  const { outbox, sender, told } = page(() => {
    if (!online) throw new TypeError("Failed to fetch");
    return { status: 201, json: { number: 1 } };
  });
  await outbox.add(item(1, "zw a+c 61"));
  await sender.flush();
  assert.equal(outbox.items().length, 1);
  assert.deepEqual(told.statuses.map((s) => s[0]), ["Zapisuję…", "czeka w telefonie"]);
  online = true;
  await sender.flush();
  assert.equal(outbox.items().length, 0);
  assert.deepEqual(told.sent.map((s) => s.body.id), ["id1", "id1"]);
});

test("items go in the order they were sent", async () => {
  const { outbox, sender, told } = page((path, body) => ({ status: 201, json: { number: body.number } }));
  await outbox.add(item(1, "zw a+c 61"));
  await outbox.add(item(2, "ci b 70"));
  await outbox.add(item(3, "gr d 68"));
  await sender.flush();
  assert.deepEqual(told.sent.map((s) => s.body.number), [1, 2, 3]);
});

test("a hand recorded already is said so and taken out, nothing sent again", async () => {
  const message = "To rozdanie jest już zapisane (rozdanie 1: zw Ania+Celina 61); nic nie zapisano.";
  const { outbox, sender, told } = page(() => ({ status: 200, json: { already: true, number: 1, message } }));
  await outbox.add(item(1, "zw a+c 61"));
  await sender.flush();
  assert.equal(outbox.items().length, 0);
  assert.deepEqual(told.statuses.at(-1), [message, "ok"]);
});

test("a conflict holds the item until answered; the later items wait behind it", async () => {
  const conflict = {
    conflict: "hand",
    message: "Rozdanie 1 zapisał(a) już Zbigniew: zw Ania+Celina 61. Twoje: zw Ania+Celina 61 k.",
    choices: [
      { answer: "amend", label: "Popraw rozdanie 1 na twoje", path: "/hands/1/amend", data: { hand: "zw Ania+Celina 61 k", seen: "zw Ania+Celina 61" }, confirm: ["stake"] },
      { answer: "append", label: "Dopisz jako rozdanie 2", path: "/hands", data: { hand: "zw Ania+Celina 61 k", number: 2 }, confirm: [] },
      { answer: "drop", label: "Odrzuć moje" },
    ],
  };
  const { outbox, sender, told } = page((path, body) =>
    body.number === 1 ? { status: 409, json: conflict } : { status: 201, json: { number: body.number } },
  );
  await outbox.add(item(1, "zw a+c 61 k"));
  await outbox.add(item(2, "ci b 70"));
  await sender.flush();
  assert.equal(told.asked.length, 1);
  assert.equal(told.asked[0].message, conflict.message);
  assert.deepEqual(told.asked[0].buttons.map((b) => b.label), ["Popraw rozdanie 1 na twoje", "Dopisz jako rozdanie 2", "Odrzuć moje"]);
  assert.equal(told.sent.length, 1); // (hand 2 waits behind the question)
  assert.equal(outbox.items().length, 2);
  await sender.flush(); // (nothing sent while asked)
  assert.equal(told.sent.length, 1);
  await told.asked[0].buttons[1].run(); // "Dopisz jako rozdanie 2": a new id, the server's request
  await new Promise((resolve) => setTimeout(resolve, 10));
  const again = told.sent[1];
  assert.equal(again.path, "/hands");
  assert.deepEqual([again.body.hand, again.body.number], ["zw Ania+Celina 61 k", 2]);
  assert.notEqual(again.body.id, "id1");
});

test("the default answer to a conflict records nothing and drops the item", async () => {
  const conflict = { conflict: "hand", message: "…", choices: [{ answer: "drop", label: "OK" }] };
  const { outbox, sender, told } = page(() => ({ status: 409, json: conflict }));
  await outbox.add(item(1, "zw a+c 61 k"));
  await sender.flush();
  await told.asked[0].buttons.at(-1).run();
  assert.equal(outbox.items().length, 0);
  assert.equal(told.sent.length, 1);
  assert.deepEqual(told.statuses.at(-1), ["Nic nie zapisano.", "warn"]);
});

test("a guard's question: yes sends it again confirmed with a new id", async () => {
  const { outbox, sender, told } = page((path, body) =>
    body.confirm.includes("same_hand")
      ? { status: 201, json: { number: 2 } }
      : { status: 409, json: { question: "same_hand", message: "the same as hand 1?" } },
  );
  await outbox.add(item(2, "zw a+c 61"));
  await sender.flush();
  await told.asked[0].buttons[0].run();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(told.sent.map((s) => s.body.confirm), [[], ["same_hand"]]);
  assert.notEqual(told.sent[1].body.id, told.sent[0].body.id);
  assert.equal(outbox.items().length, 0);
});

test("storage refused: the item is kept in memory and the outbox says it is not kept", async () => {
  const { outbox } = page(() => ({ status: 201, json: {} }), false);
  assert.equal(await outbox.add(item(1, "zw a+c 61")), false);
  assert.equal(outbox.items().length, 1);
  assert.equal(outbox.durable(), false);
});
