// RFC 6902 JSON Patch, the part a replay's changes use: `add`, `remove` and `replace` of a value
// at an RFC 6901 JSON Pointer. The server sends each step of a replay after the first as these
// operations on the step before's view (docs/server.md, GET /api/tables/ID/replay), and
// replay-views.js applies them. A patch changes the document in place; an operation that does
// not apply throws, naming it, and a value it puts in is a copy (a later operation that changes
// it inside leaves the patch as it came).

/** @typedef {import('./types.js').PatchOp} PatchOp */

/**
 * The reference tokens of a JSON Pointer: "" the whole document, "/a/b~1c" ["a", "b/c"].
 * @param {string} path
 * @returns {string[]}
 */
export function pointerTokens(path) {
  if (path === '') return [];
  if (typeof path !== 'string' || path[0] !== '/') throw new Error(`not a JSON Pointer: ${JSON.stringify(path)}`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * An array's index in a pointer: digits without a leading zero ("-" past the end, for `add`).
 * @param {string} token
 * @param {unknown[]} array
 * @param {string} path
 */
function index(token, array, path) {
  if (token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`${path}: '${token}' is not an array index`);
  return Number(token);
}

/**
 * Sets an object's own key (also "__proto__", which an assignment would take for the prototype).
 * @param {Record<string, unknown>} o
 * @param {string} key
 * @param {unknown} value
 */
function setKey(o, key, value) {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * The value the tokens lead to from doc, each an own key or an index.
 * @param {unknown} doc
 * @param {string[]} tokens
 * @param {string} path
 * @returns {unknown}
 */
function walk(doc, tokens, path) {
  let at = doc;
  for (const t of tokens) {
    if (Array.isArray(at)) {
      const i = index(t, at, path);
      if (i >= at.length) throw new Error(`${path}: no element ${t}`);
      at = at[i];
    } else if (at !== null && typeof at === 'object' && Object.hasOwn(at, t)) {
      at = /** @type {Record<string, unknown>} */ (at)[t];
    } else {
      throw new Error(`${path}: no member '${t}'`);
    }
  }
  return at;
}

/**
 * Applies one operation to doc; returns the document (a new one when the operation is on the
 * whole of it, path "").
 * @param {unknown} doc
 * @param {PatchOp} op
 * @returns {unknown}
 */
function applyOp(doc, op) {
  if (!op || typeof op !== 'object' || !['add', 'remove', 'replace'].includes(op.op)) {
    throw new Error(`not an add, remove or replace operation: ${JSON.stringify(op)}`);
  }
  const tokens = pointerTokens(op.path);
  const value = op.op === 'remove' ? undefined : structuredClone(op.value);
  if (op.op !== 'remove' && value === undefined) throw new Error(`${op.path}: ${op.op} without a value`);
  const last = tokens.pop();
  if (last === undefined) {
    if (op.op === 'remove') throw new Error('the whole document cannot be removed');
    return value;
  }
  const parent = walk(doc, tokens, op.path);
  if (Array.isArray(parent)) {
    const i = index(last, parent, op.path);
    if (i > parent.length || (op.op !== 'add' && i === parent.length)) {
      throw new Error(`${op.path}: no element ${last} (the array has ${parent.length})`);
    }
    if (op.op === 'add') parent.splice(i, 0, value);
    else if (op.op === 'remove') parent.splice(i, 1);
    else parent[i] = value;
  } else if (parent !== null && typeof parent === 'object') {
    const o = /** @type {Record<string, unknown>} */ (parent);
    if (op.op !== 'add' && !Object.hasOwn(o, last)) throw new Error(`${op.path}: no member '${last}'`);
    if (op.op === 'remove') delete o[last];
    else setKey(o, last, value);
  } else {
    throw new Error(`${op.path}: not inside an object or an array`);
  }
  return doc;
}

/**
 * Applies the operations to doc in order, changing it in place, and returns the result (a
 * new value when an operation replaces the whole document).
 * @param {unknown} doc
 * @param {PatchOp[]} ops
 * @returns {unknown}
 */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error('a patch is an array of operations');
  for (const op of ops) doc = applyOp(doc, op);
  return doc;
}
