/* The phone's own storage for what a player sent and what they are typing: IndexedDB, one
   database for every table, each record under its table's name. A change the player sent is
   written in a transaction with durability "strict" and counted as kept only once that
   transaction has completed — the browser has it on disk, so a browser killed a moment
   later loses nothing. The half-typed hand is kept too (relaxed: a reload or a discarded
   tab brings it back). Where IndexedDB is refused (a private window, no room), the storage
   says so (`durable` false) and keeps the changes in memory while the page is open. */

const NAME = "baska";
const VERSION = 1;
const CHANGES = "changes"; // {key, table, at, …the change}: keyPath "key", index "table"
const DRAFTS = "drafts"; // {table, text, mode}: keyPath "table"

function opened(factory) {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(CHANGES)) {
        db.createObjectStore(CHANGES, { keyPath: "key" }).createIndex("table", "table");
      }
      if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS, { keyPath: "table" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("blocked"));
  });
}

// One transaction on `store`, done by `work(objectStore)`; resolves with what `work` gave
// once the transaction has completed (with "strict": on disk), rejects if it did not.
function transaction(db, store, mode, durability, work) {
  return new Promise((resolve, reject) => {
    const options = durability ? { durability } : undefined;
    const tx = db.transaction(store, mode, options);
    let result;
    const request = work(tx.objectStore(store));
    if (request) request.onsuccess = () => (result = request.result);
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("aborted"));
  });
}

// The storage of the table `table`: {durable, all(), put(change), remove(key), draft(),
// keepDraft(draft)}; each a promise. `factory`: window.indexedDB (none: memory only).
export async function openStore(table, factory = globalThis.indexedDB) {
  let db = null;
  try {
    if (factory) db = await opened(factory);
  } catch (error) {
    db = null;
  }
  if (!db) return memoryStore(table);
  const store = {
    durable: true,
    async all() {
      const found = await transaction(db, CHANGES, "readonly", null, (s) =>
        s.index("table").getAll(table),
      );
      return (found || []).sort((a, b) => a.at - b.at);
    },
    put(change) {
      return transaction(db, CHANGES, "readwrite", "strict", (s) => s.put({ ...change, table }));
    },
    remove(key) {
      return transaction(db, CHANGES, "readwrite", "strict", (s) => s.delete(key));
    },
    async draft() {
      return (await transaction(db, DRAFTS, "readonly", null, (s) => s.get(table))) || null;
    },
    keepDraft(draft) {
      return transaction(db, DRAFTS, "readwrite", "relaxed", (s) =>
        draft ? s.put({ ...draft, table }) : s.delete(table),
      );
    },
  };
  await adoptOldOutbox(table, store);
  return store;
}

// What waited in the outbox of an older page (localStorage, before IndexedDB), moved over.
async function adoptOldOutbox(table, store) {
  const key = "baska-outbox:" + table;
  let old = [];
  try {
    old = JSON.parse(localStorage.getItem(key) || "[]");
  } catch (error) {
    return;
  }
  if (!Array.isArray(old) || !old.length) return;
  let at = Date.now();
  for (const item of old) await store.put({ ...item, at: at++ });
  localStorage.removeItem(key);
}

// Storage that lives as long as the page (IndexedDB refused): `durable` false.
export function memoryStore(table) {
  let changes = [];
  let draft = null;
  return {
    durable: false,
    async all() {
      return changes.map((change) => ({ ...change }));
    },
    async put(change) {
      changes = [...changes.filter((c) => c.key !== change.key), { ...change, table }];
      changes.sort((a, b) => a.at - b.at);
    },
    async remove(key) {
      changes = changes.filter((c) => c.key !== key);
    },
    async draft() {
      return draft;
    },
    async keepDraft(kept) {
      draft = kept;
    },
  };
}
