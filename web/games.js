// games.html: every table this browser's player key took a seat at (GET /api/me): those being
// played, the ones waiting for my decision first, with resume, resign and abort; then the last
// 50 finished, with their replays. The tab's title counts the tables waiting for me; the list
// is asked again at each news of the player's channel (channel.js).

import { byId } from './dom.js';
import * as API from './api.js';
import { drawMyGames, waiting, WaitingSignal } from './my-games.js';
import { TurnSignal } from './your-turn.js';
import { PlayerChannel } from './channel.js';
import { ChallengeBar } from './challenge-bar.js';
import { LOCAL } from './site.js';
import { hideServerLinks } from './local.js';

const els = {
  intro: byId('games-intro'),
  ongoing: byId('ongoing'),
  finished: byId('finished'),
  error: byId('games-error'),
};

/**
 * Where the list comes from, in words: the account's browsers when signed in, else this
 * browser's cookie; in the app, this device's own store.
 * @param {{username: string} | null} account
 */
function introText(account) {
  if (LOCAL)
    return 'The games played on this device, kept in this browser: clear its site data and the list starts again.';
  return account
    ? `The tables of your account ${account.username}, taken in every browser signed in to it: each plays here too.`
    : "The tables this browser took seats at, kept by the server under this browser's cookie: no account is needed. Clear the browser's cookies and the list starts again.";
}
const signal = new WaitingSignal(new TurnSignal());
// the app: no accounts or friends (pages of a server), and the tables are this device's
hideServerLinks();

async function load() {
  try {
    const me = await API.me();
    els.intro.textContent = introText(me.account);
    const playing = me.tables.filter((t) => t.status !== 'over');
    const over = me.tables.filter((t) => t.status === 'over');
    drawMyGames(els.ongoing, playing, {
      actions: true,
      account: Boolean(me.account),
      changed: load,
      empty: 'No game being played. Start one from the lobby.',
    });
    drawMyGames(els.finished, over, {
      actions: false,
      account: Boolean(me.account),
      changed: load,
      empty: 'No finished game yet.',
    });
    signal.update(playing);
    const n = waiting(playing);
    document.title = `${n ? `(${n}) ` : ''}Your games · quiver`;
    els.error.textContent = '';
  } catch (e) {
    els.error.textContent = `Could not load your games: ${e instanceof Error ? e.message : e}`;
  }
}

// Asked when the player's channel opens and at each of its news; every 10 s only while the
// channel is down.
load();
const channel = new PlayerChannel(() => load());
new ChallengeBar(channel);
channel.start();
setInterval(() => {
  if (document.visibilityState === 'visible' && !channel.open) load();
}, 10000);
