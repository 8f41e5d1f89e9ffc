// Lo que haría una jugada en evons, en español (web/notes.js dice la forma; es.js reúne los
// juegos): cada clave es una parte de una nota del motor (src/games/evons/note.c), en inglés.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // la carta boca abajo de otro jugador, tal como la conoce quien juega
  'a covered card': 'una carta boca abajo',
  // el coste de jugar, cubrir o revelar una carta
  'costs %d (%d left)': { n: 2, one: 'cuesta %1 (te queda %2)', other: 'cuesta %1 (te quedan %2)' },
  '%s costs %d (%d left)': { n: 3, one: '%1 cuesta %2 (te queda %3)', other: '%1 cuesta %2 (te quedan %3)' },
  '%s, free (Growth-placed)': '%1, gratis (colocada por Growth)',
  'face down, free': 'boca abajo, gratis',
  'revealing it costs %d': 'revelarla cuesta %1',
  '%d back into the deck, %d new drawn': {
    n: 1,
    one: '%1 carta vuelve al mazo, robas %2 nueva',
    other: '%1 cartas vuelven al mazo, robas %2 nuevas',
  },
  'no hand play: the game ends if p%d makes none either':
    'sin jugar desde la mano: la partida termina si p%1 tampoco juega',
  // lo que encontraría la carta en sus conflictos y volteos
  'out zone: no conflicts, no flips': 'zona exterior: sin conflictos ni volteos',
  'conflict %s %d/%d (falls)': 'conflicto con %1 %2/%3 (cae)',
  'conflict %s %d/%d (holds)': 'conflicto con %1 %2/%3 (resiste)',
  '%s %d/%d (falls)': '%1 %2/%3 (cae)',
  '%s %d/%d (holds)': '%1 %2/%3 (resiste)',
  'it takes %d and falls': 'recibe %1 y cae',
  'flips %s': 'voltea %1',
  'destroys covered %s': 'destruye la carta boca abajo de %1',
  'destroys covered %s %s': 'destruye las cartas boca abajo de %1 %2',
  'no conflict, nothing to flip': 'sin conflictos, nada que voltear',
  // las habilidades
  'Remove: destroys %s on %s': 'Remove: destruye %1 en %2',
  'Block: puts %s on %s': 'Block: pone %1 en %2',
  'Block: sends %s on %s to the graveyard': 'Block: envía %1 de %2 al cementerio',
  'Firestorm: %d points around %s': {
    n: 1,
    one: 'Firestorm: %1 punto alrededor de %2',
    other: 'Firestorm: %1 puntos alrededor de %2',
  },
  'Firestorm: %d point around %s': 'Firestorm: %1 punto alrededor de %2',
  'Swap: changes places with %s on %s': 'Swap: intercambia su posición con %1 en %2',
  'Shockwave: pushes %s off the board': 'Shockwave: empuja %1 fuera del tablero',
  'Shockwave: pushes %s to %s': 'Shockwave: empuja %1 a %2',
  'crushes %s there': 'aplasta %1 allí',
  'Magnetism: pulls %s from %s to %s': 'Magnetism: atrae %1 de %2 a %3',
  'Growth: %s face down on %s': 'Growth: %1 boca abajo en %2',
  'Resurrection: %s on %s, which activates': 'Resurrection: %1 en %2, que se activa',
  'ends the activation of %s': 'termina la activación de %1',
  // un punto de Firestorm
  'destroys %s on %s': 'destruye %1 en %2',
  '%s on %s to DEF %d': '%1 en %2 baja a DEF %3',
  // lo mismo con una carta boca abajo de otro jugador
  'Remove: destroys a covered card on %s': 'Remove: destruye una carta boca abajo en %1',
  'Swap: changes places with a covered card on %s': 'Swap: intercambia su posición con una carta boca abajo en %1',
  'Shockwave: pushes a covered card off the board': 'Shockwave: empuja una carta boca abajo fuera del tablero',
  'Shockwave: pushes a covered card to %s': 'Shockwave: empuja una carta boca abajo a %1',
  'crushes a covered card there': 'aplasta una carta boca abajo allí',
  'Magnetism: pulls a covered card from %s to %s': 'Magnetism: atrae una carta boca abajo de %1 a %2',
  'destroys a covered card on %s': 'destruye una carta boca abajo en %1',
  // un conflicto de la carta activa
  '%d against DEF %d: it falls': '%1 contra DEF %2: cae',
  '%d against DEF %d: it holds': '%1 contra DEF %2: resiste',
  '%d against your DEF %d: yours falls': '%1 contra tu DEF %2: la tuya cae',
  '%d against your DEF %d: yours holds': '%1 contra tu DEF %2: la tuya resiste',
  // el final de la partida
  'the game ends and you win %d-%d': 'la partida termina y ganas %1-%2',
  'the game ends and p%d wins %d-%d': 'la partida termina y gana p%1 %2-%3',
  'the game ends in a draw, %d-%d': 'la partida termina en empate, %1-%2',
  'p%d has made no hand play either, so the game ends and you win %d-%d':
    'p%1 tampoco ha jugado desde la mano, así que la partida termina y ganas %2-%3',
  'p%d has made no hand play either, so the game ends and p%d wins %d-%d':
    'p%1 tampoco ha jugado desde la mano, así que la partida termina y gana p%2 %3-%4',
  'p%d has made no hand play either, so the game ends in a draw, %d-%d':
    'p%1 tampoco ha jugado desde la mano, así que la partida termina en empate, %2-%3',
  'it fills the main zone, so the game ends and you win %d-%d':
    'llena la zona principal, así que la partida termina y ganas %1-%2',
  'it fills the main zone, so the game ends and p%d wins %d-%d':
    'llena la zona principal, así que la partida termina y gana p%1 %2-%3',
  'it fills the main zone, so the game ends in a draw, %d-%d':
    'llena la zona principal, así que la partida termina en empate, %1-%2',
  'it is the last turn of max_turns, so the game ends and you win %d-%d':
    'se llega al límite de turnos, así que la partida termina y ganas %1-%2',
  'it is the last turn of max_turns, so the game ends and p%d wins %d-%d':
    'se llega al límite de turnos, así que la partida termina y gana p%1 %2-%3',
  'it is the last turn of max_turns, so the game ends in a draw, %d-%d':
    'se llega al límite de turnos, así que la partida termina en empate, %1-%2',
};
