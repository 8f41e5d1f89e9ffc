// Por qué evons rechaza una jugada, en español (web/reasons.js dice la forma; es.js reúne
// las partes): cada clave es un formato de src/, como lo lista
// scripts/narration-formats.mjs --reasons.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d keeps or mulligans: keep or mulligan <card>...':
    'p%1 se queda la mano o hace mulligan: keep o mulligan <carta>...',
  'a coin picks the first player: coin p1|p2': 'una moneda elige al jugador inicial: coin p1|p2',
  "p%d has made the turn's hand play and must end":
    'p%1 ya ha hecho la jugada desde la mano de este turno y debe terminarlo',
  'p%d makes a hand play (play <card> <cell>, cover <card> <cell>, reveal <cell>) or ends the turn (end)':
    'p%1 hace una jugada desde la mano (play <carta> <celda>, cover <carta> <celda>, reveal <celda>) o termina el turno (end)',
  'p%d deals Firestorm points (%d left): burn <cell>': {
    n: 2,
    one: 'p%1 inflige puntos de Firestorm (queda %2): burn <celda>',
    other: 'p%1 inflige puntos de Firestorm (quedan %2): burn <celda>',
  },
  'p%d chooses the next conflict of the card on %s: conflict <cell>':
    'p%1 elige el siguiente conflicto de la carta de %2: conflict <celda>',
  'the card on %s is in Ability Phase %d: ability <dir> [args] or next':
    'la carta de %1 está en la fase de habilidades %2: ability <dirección> [argumentos] o next',
  'the active card has no arrow pointing %s': 'la carta activa no tiene ninguna flecha hacia %1',
  'the %s arrow of the active card is plain': 'la flecha %1 de la carta activa es simple',
  "the %s arrow's ability was already used in this activation":
    'la habilidad de la flecha %1 ya se usó en esta activación',
  'Remove ability %s cannot be used that way: Remove needs a monster on the target: ability <dir>':
    'la habilidad Remove de la flecha %1 no puede usarse así: Remove necesita un monstruo en el objetivo: ability <dirección>',
  'Block ability %s cannot be used that way: Block needs an empty target and a block card in hand (ability <dir> <block-card>) or a block on the target (ability <dir>)':
    'la habilidad Block de la flecha %1 no puede usarse así: Block necesita un objetivo vacío y una carta de bloque en la mano (ability <dirección> <carta-de-bloque>) o un bloque en el objetivo (ability <dirección>)',
  'Firestorm ability %s cannot be used that way: Firestorm needs an opponent monster on the target or orthogonally next to it: ability <dir>':
    'la habilidad Firestorm de la flecha %1 no puede usarse así: Firestorm necesita un monstruo rival en el objetivo o en una celda contigua a él al N, E, S o W: ability <dirección>',
  'Swap ability %s cannot be used that way: Swap needs a monster on the target: ability <dir>':
    'la habilidad Swap de la flecha %1 no puede usarse así: Swap necesita un monstruo en el objetivo: ability <dirección>',
  'Shockwave ability %s cannot be used that way: Shockwave needs a card on the target: ability <dir>':
    'la habilidad Shockwave de la flecha %1 no puede usarse así: Shockwave necesita una carta en el objetivo: ability <dirección>',
  'Magnetism ability %s cannot be used that way: Magnetism needs an empty target and a card (not a block, not the active card) orthogonally next to it: ability <dir> <source-cell>':
    'la habilidad Magnetism de la flecha %1 no puede usarse así: Magnetism necesita un objetivo vacío y una carta (que no sea un bloque ni la carta activa) en una celda contigua a él al N, E, S o W: ability <dirección> <celda-de-origen>',
  'Growth ability %s cannot be used that way: Growth needs an empty target and a monster in hand: ability <dir> <card>':
    'la habilidad Growth de la flecha %1 no puede usarse así: Growth necesita un objetivo vacío y un monstruo en la mano: ability <dirección> <carta>',
  'Resurrection ability %s cannot be used that way: Resurrection needs an empty target and a monster in the own graveyard whose cost fits the budget left: ability <dir> <card>':
    'la habilidad Resurrection de la flecha %1 no puede usarse así: Resurrection necesita un objetivo vacío y, en el propio cementerio, un monstruo cuyo coste quepa en el presupuesto restante: ability <dirección> <carta>',
  'a block reaches the board only by a Block ability': 'un bloque solo llega al tablero mediante una habilidad Block',
  '%s is not an empty cell': '%1 no es una celda vacía',
  "p%d cannot pay %s's cost %d (credits: %d)": 'p%1 no puede pagar el coste %3 de %2 (créditos: %4)',
  '%s holds no covered card of p%d': 'en %1 no hay ninguna carta boca abajo de p%2',
  'p%d cannot pay the cost %d (credits: %d)': 'p%1 no puede pagar el coste %2 (créditos: %3)',
  'p%d can only return cards from the hand (each as often as held)':
    'p%1 solo puede devolver cartas de su mano (de cada una, tantas copias como tenga)',
  'a Firestorm point goes to an opponent monster on the target or a cell orthogonally next to it; now: %s':
    'un punto de Firestorm va a un monstruo rival en el objetivo o en una celda contigua a él al N, E, S o W; ahora: %1',
  '%s is not a pending conflict; now: %s': 'en %1 no hay ningún conflicto pendiente; ahora: %2',
  "bad cell '%.20s': a cell is a column x, a, b, c, d, e or y and a row 0-6, e.g. c3 or x0":
    "celda no válida '%1': una celda es una columna x, a, b, c, d, e o y seguida de una fila 0-6, p. ej. c3 o x0",
  "unknown card '%.40s': expected a card id of the card table (e.g. cinder-pup, tide-sprite, sentry, block-fire)":
    "carta desconocida '%1': se esperaba el identificador de una carta de la tabla de cartas (p. ej. cinder-pup, tide-sprite, sentry, block-fire)",
  "expected 'mulligan <card>...' naming 1 to 5 cards of the hand, e.g. mulligan cinder-pup block-fire":
    "se esperaba 'mulligan <carta>...' nombrando de 1 a 5 cartas de la mano, p. ej. mulligan cinder-pup block-fire",
  "expected 'ability <dir>' or 'ability <dir> <card>|<cell>', e.g. ability N, ability NE b4, ability S block-fire":
    "se esperaba 'ability <dirección>' o 'ability <dirección> <carta>|<celda>', p. ej. ability N, ability NE b4, ability S block-fire",
  "bad direction '%.10s': expected N, NE, E, SE, S, SW, W or NW (board directions)":
    "dirección no válida '%1': se esperaba N, NE, E, SE, S, SW, W o NW (direcciones del tablero)",
  "'%.40s' is neither a card id nor a cell: ability <dir> takes a card (Block, Growth, Resurrection) or a source cell (Magnetism; a cell is a column x, a, b, c, d, e or y and a row 0-6, e.g. c3 or x0)":
    "'%1' no es ni un identificador de carta ni una celda: ability <dirección> admite una carta (Block, Growth, Resurrection) o una celda de origen (Magnetism; una celda es una columna x, a, b, c, d, e o y seguida de una fila 0-6, p. ej. c3 o x0)",
  "expected '%s <card> <cell>', e.g. %s seedling c3": "se esperaba '%1 <carta> <celda>', p. ej. %2 seedling c3",
  "expected '%s <cell>', e.g. %s c3": "se esperaba '%1 <celda>', p. ej. %2 c3",
};
