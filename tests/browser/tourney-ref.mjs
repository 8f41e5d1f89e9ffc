// The browser tests' own reference of tournaments, written from their description in
// docs/server/players.md ("Tournaments"), not from the server's code: the pairings of a Swiss
// round (the Dutch system as lichess's Swiss simplifies it) and of an arena's waiting players,
// and an arena's points. The tests play a tournament through the server and check each round
// or wave it paired, and the points it counted, against these.

/**
 * @typedef {object} SwissPlayer
 * @property {string} name
 * @property {number} score 1 a win, ½ a draw, 1 a bye
 * @property {number} rating when it joined (1500 without one)
 * @property {number} order its place in joining
 * @property {number} firsts games at the first seat
 * @property {number} seconds games at the second seat
 * @property {number} last 1 its last game at the first seat, -1 at the second, 0 none yet
 * @property {boolean} hadBye
 */

/** Rank order of a Swiss: score, rating (high first), then the order of joining. */
const swissOrder = (/** @type {SwissPlayer} */ a, /** @type {SwissPlayer} */ b) =>
  b.score - a.score || b.rating - a.rating || a.order - b.order;

/**
 * The opponents the first unpaired player `i` may get, in the Dutch order: the rest of its
 * score group from the middle of the group down, then back up, then the lower groups in rank
 * order (a group that cannot be paired whole sends its lowest down).
 * @param {SwissPlayer[]} p in rank order
 * @param {boolean[]} used
 * @param {number} i
 */
function candidates(p, used, i) {
  const group = [];
  for (let j = i; j < p.length; j++) if (!used[j] && p[j].score === p[i].score) group.push(j);
  const half = Math.floor(group.length / 2);
  const out = group.slice(Math.max(half, 1));
  for (let g = half - 1; g >= 1; g--) out.push(group[g]);
  for (let j = i + 1; j < p.length; j++) if (!used[j] && p[j].score !== p[i].score) out.push(j);
  return out;
}

/**
 * Pairs every unpaired player, trying each one's candidates in order and going back on a pair
 * that would meet twice; the pairs, or null when there is no pairing without a repeat.
 * @param {SwissPlayer[]} p
 * @param {boolean[]} used
 * @param {(a: string, b: string) => boolean} met
 * @returns {number[][] | null}
 */
function pairRest(p, used, met) {
  const i = used.indexOf(false);
  if (i < 0) return [];
  const others = candidates(p, used, i); // its group holds it first
  used[i] = true;
  for (const j of others) {
    if (met(p[i].name, p[j].name)) continue;
    used[j] = true;
    const rest = pairRest(p, used, met);
    if (rest) return [[i, j], ...rest];
    used[j] = false;
  }
  used[i] = false;
  return null;
}

/**
 * The seats of a pair, the higher ranked `a` first in the list: the player due more firsts
 * (more seconds than firsts) takes the first seat; when equal, the one whose last game was
 * at the second; else the higher ranked alternates by board.
 * @param {SwissPlayer} a
 * @param {SwissPlayer} b
 * @param {number} board from 0
 */
function seats(a, b, board) {
  const dueA = a.seconds - a.firsts;
  const dueB = b.seconds - b.firsts;
  let aFirst;
  if (dueA !== dueB) aFirst = dueA > dueB;
  else if (a.last) aFirst = a.last < 0;
  else aFirst = board % 2 === 0;
  return aFirst ? [a.name, b.name] : [b.name, a.name];
}

/**
 * The next Swiss round of `players`: its pairs in board order, each [first seat, second
 * seat], and the name of the player with the bye (null: none); null when no round can be
 * paired without two players meeting again.
 * @param {SwissPlayer[]} players
 * @param {(a: string, b: string) => boolean} met whether two met already
 * @returns {{pairs: string[][], bye: string | null} | null}
 */
export function swissRound(players, met) {
  const p = [...players].sort(swissOrder);
  const without = (/** @type {number} */ bye) => {
    const used = p.map((_, k) => k === bye);
    return pairRest(p, used, met);
  };
  let bye = -1;
  let pairs = p.length % 2 === 0 ? without(-1) : null;
  // the bye: the lowest ranked who has had none, going up; then (all had one) anyone
  for (let pass = 0; p.length % 2 === 1 && pass < 2 && !pairs; pass++)
    for (let k = p.length - 1; k >= 0 && !pairs; k--)
      if (pass === 1 || !p[k].hadBye) {
        pairs = without(k);
        if (pairs) bye = k;
      }
  if (!pairs) return null;
  return { pairs: pairs.map(([i, j], board) => seats(p[i], p[j], board)), bye: bye >= 0 ? p[bye].name : null };
}

/**
 * @typedef {object} ArenaPlayer
 * @property {string} name
 * @property {number} score
 * @property {number} games
 * @property {number} order its place among the waiting, as the server listed them
 * @property {string | null} last its last opponent
 */

/**
 * The pairs an arena makes of its waiting players: in rank order (score, then fewer games,
 * then the order of joining), each with the next one who is not its last opponent (two who
 * just played meet again only when nobody else of the arena is playing). Each pair [higher
 * ranked, lower ranked].
 * @param {ArenaPlayer[]} waiting
 * @param {boolean} othersPlaying
 */
export function arenaWave(waiting, othersPlaying) {
  const p = [...waiting].sort((a, b) => b.score - a.score || a.games - b.games || a.order - b.order);
  const used = p.map(() => false);
  const pairs = [];
  for (let i = 0; i < p.length; i++) {
    if (used[i]) continue;
    for (let j = i + 1; j < p.length; j++) {
      const again = p[i].last === p[j].name || p[j].last === p[i].name;
      if (used[j] || (again && othersPlaying)) continue;
      used[i] = used[j] = true;
      pairs.push([p[i].name, p[j].name]);
      break;
    }
  }
  return pairs;
}

/**
 * An arena player's points from its results in order ('W', 'D', 'L'; 'X' a game without a
 * result, which counts nothing and breaks no streak): a win 2, a draw 1, and double (4, 2)
 * after two wins in a row until a game that is not a win.
 * @param {string} results
 */
export function arenaPoints(results) {
  let points = 0;
  let wins = 0;
  for (const r of results) {
    if (r === 'W') points += wins++ >= 2 ? 4 : 2;
    else if (r === 'D') points += wins >= 2 ? 2 : 1;
    if (r === 'D' || r === 'L') wins = 0;
  }
  return points;
}
