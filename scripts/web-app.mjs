// Assembles the app (`make web`, docs/web.md "The app"): a static folder any static host serves
// at the root of an origin, the browser client with no server.
//
//   node scripts/web-app.mjs ROOT WASM_DIR OUT
//
// OUT receives every file of ROOT/web (the pages and their modules, as `quiver serve` serves
// them), with site.js saying that this copy plays in the page's own engine (LOCAL and ENGINE);
// the engine (WASM_DIR's quiver-engine.js and quiver-engine.wasm, from cmake/app.cmake) in
// engine/ beside its worker; the rules pages (ROOT/docs/rules/*.md) in rules/; the lessons
// (ROOT/tutorials/<game>/*.json) in tutorials/ with their index, and a page for each address of
// the lessons (learn/GAME/LESSON/index.html: learn.html, which reads which from its address);
// the web manifest with its icons; and the service worker (web/sw.js) with the version (a hash
// of every file) and the list of files it caches at install. Each page gains the manifest's
// link and the module that registers the worker (pwa.js). The sizes, whole and gzipped, are
// printed at the end (bench/app_size.mjs measures them too).
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const [root, wasmDir, out] = process.argv.slice(2);
if (!root || !wasmDir || !out) {
  console.error('usage: node scripts/web-app.mjs ROOT WASM_DIR OUT');
  process.exit(2);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * Every file under a folder, as paths relative to it.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/**
 * @param {string} file relative to OUT
 * @param {string | Buffer} data
 */
function write(file, data) {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file), data);
}

// The client, this copy playing in its own engine.
cpSync(join(root, 'web'), out, { recursive: true });
write(
  'site.js',
  readFileSync(join(root, 'web/site.js'), 'utf8')
    .replace('export const LOCAL = false;', 'export const LOCAL = true;')
    .replace('export const ENGINE = false;', 'export const ENGINE = true;'),
);

// The engine beside its worker.
for (const f of ['quiver-engine.js', 'quiver-engine.wasm']) cpSync(join(wasmDir, f), join(out, 'engine', f));

// The rules pages.
for (const f of readdirSync(join(root, 'docs/rules')).filter((x) => x.endsWith('.md')))
  cpSync(join(root, 'docs/rules', f), join(out, 'rules', f));

// The lessons, their index, and a page at each of their addresses.
const learn = readFileSync(join(root, 'web/learn.html'));
write('learn/index.html', learn);
const index = [];
for (const game of readdirSync(join(root, 'tutorials')).sort()) {
  const dir = join(root, 'tutorials', game);
  if (!statSync(dir).isDirectory()) continue;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort();
  for (const f of files) {
    cpSync(join(dir, f), join(out, 'tutorials', game, f));
    write(`learn/${game}/${f.replace(/\.json$/, '')}/index.html`, learn);
  }
  write(`learn/${game}/index.html`, learn);
  index.push({ game, files: files.map((f) => f.replace(/\.json$/, '')) });
}
write('tutorials/index.json', JSON.stringify(index));

// The web manifest (its icons are web/icons/).
write(
  'manifest.webmanifest',
  JSON.stringify(
    {
      name: 'quiver: arrow games',
      short_name: 'quiver',
      description: 'THREE ARROWS, ConCardia, Evons and Arrow Party against the computer or together, offline.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#173b26',
      theme_color: '#2f9e4f',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    null,
    2,
  ),
);

// Every page: the manifest, the theme colour and the worker's registration (from the root: the
// lessons' page answers for paths below /learn/).
for (const f of filesUnder(out).filter((x) => x.endsWith('.html'))) {
  const html = readFileSync(join(out, f), 'utf8').replace(
    '</head>',
    '  <link rel="manifest" href="/manifest.webmanifest">\n' +
      '  <meta name="theme-color" content="#2f9e4f">\n' +
      '  <script type="module" src="/pwa.js"></script>\n</head>',
  );
  writeFileSync(join(out, f), html);
}

// The service worker: every file but itself, and the version they make.
rmSync(join(out, 'sw.js'));
const files = filesUnder(out);
const hash = createHash('sha256');
for (const f of files)
  hash
    .update(f)
    .update('\0')
    .update(readFileSync(join(out, f)));
const version = hash.digest('hex').slice(0, 16);
const sw = readFileSync(join(root, 'web/sw.js'), 'utf8')
  .replace("const VERSION = 'dev';", `const VERSION = '${version}';`)
  .replace('const FILES = [];', `const FILES = ${JSON.stringify(['./', ...files])};`);
write('sw.js', sw);

// The sizes.
let raw = 0;
let gz = 0;
for (const f of filesUnder(out)) {
  const data = readFileSync(join(out, f));
  raw += data.length;
  gz += gzipSync(data, { level: 9 }).length;
}
console.log(
  `make web: ${relative(process.cwd(), out) || out}: ${files.length + 1} files, ` +
    `${(raw / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzipped, version ${version}`,
);
