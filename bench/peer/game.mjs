// The game of the boardgame.io peer: a game the size of THREE ARROWS, for the load test that
// sets quiver beside boardgame.io 0.50.2 (bench/peer/load.mjs). Two players place pieces with
// arrows on a 6 x 6 board from holders of 18 pieces each (seven kinds, as THREE ARROWS has);
// a piece's arrows capture the opposing pieces next to it that they point at. A player sees
// the board, both players' counts and captures, and its own holder only (the other holder is
// a count), as a THREE ARROWS view hides another player's holder. The game ends when both
// holders are empty or the board is full; the more captures wins. Each move does the work of
// a THREE ARROWS placement: it checks the move, places the piece, looks at its neighbours and
// captures, and each player gets a view; boardgame.io keeps its log and state in memory.

export const SIZE = 6;

/** The kinds and their arrows as (file, rank) steps, facing north; turned with the facing. */
export const KINDS = {
  A: [[0, 1]],
  D: [
    [0, 1],
    [0, 1],
  ],
  R: [
    [0, 1],
    [1, 0],
  ],
  T: [
    [0, 1],
    [1, 0],
    [-1, 0],
  ],
  X: [
    [1, 1],
    [-1, -1],
  ],
  Y: [
    [1, 1],
    [-1, 1],
  ],
  Z: [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
  ],
};
/** How many of each kind a holder starts with (18 pieces). */
const START = { A: 4, D: 3, R: 3, T: 2, X: 2, Y: 2, Z: 2 };
export const FACINGS = ['N', 'E', 'S', 'W'];

/**
 * A step turned clockwise by a facing.
 * @param {number[]} step
 * @param {number} facing 0 to 3
 */
function turn([df, dr], facing) {
  for (let i = 0; i < facing; i++) [df, dr] = [dr, -df];
  return [df, dr];
}

/**
 * @typedef {{owner: string, kind: string, facing: string}} Piece
 * @typedef {{cells: (Piece | null)[], holders: Record<string, Record<string, number>>,
 *   captured: Record<string, number>, placed: number}} State
 */

/**
 * Places kind at cell facing facing for player, capturing what its arrows point at; false
 * when the move is not legal.
 * @param {State} G
 * @param {string} player
 * @param {number} cell
 * @param {string} kind
 * @param {string} facing
 */
export function place(G, player, cell, kind, facing) {
  const f = FACINGS.indexOf(facing);
  if (!Number.isInteger(cell) || cell < 0 || cell >= SIZE * SIZE || G.cells[cell] || f < 0) return false;
  if (!KINDS[kind] || !(G.holders[player][kind] > 0)) return false;
  G.holders[player][kind]--;
  G.cells[cell] = { owner: player, kind, facing };
  G.placed++;
  const file = cell % SIZE,
    rank = Math.floor(cell / SIZE);
  for (const step of KINDS[kind]) {
    const [df, dr] = turn(step, f);
    const tf = file + df,
      tr = rank + dr;
    if (tf < 0 || tf >= SIZE || tr < 0 || tr >= SIZE) continue;
    const target = G.cells[tr * SIZE + tf];
    if (target && target.owner !== player) {
      G.cells[tr * SIZE + tf] = null;
      G.captured[player]++;
    }
  }
  return true;
}

/**
 * The legal moves of player in G, as place's arguments.
 * @param {State} G
 * @param {string} player
 * @returns {[number, string, string][]}
 */
export function legal(G, player) {
  const moves = [];
  const kinds = Object.keys(G.holders[player] ?? {}).filter((k) => G.holders[player][k] > 0);
  for (let cell = 0; cell < SIZE * SIZE; cell++)
    if (!G.cells[cell]) for (const k of kinds) for (const f of FACINGS) moves.push([cell, k, f]);
  return moves;
}

/**
 * The number of pieces in a holder.
 * @param {Record<string, number>} h
 */
const count = (h) => Object.values(h).reduce((a, b) => a + b, 0);

/**
 * The boardgame.io game.
 * @param {string} INVALID_MOVE boardgame.io's constant for a refused move
 */
export function makeGame(INVALID_MOVE) {
  return {
    name: 'arrows',
    minPlayers: 2,
    maxPlayers: 2,
    setup: () => ({
      cells: Array(SIZE * SIZE).fill(null),
      holders: { 0: { ...START }, 1: { ...START } },
      captured: { 0: 0, 1: 0 },
      placed: 0,
    }),
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      /** @param {{G: State, playerID: string}} ctx */
      place: ({ G, playerID }, cell, kind, facing) =>
        place(G, playerID, cell, kind, facing) ? undefined : INVALID_MOVE,
    },
    /** @param {{G: State, playerID: string | null}} ctx */
    playerView: ({ G, playerID }) => ({
      ...G,
      holders: Object.fromEntries(
        Object.entries(G.holders).map(([p, h]) => [p, p === playerID ? h : { count: count(h) }]),
      ),
    }),
    /** @param {{G: State}} ctx */
    endIf: ({ G }) => {
      const empty = count(G.holders[0]) + count(G.holders[1]) === 0;
      if (!empty && G.cells.some((c) => !c)) return undefined;
      const [a, b] = [G.captured[0], G.captured[1]];
      return a === b ? { draw: true } : { winner: a > b ? '0' : '1' };
    },
  };
}
