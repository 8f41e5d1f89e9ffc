// ConCardia (Arrow rules) drawn from a viewer's View JSON: the 6 × 6 grid of cards (trait,
// Strength, Defense, arrows turned to the owner's side, charge counters), the viewer's hand,
// both Persistent Areas, discard and Victory Piles, and the counts. What is printed on the cards
// comes from the view's catalogue, through `cardOf`; a card on the grid shows the current
// Strength and Defense the view gives (banners and boosts included), which are the engine's
// business and are never computed here.

import { h, s } from '../dom.js';
import { t, tParts, has } from '../i18n.js';
import { turn, r, DIR_WORDS } from '../arrows.js';
import { drawGrid, facts, files, ranks, handStrip } from '../board.js';
import { seatBadge, seatIcon } from '../seat-marks.js';
import { perCatalogue } from './catalogue.js';
import { andList } from '../grammar.js';

export const name = 'concardia';
export const title = 'ConCardia';
export const blurb = t('cc.blurb');

/** @typedef {import('../types.js').ConcardiaView} ConcardiaView */
/** @typedef {import('../types.js').ConcardiaCard} ConcardiaCard */
/** @typedef {import('../types.js').ConcardiaCatalogue} Catalogue */
/** @typedef {import('../types.js').ConcardiaAbility} Ability */
/** @typedef {{catalogue?: Catalogue}} Printed what carries the catalogue: a view */

/**
 * A card as this module draws it: the catalogue's design with its trait as the mark's letter
 * (r, p or s), its name as a title, and its ability in words.
 * @typedef {{id: string, name: string, trait: string, traitName: string, S: number, D: number,
 *            arrows: string[], type: string, text: string, boost: number}} Card
 *   boost: the Strength a boost adds (0 for a card that has none)
 */

/** The cards of a catalogue by id. */
const cardsIn = perCatalogue(
  /** @param {Catalogue} cat */ (cat) =>
    /** @type {Map<string, Card>} */ (
      new Map(
        (cat.cards ?? []).map((c) => [
          c.id,
          {
            id: c.id,
            name: c.name.replace(/(^|[ -])([a-z])/g, (_m, sep, l) => sep + l.toUpperCase()),
            trait: c.trait[0].toLowerCase(),
            traitName: c.trait,
            S: c.strength,
            D: c.defense,
            arrows: c.arrows,
            type: c.type,
            text: abilityText(c.ability),
            boost: c.ability?.kind === 'charge' ? (c.ability.strength ?? 0) : 0,
          },
        ]),
      )
    ),
  () => new Map(),
);

/**
 * The card of an id (`striker-p`) in a view's catalogue, or null (an unknown id, or a view
 * without a catalogue). The one place that reads the catalogue's shape.
 * @param {Printed} vj
 * @param {string} id
 * @returns {Card | null}
 */
export function cardOf(vj, id) {
  return cardsIn(vj).get(id) ?? null;
}

/**
 * An ability's text as the card prints it, with the ability's numbers.
 * @param {Ability | undefined} a
 */
function abilityText(a) {
  if (!a) return '';
  switch (a.kind) {
    case 'move':
    case 'shove':
    case 'sabotage':
    case 'charge':
    case 'superior':
    case 'support':
    case 'save':
      return t(`cc.ability.${a.kind}`, {
        cost: a.cost ?? 0,
        counters: a.counters ?? 0,
        strength: a.strength ?? 0,
        defense: a.defense ?? 0,
      });
    default:
      return a.kind;
  }
}

/**
 * The trait's mark: Rock a round stone, Paper a sheet, Scissors two crossed blades; with its
 * letter, so that the trait never rests on colour alone.
 * @param {string} trait
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 */
function traitMark(trait, cx, cy, size) {
  const g = s('g', { class: `trait trait-${trait}`, 'aria-hidden': 'true' });
  const rad = size / 2;
  if (trait === 'r') g.appendChild(s('circle', { class: 'trait-shape', cx: r(cx), cy: r(cy), r: r(rad) }));
  else if (trait === 'p')
    g.appendChild(
      s('rect', {
        class: 'trait-shape',
        x: r(cx - rad * 0.85),
        y: r(cy - rad),
        width: r(rad * 1.7),
        height: r(rad * 2),
        rx: r(rad * 0.2),
      }),
    );
  else
    g.appendChild(
      s('polygon', {
        class: 'trait-shape',
        points: `${r(cx)},${r(cy - rad * 1.1)} ${r(cx + rad * 1.1)},${r(cy + rad * 0.8)} ${r(cx - rad * 1.1)},${r(cy + rad * 0.8)}`,
      }),
    );
  g.appendChild(
    s(
      'text',
      {
        class: 'trait-letter',
        x: r(cx),
        y: r(cy + size * (trait === 's' ? 0.3 : 0.2)),
        'font-size': r(size * 0.62),
        'text-anchor': 'middle',
      },
      trait.toUpperCase(),
    ),
  );
  return g;
}

