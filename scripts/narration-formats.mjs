// The formats of the games' narration (docs/web/narration.md): every qv_say(ev, "…", …),
// qv_say_by(ev, who, "…", …) and qv_phrase(buf, size, "…", …) of src/games/, its string
// literals joined as C joins them, as the engine sends it in a log line's `msg` (core.h: the
// message's id in the catalogs web/i18n/narration/LANG.js).
//
//   node scripts/narration-formats.mjs [ROOT] [--where] [--reasons]
//        prints them, one JSON string a line (--where: then where each is said)
//
// `formats(root)` gives them with where each is written. With --reasons, the formats of why a
// game refuses a move instead (`reasons(root)`: docs/web.md, "Languages"): every qv_fail(err,
// CODE, "…", …) of the games' notation.c (reading a move) and legal.c (checking it, and its
// qv_fmt(buf, len, "…") of what the game waits for, which "not now: %s" quotes), and of
// src/core/core.c (the square and action readers they share), whose English a table's refusal
// quotes and web/reasons.js recognises by its format, translated in web/i18n/reasons/LANG.js.
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

/** The files whose refusals a player is told: each game's reading and checking of a move. */
const REASON_FILES = /^src\/(?:games\/[\w]+\/(?:notation|legal)\.c|core\/core\.c)$/;

/**
 * Every format of why a game refuses a move (the REASON_FILES' qv_fail), with its game (the
 * folder of src/games/, "core" for core.c), file (relative to root) and line.
 * @param {string} root
 * @returns {{format: string, game: string, file: string, line: number}[]}
 */
export function reasons(root) {
  const out = [];
  const files = [...cFiles(join(root, 'src/games')), join(root, 'src/core/core.c')];
  for (const file of files) {
    const rel = relative(root, file);
    if (!REASON_FILES.test(rel)) continue;
    const text = readFileSync(file, 'utf8');
    // the call, its message buffer and code, then string literals joined by blanks only
    // (legal.c's qv_fmt say what the game waits for, which its "not now: %s" quotes)
    const fmt = rel.endsWith('/legal.c') ? '|qv_fmt\\s*\\(\\s*buf\\s*,\\s*len' : '';
    // (a string macro of the file, #define CELL_FORM "…", among them stands for its string)
    const call = new RegExp(
      `\\b(?:qv_fail\\s*\\(\\s*[\\w>.&-]+\\s*,\\s*\\w+${fmt})\\s*,\\s*((?:(?:"(?:[^"\\\\]|\\\\.)*"|[A-Z][A-Z0-9_]*)\\s*)+)(?=[,)])`,
      'g',
    );
    const macros = new Map(
      [...text.matchAll(/^#define\s+([A-Z][A-Z0-9_]*)\s+((?:"(?:[^"\\]|\\.)*"\s*)+)$/gm)].map((d) => [d[1], d[2]]),
    );
    const game = rel.startsWith('src/games/') ? rel.split('/')[2] : 'core';
    for (const m of text.matchAll(call)) {
      const tokens = [...m[1].matchAll(/"(?:[^"\\]|\\.)*"|[A-Z][A-Z0-9_]*/g)].map((t) => t[0]);
      if (!tokens.some((t) => t.startsWith('"'))) continue; // a macro alone: no format
      const literals = tokens.map((t) => (t.startsWith('"') ? t : (macros.get(t) ?? '""'))).join(' ');
      const format = [...literals.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((s) => unescape(s[1])).join('');
      out.push({ format, game, file: rel, line: text.slice(0, m.index).split('\n').length });
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
  const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '.';
  /** @type {Map<string, string[]>} */
  const seen = new Map();
  for (const { format, file, line } of process.argv.includes('--reasons') ? reasons(root) : formats(root))
    seen.set(format, [...(seen.get(format) ?? []), `${file}:${line}`]);
  for (const [format, at] of seen) console.log(JSON.stringify(format) + (where ? `  ${at.join(' ')}` : ''));
}
