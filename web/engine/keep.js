// What the app keeps in the browser (IndexedDB, database `quiver`, store `tables`): each local
// table as the engine saves it (its record, seats, version and commitments: app.h's `save`),
// with what the lists show without loading it (its game, status, seats and who may act), so that
// a game in progress resumes after a reload, a closed tab or a restart of the phone. Written
// after every change, before the page hears of it.

/**
 * @typedef {Object} Kept a local table kept
 * @property {string} id
 * @property {unknown} saved the engine's save of it
 * @property {import('../types.js').TableInfo} info its info when it was saved
 * @property {number} updated epoch ms of the save
 */

const DB = 'quiver';
const STORE = 'tables';

/** @type {Promise<IDBDatabase> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase>} */
function db() {
  if (!opening)
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  return opening;
}

/**
 * One request of a transaction on the store, its result.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(s: IDBObjectStore) => IDBRequest<T>} make
 * @returns {Promise<T>}
 */
async function run(mode, make) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const req = make(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** @param {Kept} kept */
export function put(kept) {
  return run('readwrite', (s) => s.put(kept));
}

/**
 * @param {string} id
 * @returns {Promise<Kept | undefined>}
 */
export function get(id) {
  return run('readonly', (s) => s.get(id));
}

/** @returns {Promise<Kept[]>} every table kept */
export function all() {
  return run('readonly', (s) => s.getAll());
}

/** @param {string} id */
export function remove(id) {
  return run('readwrite', (s) => s.delete(id));
}