/**
 * A card face in a w × hgt box at (x, y): on the grid a p2 card is turned (its N arrow points
 * south); `big` adds the type and text (the hand). `strength` and `defense` are the current
 * values when the view gives them (a card on the grid), else the printed ones are shown.
 * @param {Printed} vj
 * @param {string} id
 * @param {string} owner
 * @param {number} x
 * @param {number} y
 * @param {{w?: number, hgt?: number, big?: boolean, counters?: number, boost?: boolean, strength?: number,
 *          defense?: number}} [o]
 */
export function cardFace(vj, id, owner, x, y, o = {}) {
  const c = cardOf(vj, id);
  const w = o.w ?? 100;
  const hgt = o.hgt ?? 100;
  const g = s('g', { class: `ccard ${owner} ${c ? 'trait-' + c.trait : ''}`, transform: `translate(${x} ${y})` });
  g.appendChild(s('rect', { class: 'ccard-bg', x: 5, y: 5, width: w - 10, height: hgt - 10, rx: 9 }));
  // the owner's edge: the side of the grid the card is turned to
  const bandY = owner === 'p2' && !o.big ? 5 : hgt - 14;
  g.appendChild(s('rect', { class: 'ccard-band', x: 5, y: bandY, width: w - 10, height: 9, rx: 4 }));
  if (!c) {
    g.appendChild(s('text', { x: w / 2, y: hgt / 2, 'text-anchor': 'middle', 'font-size': 12 }, id));
    return g;
  }
  const k = owner === 'p2' && !o.big ? 4 : 0;
  for (const d of c.arrows) g.appendChild(edgeArrow(turn(d, k), w, hgt));
  traitMarkInto(g, c.trait, 27, owner === 'p2' && !o.big ? 32 : 25, 18);
  g.appendChild(
    s(
      'text',
      {
        class: 'ccard-name',
        // from the right of the trait's mark, so that a long name never runs over it
        x: 38,
        y: owner === 'p2' && !o.big ? 37 : 30,
        'font-size': c.name.length > 7 ? 10.5 : c.name.length > 5 ? 11.5 : 12.5,
        'text-anchor': 'start',
      },
      shortName(c.name, o.big),
    ),
  );
  // a hand card (100 × 112): name, stats, then the type and the ability's kind on lines of
  // their own above the owner's band (98 to 107)
  const statsY = o.big ? 54 : owner === 'p2' ? 72 : 66;
  const S = o.strength ?? c.S;
  const D = o.defense ?? c.D;
  g.appendChild(
    s(
      'text',
      {
        class: `ccard-stat${S !== c.S ? ' changed' : ''}`,
        x: w * 0.3,
        y: statsY,
        'font-size': 19,
        'text-anchor': 'middle',
      },
      `${S}`,
    ),
  );
  g.appendChild(
    s(
      'text',
      { class: 'ccard-stat-label', x: w * 0.3, y: statsY + 12, 'font-size': 9, 'text-anchor': 'middle' },
      t('cc.str'),
    ),
  );
  g.appendChild(
    s(
      'text',
      {
        class: `ccard-stat${D !== c.D ? ' changed' : ''}`,
        x: w * 0.7,
        y: statsY,
        'font-size': 19,
        'text-anchor': 'middle',
      },
      `${D}`,
    ),
  );
  g.appendChild(
    s(
      'text',
      { class: 'ccard-stat-label', x: w * 0.7, y: statsY + 12, 'font-size': 9, 'text-anchor': 'middle' },
      t('cc.def'),
    ),
  );
  if (o.big) {
    g.appendChild(
      s('text', { class: 'ccard-type', x: w / 2, y: 79, 'font-size': 10, 'text-anchor': 'middle' }, c.type),
    );
    if (c.text)
      g.appendChild(
        s(
          'text',
          { class: 'ccard-tag', x: w / 2, y: 92, 'font-size': 10, 'text-anchor': 'middle' },
          c.text.split(/[:—]/)[0].trim(),
        ),
      );
  }
  if (o.counters) {
    const cy = o.big ? 45 : owner === 'p2' ? 51 : 44;
    for (let i = 0; i < o.counters; i++)
      g.appendChild(s('circle', { class: 'counter-dot', cx: w / 2 - (o.counters - 1) * 5.5 + i * 11, cy, r: 4.5 }));
  }
  if (o.boost)
    g.appendChild(
      s('text', { class: 'boost', x: w - 14, y: 52, 'font-size': 14, 'text-anchor': 'middle' }, `+${c.boost}`),
    );
  return g;
}

