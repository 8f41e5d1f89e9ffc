// The catalogs' check (ctest web/i18n; docs/web.md, "Languages"):
//
//   node scripts/i18n-check.mjs ROOT
//
// 1. every catalog web/i18n/LANG.js has exactly the keys of en.js, each message with the same
//    {places} (a plural message: the places of all its forms together), and a plural message
//    the categories its language has (Intl.PluralRules: `other` always; `one` where the
//    language has it and en.js uses it), no other;
// 2. every page web/*.html (but those eslint.config.js's UNTRANSLATED names) shows no words
//    that do not come from a catalog: each text with words is in an element with data-i18n,
//    each shown attribute with words is named by data-i18n-attr, and every key named exists;
// 3. every lesson translation web/i18n/lessons/LANG/GAME.js names lessons of tutorials/GAME/
//    and gives each of their steps its words (text; web, hint and the checks' words where the
//    lesson has them), with the same number of checks; and every lesson of tutorials/ has its
//    translation in every language but English;
// 4. no key is in two parts of a catalog (its own messages, people/, review/, play/);
// 5. web/style.css shows no words (a `content: "…"`): a page's words come from a catalog;
// 6. every language but English has a catalog of the engine's narration,
//    web/i18n/narration/LANG.js (web/narration.js), whose keys are exactly the formats of the
//    games' C sources (scripts/narration-formats.mjs) but those made of their arguments alone;
//    each template names arguments the format has, keeps the format's secret parts (the same
//    masks), and shows every argument but a suffix one ("card%s"); a plural translation
//    counts an argument the format has, with the forms of its language;
// 7. so does every language's catalog of why the games refuse a move, web/i18n/reasons/LANG.js
//    (web/reasons.js), against the formats scripts/narration-formats.mjs --reasons lists.
// Exits 1 naming each problem.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { composite, formats, reasons } from './narration-formats.mjs';

const root = process.argv[2] ?? '.';
const web = join(root, 'web');
/** @type {string[]} */
const problems = [];

/** @param {string} file */
const load = async (file) => (await import(pathToFileURL(file).href)).default;

/**
 * The {places} of a message.
 * @param {string | Record<string, string>} msg
 */
