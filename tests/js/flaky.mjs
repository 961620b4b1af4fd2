// A flaky evening against a real `baska serve`, seeded: several phones, each the page's own
// outbox and sender (static/outbox.js) and intent fields (static/intents.js) over the real
// API client (static/api.js), on a network that drops requests and answers, delays and
// reorders them; phones killed and opened again on what their storage kept; two phones
// entering one deal at once; every question answered at random. At the end every phone is
// online and sends what waits. Prints, as JSON, what each phone sent and how each change was
// answered, for tests/test_web_flaky.py to hold against the ledger and its change log.
//
//   node tests/js/flaky.mjs BASE_URL KEY SEED STEPS

import { installPage } from "./fakedom.mjs";

installPage({});
const { makeApi, newId } = await import("../../baska_cli/web/static/api.js");
const { newHand, correction, undo, voiding } = await import("../../baska_cli/web/static/intents.js");
const { makeOutbox, makeSender } = await import("../../baska_cli/web/static/outbox.js");
const { memoryStore } = await import("../../baska_cli/web/static/store.js");

const [base, key, seedText, stepsText] = process.argv.slice(2);
const PHONES = 3;
const HANDS = ["zw 1+3 61 k", "zw 2+4 78", "ci 2 70", "gr 4 68", "zo 1 77", "we 1+4 70/3 kr", "zw 1+2 52", "ci 3 40", "gd 1 /4", "zd 2 /3", "ba 3"];
const WORDS = ["k", "kr", "61", "70", "45"];

// mulberry32: a small seeded generator, so that a failing seed can be run again
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(Number(seedText));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const real = makeApi({ key, api: base + "/api/v1", lang: "en", onRetry() {}, scope: {} });
const sent = []; // every change a phone showed as sent or waiting: {phone, key, path, data}
const answers = []; // {phone, key, id, path, data, status, json}
const asked = []; // {phone, key, message, answer}

// One phone: its storage (kept when the page is killed), the page over it, its network.
function makePhone(index) {
  const phone = { index, store: memoryStore("t"), online: true, table: null, page: null };
  phone.store.durable = true; // (IndexedDB committed: kept through a kill)

  const api = {
    url: real.url,
    async getJSON(path, query) {
      if (!phone.online) throw new TypeError("offline");
      return real.getJSON(path, query);
    },
    async post(path, body, once, ms) {
      if (!phone.online || chance(0.1)) throw new TypeError("dropped"); // never reached the server
      await pause(Math.floor(random() * 15));
      const item = (await phone.store.all()).find((i) => i.id === body.id); // (any page's)
      const answer = await real.post(path, body, true, ms);
      answers.push({ phone: index, key: item ? item.key : null, id: body.id, path, data: body, status: answer.status, json: answer.json });
      if (chance(0.1)) throw new TypeError("answer lost"); // the server did it; the phone did not hear
      return answer;
    },
  };

  function open() {
    const outbox = makeOutbox(phone.store);
    const page = { outbox, dead: false };
    page.sender = makeSender({
      api,
      outbox,
      shown() {},
      status() {},
      ask(message, buttons) {
        if (page.dead) return;
        const answer = pick(buttons);
        asked.push({ phone: index, message, answer: answer.label });
        setTimeout(() => !page.dead && answer.run && answer.run(), Math.floor(random() * 20));
      },
      async refresh() {
        try {
          phone.table = await api.getJSON("/table");
        } catch (error) {
          /* offline: what it last saw */
        }
      },
      putBack() {},
      done: () => "",
    });
    phone.page = page;
    return page;
  }

  phone.open = open;
  phone.kill = () => {
    phone.page.dead = true; // (what it had in flight is lost with it; its storage stays)
    open();
  };
  phone.send = async (change) => {
    const item = { key: newId(), id: newId(), confirm: [], typed: null, ...change };
    await phone.page.outbox.add(item);
    sent.push({ phone: index, key: item.key, path: item.path, data: item.data });
    phone.page.sender.flush();
  };
  open();
  return phone;
}

const phones = Array.from({ length: PHONES }, (_, i) => makePhone(i));

// What a phone does next: a new hand for the deal it sees, a correction, an undo or a void
// of the hand it sees last, its connection lost or back, the browser killed.
async function step(phone) {
  if (phone.online) {
    try {
      phone.table = await real.getJSON("/table");
    } catch (error) {
      /* what it saw last */
    }
  }
  const last = phone.table && phone.table.last && phone.table.last[0];
  const roll = random();
  if (roll < 0.5) return phone.send(newHand(pick(HANDS), phone.table, phone.page.outbox.items()));
  if (roll < 0.62 && last) return phone.send({ ...correction(last.number, pick(WORDS), last.hand, ""), confirm: chance(0.5) ? ["stake"] : [] });
  if (roll < 0.68 && last) return phone.send(undo(last, ""));
  if (roll < 0.72 && last) return phone.send(voiding(last.number, last.hand, ""));
  if (roll < 0.86) {
    phone.online = !phone.online;
    if (phone.online) phone.page.sender.flush();
    return undefined;
  }
  if (roll < 0.93) return phone.kill();
  // two phones on one deal at once, each with its own idea of the hand
  const other = phones[(phone.index + 1) % PHONES];
  await Promise.all([
    phone.send(newHand(pick(HANDS), phone.table, phone.page.outbox.items())),
    other.send(newHand(pick(HANDS), phone.table, other.page.outbox.items())),
  ]);
  return undefined;
}

const steps = Number(stepsText);
for (let done = 0; done < steps; done++) {
  await step(pick(phones));
  await pause(Math.floor(random() * 10));
}

// The evening's end: every phone online, everything sent, every question answered.
for (const phone of phones) phone.online = true;
for (let round = 0; round < 200; round++) {
  for (const phone of phones) phone.page.sender.flush();
  await pause(50);
  const waiting = phones.reduce((n, phone) => n + phone.page.outbox.items().length, 0);
  if (!waiting) break;
}
const waiting = phones.flatMap((phone) => phone.page.outbox.items().map((item) => ({ phone: phone.index, ...item })));
process.stdout.write(JSON.stringify({ sent, answers, asked, waiting }));