/**
 * @param {SVGElement} g
 * @param {string} trait
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 */
function traitMarkInto(g, trait, cx, cy, size) {
  g.appendChild(traitMark(trait, cx, cy, size));
}

/**
 * @param {string} nm
 * @param {boolean | undefined} big
 */
function shortName(nm, big) {
  return big || nm.length <= 8 ? nm : nm.slice(0, 7) + '.';
}

/**
 * A small triangle on the card's edge (or corner) pointing out in a board direction.
 * @param {string} dir
 * @param {number} w
 * @param {number} hgt
 */
function edgeArrow(dir, w, hgt) {
  const cx = w / 2;
  const cy = hgt / 2;
  const ex = { N: 0, NE: 1, E: 1, SE: 1, S: 0, SW: -1, W: -1, NW: -1 }[dir] ?? 0;
  const ey = { N: -1, NE: -1, E: 0, SE: 1, S: 1, SW: 1, W: 0, NW: -1 }[dir] ?? 0;
  const tipX = cx + ex * (w / 2 - 1);
  const tipY = cy + ey * (hgt / 2 - 1);
  const len = 13;
  const half = 8;
  const n = Math.hypot(ex, ey);
  const ux = ex / n;
  const uy = ey / n;
  const bx = tipX - ux * len;
  const by = tipY - uy * len;
  return s('polygon', {
    class: 'ccard-arrow',
    points: `${r(tipX)},${r(tipY)} ${r(bx - uy * half)},${r(by + ux * half)} ${r(bx + uy * half)},${r(by - ux * half)}`,
  });
}

/**
 * Words for a card, for screen readers: its current Strength and Defense when `now` gives them
 * and they differ from the printed ones.
 * @param {Printed} vj
 * @param {string} id
 * @param {string} owner
 * @param {string} ownerName
 * @param {{strength?: number, defense?: number}} [now]
 */
export function describeCard(vj, id, owner, ownerName, now = {}) {
  const c = cardOf(vj, id);
  if (!c) return `${ownerName}: ${id}`;
  const dirs = c.arrows.map((d) => DIR_WORDS[turn(d, owner === 'p2' ? 4 : 0)]).join(', ');
  /** @param {string} what @param {number} printed @param {number | undefined} cur */
  const stat = (what, printed, cur) =>
    cur === undefined || cur === printed
      ? t(`cc.${what}`, { n: printed })
      : t(`cc.${what}-changed`, { n: cur, printed });
  return t('cc.card', {
    owner: ownerName,
    trait: c.traitName,
    card: c.name,
    id,
    strength: stat('strength', c.S, now.strength),
    defense: stat('defense', c.D, now.defense),
    dirs,
  });
}

/**
 * @param {ConcardiaView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawBoard(vj, o) {
  const v = vj.view;
  /** @type {Map<string, ConcardiaCard>} */
  const bySq = new Map((v.board ?? []).map((c) => [c.sq, c]));
  const would = new Set(v.capture?.would ?? []);
  const saved = new Set(v.capture?.saved ?? []);
  const grid = drawGrid({
    files: files(6),
    ranks: ranks(6),
    title: t('cc.grid'),
    cellClass: (sq) => (would.has(sq) ? 'would-capture' : '') + (saved.has(sq) ? ' saved' : ''),
    label: (sq) => {
      const c = bySq.get(sq);
      if (!c) return t('ta.square-empty', { square: sq });
      let text = `${sq}, ${describeCard(vj, c.card, c.owner, o.name(c.owner), c)}`;
      if (c.counters) text += `, ${t('cc.counters', { n: c.counters })}`;
      if (c.boost) text += `, ${t('cc.boosted', { n: cardOf(vj, c.card)?.boost ?? 0 })}`;
      if (would.has(sq)) text += `, ${t('cc.would-capture')}`;
      if (saved.has(sq)) text += `, ${t('cc.saved')}`;
      return text;
    },
  });
  for (const c of bySq.values()) {
    const g = grid.at(c.sq);
    if (!g) continue;
    g.setAttribute('data-ref', c.card);
    g.appendChild(
      cardFace(vj, c.card, c.owner, 0, 0, {
        counters: c.counters,
        boost: c.boost,
        strength: c.strength,
        defense: c.defense,
      }),
    );
    g.appendChild(seatBadge(c.owner, 29, c.owner === 'p2' ? 10 : 90, 6.5));
  }
  const pend = v.pending;
  if (pend && pend.from && pend.to && grid.center(pend.from) && grid.center(pend.to)) {
    const a = /** @type {[number, number]} */ (grid.center(pend.from));
    const b = /** @type {[number, number]} */ (grid.center(pend.to));
    grid.overlay.appendChild(
      s('line', { class: 'attack-line', x1: a[0], y1: a[1], x2: r((a[0] + b[0]) / 2), y2: r((a[1] + b[1]) / 2) }),
    );
  }
  return grid.svg;
}

