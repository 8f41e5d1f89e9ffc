// Hidden information in the DOM. Two browser contexts sit at the two human seats of a table
// made in the lobby (one creates it, the other opens the invite link) and a third watches; they
// play by clicking. After every move, the page of each seat and the spectator's page are
// searched (text, attributes and SVG: the whole serialized DOM) for what only the other seat
// may know: in THREE ARROWS the kind and facing of covered pieces and the holder by kind, in
// ConCardia the cards in hand and a secret starting card. The secrets are read from the frames
// the owner's page received (the owner's own view). The detail sheet of a covered piece says
// no more than its square does.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  newPage,
  clickAndWait,
  rng,
  until,
  budget,
  TURN_SELECTOR,
  openSeatLink,
} from './support.mjs';

const env = serverAndBrowser();

/** @param {any[]} frames */
function lastView(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    if (frames[i].type === 'snapshot' || frames[i].type === 'update') return frames[i].view;
  }
  return null;
}

/** @param {any[]} frames */
function lastVersion(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    if (typeof frames[i].v === 'number') return frames[i].v;
  }
  return -1;
}

const PIECE_NAMES = { A: 'Angle', T: 'Tee', X: 'Cross', Y: 'Y', D: 'Double', R: 'Triple', Z: 'Terminator' };
const TRAITS = { r: 'Rock', p: 'Paper', s: 'Scissors' };

/**
 * Checks that a page shows none of a seat's secrets, as read from that seat's own view.
 * @param {import('playwright-core').Page} page
 * @param {string} who which page, for messages
 * @param {string} game
 * @param {any} ownerView the secret owner's View JSON
 * @param {string} owner p1 or p2
 */
async function assertHides(page, who, game, ownerView, owner) {
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  const v = ownerView.view;
  if (game === 'three-arrows') {
    const covered = (v.board ?? []).filter((p) => p.owner === owner && p.covered);
    for (const p of covered) {
      const cell = await page.evaluate((sq) => {
        const g = document.querySelector(`#board-area .cell[data-token="${sq}"]`);
        return g
          ? {
              label: g.getAttribute('aria-label') ?? '',
              arrows: g.querySelectorAll('.tile-arrow').length,
              html: g.outerHTML,
            }
          : null;
      }, p.sq);
      assert.ok(cell, `${who}: no cell ${p.sq}`);
      assert.equal(cell.arrows, 0, `${who} draws the arrows of ${owner}'s covered piece on ${p.sq}`);
      assert.match(cell.label, /a covered piece/, `${who}: ${p.sq} is not said to be covered`);
      assert.ok(
        !cell.label.includes(PIECE_NAMES[p.piece]) && !cell.label.includes('facing'),
        `${who} names ${owner}'s covered piece on ${p.sq}: ${cell.label}`,
      );
      assert.ok(!cell.html.includes(`(${p.piece})`), `${who} shows the kind of ${owner}'s covered piece on ${p.sq}`);
    }
    // the detail sheet of a covered piece (a right click opens it, as a long press does):
    // the words everyone sees and the entries of a cover (and a shield), never its kind's
    if (covered.length) {
      const p = covered[0];
      await page.click(`#board-area .cell[data-token="${p.sq}"]`, { button: 'right' });
      await page.waitForSelector('#detail[open] .ref-text');
      const sheet = await page.evaluate(() => ({
        what: document.querySelector('#detail .detail-what')?.textContent ?? '',
        entries: [...document.querySelectorAll('#detail .ref-text')].map((e) => e.getAttribute('data-entry')),
      }));
      assert.deepEqual(sheet.entries, p.shielded ? ['cover', 'shield'] : ['cover'], `${who}: the sheet of ${p.sq}`);
      assert.match(sheet.what, /a covered piece/);
      assert.ok(
        !sheet.what.includes(PIECE_NAMES[p.piece]) && !sheet.what.includes('facing') && !sheet.what.includes('arrows'),
        `${who}'s detail sheet names ${owner}'s covered piece on ${p.sq}: ${sheet.what}`,
      );
      await page.keyboard.press('Escape');
      await page.waitForSelector('#detail', { state: 'hidden' });
    }
    // the holder by kind is shown only to its owner
    const holder = await page.locator(`#players-area section.player.${owner} .holder`).count();
    assert.equal(holder, 0, `${who} shows ${owner}'s holder by kind`);
    return covered.length;
  }
  // ConCardia: the hand and a secret starting card
  const pl = v.players[Number(owner.slice(1)) - 1];
  const secret = [...(pl.hand ?? []), ...(pl.start && v.phase === 'start' ? [pl.start] : [])];
  for (const id of secret) {
    assert.ok(!html.includes(id), `${who} shows ${owner}'s hidden card ${id}`);
    const [tmpl, trait] = id.split('-');
    const words = `${TRAITS[trait]} ${tmpl[0].toUpperCase()}${tmpl.slice(1)}`;
    assert.ok(!html.includes(words), `${who} names ${owner}'s hidden card ${words}`);
  }
  return secret.length;
}

