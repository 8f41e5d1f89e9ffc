// THREE ARROWS drawn from a viewer's View JSON: the board with each piece as a tile in its
// player's colour with its arrows (turned to its facing), covered pieces (the owner sees the
// piece faintly under a cover mark, the others only the cover), shields, the attack in
// progress, and per player the captures, bonus pieces, covers, shields and holder.
// Only the view is read, so nothing the viewer may not know can be drawn. What is printed on
// the pieces (names, arrows, copies) and the die comes from the view's catalogue, through
// `printed`; a piece's arrows as they point on the board, and an attack's strengths, from the
// view when it gives them.

import { h, s, signed } from '../dom.js';
import { t, has, LANG } from '../i18n.js';
import { arrowGlyph, turn, DIR_WORDS, DIR_CHARS, r } from '../arrows.js';
import { drawGrid, facts, files, ranks } from '../board.js';
import { seatBadge, seatIcon } from '../seat-marks.js';
import { perCatalogue } from './catalogue.js';
import { coverIcon, shieldIcon, starIcon } from './icons.js';

export const name = 'three-arrows';
export const title = 'THREE ARROWS';
export const blurb = t('ta.blurb');

const FACING_TURN = { N: 0, E: 2, S: 4, W: 6 };

/** @typedef {import('../types.js').ThreeArrowsPiece} Piece */
/** @typedef {import('../types.js').ThreeArrowsView} ThreeArrowsView */
/** @typedef {import('../types.js').ThreeArrowsCatalogue} Catalogue */
/** @typedef {import('./index.js').DrawOptions} DrawOptions */
/** @typedef {{catalogue?: Catalogue}} Printed what carries the catalogue: a view */

/**
 * A piece kind as this module draws it: its arrows facing N grouped by direction, each with its
 * strength (a Double: [['N', 2]]).
 * @typedef {{kind: string, name: string, count: number, arrows: [string, number][], terminator: boolean}} Kind
 */

/**
 * What a view's catalogue prints: the piece kinds by letter, in the catalogue's order, and the
 * die's faces (nothing without a catalogue). The one place that reads the catalogue's shape.
 */
export const printed = perCatalogue(
  /** @param {Catalogue} cat @returns {{pieces: Map<string, Kind>, die: number[]}} */ (cat) => ({
    pieces: new Map(
      (cat.pieces ?? []).map((k) => [
        k.kind,
        {
          kind: k.kind,
          name: k.name,
          count: k.count,
          arrows: grouped(k.arrows ?? []),
          terminator: k.ability === 'terminator',
        },
      ]),
    ),
    die: cat.die?.faces ?? [],
  }),
  () => /** @type {{pieces: Map<string, Kind>, die: number[]}} */ ({ pieces: new Map(), die: [] }),
);

/**
 * Directions written once per arrow, grouped with their strength in the order they first come.
 * @param {string[]} dirs
 * @returns {[string, number][]}
 */
function grouped(dirs) {
  /** @type {Map<string, number>} */
  const n = new Map();
  for (const d of dirs) n.set(d, (n.get(d) ?? 0) + 1);
  return [...n];
}

/**
 * The arrows of a piece on the board, in board directions: the view's when the piece carries
 * them, else its kind's turned to its facing.
 * @param {Printed} vj
 * @param {{piece?: string, facing?: string, arrows?: string[]}} p
 * @returns {[string, number][]}
 */
export function boardArrows(vj, p) {
  if (p.arrows) return grouped(p.arrows);
  const k = FACING_TURN[/** @type {keyof FACING_TURN} */ (p.facing ?? 'N')] ?? 0;
  return (printed(vj).pieces.get(p.piece ?? '')?.arrows ?? []).map(([d, n]) => [turn(d, k), n]);
}

/**
 * A piece tile in a 100 × 100 box at (x, y): tile, arrows, badges.
 * @param {Printed} vj
 * @param {{owner: string, piece?: string, facing?: string, arrows?: string[], covered?: boolean,
 *          shielded?: boolean}} p
 * @param {number} x
 * @param {number} y
 * @param {{ghost?: boolean, mine?: boolean, title?: string}} [o] title: the tooltip
 */
