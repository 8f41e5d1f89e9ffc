// Arrow Party drawn from a viewer's View JSON: the grid with stars, skulls and face-down items,
// every player's position (and the path of the last walk, step by step), the viewer's hand
// (arrow cards with their arrows, items with their points), the dice, each player's public
// facts and who is ready. Secret commitments are absent from the view until revealed, so they
// cannot be drawn before. What is printed on the cards, items, dice, stars and skulls comes from
// the view's catalogue, through `printed`.

import { h, s, signed } from '../dom.js';
import { t, has } from '../i18n.js';
import { arrowGlyph, turn, DIR_WORDS, DIR_CHARS } from '../arrows.js';
import { drawGrid, facts, files, ranks, handStrip } from '../board.js';
import { seatBadge, seatIcon } from '../seat-marks.js';
import { starIcon, skullIcon } from './icons.js';
import { perCatalogue } from './catalogue.js';
import { andList } from '../grammar.js';

/** @typedef {import('../types.js').ArrowPartyView} ArrowPartyView */
/** @typedef {import('../types.js').ArrowPartyPlayer} ArrowPartyPlayer */
/** @typedef {import('../types.js').ArrowPartyHandEntry} ArrowPartyHandEntry */
/** @typedef {ArrowPartyView['view']['ground'][number]} GroundCard */
/** @typedef {import('../types.js').ArrowPartyCatalogue} Catalogue */

export const name = 'arrow-party';
export const title = 'Arrow Party';
export const blurb = t('ap.blurb');
/** An area of up to 26 × 26 cells: the board zooms and pans on a phone (phone.js). */
export const zoomable = true;

/**
 * What is printed on the components, as this module draws them: each arrow card's arrows
 * (relative to its top; a card is worth one point per arrow), each item's points and what it
 * does in words, each die's points at the end, a star's and a skull's points.
 * @typedef {{arrows: Map<string, string[]>, items: Map<string, {points: number, does: string}>,
 *            dice: Map<string, number>, star: number, skull: number}} Printed
 */

/**
 * The components of a view's catalogue (nothing without a catalogue). The one place that reads
 * the catalogue's shape.
 */
export const printed = perCatalogue(
  /** @param {Catalogue} cat @returns {Printed} */ (cat) => ({
    arrows: new Map((cat.arrows ?? []).map((c) => [c.id, c.arrows])),
    items: new Map((cat.items ?? []).map((it) => [it.id, { points: it.points, does: effectWords(it.effect) }])),
    dice: new Map((cat.dice ?? []).map((d) => [d.id, d.points])),
    star: cat.stars?.points ?? 0,
    skull: cat.skulls?.points ?? 0,
  }),
  () => /** @type {Printed} */ ({ arrows: new Map(), items: new Map(), dice: new Map(), star: 0, skull: 0 }),
);

/**
 * What an item's effect does, in words, with its numbers.
 * @param {import('../types.js').ArrowPartyItem['effect']} e
 */
function effectWords(e) {
  switch (e.kind) {
    case 'multiply':
    case 'divide':
    case 'subtract':
    case 'reverse':
    case 'draw':
    case 'dice':
    case 'swap':
    case 'noswap':
    case 'nopickup':
    case 'exchange':
      return t(`ap.effect.${e.kind}`, {
        factor: e.factor ?? 1,
        divisor: e.divisor ?? 1,
        steps: e.steps ?? 0,
        n: e.cards ?? 1,
      });
    default:
      return e.kind;
  }
}

/**
 * An arrow card in a 60 × 80 box, turned by `land` eighths of a turn; its value (one point per
 * arrow) in the corner.
 * @param {{catalogue?: Catalogue}} vj
 * @param {string} id
 * @param {number} [land]
 */
