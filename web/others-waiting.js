// A table's page: the other tables where it is my turn, as a link to games.html in the header
// ("2 other games wait for you"), kept current by the player's channel (channel.js), so that a
// person playing one game hears of the others without leaving it. The same channel brings the
// account's challenges (challenge-bar.js) and mutes made on its other devices (table.js).

import * as API from './api.js';
import { PlayerChannel } from './channel.js';
import { ChallengeBar } from './challenge-bar.js';
import { t } from './i18n.js';

/**
 * @param {HTMLAnchorElement} el the header's link, hidden while no other table waits
 * @param {string} tableId this page's table, not counted
 * @returns {PlayerChannel} the channel, which the page listens to as well
 */
export function othersWaiting(el, tableId) {
  const look = async () => {
    let me;
    try {
      me = await API.me(0);
    } catch {
      return; // a convenience: the table works without it
    }
    const n = me.tables.filter((t) => t.my_turn && t.id !== tableId).length;
    el.hidden = n === 0;
    el.textContent = t('others.waiting', { n });
  };
  const channel = new PlayerChannel(look);
  new ChallengeBar(channel);
  channel.start();
  return channel;
}