export function pieceTile(vj, p, x, y, o = {}) {
  const known = Boolean(p.piece);
  const cls = ['tile', p.owner, p.covered ? 'covered' : '', o.ghost ? 'ghost' : ''].filter(Boolean).join(' ');
  // what the detail sheet explains: the kind when the viewer knows it, the cover, the shield
  const refs = [known ? p.piece : '', p.covered ? 'cover' : '', p.shielded ? 'shield' : ''].filter(Boolean);
  const g = s('g', { class: cls, transform: `translate(${x} ${y})`, 'data-ref': refs.join(' ') || null });
  if (o.title) g.appendChild(s('title', {}, o.title));
  g.appendChild(s('rect', { class: 'tile-bg', x: 9, y: 9, width: 82, height: 82, rx: 13 }));
  if (p.covered) g.appendChild(s('rect', { class: 'tile-hatch', x: 9, y: 9, width: 82, height: 82, rx: 13 }));
  if (known && p.piece) {
    for (const [d, n] of boardArrows(vj, p)) {
      g.appendChild(
        arrowGlyph(50, 50, d, { len: 35, start: 13, count: n, width: 4.2, head: 10, cls: 'arrow tile-arrow' }),
      );
    }
  }
  if (p.covered) {
    // the cover: an eye struck through in the middle, the seat's mark in a corner
    g.appendChild(coverIcon(50, 50, known ? 30 : 44, 'icon-cover tile-icon'));
    if (p.shielded) g.appendChild(shieldIcon(78, 78, 20, 'icon-shield tile-icon'));
    g.appendChild(seatBadge(p.owner, 22, 22, 8));
    return g;
  }
  // the hub: the seat's shape and number, on a shield when the piece is shielded
  if (p.shielded) g.appendChild(shieldIcon(50, 50, 34, 'icon-shield tile-icon'));
  g.appendChild(seatBadge(p.owner, 50, p.shielded ? 47 : 50, 9.5));
  return g;
}

/**
 * Words for a piece, for screen readers and titles.
 * @param {ThreeArrowsView} vj
 * @param {Piece} p
 * @param {DrawOptions} o
 */
function describePiece(vj, p, o) {
  const who = o.name(p.owner);
  const bits = [];
  if (p.piece) {
    bits.push(
      t('ta.piece', {
        who,
        piece: printed(vj).pieces.get(p.piece)?.name ?? p.piece,
        letter: p.piece,
        dir: DIR_WORDS[p.facing ?? 'N'],
      }),
    );
    // a covered piece has no arrows for any purpose until it is uncovered
    const arrows = arrowWords(boardArrows(vj, p));
    bits.push(p.covered ? t('ta.when-uncovered', { arrows }) : arrows);
    if (p.covered) bits.push(t('ta.covered'));
  } else {
    bits.push(t('ta.covered-piece', { who }));
  }
  if (p.shielded) bits.push(t('ta.shielded'));
  return bits.join(', ');
}

/**
 * A piece's arrows in words, each with the strength it adds toward its direction: "arrows
 * north (strength 2), east (strength 1)".
 * @param {[string, number][]} arrows
 */
export function arrowWords(arrows) {
  return t('ta.arrows', { list: arrows.map(([d, n]) => t('ta.arrow', { dir: DIR_WORDS[d], n })).join(', ') });
}

/**
 * The board of a View JSON.
 * @param {ThreeArrowsView} vj the View JSON: {game, params, viewer, to_move, view, legal?}
 * @param {DrawOptions} o
 */