export function arrowCard(vj, id, land = 0) {
  const g = s('g', { class: 'apcard arrows-card' });
  const inner = s('g', { transform: `rotate(${land * 45} 30 40)` });
  inner.appendChild(s('rect', { class: 'apcard-bg', x: 3, y: 3, width: 54, height: 74, rx: 7 }));
  const arrows = printed(vj).arrows.get(id) ?? [];
  for (const d of arrows)
    inner.appendChild(arrowGlyph(30, 42, d, { len: 18, start: 3, width: 3.2, head: 7, cls: 'arrow apcard-arrow' }));
  inner.appendChild(
    s('text', { class: 'apcard-value', x: 9, y: 15, 'font-size': 11 }, arrows.length ? String(arrows.length) : '?'),
  );
  g.appendChild(inner);
  return g;
}

/**
 * An item card in a 60 × 80 box.
 * @param {{catalogue?: Catalogue}} vj
 * @param {string} id
 */
export function itemCard(vj, id) {
  const it = printed(vj).items.get(id);
  return s(
    'g',
    { class: 'apcard item-card' },
    s('rect', { class: 'apcard-bg', x: 3, y: 3, width: 54, height: 74, rx: 7 }),
    s(
      'text',
      { class: 'apcard-item', x: 30, y: 38, 'font-size': id.length > 6 ? 10 : 13, 'text-anchor': 'middle' },
      id,
    ),
    s(
      'text',
      { class: 'apcard-points', x: 30, y: 62, 'font-size': 13, 'text-anchor': 'middle' },
      it ? signed(it.points) : '',
    ),
  );
}

/**
 * The players standing on each cell.
 * @param {ArrowPartyPlayer[]} players
 */
function byCell(players) {
  /** @type {Map<string, string[]>} */
  const m = new Map();
  players.forEach((p, i) => {
    const list = m.get(p.pos) ?? [];
    list.push(`p${i + 1}`);
    m.set(p.pos, list);
  });
  return m;
}

