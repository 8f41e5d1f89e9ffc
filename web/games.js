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
import { t } from './i18n.js';

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
  if (LOCAL) return t('games.intro-local');
  return account ? t('games.intro-account', { name: account.username }) : t('games.the-tables-this');
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
      empty: t('games.none-playing'),
    });
    drawMyGames(els.finished, over, {
      actions: false,
      account: Boolean(me.account),
      changed: load,
      empty: t('games.no-finished'),
    });
    signal.update(playing);
    const n = waiting(playing);
    document.title = n ? t('games.title-waiting', { n }) : t('games.your-games-quiver');
    els.error.textContent = '';
  } catch (e) {
    els.error.textContent = t('games.load-failed', { why: e instanceof Error ? e.message : String(e) });
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
