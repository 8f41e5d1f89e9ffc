// web/store-banner.js in node, on a document of its own making: an answer saying the site's
// database is down (X-Quiver-Store: down, or an act refused as the store's) shows one line at the
// top of the page, "Moves cannot be saved right now"; it goes when the health check answers 200
// again, or an answer says nothing of the database.

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';

/** The few elements and the document the banner uses. */
class FakeElement {
  /** @param {string} tag */
  constructor(tag) {
    this.tag = tag;
    this.id = '';
    this.className = '';
    this.hidden = false;
    this.textContent = '';
    /** @type {Record<string, string>} */
    this.attrs = {};
  }
  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    this.attrs[name] = value;
  }
}
const body = {
  /** @type {FakeElement[]} */
  children: [],
  /** @param {FakeElement} e */
  prepend(e) {
    this.children.unshift(e);
  },
};
// @ts-ignore: the page's globals, for store-banner.js
globalThis.document = { body, createElement: (/** @type {string} */ tag) => new FakeElement(tag) };
let healthy = false;
// @ts-ignore
globalThis.fetch = async () => ({ ok: healthy, status: healthy ? 200 : 503 });
const { noteStore, storeRefusal } = await import('../../web/store-banner.js');

test('the database down: a banner until the health check answers again', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    noteStore(null);
    assert.equal(body.children.length, 0, 'nothing said of the database: no banner');
    noteStore('down');
    assert.equal(body.children.length, 1);
    const banner = body.children[0];
    assert.match(banner.textContent, /^Moves cannot be saved right now/);
    assert.equal(banner.attrs.role, 'alert');
    assert.equal(banner.hidden, false);
    mock.timers.tick(5000); // asked: still down
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(banner.hidden, false);
    healthy = true;
    mock.timers.tick(5000); // asked again: back
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(banner.hidden, true);
    noteStore('down');
    assert.equal(body.children.length, 1, 'the same line shown again');
    assert.equal(banner.hidden, false);
    noteStore('ok');
    assert.equal(banner.hidden, true);
  } finally {
    mock.timers.reset();
  }
});

test("a table's refusals that are the store's", () => {
  assert.ok(storeRefusal('the site is slow, so this was not done (…): try again'));
  assert.ok(storeRefusal('the site could not save this, so it was not done (…): try again'));
  assert.ok(!storeRefusal('not your turn'));
});