/**
 * @param {ArrowPartyView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawBoard(vj, o) {
  const v = vj.view;
  const size = Number(vj.params?.size) || 15;
  /** @type {Map<string, GroundCard>} */
  const ground = new Map((v.ground ?? []).map((g) => [g.cell, g]));
  const standing = byCell(v.players ?? []);
  const grid = drawGrid({
    files: files(size),
    ranks: ranks(size),
    title: t('ap.area', { size }),
    label: (cell) => {
      const bits = [cell];
      const g = ground.get(cell);
      if (g) bits.push(groundWords(vj, g));
      for (const p of standing.get(cell) ?? []) bits.push(o.name(p));
      if (bits.length === 1) bits.push(t('board.empty'));
      return bits.join(', ');
    },
  });
  for (const g of ground.values()) {
    const at = grid.at(g.cell);
    if (!at) continue;
    // what the detail sheet explains: a star, a skull or an item shown face up
    if (g.card !== 'item') at.setAttribute('data-ref', g.card);
    if (g.card === 'star') at.appendChild(starIcon(50, 50, 64));
    else if (g.card === 'skull') at.appendChild(skullIcon(50, 48, 62));
    else if (g.card === 'item') {
      at.appendChild(
        s(
          'g',
          { class: 'ground-item' },
          s('rect', { class: 'item-back', x: 24, y: 16, width: 52, height: 68, rx: 8 }),
          s('text', { class: 'item-back-mark', x: 50, y: 62, 'font-size': 36, 'text-anchor': 'middle' }, '?'),
        ),
      );
    } else {
      at.appendChild(s('g', { class: 'ground-item known', transform: 'translate(20 10)' }, itemCard(vj, g.card)));
    }
  }
  // the last walk: a path from each player's previous cell
  const prev = o.previous?.game === 'arrow-party' ? o.previous.view.players : null;
  if (prev) {
    (v.players ?? []).forEach((p, i) => {
      const a = grid.center(prev[i]?.pos);
      const b = grid.center(p.pos);
      if (a && b && prev[i].pos !== p.pos) {
        grid.overlay.appendChild(s('line', { class: `trail p${i + 1}`, x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
      }
    });
  }
  for (const [cell, seats] of standing) {
    const at = grid.at(cell);
    if (!at) continue;
    seats.forEach((seat, k) => {
      const n = seats.length;
      const off =
        n === 1
          ? [[50, 50]]
          : [
              [32, 32],
              [68, 32],
              [32, 68],
              [68, 68],
              [50, 50],
            ];
      const [x, y] = off[k % off.length];
      at.appendChild(s('g', { class: `pawn ${seat}` }, seatBadge(seat, x, y, n === 1 ? 38 : 21)));
    });
  }
  return grid.svg;
}

/**
 * @param {ArrowPartyView} vj
 * @param {GroundCard} g
 */
function groundWords(vj, g) {
  const p = printed(vj);
  if (g.card === 'star') return t('ap.star', { points: signed(p.star) });
  if (g.card === 'skull') return t('ap.skull', { points: signed(p.skull) });
  if (g.card === 'item') return t('ap.face-down-item');
  return t('ap.item-on-ground', { item: g.card, points: signed(p.items.get(g.card)?.points ?? 0) });
}

/**
 * The intermediate views of a walk: each player moved one cell at a time along the straight
 * line from their previous cell to the new one (a king's path), so the table can show the
 * walk step by step. Only positions change; when a move is not a straight line (an exchange),
 * the player jumps in one frame.
 * @param {ArrowPartyView} prev the previous View JSON
 * @param {ArrowPartyView} next the new View JSON
 * @returns {ArrowPartyView[]} the frames between them (not including either)
 */
export function walkFrames(prev, next) {
  const a = prev?.view?.players;
  const b = next?.view?.players;
  if (!a || !b || a.length !== b.length) return [];
  const paths = b.map((p, i) => straightPath(a[i].pos, p.pos));
  const longest = Math.max(0, ...paths.map((pth) => pth.length));
  const frames = [];
  for (let t = 1; t < longest; t++) {
    const players = b.map((p, i) => ({
      ...p,
      pos: paths[i][Math.min(t, paths[i].length - 1)] ?? p.pos,
    }));
    frames.push({ ...next, view: { ...next.view, players } });
  }
  return frames;
}

/**
 * The cells from `from` to `to` (both included) when they lie on one of the eight lines.
 * @param {string} from
 * @param {string} to
 */
function straightPath(from, to) {
  const pa = cellXY(from);
  const pb = cellXY(to);
  if (!pa || !pb) return [to];
  const dx = pb[0] - pa[0];
  const dy = pb[1] - pa[1];
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return [from, to];
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out = [];
  for (let k = 0; k <= n; k++) {
    out.push(String.fromCharCode(97 + pa[0] + Math.sign(dx) * k) + String(pa[1] + Math.sign(dy) * k + 1));
  }
  return out;
}

/** @param {string} cell */
function cellXY(cell) {
  const m = /^([a-z])(\d+)$/.exec(cell ?? '');
  return m ? [m[1].charCodeAt(0) - 97, Number(m[2]) - 1] : null;
}

/**
 * A card in the viewer's hand: a button that picks the card's id.
 * @param {ArrowPartyView} vj
 * @param {ArrowPartyHandEntry} entry a card id, or {card, known}
 * @param {import('./index.js').DrawOptions} o
 */
function handCard(vj, entry, o) {
  const id = typeof entry === 'string' ? entry : entry.card;
  const known = typeof entry === 'string' ? [] : (entry.known ?? []);
  const arrows = printed(vj).arrows.get(id);
  const it = printed(vj).items.get(id);
  const face = s(
    'svg',
    { class: 'card-svg ap', viewBox: '0 0 60 80', 'aria-hidden': 'true' },
    arrows ? arrowCard(vj, id) : itemCard(vj, id),
  );
  let label = arrows
    ? t('ap.arrow-card', { id, n: arrows.length, dirs: arrows.map((d) => DIR_WORDS[d]).join(', ') })
    : t('ap.item', { id, points: signed(it?.points ?? 0), does: it?.does ?? '' });
  if (known.length)
    label += t('ap.known-to', {
      names: known.map((k) => (k === 'public' ? t('ap.everyone') : o.name(k))).join(', '),
    });
  return h(
    'button',
    { type: 'button', class: 'card-item', 'data-token': id, 'data-ref': id, 'aria-label': label, title: label },
    face,
  );
}

/**
 * @param {ArrowPartyView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawPanels(vj, o) {
  const v = vj.view;
  const p = printed(vj);
  const secret = ['items', 'throw', 'go'].includes(v.phase);
  const wrap = h('div', { class: 'players' });
  (v.players ?? []).forEach((pl, i) => {
    const seat = `p${i + 1}`;
    const toMove = o.acting ? o.acting.includes(seat) : vj.to_move === seat;
    // in a secret step, a seat that chose ahead of its turn is ready too (info's to_move)
    const ready = secret
      ? pl.committed || (o.acting && !o.acting.includes(seat))
        ? h('span', { class: 'badge ready' }, t('ap.ready'))
        : h('span', { class: 'badge' }, t('ap.choosing'))
      : null;
    const sec = h(
      'section',
      { class: `player ${seat}${toMove ? ' to-move' : ''}`, 'aria-label': o.name(seat) },
      h('h3', {}, seatIcon(seat), ' ', o.name(seat), ready),
    );
    const rows = /** @type {[string, string | number | Node][]} */ ([
      [t('ap.position'), pl.pos],
      [t('ap.die'), t('ap.die-at-end', { die: pl.die, points: signed(p.dice.get(pl.die) ?? 0) })],
      [t('ap.stars'), `${pl.stars ?? 0} (${signed(p.star * (pl.stars ?? 0))})`],
      [t('ap.skulls'), `${pl.skulls ?? 0} (${signed(p.skull * (pl.skulls ?? 0))})`],
      [t('cc.hand'), t('cc.cards', { n: pl.hand_count ?? (pl.hand ?? []).length })],
    ]);
    if (pl.arrows) rows.push([t('ap.arrow-cards'), pl.arrows.length ? pl.arrows.join(' ') : t('ta.none')]);
    if (pl.items_known || pl.items_unknown) {
      const known = pl.items_known ?? [];
      rows.push([
        t('ap.items'),
        [...known, pl.items_unknown ? t('ap.unknown', { n: pl.items_unknown }) : ''].filter(Boolean).join(', ') ||
          t('ta.none'),
      ]);
    }
    if (pl.score !== undefined) rows.push([t('ap.score-now'), String(pl.score)]);
    if (pl.uses?.length) rows.push([t('ap.used'), pl.uses.join(', ')]);
    if (pl.skip) rows.push([t('ap.this-round'), t('ap.skip')]);
    if (pl.roll) rows.push([t('ap.roll'), String(pl.roll)]);
    if (pl.go) rows.push([t('ap.direction'), `${DIR_CHARS[pl.go] ?? ''} ${pl.go}`]);
    if (pl.steps) rows.push([t('ap.steps-left'), String(pl.steps)]);
    sec.appendChild(facts(rows));
    if (pl.throw) {
      sec.appendChild(
        h(
          'div',
          { class: 'thrown' },
          h('span', {}, pl.land === null || pl.land === undefined ? t('ap.thrown') : t('ap.landed')),
          s(
            'svg',
            {
              class: 'card-svg ap landed',
              viewBox: '-20 -10 100 100',
              'data-ref': pl.throw,
              role: 'img',
              'aria-label':
                pl.land !== null && pl.land !== undefined
                  ? t('ap.card-turned', {
                      id: pl.throw,
                      degrees: pl.land * 45,
                      dirs: landedArrows(vj, pl.throw, pl.land)
                        .map((d) => DIR_WORDS[d])
                        .join(', '),
                    })
                  : t('ap.card', { id: pl.throw }),
            },
            arrowCard(vj, pl.throw, pl.land ?? 0),
          ),
        ),
      );
    }
    if (pl.hand) {
      sec.appendChild(
        handStrip(
          pl.hand.map((e) => handCard(vj, e, o)),
          seat,
          vj.viewer,
          o.name,
        ),
      );
    }
    wrap.appendChild(sec);
  });
  const info = [t('ap.round-of', { round: v.round, rounds: String(vj.params?.rounds ?? '?') })];
  if (v.stack_sizes) info.push(t('ap.stacks', { sizes: v.stack_sizes.join(' ') }));
  if ((v.item_discard ?? []).length) info.push(t('ap.used-items', { n: v.item_discard.length }));
  wrap.appendChild(h('p', { class: 'game-info' }, info.join(' · ')));
  return wrap;
}

