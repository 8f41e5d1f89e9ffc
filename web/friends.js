// friends.html: the people a signed-in account follows (docs/server/players.md, "Follows"), each with
// whether it is online and the public tables it plays (Watch), a Challenge and an Unfollow; a
// username to follow; and a challenge to a username (?challenge=NAME fills it in): the game, the
// clock, rated or not, my seat. The challenges I sent wait below it with Cancel until answered;
// accepted, this page goes to the table (other devices say so in their challenge bar). The
// challenges to me are in the bar at the top (challenge-bar.js), as on every page.

import { byId, h, replace } from './dom.js';
import * as API from './api.js';
import { PlayerChannel } from './channel.js';
import { ChallengeBar, challengeTerms, tablePage } from './challenge-bar.js';
import { clockField } from './clock-field.js';
import { t, translate } from './i18n.js';

/** @typedef {import('./types.js').Challenge} Challenge */
/** @typedef {import('./types.js').Follow} Follow */
/** @typedef {import('./types.js').GameInfo} GameInfo */

const els = {
  intro: byId('friends-intro'),
  error: byId('friends-error'),
  challenge: byId('challenge'),
  form: /** @type {HTMLFormElement} */ (byId('challenge-form')),
  sent: byId('sent'),
  follows: byId('follows'),
  followForm: /** @type {HTMLFormElement} */ (byId('follow-form')),
  list: byId('follow-list'),
};

/** @type {Map<string, Challenge>} the challenges I sent that wait for an answer */
const waiting = new Map();