export function drawBoard(vj, o) {
  const v = vj.view;
  const size = Number(vj.params?.size) || 6;
  /** @type {Map<string, Piece>} */
  const bySq = new Map((v.board ?? []).map((/** @type {Piece} */ p) => [p.sq, p]));
  const grid = drawGrid({
    files: files(size),
    ranks: ranks(size),
    title: t('ta.board', { size }),
    label: (sq) => {
      const p = bySq.get(sq);
      return p ? `${sq}, ${describePiece(vj, p, o)}` : t('ta.square-empty', { square: sq });
    },
  });
  for (const p of bySq.values()) {
    const g = grid.at(p.sq);
    if (g) g.appendChild(pieceTile(vj, p, 0, 0, { title: describePiece(vj, p, o) }));
  }
  // A placement being chosen: its piece, drawn faintly where it would go.
  const ghost = placementGhost(vj, o.chosen ?? []);
  if (ghost && !bySq.has(ghost.sq)) {
    const g = grid.at(ghost.sq);
    if (g)
      g.appendChild(
        pieceTile(vj, { owner: vj.viewer, piece: ghost.piece, facing: ghost.facing }, 0, 0, { ghost: true }),
      );
  }
  if (v.attack && v.attack.from && v.attack.to) {
    const a = grid.center(v.attack.from);
    const b = grid.center(v.attack.to);
    if (a && b) {
      grid.overlay.appendChild(
        s('line', {
          class: 'attack-line',
          x1: r(a[0]),
          y1: r(a[1]),
          x2: r(a[0] + (b[0] - a[0]) * 0.78),
          y2: r(a[1] + (b[1] - a[1]) * 0.78),
          'marker-end': 'url(#ta-attack-head)',
        }),
      );
      grid.svg.insertBefore(
        s(
          'defs',
          {},
          s(
            'marker',
            {
              id: 'ta-attack-head',
              viewBox: '0 0 10 10',
              refX: 5,
              refY: 5,
              markerWidth: 4,
              markerHeight: 4,
              orient: 'auto-start-reverse',
            },
            s('path', { class: 'attack-head', d: 'M0,0 L10,5 L0,10 z' }),
          ),
        ),
        grid.svg.firstChild,
      );
    }
  }
  return grid.svg;
}

/**
 * The square, piece and facing of a placement being chosen, when all three are known.
 * @param {ThreeArrowsView} vj
 * @param {string[]} chosen
 */
function placementGhost(vj, chosen) {
  if (chosen[0] !== 'place') return null;
  const piece = chosen.find((t) => printed(vj).pieces.has(t));
  const sq = chosen.find((t) => /^[a-h][1-8]$/.test(t));
  const facing = chosen.find((t) => t in FACING_TURN);
  return piece && sq && facing ? { piece, sq, facing } : null;
}

/**
 * A small piece icon for a holder or a button (an inline SVG).
 * @param {Printed} vj
 * @param {string} seat
 * @param {string} piece
 * @param {string} [facing]
 */