/**
 * The board directions of a card's arrows after it landed turned by k eighths.
 * @param {{catalogue?: Catalogue}} vj
 * @param {string} id
 * @param {number} k
 */
export function landedArrows(vj, id, k) {
  return (printed(vj).arrows.get(id) ?? []).map((d) => turn(d, k));
}

/**
 * @param {ArrowPartyView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function turnText(vj, o) {
  const v = vj.view;
  // in a secret step everyone chooses at once: the viewer's turn when it has options
  const you = vj.to_move === vj.viewer || Boolean(vj.legal?.length);
  const waiting = o.acting
    ? o.acting.filter((s) => s !== vj.viewer).map(o.name)
    : (v.players ?? []).map((p, i) => (p.committed === false ? o.name(`p${i + 1}`) : null)).filter(Boolean);
  const wait = waiting.length ? t('ap.still-choosing', { names: andList(/** @type {string[]} */ (waiting)) }) : '';
  const name = o.name(v.active);
  switch (v.phase) {
    case 'over': {
      const p = printed(vj);
      return t('ap.over', { star: signed(p.star), skull: signed(p.skull) });
    }
    case 'items':
      return (you ? t('ap.items-you', { round: v.round }) : t('ap.items-all')) + wait;
    case 'throw':
      return (you ? t('ap.throw-you') : t('ap.throw-all')) + wait;
    case 'go':
      return (you ? t('ap.go-you') : t('ap.go-all')) + wait;
    case 'land':
    case 'roll':
    case 'walk':
    case 'take':
    case 'draw':
      return t(`ap.phase.${v.phase}`, { name });
    default:
      return you ? t('ap.your-turn') : t('ta.to-move-name', { name: o.name(vj.to_move) });
  }
}

