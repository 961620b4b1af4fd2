/* The evenings kept on the phone: each evening's files (its ledger, the same CSV `baska`
   writes, and the ledger's side files) as records of IndexedDB, one a file, put back into
   Pyodide's file system when the app starts and written after each change in a durable
   transaction (durability "strict": on the disk before the page says "recorded"), so an
   evening survives the browser killed, the phone restarted and the app updated. Each
   evening has a stamp, counted up at each write: a tab whose copy is older (another tab of
   the app wrote the evening since) reads the evening again before it writes, and a write
   that finds the stamp moved meanwhile is refused whole (Stale), never laid over the other. */

const DB = "baska-app";
const FILES = "files"; // key "EVENING/NAME" -> {data: Uint8Array, mtime: ms}
const STAMPS = "stamps"; // key "EVENING" -> the count of its writes
const SKIP = /\.lock$|\.tmp$/; // (a lock file holds nothing; a temporary file is not kept)

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function finished(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("aborted"));
  });
}

function same(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The store of the evenings in the folder `root` of Pyodide's file system `FS`.
export async function openStore(FS, root) {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(FILES);
    open.result.createObjectStore(STAMPS);
  };
  const db = await request(open);
  const known = new Map(); // path under root -> the bytes last kept
  const stamps = new Map(); // evening -> its stamp as this tab last read or wrote it

  // Every file kept (or the evening's alone), put into the file system (its time of writing
  // too), with the stamps.
  async function load(evening) {
    const tx = db.transaction([FILES, STAMPS], "readonly");
    const files = tx.objectStore(FILES);
    const range = evening ? IDBKeyRange.bound(evening + "/", evening + "/\uffff") : undefined;
    const [keys, values, names, counts] = await Promise.all([
      request(files.getAllKeys(range)),
      request(files.getAll(range)),
      request(tx.objectStore(STAMPS).getAllKeys()),
      request(tx.objectStore(STAMPS).getAll()),
    ]);
    FS.mkdirTree(root);
    keys.forEach((key, i) => {
      const path = root + "/" + key;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, values[i].data);
      if (values[i].mtime) FS.utime(path, values[i].mtime, values[i].mtime);
      known.set(key, values[i].data);
    });
    names.forEach((name, i) => {
      if (!evening || name === evening) stamps.set(name, counts[i]);
    });
  }

  // Whether another tab wrote the evening since this one read it (then: read it again).
  async function stale(evening) {
    const tx = db.transaction(STAMPS, "readonly");
    const now = (await request(tx.objectStore(STAMPS).get(evening))) || 0;
    return now !== (stamps.get(evening) || 0);
  }

  // The evening's files as they are now in the file system, kept (only those changed).
  async function keep(evening) {
    const folder = root + "/" + evening;
    const now = new Map();
    let names = [];
    try {
      names = FS.readdir(folder).filter((n) => n !== "." && n !== ".." && !SKIP.test(n));
    } catch (error) {
      names = []; // (the evening is gone)
    }
    for (const name of names) {
      const path = folder + "/" + name;
      if (!FS.isFile(FS.stat(path).mode)) continue;
      now.set(evening + "/" + name, { data: FS.readFile(path), mtime: Number(FS.stat(path).mtime) });
    }
    const tx = db.transaction([FILES, STAMPS], "readwrite", { durability: "strict" });
    const files = tx.objectStore(FILES);
    const counts = tx.objectStore(STAMPS);
    const mine = stamps.get(evening) || 0;
    const found = (await request(counts.get(evening))) || 0;
    if (found !== mine) {
      tx.abort(); // (another tab wrote it meanwhile: nothing of this write is kept)
      await finished(tx).catch(() => {});
      throw new Stale(evening);
    }
    for (const [key, file] of now) if (!same(known.get(key), file.data)) files.put(file, key);
    for (const key of known.keys()) {
      if (key.startsWith(evening + "/") && !now.has(key)) files.delete(key);
    }
    if (now.size) counts.put(mine + 1, evening);
    else counts.delete(evening);
    await finished(tx);
    stamps.set(evening, mine + 1);
    for (const key of [...known.keys()]) if (key.startsWith(evening + "/")) known.delete(key);
    for (const [key, file] of now) known.set(key, file.data);
  }

  return { load, stale, keep };
}

// A write refused: another tab of the app wrote the evening since this one read it.
export class Stale extends Error {
  constructor(evening) {
    super("stale: " + evening);
    this.evening = evening;
  }
}
