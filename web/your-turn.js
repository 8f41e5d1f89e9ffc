// "Your turn", beyond the tab's title: a badge drawn on the favicon (web/favicon.svg on a
// canvas, a dot in the corner: no image file), an optional sound generated with WebAudio (off
// by default) and a browser notification when the page is hidden and the player allowed it
// (permission asked only when the player turns it on). The two settings are kept in
// localStorage beside the move settings.

import { h } from './dom.js';
import { t } from './i18n.js';

const KEYS = { sound: 'quiver.turn-sound', notify: 'quiver.turn-notify' };

/** @param {string} key */
function read(key) {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

/**
 * @param {string} key
 * @param {boolean} on
 */
function write(key, on) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    /* not kept: the setting holds for this page only */
  }
}

export class TurnSignal {
  constructor() {
    this.mine = false;
    this.icon = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=icon]'));
    this.plain = this.icon?.href ?? '';
    /** @type {string | null} the badged icon, drawn once */
    this.badged = null;
    /** @type {AudioContext | null} */
    this.audio = null;
    // a page may only start sound after the player touched it: the context is made then
    const unlock = () => {
      if (read(KEYS.sound)) this.context();
    };
    addEventListener('pointerdown', unlock, { once: true });
    addEventListener('keydown', unlock, { once: true });
  }

  /**
   * Whether it is the viewer's turn now; a turn that starts rings, notifies and badges.
   * @param {boolean} mine
   * @param {string} where the table's words for a notification ("THREE ARROWS · table abc")
   */
  set(mine, where) {
    const started = mine && !this.mine;
    this.mine = mine;
    this.badge(mine);
    if (!started) return;
    if (read(KEYS.sound)) this.ring();
    if (read(KEYS.notify) && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try {
        const n = new Notification(t('settings.your-turn'), { body: where, tag: `quiver-turn-${location.search}` });
        n.onclick = () => {
          focus();
          n.close();
        };
      } catch {
        /* a browser that shows no notification from a page: the title and the badge say it */
      }
    }
  }

  /**
   * Another piece of news than a turn (a friend took the seat they were invited to): the sound
   * and the notification the player turned on, as a turn has them; no badge.
   * @param {string} title
   * @param {string} body
   */
  tell(title, body) {
    if (read(KEYS.sound)) this.ring();
    if (read(KEYS.notify) && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try {
        new Notification(title, { body, tag: `quiver-news-${body}` });
      } catch {
        /* no notification from a page: the list on the page says it */
      }
    }
  }

  /**
   * The favicon with a badge, or the plain one.
   * @param {boolean} on
   */
  async badge(on) {
    if (!this.icon) return;
    if (!on) {
      if (this.icon.href !== this.plain) this.icon.href = this.plain;
      this.icon.type = 'image/svg+xml';
      return;
    }
    if (!this.badged) this.badged = await drawBadged(this.plain);
    if (this.mine && this.badged) {
      this.icon.type = 'image/png';
      this.icon.href = this.badged;
    }
  }

  context() {
    if (!this.audio) {
      try {
        this.audio = new AudioContext();
      } catch {
        return null;
      }
    }
    if (this.audio.state === 'suspended') this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** Two short rising tones, soft. */
  ring() {
    const ctx = this.context();
    if (!ctx) return;
    const t0 = ctx.currentTime + 0.02;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const t = t0 + i * 0.16;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.15);
    });
  }

  /**
   * The two settings' check boxes, for beside the move settings.
   * @returns {HTMLElement}
   */
  settings() {
    const said = h('span', { class: 'setting-note', role: 'status' });
    /**
     * @param {string} id
     * @param {string} key
     * @param {string} text
     * @param {(input: HTMLInputElement) => void | Promise<void>} [turnedOn]
     */
    const box = (id, key, text, turnedOn) => {
      const input = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id }));
      input.checked = read(key);
      input.addEventListener('change', async () => {
        write(key, input.checked);
        said.textContent = '';
        if (input.checked && turnedOn) await turnedOn(input);
      });
      return h('label', { class: 'setting', for: id }, input, ' ', text);
    };
    return h(
      'div',
      { class: 'turn-settings' },
      box('set-sound', KEYS.sound, t('settings.sound'), () => {
        this.ring();
      }),
      box('set-notify', KEYS.notify, t('settings.notify'), async (input) => {
        if (!('Notification' in window)) {
          said.textContent = t('settings.no-notifications');
        } else if (Notification.permission !== 'granted') {
          let answer;
          try {
            answer = await Notification.requestPermission();
          } catch {
            answer = 'denied';
          }
          if (answer !== 'granted') said.textContent = t('settings.notifications-denied');
        }
        if (said.textContent) {
          input.checked = false;
          write(KEYS.notify, false);
        }
      }),
      said,
    );
  }
}

/**
 * The icon at `href` drawn on a 64 px canvas with a badge in its corner, as a data: URL; null
 * when it cannot be drawn.
 * @param {string} href
 * @returns {Promise<string | null>}
 */
function drawBadged(href) {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = c.height = 64;
      const g = c.getContext('2d');
      if (!g) return resolve(null);
      g.drawImage(img, 0, 0, 64, 64);
      g.beginPath();
      g.arc(46, 18, 16, 0, 2 * Math.PI);
      g.fillStyle = '#ff3b30';
      g.fill();
      g.lineWidth = 4;
      g.strokeStyle = '#ffffff';
      g.stroke();
      try {
        resolve(c.toDataURL('image/png'));
      } catch {
        resolve(null);
      }
    };
    img.onerror = () => resolve(null);
    img.src = href;
  });
}
