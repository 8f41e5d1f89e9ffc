// site_browser.mjs SITE - the documentation site in Debian's chromium, served from 127.0.0.1 as
// `python3 -m http.server -d build/docs` serves it (the ctest docs/site-browser, after docs/site
// built SITE): every request of a few pages stays on 127.0.0.1 (a request elsewhere is aborted
// and fails the test), every image of them is drawn, and the search box finds a page offline,
// served and from the site's files (file:, as `make docs` says to open it: docs/js/file-search.js).
// Prints what it found; exits 1 naming what failed.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PAGES = ['index.html', 'start/play.html', 'benchmarks.html', 'lab.html', 'web.html'];
const SEARCH = { query: 'fairness gap', page: 'lab/report.html' };

/** A free port of 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once 127.0.0.1:port accepts a connection, rejects after 30 s. */
async function waitPort(port) {
  const end = Date.now() + 30000;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => resolve(c.end() && true));
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the site's server did not listen on ${port} within 30 s`);
}

/**
 * Waits for the search page's results and checks that SEARCH.page is among them.
 * @param {import('playwright-core').Page} page the search page, its query in its address
 * @param {string} how how the site was opened, for the messages
 * @param {string[]} failures where a failure is said
 */
async function searchFinds(page, how, failures) {
  const results = page.locator('#mkdocs-search-results article a');
  await results.first().waitFor({ timeout: 120000 });
  const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  console.log(`search "${SEARCH.query}", the site ${how}: ${hrefs.length} results`);
  if (!hrefs.some((h) => h && h.split('#')[0].endsWith(SEARCH.page)))
    failures.push(
      `search "${SEARCH.query}", the site ${how}, does not find ${SEARCH.page}: ${hrefs.slice(0, 5).join(', ')}`,
    );
}

async function main() {
  const site = path.resolve(process.argv[2] || '');
  if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`no site in ${site} (mkdocs build first)`);
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '-d', site], {
    stdio: 'ignore',
  });
  const failures = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitPort(port);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'file:') return route.continue();
      failures.push(`${page.url()} asked for ${url.href}`);
      return route.abort();
    });
    for (const name of PAGES) {
      const answer = await page.goto(`http://127.0.0.1:${port}/${name}`, { waitUntil: 'load' });
      if (!answer || !answer.ok()) failures.push(`${name}: ${answer ? answer.status() : 'no answer'}`);
      const broken = await page.$$eval('img', (imgs) =>
        imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute('src')),
      );
      for (const src of broken) failures.push(`${name}: the image ${src} is not drawn`);
      const shown = await page.$$eval('img', (imgs) => imgs.length);
      console.log(`${name}: loaded, ${shown} images drawn`);
    }
    await page.goto(`http://127.0.0.1:${port}/search.html?q=${encodeURIComponent(SEARCH.query)}`);
    await searchFinds(page, 'served', failures);
    // The same from the site's files, as `make docs` says to open it (docs/js/file-search.js).
    await page.goto(`file://${site}/search.html?q=${encodeURIComponent(SEARCH.query)}`);
    await searchFinds(page, 'from its files', failures);
  } finally {
    await browser.close();
    server.kill();
  }
  for (const f of failures) console.log(`FAIL: ${f}`);
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((e) => {
  console.log(`FAIL: ${e.message}`);
  process.exitCode = 1;
});