// The two games at once: most of each test's time is spent waiting for the pages.
describe('secrecy in the DOM', { concurrency: true }, () => {
  for (const game of ['three-arrows', 'concardia']) {
    test(
      `${game}: a seat's page never shows the other seat's secrets, nor does a spectator's`,
      { timeout: budget(45000) },
      async () => {
        const a = await newPage(env.browser);
        const b = await newPage(env.browser);
        const c = await newPage(env.browser);
        // p1 creates the table in the lobby with a friend's seat, and sends the invite link
        await a.page.goto(env.server.url);
        await a.page.click(`#create-form label:has(input[name=game][value="${game}"])`);
        await a.page.selectOption('#seat-p1', 'me');
        await a.page.selectOption('#seat-p2', 'invite');
        await a.page.click('#create-form button[type=submit]');
        const link = await a.page.locator('#created input.link').inputValue();
        assert.match(link, /table\.html\?id=.+&seat=p2&invite=[^&]+$/);
        await a.page.click('#created a.button');
        await a.page.waitForSelector('#conn.open');
        await openSeatLink(b.page, link);
        assert.match(await b.page.textContent('#conn'), /Connected as p2/);
        const watch = new URL(link);
        watch.search = new URLSearchParams({ id: watch.searchParams.get('id') ?? '' }).toString();
        await c.page.goto(watch.toString());
        await c.page.waitForSelector('#conn.open');
        assert.match(await c.page.textContent('#conn'), /Watching/);

        const rand = rng(11);
        const seats = [
          { s: a, seat: 'p1' },
          { s: b, seat: 'p2' },
        ];
        const seen = { p1: 0, p2: 0 };
        let moves = 0;
        for (let step = 0; step < 160 && moves < 40; step++) {
          // whoever has something to click makes one click
          let acted = false;
          for (const { s, seat } of seats) {
            const vj = lastView(s.frames);
            if (!vj || vj.to_move !== seat || !(vj.legal ?? []).length) continue;
            const before = lastVersion(s.frames);
            // in THREE ARROWS, place covered pieces when possible, so that there are secrets
            const coveredMove =
              game === 'three-arrows' ? vj.legal.find((x) => / covered$/.test(x) && !/shielded/.test(x)) : null;
            if (coveredMove && rand() < 0.5) {
              await s.page.fill('#notation', coveredMove);
              await s.page.press('#notation', 'Enter');
              await s.page.click(`#move-panel .play-button[data-action="${coveredMove}"]`);
              await until(() => lastVersion(s.frames) > before, `${seat}'s typed move answered`);
            } else {
              for (let k = 0; k < 8 && lastVersion(s.frames) === before; k++) {
                await clickAndWait(s.page, rand);
                // the move went (the server's update comes), or there is more to click
                await until(
                  async () => lastVersion(s.frames) > before || (await s.page.locator(TURN_SELECTOR).count()) > 0,
                  `${seat}: an update or more to click`,
                );
              }
            }
            acted = true;
            break;
          }
          // wait until the three pages have heard the same version and show it (a frame
          // arrives before the page draws it), with no chance event due (a die roll or a draw
          // the server makes after a move, which changes the version again)
          await until(async () => {
            const vs = [a, b, c].map((x) => lastVersion(x.frames));
            const shown = await Promise.all([a, b, c].map((x) => x.page.evaluate(() => document.body.dataset.v)));
            const view = lastView(a.frames);
            return vs.every((x, n) => x === vs[0] && shown[n] === String(x)) && view?.to_move !== 'chance';
          }, 'the three pages settle on one version');
          const va = lastView(a.frames);
          const vb = lastView(b.frames);
          if (!va || !vb) continue;
          if (va.to_move === 'over') break;
          if (acted) moves++;
          seen.p1 += await assertHides(b.page, "p2's page", game, va, 'p1');
          seen.p2 += await assertHides(a.page, "p1's page", game, vb, 'p2');
          await assertHides(c.page, "the spectator's page", game, va, 'p1');
          await assertHides(c.page, "the spectator's page", game, vb, 'p2');
        }
        assert.ok(moves >= 10, `only ${moves} moves were played`);
        assert.ok(seen.p1 > 0 && seen.p2 > 0, `no secret to check (p1 ${seen.p1}, p2 ${seen.p2})`);
        for (const s of [a, b, c]) assert.deepEqual(s.errors, [], 'no script error');
      },
    );
  }
});
