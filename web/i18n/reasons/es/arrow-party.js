// Por qué arrow-party rechaza una jugada, en español (web/reasons.js dice la forma; es.js reúne
// las partes): cada clave es un formato de src/, como lo lista
// scripts/narration-formats.mjs --reasons.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'not an item of this game': 'no es un objeto de esta partida',
  '%s is not a player of this game (p1-p%d)': '%1 no es un jugador de esta partida (p1-p%2)',
  'p%d cannot %s with itself (name another player)': 'p%1 no puede usar %2 consigo mismo (nombra a otro jugador)',
  'p%d already uses a %s this round (at most one copy of each kind)':
    'p%1 ya usa un %2 esta ronda (como mucho una copia de cada tipo)',
  'p%d already uses a %s this round (at most one item of each effect, here %s)':
    'p%1 ya usa un %2 esta ronda (como mucho un objeto de cada efecto, aquí %3)',
  'p%d does not hold a %s': 'p%1 no tiene ningún %2',
  "p%d's %s is already given by its swap this round": 'p%1 ya da su %2 con swap esta ronda',
  'use %s takes a die of this game': 'use %1 requiere un dado de esta partida',
  'p%d already has a %s (%s replaces the die by a different kind)':
    'p%1 ya tiene un %2 (%3 cambia el dado por otro tipo)',
  'p%d does not hold a %s to give': 'p%1 no tiene ningún %2 que dar',
  'p%d has no %s left to give that is not used this round':
    'a p%1 no le queda ningún %2 para dar que no use esta ronda',
  'not a valid use of %s': 'no es un uso válido de %1',
  'go takes a direction N NE E SE S SW W NW': 'go requiere una dirección N NE E SE S SW W NW',
  "%s is not an arrow of p%d's landed card %s (it points:%s)":
    '%1 no es una flecha de la carta caída %3 de p%2 (apunta a:%4)',
  'not now: the game waits for the items phase (use <item> ... then ready)':
    'ahora no: la partida espera la fase de objetos (use <objeto> ... y luego ready)',
  "not now: the game waits for a swap's random take (chance: take <item>)":
    'ahora no: la partida espera la toma al azar de un swap (chance: take <objeto>)',
  'not now: the game waits for a draw (chance: stack <value>)':
    'ahora no: la partida espera un robo (chance: stack <valor>)',
  'not now: the game waits for the throw (throw <card>)': 'ahora no: la partida espera el lanzamiento (throw <carta>)',
  'not now: the game waits for a landing (chance: land <k>)':
    'ahora no: la partida espera la caída de una carta (chance: land <k>)',
  'not now: the game waits for a roll (chance: roll <n>)': 'ahora no: la partida espera una tirada (chance: roll <n>)',
  'not now: the game waits for the direction (go <dir>)': 'ahora no: la partida espera la dirección (go <dirección>)',
  'not now: the game waits for a bump (chance: give <item|none> <item|none>)':
    'ahora no: la partida espera un choque (chance: give <objeto|none> <objeto|none>)',
  'throw takes an arrow card': 'throw requiere una carta de flecha',
  "p%d's %s rolls 1-%d": 'el %2 de p%1 saca del 1 al %3',
  'a card lands turned by k = 0-7': 'una carta cae girada k = 0-7',
  'stack %d is empty or no stack': 'el montón %1 está vacío o no existe',
  'p%d holds no such item to be taken': 'p%1 no tiene ese objeto para tomárselo',
  'the bump of p%d and p%d cannot give that (each gives an item it holds, or none when it holds none)':
    'el choque de p%1 y p%2 no puede dar eso (cada uno da un objeto que tiene, o none si no tiene ninguno)',
  'not now': 'ahora no',
  "unknown item '%.20s' in %s (items: %s)": "objeto desconocido '%1' en %2 (objetos: %3)",
  "'%.20s' is not a player of this game in %s (p1-p%d)": "'%1' no es un jugador de esta partida en %2 (p1-p%3)",
  'expected use %s <die> (%s)': 'se esperaba use %1 <dado> (%2)',
  'expected use %s <player> <item> (e.g. use %s p3 %s)': 'se esperaba use %1 <jugador> <objeto> (p. ej., use %2 p3 %3)',
  'expected use %s <player> (e.g. use %s p2)': 'se esperaba use %1 <jugador> (p. ej., use %2 p2)',
  'use %s takes no argument': 'use %1 no lleva argumentos',
  "unknown die '%.20s' (dice: %s)": "dado desconocido '%1' (dados: %2)",
  "%s takes a number %ld-%ld, not '%.20s'": "%1 requiere un número del %2 al %3, no '%4'",
  'expected throw <card> (an arrow card %s-%s)': 'se esperaba throw <carta> (una carta de flecha %1-%2)',
  "unknown card '%.20s' (arrow cards are %s-%s, %s-%s, ..., %s-%s)":
    "carta desconocida '%1' (las cartas de flecha son %2-%3, %4-%5, ..., %6-%7)",
  '%s is an item card: throw takes an arrow card (%s-%s)':
    '%1 es una carta de objeto: throw requiere una carta de flecha (%2-%3)',
  'expected go <dir> with a direction N, NE, E, SE, S, SW, W or NW':
    'se esperaba go <dirección>, con N, NE, E, SE, S, SW, W o NW',
  "unknown direction '%.20s' (expected go <dir> with N, NE, E, SE, S, SW, W or NW)":
    "dirección desconocida '%1' (se esperaba go <dirección>, con N, NE, E, SE, S, SW, W o NW)",
  'expected %s <%s>': 'se esperaba %1 <%2>',
  'expected give <item|none> <item|none>': 'se esperaba give <objeto|none> <objeto|none>',
  'ready takes no argument': 'ready no lleva argumentos',
  'expected take <item>': 'se esperaba take <objeto>',
  "unknown action '%.20s' (expected %s)": "acción desconocida '%1' (se esperaba %2)",
};
