// The formats of the games' narration (docs/web/narration.md): every qv_say(ev, "…", …),
// qv_say_by(ev, who, "…", …) and qv_phrase(buf, size, "…", …) of src/games/, its string
// literals joined as C joins them, as the engine sends it in a log line's `msg` (core.h: the
// message's id in the catalogs web/i18n/narration/LANG.js).
//
//   node scripts/narration-formats.mjs [ROOT] [--where]   prints them, one JSON string a line
//                                                         (--where: then where each is said)
//
// `formats(root)` gives them with where each is written.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The C files under dir.
 * @param {string} dir
 * @returns {string[]}
 */
function cFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cFiles(path);
    return /\.[ch]$/.test(name) ? [path] : [];
  });
}

/**
 * A C string literal's body as the string it makes (the escapes narration uses).
 * @param {string} body
 */
function unescape(body) {
  return body.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_, e) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return { n: '\n', t: '\t', '\\': '\\', '"': '"', "'": "'" }[e] ?? e;
  });
}

/**
 * Every narration format of the games, with its file (relative to root) and line.
 * @param {string} root
 * @returns {{format: string, file: string, line: number}[]}
 */
export function formats(root) {
  const out = [];
  for (const file of cFiles(join(root, 'src/games'))) {
    const text = readFileSync(file, 'utf8');
    // the call, its listener (and for qv_say_by its speaker; for qv_phrase its buffer and
    // its size), then string literals joined by blanks only: the format
    const call =
      /\b(?:qv_say(?:_by)?\s*\(\s*[\w>.-]+\s*,|qv_phrase\s*\(\s*[^,()]+,\s*[^,()]+(?:\([^()]*\))?\s*,)\s*(?:[^,()"]+(?:\([^()]*\))?\s*,\s*)?((?:"(?:[^"\\]|\\.)*"\s*)+)/g;
    for (const m of text.matchAll(call)) {
      const format = [...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((s) => unescape(s[1])).join('');
      out.push({ format, file: relative(root, file), line: text.slice(0, m.index).split('\n').length });
    }
  }
  return out;
}

/**
 * Whether a format is made of its arguments alone ("%s", "%s; %s"): a line whose words the
 * game composed in pieces, which no catalog can translate as a whole.
 * @param {string} format
 */
export function composite(format) {
  return !/[A-Za-z]/.test(format.replace(/%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g, ''));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const where = process.argv.includes('--where');
  const root = process.argv.slice(2).find((a) => a !== '--where') ?? '.';
  /** @type {Map<string, string[]>} */
  const seen = new Map();
  for (const { format, file, line } of formats(root))
    seen.set(format, [...(seen.get(format) ?? []), `${file}:${line}`]);
  for (const [format, at] of seen) console.log(JSON.stringify(format) + (where ? `  ${at.join(' ')}` : ''));
}
