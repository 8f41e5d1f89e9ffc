// Lo que haría una jugada en concardia, en español (web/notes.js dice la forma; es.js reúne los
// juegos): cada clave es una parte de una nota del motor (src/games/concardia/note.c), en inglés.

const TRAITS = { Rock: 'Piedra', Paper: 'Papel', Scissors: 'Tijera' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // start
  'goes on %s': 'se coloca en %1',
  'you play first against %s, second against %s': {
    t: 'juegas primero contra %1 y segundo contra %2',
    args: { 1: TRAITS, 2: TRAITS },
  },
  // the cost of an action and its effect
  'cost %d': 'coste %1',
  'cost X = %d': 'coste X = %1',
  '%d more to pay after this': {
    n: 1,
    one: 'después de esto queda %1 unidad por pagar',
    other: 'después de esto quedan %1 unidades por pagar',
  },
  'pushes %s from %s to %s': 'empuja %1 de %2 a %3',
  '%s on %s gets Strength %d this turn': '%1 en %2 tiene Fuerza %3 este turno',
  'changes nothing: the card is not on the grid': 'no cambia nada: la carta no está en la cuadrícula',
  '%s removes %s from %s': '%1 retira %2 de %3',
  // the Capture Step after it: a list of the cards it captures, "lancer-p on e5 (2 against 2), ...".
  // A whole part names its first card in its key (a key "captures %s" would lose to the card's
  // own, longer); the rest of the list, after ", ", is its first card and the rest again.
  '%s on %s (%d against %d)': '%1 en %2 (%3 contra %4)',
  '%s on %s (%d against %d), %s': '%1 en %2 (%3 contra %4), %5',
  'captures %s on %s (%d against %d)': 'captura %1 en %2 (%3 contra %4)',
  'captures %s on %s (%d against %d), %s': 'captura %1 en %2 (%3 contra %4), %5',
  'captures %s on %s (%d against %d) unless p%d holds an aegis':
    'captura %1 en %2 (%3 contra %4), salvo que p%5 tenga una égida',
  'captures %s on %s (%d against %d), %s unless p%d holds an aegis':
    'captura %1 en %2 (%3 contra %4), %5, salvo que p%6 tenga una égida',
  'captures %s on %s (%d against %d) unless p%d holds a %s':
    'captura %1 en %2 (%3 contra %4), salvo que p%5 tenga una carta %6',
  'captures %s on %s (%d against %d), %s unless p%d holds a %s':
    'captura %1 en %2 (%3 contra %4), %5, salvo que p%6 tenga una carta %7',
  'captures %s on %s (%d against %d) unless p%d holds an %s':
    'captura %1 en %2 (%3 contra %4), salvo que p%5 tenga una carta %6',
  'captures %s on %s (%d against %d), %s unless p%d holds an %s':
    'captura %1 en %2 (%3 contra %4), %5, salvo que p%6 tenga una carta %7',
  'p%d captures %s on %s (%d against %d)': 'p%1 captura %2 en %3 (%4 contra %5)',
  'p%d captures %s on %s (%d against %d), %s': 'p%1 captura %2 en %3 (%4 contra %5), %6',
  'p%d captures %s on %s (%d against %d) unless you react with an aegis':
    'p%1 captura %2 en %3 (%4 contra %5), salvo que reacciones con una égida',
  'p%d captures %s on %s (%d against %d), %s unless you react with an aegis':
    'p%1 captura %2 en %3 (%4 contra %5), %6, salvo que reacciones con una égida',
  'p%d captures %s on %s (%d against %d) unless you react with a %s':
    'p%1 captura %2 en %3 (%4 contra %5), salvo que reacciones con una carta %6',
  'p%d captures %s on %s (%d against %d), %s unless you react with a %s':
    'p%1 captura %2 en %3 (%4 contra %5), %6, salvo que reacciones con una carta %7',
  'p%d captures %s on %s (%d against %d) unless you react with an %s':
    'p%1 captura %2 en %3 (%4 contra %5), salvo que reacciones con una carta %6',
  'p%d captures %s on %s (%d against %d), %s unless you react with an %s':
    'p%1 captura %2 en %3 (%4 contra %5), %6, salvo que reacciones con una carta %7',
  // react and decline
  'saves %s on %s this Capture Step': 'salva %1 en %2 en este Paso de Captura',
  'the aegis is discarded': 'la égida se descarta',
  'the %s is discarded': 'la carta %1 se descarta',
  "%s on %s is captured: it goes to p%d's victory pile": '%1 en %2 es capturada: va a la Pila de Victoria de p%3',
  // the end of the game
  'ends the game (%s): you win %d-%d': 'termina la partida (%1): ganas %2-%3',
  'ends the game (%s): you lose %d-%d': 'termina la partida (%1): pierdes %2-%3',
  'ends the game (%s): a draw %d-%d': 'termina la partida (%1): empate %2-%3',
  'neither player has a card on the Board': 'ningún jugador tiene cartas en el tablero',
  'you have no card left on the Board': 'no te queda ninguna carta en el tablero',
  'p%d has no card left on the Board': 'a p%1 no le queda ninguna carta en el tablero',
  'both players reach the target': 'los dos jugadores alcanzan el objetivo',
  'you reach the target': 'alcanzas el objetivo',
  'p%d reaches the target': 'p%1 alcanza el objetivo',
  'both players pass': 'los dos jugadores pasan',
  'the turn cap': 'el límite de turnos',
  'ends the game: both players pass': 'termina la partida: los dos jugadores pasan',
  'you could lose: no card left on the Board (third-turn rule)':
    'podrías perder: no te quedaría ninguna carta en el tablero (regla del tercer turno)',
};