/** @param {unknown} e */
function why(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * One person I follow: name (its profile), online or not, where it plays, and what I may do.
 * @param {Follow} f
 */
function followLine(f) {
  const said = h('span', { class: 'error', role: 'alert' });
  const where =
    f.playing === 0
      ? null
      : h(
          'span',
          { class: 'how' },
          ' · ',
          t('friends.playing', { n: f.playing }),
          f.tables.map((x) => [
            ' · ',
            h('a', { href: `table.html?id=${encodeURIComponent(x.id)}` }, t('friends.watch', { game: x.title })),
          ]),
        );
  return h(
    'li',
    { class: f.online ? 'friend online' : 'friend', 'data-username': f.username },
    h('span', { class: f.online ? 'presence' : 'presence offline', 'aria-hidden': 'true' }),
    ' ',
    h('a', { href: `player.html?name=${encodeURIComponent(f.username)}` }, f.username),
    ' ',
    h('span', { class: 'presence-word' }, t(f.online ? 'people.online' : 'people.offline')),
    where,
    ' ',
    h(
      'button',
      {
        type: 'button',
        class: 'minor challenge-button',
        onclick: () => {
          const box = /** @type {HTMLInputElement} */ (byId('challenge-username'));
          box.value = f.username;
          els.challenge.scrollIntoView({ block: 'start' });
          byId('challenge-game').focus();
        },
      },
      t('friends.challenge-name', { name: f.username }),
    ),
    ' ',
    h(
      'button',
      {
        type: 'button',
        class: 'minor',
        onclick: async () => {
          try {
            drawFollows(await API.unfollow(f.username));
          } catch (e) {
            said.textContent = why(e);
          }
        },
      },
      t('friends.unfollow-name', { name: f.username }),
    ),
    ' ',
    said,
  );
}

/**
 * The people I follow, online first.
 * @param {Follow[]} list
 */
function drawFollows(list) {
  const sorted = [...list].sort((a, b) => Number(b.online) - Number(a.online));
  replace(
    els.list,
    sorted.length ? h('ul', { class: 'friends' }, sorted.map(followLine)) : h('p', { class: 'how' }, t('friends.none')),
  );
  const names = byId('follow-names');
  replace(
    names,
    list.map((f) => h('option', { value: f.username })),
  );
}

function followForm() {
  const said = h('p', { class: 'error', role: 'alert' });
  const box = h('input', { id: 'follow-username', name: 'username', autocomplete: 'off', required: true });
  replace(
    els.followForm,
    h('label', { for: 'follow-username' }, t('friends.follow-label')),
    ' ',
    box,
    ' ',
    h('button', { type: 'submit' }, t('friends.follow')),
    said,
  );
  els.followForm.onsubmit = async (ev) => {
    ev.preventDefault();
    said.textContent = '';
    try {
      drawFollows(await API.follow(/** @type {HTMLInputElement} */ (box).value.trim()));
      /** @type {HTMLInputElement} */ (box).value = '';
    } catch (e) {
      said.textContent = t('friends.not-followed', { why: why(e) });
    }
  };
}

/** The challenges I sent that wait, each with Cancel. */
function drawSent() {
  replace(
    els.sent,
    [...waiting.values()].map((c) =>
      h(
        'p',
        { class: 'challenge sent', 'data-challenge': c.id },
        t('friends.waiting', { name: c.to, terms: challengeTerms(c) }),
        ' ',
        h(
          'button',
          {
            type: 'button',
            class: 'minor',
            onclick: async () => {
              try {
                await API.cancelChallenge(c.id);
              } catch (e) {
                els.error.textContent = why(e);
              }
            },
          },
          t('friends.cancel'),
        ),
      ),
    ),
  );
}

/**
 * A challenge of mine changed (told on the channel): accepted, this page goes to its table.
 * @param {Challenge} c
 */
function sentChanged(c) {
  const was = waiting.has(c.id);
  if (c.status === 'open') waiting.set(c.id, c);
  else waiting.delete(c.id);
  if (was && c.status === 'accepted' && c.table) location.href = tablePage(c.table, c.from_seat);
  else if (was && c.status !== 'open')
    els.error.textContent = t(
      c.status === 'declined' ? 'friends.declined' : c.status === 'expired' ? 'friends.expired' : 'friends.cancelled',
      { name: c.to },
    );
  drawSent();
}

/**
 * The challenge form: username, game, clock, rated, my seat.
 * @param {GameInfo[]} games those a challenge may be to (two players)
 */
function challengeForm(games) {
  const said = h('p', { class: 'error', role: 'alert', id: 'challenge-error' });
  const clock = clockField();
  const game = h(
    'select',
    { id: 'challenge-game', name: 'game' },
    games.map((g) => h('option', { value: g.name }, g.title)),
  );
  const rated = h('input', { type: 'checkbox', id: 'challenge-rated' });
  const seat = h(
    'select',
    { id: 'challenge-seat' },
    h('option', { value: 'random' }, t('friends.seat-random')),
    h('option', { value: 'p1' }, t('friends.seat-first')),
    h('option', { value: 'p2' }, t('friends.seat-second')),
  );
  const wanted = new URLSearchParams(location.search).get('challenge') ?? '';
  replace(
    els.form,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'challenge-username' }, t('account.username')),
      h('input', {
        id: 'challenge-username',
        list: 'follow-names',
        autocomplete: 'off',
        value: wanted,
        required: true,
      }),
      h('datalist', { id: 'follow-names' }),
    ),
    h('div', { class: 'field' }, h('label', { for: 'challenge-game' }, t('lobby.game')), game),
    clock.el,
    h('div', { class: 'field' }, h('label', { for: 'challenge-seat' }, t('friends.your-seat')), seat),
    h('div', { class: 'field check' }, rated, h('label', { for: 'challenge-rated' }, t('friends.rated'))),
    h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, t('friends.send'))),
    said,
  );
  els.form.onsubmit = async (ev) => {
    ev.preventDefault();
    said.textContent = '';
    const isRated = /** @type {HTMLInputElement} */ (rated).checked;
    try {
      const c = await API.challenge({
        username: /** @type {HTMLInputElement} */ (byId('challenge-username')).value.trim(),
        game: /** @type {HTMLSelectElement} */ (game).value,
        clock: clock.value() ?? { kind: 'none' },
        rated: isRated,
        takebacks: !isRated,
        seat: /** @type {HTMLSelectElement} */ (seat).value,
      });
      waiting.set(c.id, c);
      drawSent();
    } catch (e) {
      said.textContent = t('friends.not-sent', { why: why(e) });
    }
  };
}

async function load() {
  let me;
  try {
    me = await API.me(0);
  } catch (e) {
    els.error.textContent = why(e);
    return;
  }
  if (!me.account) {
    const link = h('a', { href: 'account.html', 'data-place': 'link' }, t('friends.sign-in-link'));
    replace(els.intro, h('span', { 'data-i18n': 'friends.signed-out' }, link));
    translate(els.intro);
    return;
  }
  els.challenge.hidden = false;
  els.follows.hidden = false;
  const [games, follows, mine] = await Promise.all([API.games(), API.follows(), API.challenges()]);
  challengeForm(games.filter((g) => g.min_players <= 2 && g.max_players >= 2));
  followForm();
  drawFollows(follows);
  for (const c of mine.outgoing) waiting.set(c.id, c);
  drawSent();
}

const channel = new PlayerChannel(async (news) => {
  // a person I follow may have begun or ended a game: the list says where they play
  if (news.length && !els.follows.hidden) drawFollows(await API.follows());
});
new ChallengeBar(channel, { sent: sentChanged });
channel.start();
load().catch((e) => (els.error.textContent = why(e)));
// who is online changes without news of mine: looked at again every 20 s
setInterval(() => {
  if (els.follows.hidden || document.visibilityState !== 'visible') return;
  API.follows().then(drawFollows, () => {}); // the server away: the list stays as it was
}, 20000);