function places(msg) {
  const forms = typeof msg === 'string' ? [msg] : Object.values(msg);
  return [...new Set(forms.flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort().join(',');
}

const en = await load(join(web, 'i18n/en.js'));
const langs = readdirSync(join(web, 'i18n'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.slice(0, -3));
for (const lang of langs) {
  const cat = await load(join(web, `i18n/${lang}.js`));
  const has = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  for (const key of Object.keys(en)) if (!(key in cat)) problems.push(`${lang}.js: no message ${key}`);
  for (const [key, msg] of Object.entries(cat)) {
    if (!(key in en)) {
      problems.push(`${lang}.js: ${key} is not a key of en.js`);
      continue;
    }
    const ref = en[key];
    if (places(msg) !== places(ref))
      problems.push(`${lang}.js: ${key} has the places {${places(msg)}}, en.js {${places(ref)}}`);
    if ((typeof msg === 'string') !== (typeof ref === 'string')) {
      problems.push(`${lang}.js: ${key} is ${typeof ref === 'string' ? 'not plural' : 'plural'} in en.js`);
      continue;
    }
    if (typeof msg === 'string') continue;
    for (const cat of Object.keys(msg))
      if (!has.has(cat)) problems.push(`${lang}.js: ${key} has the form ${cat}, which ${lang} does not have`);
    const want = ['other', ...Object.keys(ref).filter((c) => c !== 'other' && has.has(c) && c === 'one')];
    for (const c of want) if (!(c in msg)) problems.push(`${lang}.js: ${key} lacks its ${c} form`);
  }
}

// A catalog's parts (its own messages and each part spread into it: people/, review/, play/)
// name each key once: a key in two parts would be one message silently lost.
for (const lang of langs) {
  const own = [...readFileSync(join(web, `i18n/${lang}.js`), 'utf8').matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]);
  /** @type {Map<string, string>} */
  const where = new Map(own.map((k) => [k, `${lang}.js`]));
  for (const part of readdirSync(join(web, 'i18n'), { withFileTypes: true })) {
    const file = join(web, 'i18n', part.name, `${lang}.js`);
    if (!part.isDirectory() || !existsSync(file)) continue;
    if (['lessons', 'narration', 'reasons', 'notes', 'reference'].includes(part.name)) continue;
    for (const key of Object.keys(await load(file))) {
      const first = where.get(key);
      if (first) problems.push(`${part.name}/${lang}.js: ${key} is also a key of ${first}`);
      else where.set(key, `${part.name}/${lang}.js`);
    }
  }
}

// The style sheet shows no words of its own (a `content: "…"` is in no catalog).
for (const m of readFileSync(join(web, 'style.css'), 'utf8').matchAll(/content:\s*"([^"]*)"/g))
  if (/\p{L}{2,}/u.test(m[1])) problems.push(`style.css: content "${m[1]}" shows words no catalog has`);

// The pages.
const config = readFileSync(join(root, 'eslint.config.js'), 'utf8');
const untranslated = new Set(
  [...(/export const UNTRANSLATED = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]),
);
const SHOWN = ['aria-label', 'title', 'placeholder', 'alt'];
const VOID = new Set(['meta', 'link', 'input', 'br', 'img', 'hr', 'source', 'col', 'wbr']);
for (const page of readdirSync(web).filter((f) => f.endsWith('.html'))) {
  if (untranslated.has(`web/${page}`)) continue;
  const html = readFileSync(join(web, page), 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  // each text between tags belongs to the element open around it: that element names its key,
  // or is a {place} (data-place) of one that does
  /** @type {{tag: string, key: boolean}[]} */
  const open = [];
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)((?:\s[^>]*)?)>([^<]*)/g)) {
    const [, closing, tag, attrs, text] = m;
    if (closing) {
      while (open.length && open.pop()?.tag !== tag);
    } else if (!VOID.has(tag)) {
      const keyed = /\sdata-i18n=/.test(attrs) || (/\sdata-place=/.test(attrs) && Boolean(open.at(-1)?.key));
      open.push({ tag, key: keyed });
    }
    const key = closing ? undefined : /\sdata-i18n="([^"]+)"/.exec(attrs)?.[1];
    if (key && !(key in en)) problems.push(`web/${page}: <${tag}> names the key ${key}, which en.js lacks`);
    if (/\p{L}{2,}/u.test(text) && text.trim() !== 'quiver' && !open.at(-1)?.key)
      problems.push(`web/${page}: <${open.at(-1)?.tag}> shows "${text.trim().slice(0, 40)}" without data-i18n`);
    const named = /\sdata-i18n-attr="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const pairs = Object.fromEntries(
      named
        .split(/\s+/)
        .filter(Boolean)
        .map((p) => p.split(':')),
    );
    for (const [attr, k] of Object.entries(pairs))
      if (!(k in en)) problems.push(`web/${page}: ${attr} names the key ${k}, which en.js lacks`);
    for (const a of attrs.matchAll(/\s([a-z-]+)="([^"]*)"/g))
      if (SHOWN.includes(a[1]) && /\p{L}{2,}/u.test(a[2]) && !(a[1] in pairs))
        problems.push(`web/${page}: <${tag}> ${a[1]}="${a[2].slice(0, 40)}" without data-i18n-attr`);
  }
}

// The lessons' translations.
const lessonsDir = join(web, 'i18n/lessons');
/** Each lesson translated, as "LANG GAME/ID". */
const seenLessons = new Set();
for (const lang of existsSync(lessonsDir) ? readdirSync(lessonsDir) : []) {
  for (const f of readdirSync(join(lessonsDir, lang))) {
    const game = f.replace(/\.js$/, '');
    const tr = await load(join(lessonsDir, lang, f));
    for (const [id, lesson] of Object.entries(tr)) {
      const file = join(root, 'tutorials', game, `${id}.json`);
      const where = `web/i18n/lessons/${lang}/${f}: ${id}`;
      if (!existsSync(file)) {
        problems.push(`${where} is no lesson of tutorials/${game}/`);
        continue;
      }
      const orig = JSON.parse(readFileSync(file, 'utf8'));
      if (!lesson.title) problems.push(`${where} has no title`);
      if (lesson.topics && lesson.topics.length !== orig.topics.length)
        problems.push(`${where} has ${lesson.topics.length} topics, the lesson ${orig.topics.length}`);
      if (lesson.steps.length !== orig.steps.length)
        problems.push(`${where} has ${lesson.steps.length} steps, the lesson ${orig.steps.length}`);
      seenLessons.add(`${lang} ${game}/${id}`);
      orig.steps.forEach((/** @type {Record<string, unknown>} */ s, /** @type {number} */ i) => {
        const w = lesson.steps[i] ?? {};
        for (const field of ['text', 'web', 'hint'])
          if (s[field] && !w[field]) problems.push(`${where} step ${i + 1} has no ${field}`);
        const checks = /** @type {unknown[]} */ (s.checks ?? []).length;
        if ((w.learned ?? []).length !== checks)
          problems.push(`${where} step ${i + 1} has ${(w.learned ?? []).length} checks' words, the lesson ${checks}`);
      });
    }
  }
}
for (const lang of langs.filter((l) => l !== 'en'))
  for (const game of readdirSync(join(root, 'tutorials')))
    for (const f of readdirSync(join(root, 'tutorials', game)).filter((n) => n.endsWith('.json'))) {
      const id = f.replace(/\.json$/, '');
      if (!seenLessons.has(`${lang} ${game}/${id}`))
        problems.push(`web/i18n/lessons/${lang}/${game}.js has no translation of tutorials/${game}/${f}`);
    }

