/* The evenings kept on the phone: each evening's files (its ledger, the same CSV `baska`
   writes, and the ledger's side files) as records of IndexedDB, one a file, put back into
   Pyodide's file system when the app starts and written after each change in a durable
   transaction (durability "strict": on the disk before the page says "recorded"), so an
   evening survives the browser killed, the phone restarted and the app updated. */

const DB = "baska-app";
const FILES = "files"; // key "EVENING/NAME" -> {data: Uint8Array, mtime: ms}
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
  open.onupgradeneeded = () => open.result.createObjectStore(FILES);
  const db = await request(open);
  const known = new Map(); // path under root -> the bytes last kept

  // Every file kept, put into the file system (its time of writing too).
  async function load() {
    const tx = db.transaction(FILES, "readonly");
    const files = tx.objectStore(FILES);
    const [keys, values] = await Promise.all([request(files.getAllKeys()), request(files.getAll())]);
    FS.mkdirTree(root);
    keys.forEach((key, i) => {
      const path = root + "/" + key;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, values[i].data);
      if (values[i].mtime) FS.utime(path, values[i].mtime, values[i].mtime);
      known.set(key, values[i].data);
    });
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
    const tx = db.transaction(FILES, "readwrite", { durability: "strict" });
    const files = tx.objectStore(FILES);
    for (const [key, file] of now) if (!same(known.get(key), file.data)) files.put(file, key);
    for (const key of known.keys()) {
      if (key.startsWith(evening + "/") && !now.has(key)) files.delete(key);
    }
    await finished(tx);
    for (const key of [...known.keys()]) if (key.startsWith(evening + "/")) known.delete(key);
    for (const [key, file] of now) known.set(key, file.data);
  }

  return { load, keep };
}
