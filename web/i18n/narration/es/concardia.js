// La narración de concardia en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "turn %d: p%d's deck is empty, no card is drawn": 'turno %1: el mazo de p%2 está vacío, no se roba ninguna carta',
  'turn %d: p%d draws {%x:%s|a card}': 'turno %1: p%2 roba {%3:%4|una carta}',
  '%s on %s': '%1 en %2',
  "%s in p%d's Persistent Area": '%1 en la Zona Persistente de p%2',
  '%s gets a Charge Counter (%d now)': '%1 recibe un Contador de Carga (ahora %2)',
  '%s has no Charge Counter left': '%1 se queda sin Contadores de Carga',
  '%s has %d Charge Counter%s left': {
    n: 2,
    one: 'a %1 le queda %2 Contador de Carga',
    other: 'a %1 le quedan %2 Contadores de Carga',
  },
  "p%d's starting card: %s (%s, Strength %d, Defense %d), on %s": {
    t: 'carta inicial de p%1: %2 (%3, Fuerza %4, Defensa %5), en %6',
    args: {
      3: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
    },
  },
  'p%d plays first: %s loses to %s': {
    t: 'p%1 juega primero: %2 pierde contra %3',
    args: {
      2: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
      3: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
    },
  },
  'p%d plays first: both %s, lower Defense (%d against %d)': {
    t: 'p%1 juega primero: ambas de %2, menor Defensa (%3 contra %4)',
    args: {
      2: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
    },
  },
  'p%d plays first: both %s, Defense %d each, lower Strength %d against %d': {
    t: 'p%1 juega primero: ambas de %2, Defensa %3 cada una, menor Fuerza, %4 contra %5',
    args: {
      2: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
    },
  },
  'both %s, Strength %d, Defense %d: a coin names the first player': {
    t: 'ambas de %1, Fuerza %2, Defensa %3: una moneda decide quién juega primero',
    args: {
      1: {
        Rock: 'Piedra',
        Paper: 'Papel',
        Scissors: 'Tijera',
      },
    },
  },
  '%s is set aside until the end of the turn': '%1 se aparta hasta el final del turno',
  'cost X = %d (Defense %d of %s on %s, less 1), paid unit by unit':
    'coste X = %1 (Defensa %2 de %3 en %4, menos 1), pagado unidad a unidad',
  'cost X = %d (Defense %d of %s on %s, less 1): nothing to pay':
    'coste X = %1 (Defensa %2 de %3 en %4, menos 1): nada que pagar',
  'cost %d, paid one unit at a time: a card from hand or a Charge Counter':
    'coste %1, pagado unidad a unidad: una carta de la mano o un Contador de Carga',
  '%s on %s pushes %s from %s to %s': '%1 en %2 empuja %3 de %4 a %5',
  '%s on %s cannot push %s: the square beyond is taken':
    '%1 en %2 no puede empujar %3: la casilla de detrás está ocupada',
  '%s on %s has Strength %d until the end of the turn': '%1 en %2 tiene Fuerza %3 hasta el final del turno',
  '%s is in the Persistent Area: its +%d Strength changes nothing':
    '%1 está en la Zona Persistente: su +%2 de Fuerza no cambia nada',
  '%s finds no card on %s': '%1 no encuentra ninguna carta en %2',
  '%s cannot remove %s on %s: Defense %d against Power %d': '%1 no puede retirar %2 de %3: Defensa %4 contra Poder %5',
  '%s removes %s from %s: Defense %d against Power %d': '%1 retira %2 de %3: Defensa %4 contra Poder %5',
  '%s on %s would be captured: %s = %d superior Strength against Defense %d':
    '%1 en %2 sería capturada: %3 = %4 de Fuerza superior contra Defensa %5',
  '%s on %s would be captured: %d superior Strength against Defense %d':
    '%1 en %2 sería capturada: %3 de Fuerza superior contra Defensa %4',
  'p%d captures %s on %s: %s = %d superior Strength against Defense %d':
    'p%1 captura %2 en %3: %4 = %5 de Fuerza superior contra Defensa %6',
  'p%d captures %s on %s: %d superior Strength against Defense %d':
    'p%1 captura %2 en %3: %4 de Fuerza superior contra Defensa %5',
  '%s on %s is not captured this Capture Step': '%1 en %2 no se captura en este Paso de Captura',
  "%s goes to p%d's victory pile: p%d has %d point%s": {
    n: 4,
    one: '%1 va a la Pila de Victoria de p%2: p%3 tiene %4 punto',
    other: '%1 va a la Pila de Victoria de p%2: p%3 tiene %4 puntos',
  },
  "%s and %s go to p%d's victory pile: p%d has %d points":
    '%1 y %2 van a la Pila de Victoria de p%3: p%4 tiene %5 puntos',
  "%d cards go to p%d's victory pile: p%d has %d points":
    '%1 cartas van a la Pila de Victoria de p%2: p%3 tiene %4 puntos',
  "%s goes to p%d's discard pile": '%1 va a la pila de descartes de p%2',
  'the game ends: neither player has a card on the Board':
    'la partida termina: ningún jugador tiene cartas en el tablero',
  'the game ends: p%d has no card on the Board (third-turn rule)':
    'la partida termina: p%1 no tiene ninguna carta en el tablero (regla del tercer turno)',
  'the game ends: both players reach the target of %d points':
    'la partida termina: los dos jugadores alcanzan el objetivo de %1 puntos',
  'the game ends: p%d reaches the target of %d point%s': {
    n: 2,
    one: 'la partida termina: p%1 alcanza el objetivo de %2 punto',
    other: 'la partida termina: p%1 alcanza el objetivo de %2 puntos',
  },
  'the game ends: both players passed in a row': 'la partida termina: los dos jugadores pasaron seguidos',
  'the game ends: the cap of %d turns is reached': 'la partida termina: se alcanza el límite de %1 turnos',
  'a draw: both players lose at once': 'empate: los dos jugadores pierden a la vez',
  'p%d wins: p%d loses by the third-turn rule': 'gana p%1: p%2 pierde por la regla del tercer turno',
  'a draw: %d point%s and %d card%s on the Board each': {
    n: 1,
    one: 'empate: %1 punto cada uno; cartas en el tablero: %3 cada uno',
    other: 'empate: %1 puntos cada uno; cartas en el tablero: %3 cada uno',
  },
  'p%d wins with %d point%s against %d': {
    n: 2,
    one: 'gana p%1 con %2 punto contra %4',
    other: 'gana p%1 con %2 puntos contra %4',
  },
  'p%d wins: %d point%s each, %d cards on the Board against %d': {
    n: 2,
    one: 'gana p%1: %2 punto cada uno; cartas en el tablero: %4 contra %5',
    other: 'gana p%1: %2 puntos cada uno; cartas en el tablero: %4 contra %5',
  },
  'p%d passed; if p%d passes too, the game ends': 'p%1 pasó; si p%2 también pasa, la partida termina',
  'p%d plays first': 'p%1 juega primero',
  '%d unit%s left to pay': {
    n: 1,
    one: 'queda %1 unidad por pagar',
    other: 'quedan %1 unidades por pagar',
  },
};