/**
 * A clickable card outside the grid (hand, Persistent Area, piles): an inline SVG in a button.
 * @param {ConcardiaView} vj
 * @param {string} id
 * @param {string} owner
 * @param {string} ownerName
 * @param {{token?: boolean, counters?: number, small?: boolean}} [o]
 */
function cardButton(vj, id, owner, ownerName, o = {}) {
  const face = s(
    'svg',
    { class: 'card-svg', viewBox: o.small ? '0 0 100 100' : '0 0 100 112', 'aria-hidden': 'true' },
    cardFace(vj, id, owner, 0, 0, { big: !o.small, hgt: o.small ? 100 : 112, counters: o.counters }),
  );
  const c = cardOf(vj, id);
  const label =
    describeCard(vj, id, owner, ownerName) +
    (o.counters ? `, ${t('cc.counters', { n: o.counters })}` : '') +
    (c?.text ? `. ${c.text}` : '');
  if (o.token === false)
    return h('span', { class: 'card-item', role: 'img', 'data-ref': id, 'aria-label': label, title: label }, face);
  return h(
    'button',
    { type: 'button', class: 'card-item', 'data-token': id, 'data-ref': id, 'aria-label': label, title: label },
    face,
  );
}

/**
 * @param {ConcardiaView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function drawPanels(vj, o) {
  const v = vj.view;
  const wrap = h('div', { class: 'players' });
  (v.players ?? []).forEach((pl, i) => {
    const seat = `p${i + 1}`;
    const toMove = vj.to_move === seat;
    const sec = h(
      'section',
      { class: `player ${seat}${toMove ? ' to-move' : ''}`, 'aria-label': o.name(seat) },
      h(
        'h3',
        {},
        seatIcon(seat),
        ' ',
        o.name(seat),
        toMove ? h('span', { class: 'badge' }, t('ta.to-move')) : null,
        pl.lost ? h('span', { class: 'badge out' }, t('cc.lost')) : null,
      ),
    );
    sec.appendChild(
      facts([
        [t('cc.points'), t('cc.points-of', { n: pl.points ?? 0, target: String(vj.params?.target ?? 5) })],
        [t('cc.hand'), t('cc.cards', { n: pl.hand_count ?? 0 })],
        [t('cc.deck'), t('cc.cards', { n: pl.deck_count ?? 0 })],
        [t('cc.turns'), String(pl.turns ?? 0)],
      ]),
    );
    if (pl.hand) {
      sec.appendChild(
        handStrip(
          pl.hand.map((/** @type {string} */ id) => cardButton(vj, id, seat, o.name(seat))),
          seat,
          vj.viewer,
          o.name,
        ),
      );
    }
    if (pl.start)
      sec.appendChild(
        h(
          'p',
          {},
          ...tParts('cc.chosen-start', {
            card: cardButton(vj, pl.start, seat, o.name(seat), { token: false, small: true }),
          }),
        ),
      );
    else if (pl.start_chosen) sec.appendChild(h('p', {}, t('cc.has-chosen')));
    if ((pl.persistent ?? []).length) {
      sec.appendChild(h('h4', {}, t('cc.persistent')));
      sec.appendChild(
        h(
          'div',
          { class: 'cards' },
          pl.persistent.map((p) => cardButton(vj, p.card, seat, o.name(seat), { counters: p.counters, small: true })),
        ),
      );
    }
    if ((pl.victory ?? []).length) {
      sec.appendChild(h('h4', {}, t('cc.victory', { n: pl.victory.length })));
      const opp = seat === 'p1' ? 'p2' : 'p1';
      sec.appendChild(
        h(
          'div',
          { class: 'cards small' },
          pl.victory.map((/** @type {string} */ id) =>
            cardButton(vj, id, opp, o.name(opp), { token: false, small: true }),
          ),
        ),
      );
    }
    const discard = pl.discard ?? [];
    if (discard.length) {
      sec.appendChild(h('h4', {}, t('cc.discard', { n: discard.length })));
      sec.appendChild(
        h(
          'div',
          { class: 'cards small' },
          discard.map((/** @type {string} */ id) =>
            cardButton(vj, id, seat, o.name(seat), { token: false, small: true }),
          ),
        ),
      );
    }
    wrap.appendChild(sec);
  });
  const info = [
    t('cc.turn', { n: (v.turns ?? 0) + 1 }),
    v.first ? t('cc.first', { name: o.name(v.first) }) : t('cc.first-undecided'),
  ];
  if (v.passes) info.push(t('cc.passes', { n: v.passes }));
  wrap.appendChild(h('p', { class: 'game-info' }, info.join(' · ')));
  return wrap;
}

