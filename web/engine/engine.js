// quiver's engine in the app's Web Worker: the WebAssembly module built by `make web`
// (quiver-engine.js and quiver-engine.wasm beside this file) and its one call, qv_app_call
// (include/quiver/app.h): a request as JSON text in, an answer as JSON text out. Nothing of a
// game is decided here: every answer is the C engine's.

/**
 * @typedef {Object} EngineModule the module's exports that are used
 * @property {(text: string) => number} lengthBytesUTF8
 * @property {(text: string, ptr: number, max: number) => void} stringToUTF8
 * @property {(ptr: number) => string} UTF8ToString
 * @property {(n: number) => number} _malloc
 * @property {(ptr: number) => void} _free
 * @property {(request: number) => number} _qv_app_call
 */

/** A refusal of the engine: its message and qv_status code (QV_EINVAL -1, QV_ESTATE -5...). */
export class EngineError extends Error {
  /**
   * @param {string} message
   * @param {number} code
   */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** The engine's codes a caller tells apart. */
export const EINVAL = -1;
export const ENOMEM = -3;
export const ESTATE = -5;

/** @type {Promise<EngineModule> | null} */
let loading = null;

/** @returns {Promise<EngineModule>} the module, loaded once */
export function engine() {
  if (!loading) {
    const url = new URL('quiver-engine.js', import.meta.url).href;
    loading = import(url).then((m) => /** @type {{default: () => Promise<EngineModule>}} */ (m).default());
  }
  return loading;
}

/**
 * One request to the engine, its answer's text (the answer may be long: a replay, a frame).
 * @param {Record<string, unknown>} request {op, ...}
 * @returns {Promise<string>} the answer as JSON text
 * @throws {EngineError} the engine's refusal
 */
export async function callText(request) {
  const mod = await engine();
  const text = JSON.stringify(request);
  const n = mod.lengthBytesUTF8(text) + 1;
  const p = mod._malloc(n);
  mod.stringToUTF8(text, p, n);
  const answer = mod.UTF8ToString(mod._qv_app_call(p));
  mod._free(p);
  if (answer.startsWith('{"error":')) {
    const e = /** @type {{error: string, code: number}} */ (JSON.parse(answer));
    throw new EngineError(e.error, e.code);
  }
  return answer;
}

/**
 * The same, its answer read.
 * @param {Record<string, unknown>} request
 * @returns {Promise<unknown>}
 */
export async function call(request) {
  return JSON.parse(await callText(request));
}