export function pieceIcon(vj, seat, piece, facing = 'N') {
  return s(
    'svg',
    { class: 'piece-icon', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
    pieceTile(vj, { owner: seat, piece, facing }, 0, 0),
  );
}

/**
 * The players' panels: captures, bonus pieces, covers, shields, holders, lost pieces.
 * @param {ThreeArrowsView} vj
 * @param {DrawOptions} o
 */
export function drawPanels(vj, o) {
  const v = vj.view;
  const wrap = h('div', { class: 'players' });
  (v.players ?? []).forEach((pl, i) => {
    const seat = `p${i + 1}`;
    const toMove = vj.to_move === seat || (v.turn === seat && vj.to_move === 'chance');
    const sec = h(
      'section',
      { class: `player ${seat}${toMove ? ' to-move' : ''}${pl.eliminated ? ' out' : ''}`, 'aria-label': o.name(seat) },
      h(
        'h3',
        {},
        seatIcon(seat),
        ' ',
        o.name(seat),
        toMove ? h('span', { class: 'badge' }, t('ta.to-move')) : null,
        pl.eliminated ? h('span', { class: 'badge out' }, t('ta.eliminated', { nth: ordinal(pl.eliminated) })) : null,
      ),
    );
    const counters = h(
      'div',
      { class: 'counters' },
      counter(
        'captured',
        pl.captured,
        t('ta.captured-what'),
        s(
          'svg',
          { viewBox: '0 0 40 40', class: 'mini', 'aria-hidden': 'true' },
          arrowGlyph(20, 20, 'NE', { len: 13, start: -13, width: 3, head: 7, cls: 'arrow captured-arrow' }),
        ),
      ),
      counter(
        'bonus',
        pl.bonus,
        t('ta.bonus-what'),
        s('svg', { viewBox: '0 0 40 40', class: 'mini', 'aria-hidden': 'true' }, starIcon(20, 21, 30)),
      ),
      counter(
        'covers',
        pl.covers,
        t('ta.covers-what'),
        s('svg', { viewBox: '0 0 40 40', class: 'mini', 'aria-hidden': 'true' }, coverIcon(20, 20, 28)),
      ),
      counter(
        'shields',
        pl.shields,
        t('ta.shields-what'),
        s('svg', { viewBox: '0 0 40 40', class: 'mini', 'aria-hidden': 'true' }, shieldIcon(20, 20, 28)),
      ),
    );
    sec.appendChild(counters);
    if (pl.holder) {
      // the viewer's own holder is its hand (a phone's strip); the referee's view shows every one
      const mine = seat === vj.viewer;
      const row = h('div', {
        class: 'holder',
        role: 'group',
        'aria-label': mine ? t('ta.your-holder') : t('ta.holder-of', { name: o.name(seat) }),
        'data-ref': 'holder',
      });
      for (const [kind, pk] of printed(vj).pieces) {
        const n = pl.holder[kind] ?? 0;
        const label = t('ta.holder-piece', { piece: pk.name, letter: kind, n, arrows: arrowWords(pk.arrows) });
        row.appendChild(
          h(
            'button',
            {
              type: 'button',
              class: `holder-piece${n ? '' : ' empty'}`,
              'data-token': kind,
              'data-ref': kind,
              'aria-label': label,
              title: label,
            },
            pieceIcon(vj, seat, kind),
            h('span', { class: 'dots', 'aria-hidden': 'true' }, dots(n, pk.count)),
          ),
        );
      }
      sec.appendChild(h('div', { class: mine ? 'my-hand' : 'hand-strip' }, row));
    }
    const lost = Object.entries(pl.lost ?? {})
      .filter(([, n]) => Number(n) > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    sec.appendChild(
      facts([
        [t('ta.holder'), t('ta.pieces', { n: pl.holder_count ?? 0 })],
        [t('ta.home-side'), pl.home ? DIR_WORDS[pl.home] : t('ta.not-yet')],
        [t('ta.lost'), lost || t('ta.none')],
      ]),
    );
    wrap.appendChild(sec);
  });
  const info = [t('ta.turn-of', { turn: v.turns + 1, max: String(vj.params?.max_turns ?? '?') })];
  if (vj.params?.mode === 'tactical') info.push(t('ta.tactical'));
  if (v.extra_turns) info.push(t('ta.extra-turns', { n: v.extra_turns, name: o.name(v.turn) }));
  const terminator = [...printed(vj).pieces.values()].find((pk) => pk.terminator)?.name ?? 'terminator';
  if (v.terminator_placed) info.push(t('ta.terminator', { name: terminator }));
  wrap.appendChild(h('p', { class: 'game-info' }, info.join(' · ')));
  return wrap;
}

/**
 * A counter with an icon: the number and what it counts.
 * @param {string} cls
 * @param {number} n
 * @param {string} what
 * @param {Element} icon
 */
function counter(cls, n, what, icon) {
  /** @type {Record<string, string>} */
  const refs = { bonus: 'bonus', covers: 'cover', shields: 'shield' };
  return h(
    'span',
    { class: `counter ${cls}`, title: `${n} ${what}`, 'aria-label': `${n} ${what}`, 'data-ref': refs[cls] ?? null },
    icon,
    h('span', { class: 'n' }, String(n ?? 0)),
    h('span', { class: 'sr-only' }, ` ${what}`),
  );
}

/**
 * Dots for copies left: filled for each left, hollow for each gone.
 * @param {number} n
 * @param {number} of
 */
function dots(n, of) {
  return '●'.repeat(Math.max(0, n)) + '○'.repeat(Math.max(0, of - n));
}

/**
 * Values joined by "or" in the page's language: "+2, +1 or 0".
 * @param {string[]} values
 */
function orList(values) {
  if (LANG === 'en' || values.length < 2)
    return `${values.slice(0, -1).join(', ')}${values.length > 1 ? ' or ' : ''}${values.at(-1)}`;
  return new Intl.ListFormat(LANG, { type: 'disjunction' }).format(values);
}

/** @param {number} n */
function ordinal(n) {
  if (LANG === 'en' && n <= 3) return ['1st', '2nd', '3rd'][n - 1];
  return t('ta.nth', { n });
}

/**
 * Whose turn it is and what they do, in words a newcomer understands.
 * @param {ThreeArrowsView} vj
 * @param {DrawOptions} o
 */
export function turnText(vj, o) {
  const v = vj.view;
  const me = vj.viewer;
  const who = v.turn;
  const you = who === me;
  const att = v.attack;
  switch (v.phase) {
    case 'over':
      return t('ta.over');
    case 'defend': {
      const def = (v.board ?? []).find((/** @type {Piece} */ p) => p.sq === att?.to)?.owner ?? '';
      const at = { name: o.name(who), to: att?.to ?? '', from: att?.from ?? '', strengths: strengths(att) };
      return def === me ? t('ta.attacks-you', at) : t('ta.attacks', { ...at, defender: o.name(def) });
    }
    case 'die': {
      const faces = [...new Set(printed(vj).die)].sort((a, b) => b - a).map(signed);
      const at = { from: att?.from ?? '', to: att?.to ?? '', strengths: strengths(att) };
      return faces.length ? t('ta.die-adds', { ...at, faces: orList(faces) }) : t('ta.die', at);
    }
    case 'capture':
      return you
        ? t('ta.captured-you', { to: att?.to ?? '' })
        : t('ta.captured', { name: o.name(who), to: att?.to ?? '' });
    case 'main':
      return you ? t('ta.main-you') : t('ta.main', { name: o.name(who) });
    default:
      if (you) {
        return v.players?.[0]?.home === null && me === 'p1' && !(v.board ?? []).length
          ? t('ta.first-you')
          : t('ta.place-you');
      }
      return t('ta.to-move-name', { name: o.name(who) });
  }
}

/**
 * An attack's strengths in words, when the view gives them: " (strength 3 against 2)".
 * @param {{strength?: number, defence?: number} | null} att
 */
function strengths(att) {
  return att?.strength !== undefined && att.defence !== undefined
    ? t('ta.strengths', { strength: att.strength, defence: att.defence })
    : '';
}

/**
 * What a word of the notation looks like on a button.
 * @param {string} word
 * @param {string[]} chosen
 * @param {ThreeArrowsView} vj
 * @returns {string | Node}
 */
export function wordLabel(word, chosen, vj) {
  const pk = printed(vj).pieces.get(word);
  if (pk) {
    return h('span', { class: 'word-piece' }, pieceIcon(vj, vj.viewer, word), ` ${pk.name}`);
  }
  if (word in FACING_TURN) {
    const piece =
      chosen.find((t) => printed(vj).pieces.has(t)) ??
      (chosen[0] === 'advance' ? pieceAt(vj, vj.view.attack?.from) : undefined);
    if (piece)
      return h(
        'span',
        { class: 'word-piece' },
        pieceIcon(vj, vj.viewer, piece, word),
        ' ',
        t('ta.facing', { dir: DIR_WORDS[word] }),
      );
    return `${DIR_CHARS[word]} ${DIR_WORDS[word]}`;
  }
  /** @type {Record<string, string>} */
  return has(`ta.word.${word}`) ? t(`ta.word.${word}`) : word;
}

/**
 * The kind of the viewer's piece on a square, if the view shows it.
 * @param {ThreeArrowsView} vj
 * @param {string | undefined} sq
 */
function pieceAt(vj, sq) {
  return (vj.view.board ?? []).find((/** @type {Piece} */ p) => p.sq === sq)?.piece;
}

/**
 * The kind of each word of an action (picker.js): the squares of `place`, `uncover`,
 * `unshield` and `attack` (docs/rules/three-arrows.md, "Notation").
 * @param {string[]} action
 * @returns {import('../picker.js').Kind[]}
 */
export function wordKinds(action) {
  /** @type {Record<string, number[]>} */
  const at = { place: [2], uncover: [1], unshield: [1], attack: [1, 2] };
  const squares = at[action[0]] ?? [];
  return action.map((_, i) => (squares.includes(i) ? 'square' : 'word'));
}