/**
 * @param {ConcardiaView} vj
 * @param {import('./index.js').DrawOptions} o
 */
export function turnText(vj, o) {
  const v = vj.view;
  const me = vj.viewer;
  const who = vj.to_move;
  // the start is chosen by both at once: the viewer's turn when it has options
  const you = who === me || (v.phase === 'start' && Boolean(vj.legal?.length));
  const pend = v.pending;
  switch (v.phase) {
    case 'over':
      return t('cc.over', {
        why: has(`cc.ended.${v.ended}`) ? t(`cc.ended.${v.ended}`) : String(v.ended ?? ''),
      });
    case 'start': {
      const names = (o.acting ?? [v.active]).map(o.name);
      return you ? t('cc.start-you') : t('cc.start', { n: names.length, names: andList(names) });
    }
    case 'coin':
      return t('cc.coin');
    case 'pay': {
      const kind = pend && has(`cc.kind.${pend.kind}`) ? t(`cc.kind.${pend.kind}`) : (pend?.kind ?? '');
      const what = !pend ? t('cc.an-action') : pend.to ? t('cc.kind-on', { kind, to: pend.to }) : kind;
      const left = { n: pend?.left ?? 0, what, name: o.name(who) };
      return you ? t('cc.pay-you', left) : t('cc.pay', left);
    }
    case 'react':
      return you
        ? t('cc.react-you', { squares: (v.capture?.would ?? []).join(', ') })
        : t('cc.react', { name: o.name(who) });
    default:
      return you ? t('cc.main-you') : t('ta.to-move-name', { name: o.name(who) });
  }
}

/**
 * @param {string} word
 * @param {string[]} chosen
 * @param {ConcardiaView} vj
 * @returns {string | Node}
 */
export function wordLabel(word, chosen, vj) {
  const c = cardOf(vj, word);
  if (c) {
    return h(
      'span',
      { class: 'word-card' },
      s(
        'svg',
        { class: 'word-card-svg', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
        cardFace(vj, word, vj.viewer === 'p2' ? 'p2' : 'p1', 0, 0),
      ),
      ` ${c.traitName} ${c.name}`,
    );
  }
  if (word === 'boost') {
    // the card boosted: on a square, or named from the Persistent Area
    const id = chosen
      .map((t) => (vj.view.board ?? []).find((b) => b.sq === t)?.card ?? t)
      .find((t) => cardOf(vj, t)?.boost);
    const add = id ? cardOf(vj, id)?.boost : 0;
    return add ? t('cc.boost-by', { n: add }) : t('cc.word.boost');
  }
  return has(`cc.word.${word}`) ? t(`cc.word.${word}`) : word;
}

/**
 * The kind of each word of an action (picker.js): the squares of `play`, `act` (the card's, and
 * the destination or the card pushed), `immediate`, `counter` and `react`, never a card
 * (docs/rules/concardia.md, "Notation").
 * @param {string[]} action
 * @returns {import('../picker.js').Kind[]}
 */
export function wordKinds(action) {
  /** @type {number[]} */
  let squares = [];
  if (action[0] === 'play' || action[0] === 'immediate' || action[0] === 'react') squares = [2];
  else if (action[0] === 'counter' && action[1] !== 'persistent') squares = [1];
  else if (action[0] === 'act' && action[1] !== 'persistent') squares = action[2] === 'boost' ? [1] : [1, 3];
  return action.map((_, i) => (squares.includes(i) ? 'square' : 'word'));
}