/**
 * @param {string} word
 * @param {string[]} _chosen
 * @param {ArrowPartyView} vj
 * @returns {string | Node}
 */
export function wordLabel(word, _chosen, vj) {
  const p = printed(vj);
  if (p.arrows.has(word)) {
    return h(
      'span',
      { class: 'word-card' },
      s('svg', { class: 'word-card-svg ap', viewBox: '0 0 60 80', 'aria-hidden': 'true' }, arrowCard(vj, word)),
      ' ',
      t('ap.card', { id: word }),
    );
  }
  const it = p.items.get(word);
  if (it) return `${word} (${signed(it.points)}): ${it.does}`;
  const die = p.dice.get(word);
  if (die !== undefined) return t('ap.die-at-end', { die: word, points: signed(die) });
  if (DIR_WORDS[word]) return `${DIR_CHARS[word]} ${DIR_WORDS[word]}`;
  if (/^p[1-5]$/.test(word)) return h('span', {}, seatIcon(word), ' ', word);
  return has(`ap.word.${word}`) ? t(`ap.word.${word}`) : word;
}

/**
 * The kind of each word of an action (picker.js): Arrow Party's notation names no square (a
 * walk is `go <dir>`), so its dice d4…d12 are never the area's squares of the same names
 * (docs/rules/arrow-party.md, "Notation").
 * @param {string[]} action
 * @returns {import('../picker.js').Kind[]}
 */
export function wordKinds(action) {
  return action.map(() => 'word');
}
