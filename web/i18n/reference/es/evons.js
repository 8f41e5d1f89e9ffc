// La referencia de evons en español (web/reference-words.js dice la forma; es.js reúne los juegos):
// cada clave es una línea (un párrafo) de una entrada del motor (src/games/evons/reference.c).

/** los elementos, como los dice la página (ev.el.* de web/i18n/play/es.js) */
const ELEMENT = {
  Fire: 'Fuego',
  Water: 'Agua',
  Earth: 'Tierra',
  Electric: 'Eléctrico',
  Nature: 'Naturaleza',
  Darkness: 'Oscuridad',
};

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // la primera línea de un monstruo: su elemento, coste, ATQ y DEF
  '%s: %s monster, cost %d, ATK %d, DEF %d': {
    t: '%1: monstruo de elemento %2, coste %3, ATQ %4, DEF %5',
    args: { 2: ELEMENT },
  },
  // un bloque
  '%s: %s block': { t: '%1: bloque de elemento %2', args: { 2: ELEMENT } },
  'No cost, ATK, DEF or arrows. It reaches the board only through a Block ability, face up (it cannot be played, covered or revealed), and stays until an ability removes it. It fills a cell; arrows pointing at it do nothing in conflicts and flips.':
    'Sin coste, ATQ, DEF ni flechas. Solo llega al tablero mediante una habilidad Block, boca arriba (no se puede jugar, poner boca abajo ni revelar), y permanece hasta que una habilidad lo retira. Ocupa una celda; las flechas que apuntan a él no hacen nada en los conflictos ni en los volteos.',
  // las flechas, como en la carta ("N Firestorm, E, S, W"); las claves nombran la última
  // (una dirección o su habilidad) para no decir también las líneas de otros juegos
  'arrows: ': 'flechas: ninguna',
  'arrows: %c': 'flechas: %1',
  'arrows: %c%c': 'flechas: %1%2',
  'arrows: %s, %c': 'flechas: %1, %2',
  'arrows: %s, %c%c': 'flechas: %1, %2%3',
  'arrows: %s Remove': 'flechas: %1 Remove',
  'arrows: %s Block': 'flechas: %1 Block',
  'arrows: %s Firestorm': 'flechas: %1 Firestorm',
  'arrows: %s Swap': 'flechas: %1 Swap',
  'arrows: %s Shockwave': 'flechas: %1 Shockwave',
  'arrows: %s Magnetism': 'flechas: %1 Magnetism',
  'arrows: %s Growth': 'flechas: %1 Growth',
  'arrows: %s Resurrection': 'flechas: %1 Resurrection',
  'arrows: %s Firestorm (%d points)': {
    n: 2,
    one: 'flechas: %1 Firestorm (%2 punto)',
    other: 'flechas: %1 Firestorm (%2 puntos)',
  },
  'arrows: %s Firestorm (%d point)': 'flechas: %1 Firestorm (%2 punto)',
  'arrows: %s Resurrection (budget %d)': 'flechas: %1 Resurrection (presupuesto %2)',
  // una flecha de la lista, con su habilidad
  '%c Remove': '%1 Remove',
  '%c%c Remove': '%1%2 Remove',
  '%c Block': '%1 Block',
  '%c%c Block': '%1%2 Block',
  '%c Firestorm': '%1 Firestorm',
  '%c%c Firestorm': '%1%2 Firestorm',
  '%c Swap': '%1 Swap',
  '%c%c Swap': '%1%2 Swap',
  '%c Shockwave': '%1 Shockwave',
  '%c%c Shockwave': '%1%2 Shockwave',
  '%c Magnetism': '%1 Magnetism',
  '%c%c Magnetism': '%1%2 Magnetism',
  '%c Growth': '%1 Growth',
  '%c%c Growth': '%1%2 Growth',
  '%c Resurrection': '%1 Resurrection',
  '%c%c Resurrection': '%1%2 Resurrection',
  '%c Firestorm (%d points)': { n: 2, one: '%1 Firestorm (%2 punto)', other: '%1 Firestorm (%2 puntos)' },
  '%c%c Firestorm (%d points)': { n: 3, one: '%1%2 Firestorm (%3 punto)', other: '%1%2 Firestorm (%3 puntos)' },
  '%c Firestorm (%d point)': '%1 Firestorm (%2 punto)',
  '%c%c Firestorm (%d point)': '%1%2 Firestorm (%3 punto)',
  '%c Resurrection (budget %d)': '%1 Resurrection (presupuesto %2)',
  '%c%c Resurrection (budget %d)': '%1%2 Resurrection (presupuesto %3)',
  // la habilidad de una flecha y lo que hace (su texto, una clave más abajo)
  'Remove: %s': 'Remove: %1',
  'Block: %s': 'Block: %1',
  'Firestorm: %s': 'Firestorm: %1',
  'Swap: %s': 'Swap: %1',
  'Shockwave: %s': 'Shockwave: %1',
  'Magnetism: %s': 'Magnetism: %1',
  'Growth: %s': 'Growth: %1',
  'Resurrection: %s': 'Resurrection: %1',
  // la habilidad con un parámetro propio del conjunto de cartas
  "The %s arrow's Firestorm deals %d points, whatever the card's DEF.": {
    n: 2,
    one: 'El Firestorm de la flecha %1 inflige %2 punto, sea cual sea la DEF de la carta.',
    other: 'El Firestorm de la flecha %1 inflige %2 puntos, sea cual sea la DEF de la carta.',
  },
  "The %s arrow's Firestorm deals %d point, whatever the card's DEF.":
    'El Firestorm de la flecha %1 inflige %2 punto, sea cual sea la DEF de la carta.',
  "The %s arrow's Resurrection may bring back costs up to %d, not the card's cost.":
    'El Resurrection de la flecha %1 puede devolver costes de hasta %2, en lugar del coste de la carta.',
  // la entrada de una habilidad: qué flecha es, lo que hace, en qué cartas está
  "%s: a plain arrow (every card's arrows act this way)":
    '%1: una flecha simple (así actúan las flechas de todas las cartas)',
  '%s: an ability arrow (a double arrow on the board, ⇑)':
    '%1: una flecha de habilidad (una flecha doble en el tablero, ⇑)',
  'On: %s.': 'Cartas que la tienen: %1.',
  "A plain arrow points at the cell next to the card in its direction. When the card activates in the main zone, an opponent face-up monster it points at that points back defends its position: both deal their ATK to the other's DEF at once (damage lasts until the end of the turn; DEF 0 or less is destroyed). Opponent cards it points at that do not point back are flipped to its controller; a covered one is destroyed instead, unless Growth-placed. Every arrow, ability arrows too, does this. Arrows are printed as the card's controller sees it: N points away from them, so the N arrow of a p2 card points S on the board, and a flipped card turns round.":
    'Una flecha simple apunta a la celda contigua a la carta en su dirección. Cuando la carta se activa en la zona principal, un monstruo rival boca arriba al que apunta y que le apunta de vuelta defiende su posición: ambos infligen a la vez su ATQ a la DEF del otro (el daño dura hasta el final del turno; un monstruo con DEF 0 o menos es destruido). Las cartas rivales a las que apunta y que no le apuntan de vuelta se voltean y pasan al controlador de la carta; una carta boca abajo, en cambio, es destruida, salvo si fue colocada por Growth. Todas las flechas, también las de habilidad, hacen esto. Las flechas están impresas tal como las ve el controlador de la carta: N apunta en sentido contrario a él, así que la flecha N de una carta de p2 apunta al S en el tablero, y una carta volteada se da la vuelta.',
  'Destroys the monster on the target (any controller, face up or covered). Write: ability <dir>.':
    'Destruye el monstruo del objetivo (de cualquier controlador, boca arriba o boca abajo). Se escribe: `ability <dir>`.',
  "Target empty: puts a block card from the hand there, face up (ability <dir> <block-card>). Target holding a block: sends it to its owner's graveyard (ability <dir>). Blocks reach the board only this way.":
    'Objetivo vacío: pone allí una carta de bloque de la mano, boca arriba (`ability <dir> <block-card>`). Objetivo con un bloque: lo envía al cementerio de su propietario (`ability <dir>`). Los bloques solo llegan al tablero de esta manera.',
  "Deals as many points as the card's current DEF, one `burn <cell>` each, split among opponent monsters (face up or covered) on the target and the cells orthogonally next to it; usable only if there is one. A face-up monster at DEF 0 or less is destroyed, a covered one by a single point. Points with no target left are lost. Write: ability <dir>.":
    'Inflige tantos puntos como la DEF actual de la carta, cada uno con un `burn <cell>`, repartidos entre los monstruos rivales (boca arriba o boca abajo) del objetivo y de las celdas contiguas a él al N, E, S o W; solo puede usarse si hay alguno. Un monstruo boca arriba con DEF 0 o menos es destruido; uno boca abajo, con un solo punto. Los puntos que ya no tienen objetivo se pierden. Se escribe: `ability <dir>`.',
  "The target holds a monster (face up or covered, any controller): it and the card exchange cells. The other card, if it is the active player's and face up, reactivates (once a turn). Write: ability <dir>.":
    'El objetivo tiene un monstruo (boca arriba o boca abajo, de cualquier controlador): ese monstruo y la carta intercambian sus celdas. La otra carta, si es del jugador activo y está boca arriba, se reactiva (una vez por turno). Se escribe: `ability <dir>`.',
  "The target holds a card: pushes it one cell further in the arrow's direction. A card on the landing cell is destroyed; a card pushed off the board leaves the game. The pushed card, if the active player's and face up, reactivates (once a turn). Write: ability <dir>.":
    'El objetivo tiene una carta: la empuja una celda más allá en la dirección de la flecha. Una carta que esté en la celda de llegada es destruida; una carta empujada fuera del tablero queda fuera de la partida. La carta empujada, si es del jugador activo y está boca arriba, se reactiva (una vez por turno). Se escribe: `ability <dir>`.',
  "The target is empty: moves onto it a card (not a block, not the card itself) from a cell orthogonally next to the target. The moved card, if the active player's and face up, reactivates (once a turn). Write: ability <dir> <source-cell>.":
    'El objetivo está vacío: mueve a él una carta (que no sea un bloque ni la propia carta) desde una celda contigua al objetivo al N, E, S o W. La carta movida, si es del jugador activo y está boca arriba, se reactiva (una vez por turno). Se escribe: `ability <dir> <source-cell>`.',
  'The target is empty: puts a monster from the hand there face down, without paying. It is Growth-placed: flips do not affect it, and revealing it costs nothing. Write: ability <dir> <card>.':
    'El objetivo está vacío: pone allí boca abajo un monstruo de la mano, sin pagar. Queda colocado por Growth: los volteos no le afectan y revelarlo no cuesta nada. Se escribe: `ability <dir> <card>`.',
  "The target is empty: puts a monster from the own graveyard there face up; its cost must fit the card's cost less what this activation already brought back. It activates at once, on top of the chain. Write: ability <dir> <card>.":
    'El objetivo está vacío: pone allí boca arriba un monstruo del propio cementerio; su coste debe caber en el coste de la carta menos lo que esta activación ya haya devuelto. Se activa de inmediato, en lo alto de la cadena. Se escribe: `ability <dir> <card>`.',
};