// The engine's narration.
const CONVERSION = /%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z)?[dicuxXs]/g;
const said = [...new Set(formats(root).map((f) => f.format))].filter((f) => !composite(f));
/**
 * A format's arguments: whether each is a suffix (glued to the letter before it), and the
 * arguments that are the masks of its secret parts.
 * @param {string} format
 */
function argumentsOf(format) {
  const suffix = [];
  const masks = [];
  let part = false;
  for (const m of format.matchAll(new RegExp(`${CONVERSION.source}|[{]`, 'g'))) {
    if (m[0] === '{') {
      part = true;
      continue;
    }
    if (part) masks.push(suffix.length + 1);
    part = false;
    suffix.push(/[A-Za-z]$/.test(format.slice(0, m.index)));
  }
  return { n: suffix.length, suffix, masks };
}
/**
 * A catalog of formats (web/i18n/KIND/LANG.js) against the formats the C says.
 * @param {string} kind narration or reasons
 * @param {string} what what the catalog translates, for a missing one
 * @param {string[]} formatsSaid
 */
async function checkFormats(kind, what, formatsSaid) {
  for (const lang of langs.filter((l) => l !== 'en')) {
    const file = join(web, `i18n/${kind}/${lang}.js`);
    if (!existsSync(file)) {
      problems.push(`web/i18n/${kind}/${lang}.js is missing: ${what} in ${lang}`);
      continue;
    }
    checkCatalog(kind, lang, await load(file), formatsSaid);
  }
}

/**
 * @param {string} kind
 * @param {string} lang
 * @param {Record<string, any>} cat
 * @param {string[]} said
 */
function checkCatalog(kind, lang, cat, said) {
  const forms = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  for (const f of said) if (!(f in cat)) problems.push(`${kind}/${lang}.js: no translation of ${JSON.stringify(f)}`);
  for (const [f, tr] of Object.entries(cat)) {
    const where = `${kind}/${lang}.js: ${JSON.stringify(f)}`;
    if (!said.includes(f)) {
      problems.push(`${where} is no format of src/ (changed or gone?)`);
      continue;
    }
    if (!tr) {
      problems.push(`${where} is not translated`);
      continue;
    }
    const a = argumentsOf(f);
    const templates = typeof tr === 'string' ? [tr] : tr.t !== undefined ? [tr.t] : [];
    if (typeof tr !== 'string' && tr.t === undefined) {
      if (!Number.isInteger(tr.n) || tr.n < 1 || tr.n > a.n) problems.push(`${where} counts argument ${tr.n}`);
      if (typeof tr.other !== 'string') problems.push(`${where} has no other form`);
      for (const [form, t] of Object.entries(tr))
        if (!['n', 'args'].includes(form)) {
          if (!forms.has(form)) problems.push(`${where} has the form ${form}, which ${lang} does not have`);
          templates.push(t);
        }
    }
    for (const t of templates) {
      const used = new Set([...t.matchAll(/%(\d+)/g)].map((m) => Number(m[1])));
      for (const n of used) if (n < 1 || n > a.n) problems.push(`${where} names %${n}: the format has ${a.n}`);
      const masks = [...t.matchAll(/\{%(\d+):[^|{}]*\|[^{}]*\}/g)].map((m) => Number(m[1]));
      if (masks.join() !== a.masks.join())
        problems.push(
          `${where} has the secret parts of %${masks.join(', %') || '-'}, the format %${a.masks.join(', %') || '-'}`,
        );
      for (let i = 1; i <= a.n; i++) if (!a.suffix[i - 1] && !used.has(i)) problems.push(`${where} leaves out %${i}`);
    }
  }
}
await checkFormats('narration', "the engine's narration", said);
const reasonsSaid = [...new Set(reasons(root).map((f) => f.format))];
await checkFormats('reasons', "the games' reasons for refusing a move", reasonsSaid);

if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(
  `${langs.length} catalogs of ${Object.keys(en).length} messages agree; the pages' words are theirs; ` +
    `the narration's ${said.length} formats and the games' ${reasonsSaid.length} reasons are translated`,
);
