// ConCardia (Arrow rules) drawn from a viewer's View JSON: the 6 × 6 grid of cards (trait,
// Strength, Defense, arrows turned to the owner's side, charge counters), the viewer's hand,
// both Persistent Areas, discard and Victory Piles, and the counts. What is printed on the cards
// comes from the view's catalogue, through `cardOf`; a card on the grid shows the current
// Strength and Defense the view gives (banners and boosts included), which are the engine's
// business and are never computed here.

import { h, s, plural } from '../dom.js';
import { turn, r, DIR_WORDS } from '../arrows.js';
import { drawGrid, facts, files, ranks, handStrip } from '../board.js';
import { seatBadge, seatIcon } from '../seat-marks.js';
import { perCatalogue } from './catalogue.js';
import { withVerb } from '../grammar.js';

export const name = 'concardia';
export const title = 'ConCardia';
export const blurb =
  'A 2-player card game on a 6 × 6 grid: capture cards with arrows of a stronger Rock, Paper or Scissors trait.';

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
      return 'Action: Slide this card, or Jump it over an adjacent card.';
    case 'shove':
      return `Action — Cost ${a.cost ?? 0}: Slide a card adjacent to this card one square directly away from it.`;
    case 'sabotage':
      return 'Immediate — Cost X: Remove an opponent card in the Play Area whose Defense ≤ Power.';
    case 'charge':
      return `Persistent: put a Charge Counter on this card (at most ${a.counters ?? 0}). Action — Cost ${a.cost ?? 0}: +${a.strength ?? 0} Strength until end of turn.`;
    case 'superior':
      return 'Play: this card is Superior to cards of its own trait.';
    case 'support':
      return `Play: your other cards adjacent to this card have +${a.defense ?? 0} Defense.`;
    case 'save':
      return 'Hand Reaction: when one of your cards would be captured, discard this card: it is not captured this Capture Step.';
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
      'STR',
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
      'DEF',
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
    cur === undefined || cur === printed ? `${what} ${printed}` : `${what} ${cur} (printed ${printed})`;
  return `${ownerName}: ${c.traitName} ${c.name} (${id}), ${stat('strength', c.S, now.strength)}, ${stat('defense', c.D, now.defense)}, arrows ${dirs}`;
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
    title: 'ConCardia grid, 6 by 6',
    cellClass: (sq) => (would.has(sq) ? 'would-capture' : '') + (saved.has(sq) ? ' saved' : ''),
    label: (sq) => {
      const c = bySq.get(sq);
      if (!c) return `${sq}, empty`;
      let text = `${sq}, ${describeCard(vj, c.card, c.owner, o.name(c.owner), c)}`;
      if (c.counters) text += `, ${plural(c.counters, 'charge counter')}`;
      if (c.boost) text += `, boosted (+${cardOf(vj, c.card)?.boost ?? 0} strength)`;
      if (would.has(sq)) text += ', would be captured';
      if (saved.has(sq)) text += ', saved by an aegis';
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
    (o.counters ? `, ${plural(o.counters, 'charge counter')}` : '') +
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
        toMove ? h('span', { class: 'badge' }, 'to move') : null,
        pl.lost ? h('span', { class: 'badge out' }, 'lost: no card on the board') : null,
      ),
    );
    sec.appendChild(
      facts([
        ['points', `${pl.points ?? 0} of ${vj.params?.target ?? 5}`],
        ['hand', plural(pl.hand_count ?? 0, 'card')],
        ['deck', plural(pl.deck_count ?? 0, 'card')],
        ['turns', String(pl.turns ?? 0)],
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
        h('p', {}, 'Chosen to start: ', cardButton(vj, pl.start, seat, o.name(seat), { token: false, small: true })),
      );
    else if (pl.start_chosen)
      sec.appendChild(h('p', {}, 'Has chosen a starting card (hidden until both have chosen).'));
    if ((pl.persistent ?? []).length) {
      sec.appendChild(h('h4', {}, 'Persistent Area'));
      sec.appendChild(
        h(
          'div',
          { class: 'cards' },
          pl.persistent.map((p) => cardButton(vj, p.card, seat, o.name(seat), { counters: p.counters, small: true })),
        ),
      );
    }
    if ((pl.victory ?? []).length) {
      sec.appendChild(h('h4', {}, `Victory Pile (${pl.victory.length})`));
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
      sec.appendChild(h('h4', {}, `Discard pile (${discard.length}, top last)`));
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
  const info = [`turn ${(v.turns ?? 0) + 1}`, `first: ${v.first ? o.name(v.first) : 'not yet decided'}`];
  if (v.passes) info.push(`${plural(v.passes, 'pass')} in a row`);
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
      return `The game is over (${{ points: 'a player reached the target', passes: 'two passes in a row', loss: 'a player had no card on the board', cap: 'the turn limit' }[/** @type {'points'} */ (v.ended)] ?? v.ended}).`;
    case 'start':
      return you
        ? 'Choose your starting card in secret. The card that loses at Rock-Paper-Scissors plays first.'
        : `${withVerb((o.acting ?? [v.active]).map(o.name), 'chooses', 'choose')} a starting card in secret.`;
    case 'coin':
      return 'A coin decides who plays first.';
    case 'pay': {
      const what = pend ? `${pend.kind}${pend.to ? ' on ' + pend.to : ''}` : 'an action';
      return you
        ? `Pay for ${what}: ${plural(pend?.left ?? 0, 'unit')} left. Discard a card from your hand or remove a charge counter.`
        : `${o.name(who)} pays for ${what} (${plural(pend?.left ?? 0, 'unit')} left).`;
    }
    case 'react':
      return you
        ? `Cards would be captured (${(v.capture?.would ?? []).join(', ')}). You may discard an aegis to save one, or decline.`
        : `${o.name(who)} may save a card with an aegis.`;
    default:
      return you
        ? "Your turn: play a card next to any card on the grid, use a card's action, or pass."
        : `${o.name(who)} is to move.`;
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
    return add ? `boost (+${add} strength)` : 'boost';
  }
  /** @type {Record<string, string>} */
  const words = {
    start: 'start with',
    play: 'play a card',
    persist: 'to the Persistent Area',
    act: 'use an action',
    slide: 'slide',
    jump: 'jump',
    shove: 'shove',
    immediate: 'immediate',
    discard: 'discard',
    counter: 'remove a counter',
    react: 'save with an aegis',
    decline: 'decline',
    pass: 'pass',
    persistent: 'from the Persistent Area',
  };
  return words[word] ?? word;
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
