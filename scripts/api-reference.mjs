// api-reference.mjs - renders docs/api/openapi.yaml as Markdown pages, one a tag, in
// docs/api/reference/ (with an index, README.md): each operation's summary, parameters,
// request body fields and answers, for a reader and for the docs site, which need no renderer
// of their own. `node scripts/api-reference.mjs` writes them; `--check` (ctest api/reference)
// fails when a page is not what the description renders, so that they never drift from it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '@redocly/openapi-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spec = /** @type {any} */ (parseYaml(fs.readFileSync(path.join(root, 'docs', 'api', 'openapi.yaml'), 'utf8')));
const out = path.join(root, 'docs', 'api', 'reference');
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

/** The object a local $ref names (followed to the end), and the last component's name. */
function deref(/** @type {any} */ node) {
  let name = null;
  while (node && node.$ref) {
    name = node.$ref.split('/').pop();
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((/** @type {any} */ o, /** @type {string} */ k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return { node, name };
}

/** A schema's type in words: `string`, `integer or null`, `Challenge`, `array of Seat`. */
function typeOf(/** @type {any} */ schema) {
  const { node, name } = deref(schema);
  if (name) return name;
  if (!node) return 'any';
  if (node.const !== undefined) return `\`${JSON.stringify(node.const)}\``;
  if (node.enum) return node.enum.map((/** @type {unknown} */ v) => `\`${v}\``).join(', ');
  if (node.oneOf) return node.oneOf.map(typeOf).join(' or ');
  if (node.allOf) return node.allOf.map(typeOf).join(' and ');
  const t = [node.type ?? 'any'].flat();
  if (t.includes('array')) return `array of ${typeOf(node.items)}`;
  return t.join(' or ');
}

/** A schema's bounds and default in words: `1 to 100; default 50`. */
function bounds(/** @type {any} */ schema) {
  const { node } = deref(schema);
  if (!node) return '';
  const w = [];
  const lo = node.minimum ?? node.minLength ?? node.minItems;
  const hi = node.maximum ?? node.maxLength ?? node.maxItems;
  const unit =
    node.minLength !== undefined || node.maxLength !== undefined
      ? ' characters'
      : node.minItems !== undefined || node.maxItems !== undefined
        ? ' items'
        : '';
  if (lo !== undefined && hi !== undefined) w.push(`${lo} to ${hi}${unit}`);
  else if (lo !== undefined) w.push(`at least ${lo}${unit}`);
  else if (hi !== undefined) w.push(`at most ${hi}${unit}`);
  if (node.default !== undefined) w.push(`default ${JSON.stringify(node.default)}`);
  return w.join('; ');
}

/** A description and the schema's bounds, for a table's last column. */
const meaning = (/** @type {any} */ described, /** @type {any} */ schema) =>
  [described?.description ?? deref(schema).node?.description, bounds(schema)].filter(Boolean).join(' ');

/** A Markdown table cell: no line break, no bar. */
const cell = (/** @type {unknown} */ s) =>
  String(s ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');

/** The lines of one operation. */
function operation(/** @type {string} */ p, /** @type {string} */ m, /** @type {any} */ op, /** @type {any} */ item) {
  const lines = [`## \`${m.toUpperCase()} ${p}\``, '', `${op.summary}.`, ''];
  if (op.description) lines.push(op.description.trim(), '');
  if (op.security && op.security.some((/** @type {any} */ s) => s.session))
    lines.push('Signed in: the `quiver_session` cookie.', '');
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x) => deref(x).node);
  if (params.length) {
    lines.push('| parameter | in | type | required | meaning |', '|---|---|---|---|---|');
    for (const x of params)
      lines.push(
        `| \`${x.name}\` | ${x.in} | ${cell(typeOf(x.schema))} | ${x.required ? 'yes' : 'no'} | ${cell(meaning(x, x.schema))} |`,
      );
    lines.push('');
  }
  if (op.requestBody) {
    const body = deref(op.requestBody).node;
    const media = Object.keys(body.content)[0];
    const { node: schema, name } = deref(body.content[media].schema);
    lines.push(
      `Body (${media}${name ? `, ${name}` : ''}${body.required ? '' : ', optional'})${body.description ? `: ${cell(body.description)}` : ''}`,
      '',
    );
    if (schema.properties) {
      lines.push('| field | type | required | meaning |', '|---|---|---|---|');
      for (const [k, v] of Object.entries(schema.properties))
        lines.push(
          `| \`${k}\` | ${cell(typeOf(v))} | ${(schema.required ?? []).includes(k) ? 'yes' : 'no'} | ${cell(meaning(null, v))} |`,
        );
      lines.push('');
      if (schema.additionalProperties === false) lines.push('No other field is accepted.', '');
    }
  }
  lines.push('| status | answer | body |', '|---|---|---|');
  for (const [status, r] of Object.entries(op.responses)) {
    const { node } = deref(r);
    const media = node.content ? Object.keys(node.content)[0] : null;
    const body = media ? `${media}: ${typeOf(node.content[media].schema)}` : '';
    lines.push(`| ${status} | ${cell(node.description)} | ${cell(body)} |`);
  }
  lines.push('');
  return lines;
}

/** Every page's text, by file name. */
function render() {
  /** @type {Map<string, string[]>} */
  const byTag = new Map(spec.tags.map((/** @type {any} */ t) => [t.name, []]));
  for (const [p, item] of Object.entries(spec.paths))
    for (const m of METHODS) if (item[m]) byTag.get(item[m].tags[0])?.push(...operation(p, m, item[m], item));
  /** @type {Record<string, string>} */
  const pages = {};
  const index = [
    '# The HTTP API of `quiver serve`: reference',
    '',
    'Rendered from [`docs/api/openapi.yaml`](../openapi.yaml) by `node scripts/api-reference.mjs`',
    '(ctest `api/reference` checks that these pages are current). The schemas named (`TableInfo`,',
    '`Error`, ...) are in its `components`; the WebSocket frames are in',
    '[`docs/api/frames.schema.json`](../frames.schema.json), and the prose on limits, security and',
    'design in [docs/server/api.md](../../server/api.md).',
    '',
  ];
  for (const t of spec.tags) {
    const ops = byTag.get(t.name) ?? [];
    pages[`${t.name}.md`] = [`# The HTTP API: ${t.name}`, '', t.description, '', ...ops].join('\n').trimEnd() + '\n';
    index.push(`- [${t.name}](${t.name}.md): ${t.description}`);
  }
  pages['README.md'] = index.join('\n') + '\n';
  return pages;
}

const pages = render();
if (process.argv[2] === '--check') {
  const stale = Object.entries(pages).filter(([f, text]) => {
    const file = path.join(out, f);
    return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
  });
  const extra = fs.existsSync(out) ? fs.readdirSync(out).filter((f) => !(f in pages)) : [];
  if (stale.length || extra.length) {
    console.error(
      `docs/api/reference/ is not what docs/api/openapi.yaml renders: ${[...stale.map(([f]) => f), ...extra].join(', ')}; run node scripts/api-reference.mjs`,
    );
    process.exit(1);
  }
  console.log(`docs/api/reference/: ${Object.keys(pages).length} pages, current`);
} else {
  fs.mkdirSync(out, { recursive: true });
  for (const [f, text] of Object.entries(pages)) fs.writeFileSync(path.join(out, f), text);
  console.log(`wrote ${Object.keys(pages).length} pages in docs/api/reference/`);
}
