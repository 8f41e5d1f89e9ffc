// La referencia de arrow-party en español (web/reference-words.js dice la forma; es.js reúne los juegos):
// cada clave es una línea (un párrafo) de una entrada del motor (src/games/arrow_party/reference.c).
// La página junta las líneas que la terminal partió (details.js, reflow): el efecto de un objeto,
// partido a mano, se junta o no según lo largos que sean los ids y los números de la variante, así
// que tiene una clave por cada tramo que puede quedar solo o junto con los siguientes.

// the copies of an item kind, as the engine words up to ten
const COPIES = {
  'one copy': 'una copia',
  'two copies': 'dos copias',
  'three copies': 'tres copias',
  'four copies': 'cuatro copias',
  'five copies': 'cinco copias',
  'six copies': 'seis copias',
  'seven copies': 'siete copias',
  'eight copies': 'ocho copias',
  'nine copies': 'nueve copias',
  'ten copies': 'diez copias',
};

// what the page says after each use
const USED = 'Un objeto usado sale de la mano al revelarse los usos; como mucho un uso de cada tipo por ronda.';

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // an arrow card: its value (its points), its arrows, how it lands, the cards like it
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s': {
    n: 3,
    one: '%1: carta de flecha, valor %2 (+%3 punto en la mano al final), flechas %5',
    other: '%1: carta de flecha, valor %2 (+%3 puntos en la mano al final), flechas %5',
  },
  'thrown, it lands turned k x 45 degrees (k = 0-7)': 'al lanzarla, cae girada k × 45 grados (k = 0-7)',
  'thrown, it lands turned k x 45 degrees (k = 0-7); like %s':
    'al lanzarla, cae girada k × 45 grados (k = 0-7); igual que %1',
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s thrown, it lands turned k x 45 degrees (k = 0-7)':
    {
      n: 3,
      one: '%1: carta de flecha, valor %2 (+%3 punto en la mano al final), flechas %5; al lanzarla, cae girada k × 45 grados (k = 0-7)',
      other:
        '%1: carta de flecha, valor %2 (+%3 puntos en la mano al final), flechas %5; al lanzarla, cae girada k × 45 grados (k = 0-7)',
    },
  '%s: arrow card, value %d (+%d point%s in hand at the end), arrows %s thrown, it lands turned k x 45 degrees (k = 0-7); like %s':
    {
      n: 3,
      one: '%1: carta de flecha, valor %2 (+%3 punto en la mano al final), flechas %5; al lanzarla, cae girada k × 45 grados (k = 0-7); igual que %6',
      other:
        '%1: carta de flecha, valor %2 (+%3 puntos en la mano al final), flechas %5; al lanzarla, cae girada k × 45 grados (k = 0-7); igual que %6',
    },

  // an item kind: its points in hand, its copies (in words up to ten)
  '%s: item card, +%d point%s in hand at the end (%s)': {
    n: 2,
    one: '%1: carta de objeto, +%2 punto en la mano al final (%4)',
    other: '%1: carta de objeto, +%2 puntos en la mano al final (%4)',
    args: { 4: COPIES },
  },
  '%s: item card, %d point%s in hand at the end (%s)': {
    n: 2,
    one: '%1: carta de objeto, %2 punto en la mano al final (%4)',
    other: '%1: carta de objeto, %2 puntos en la mano al final (%4)',
    args: { 4: COPIES },
  },
  '%s: item card, +%d point%s in hand at the end (%d copies)': {
    n: 2,
    one: '%1: carta de objeto, +%2 punto en la mano al final (%4 copias)',
    other: '%1: carta de objeto, +%2 puntos en la mano al final (%4 copias)',
  },
  '%s: item card, %d point%s in hand at the end (%d copies)': {
    n: 2,
    one: '%1: carta de objeto, %2 punto en la mano al final (%4 copias)',
    other: '%1: carta de objeto, %2 puntos en la mano al final (%4 copias)',
  },
  'A used item leaves the hand at the reveal; one use of each kind a round.': USED,

  // multiply: twice or n times the roll, before the divide and subtract items
  'use %s: this round your steps are twice the roll (%s applies before':
    '`use %1`: esta ronda tus pasos son el doble de la tirada (%2 se aplica antes de',
  'use %s: this round your steps are %d times the roll (%s applies before':
    '`use %1`: esta ronda tus pasos son %2 veces la tirada (%3 se aplica antes de',
  '%s and %s).': '%1 y %2).',
  'use %s: this round your steps are twice the roll (%s applies before %s and %s).':
    '`use %1`: esta ronda tus pasos son el doble de la tirada (%2 se aplica antes de %3 y %4).',
  'use %s: this round your steps are %d times the roll (%s applies before %s and %s).':
    '`use %1`: esta ronda tus pasos son %2 veces la tirada (%3 se aplica antes de %4 y %5).',

  // divide: half or 1/n of the roll, rounded down
  'use %s: this round your steps are half the roll, rounded down (after':
    '`use %1`: esta ronda tus pasos son la mitad de la tirada, redondeando hacia abajo (después de',
  'use %s: this round your steps are 1/%d of the roll, rounded down (after':
    '`use %1`: esta ronda tus pasos son 1/%2 de la tirada, redondeando hacia abajo (después de',
  '%s, before %s).': '%1, antes de %2).',
  'use %s: this round your steps are half the roll, rounded down (after %s, before %s).':
    '`use %1`: esta ronda tus pasos son la mitad de la tirada, redondeando hacia abajo (después de %2, antes de %3).',
  'use %s: this round your steps are 1/%d of the roll, rounded down (after %s, before %s).':
    '`use %1`: esta ronda tus pasos son 1/%2 de la tirada, redondeando hacia abajo (después de %3, antes de %4).',

  // subtract
  'use %s: this round your steps are the roll minus %d, at least 0':
    '`use %1`: esta ronda tus pasos son la tirada menos %2, como mínimo 0',
  '(after %s and %s).': '(después de %1 y %2).',
  'use %s: this round your steps are the roll minus %d, at least 0 (after %s and %s).':
    '`use %1`: esta ronda tus pasos son la tirada menos %2, como mínimo 0 (después de %3 y %4).',

  // reverse
  'use %s: this round you may also go opposite to any arrow of your':
    '`use %1`: esta ronda también puedes ir en sentido contrario a cualquier flecha de tu',
  'landed card.': 'carta caída.',
  'use %s: this round you may also go opposite to any arrow of your landed card.':
    '`use %1`: esta ronda también puedes ir en sentido contrario a cualquier flecha de tu carta caída.',

  // draw: one card, or n cards (that line is long enough to be always joined)
  'use %s: draw the top card of a random non-empty arrow stack into':
    '`use %1`: roba la carta de arriba de un montón de cartas de flecha no vacío al azar y ponla en',
  'your hand (after the exchanges, swaps and dice).':
    'tu mano (después de los intercambios de posición, los swaps y los cambios de dado).',
  'use %s: draw the top card of a random non-empty arrow stack into your hand (after the exchanges, swaps and dice).':
    '`use %1`: roba la carta de arriba de un montón de cartas de flecha no vacío al azar y ponla en tu mano (después de los intercambios de posición, los swaps y los cambios de dado).',
  'use %s: draw %d cards, each the top of a random non-empty arrow stack into your hand (after the exchanges, swaps and dice).':
    '`use %1`: roba %2 cartas, cada una la de arriba de un montón de cartas de flecha no vacío al azar, y ponlas en tu mano (después de los intercambios de posición, los swaps y los cambios de dado).',

  // dice: the set's dice, the line broken before the fifth (and the line after it joined when long)
  'use %s d<n>: replace your die by one of another kind (%s': '`use %1 d<n>`: cambia tu dado por uno de otro tipo (%2',
  'use %s <die>: replace your die by one of another kind (%s':
    '`use %1 <dado>`: cambia tu dado por uno de otro tipo (%2',
  "%s) for this round's roll and the rest of the game.": '%1) para la tirada de esta ronda y el resto de la partida.',
  "use %s d<n>: replace your die by one of another kind (%s) for this round's roll and the rest of the game.":
    '`use %1 d<n>`: cambia tu dado por uno de otro tipo (%2) para la tirada de esta ronda y el resto de la partida.',
  "use %s <die>: replace your die by one of another kind (%s) for this round's roll and the rest of the game.":
    '`use %1 <dado>`: cambia tu dado por uno de otro tipo (%2) para la tirada de esta ronda y el resto de la partida.',
  "%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `%1) para la tirada de esta ronda y el resto de la partida. ${USED}`,
  "use %s d<n>: replace your die by one of another kind (%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `\`use %1 d<n>\`: cambia tu dado por uno de otro tipo (%2) para la tirada de esta ronda y el resto de la partida. ${USED}`,
  "use %s <die>: replace your die by one of another kind (%s) for this round's roll and the rest of the game. A used item leaves the hand at the reveal; one use of each kind a round.": `\`use %1 <dado>\`: cambia tu dado por uno de otro tipo (%2) para la tirada de esta ronda y el resto de la partida. ${USED}`,

  // swap: four lines, the last three always joined
  'use %s <player> <item>: give that player one of your items (not one':
    '`use %1 <jugador> <objeto>`: da a ese jugador uno de tus objetos (no uno',
  'used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges.':
    'usado esta ronda) y toma al azar uno de sus objetos, de su mano antes de que llegue el tuyo (nada si no tiene ninguno). No hace nada si alguno de los dos usa %1. Los swaps se resuelven en orden de asiento, después de los intercambios de posición.',
  'used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges. A used item leaves the hand at the reveal; one use of each kind a round.': `usado esta ronda) y toma al azar uno de sus objetos, de su mano antes de que llegue el tuyo (nada si no tiene ninguno). No hace nada si alguno de los dos usa %1. Los swaps se resuelven en orden de asiento, después de los intercambios de posición. ${USED}`,
  'use %s <player> <item>: give that player one of your items (not one used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges.':
    '`use %1 <jugador> <objeto>`: da a ese jugador uno de tus objetos (no uno usado esta ronda) y toma al azar uno de sus objetos, de su mano antes de que llegue el tuyo (nada si no tiene ninguno). No hace nada si alguno de los dos usa %2. Los swaps se resuelven en orden de asiento, después de los intercambios de posición.',
  'use %s <player> <item>: give that player one of your items (not one used this round) and take one of their items at random, from their hand before yours arrives (nothing if they hold none). It does nothing if either of you uses %s. Swaps resolve in seat order after exchanges. A used item leaves the hand at the reveal; one use of each kind a round.': `\`use %1 <jugador> <objeto>\`: da a ese jugador uno de tus objetos (no uno usado esta ronda) y toma al azar uno de sus objetos, de su mano antes de que llegue el tuyo (nada si no tiene ninguno). No hace nada si alguno de los dos usa %2. Los swaps se resuelven en orden de asiento, después de los intercambios de posición. ${USED}`,

  // noswap: three lines, the last two always joined
  'use %s: from the reveal on, no item exchange involves you this':
    '`use %1`: desde que se revelan los usos, ningún intercambio de objetos te afecta esta',
  'round: a swap aimed at you does nothing, and a bump with you exchanges nothing either way.':
    'ronda: un swap dirigido a ti no hace nada, y un choque contigo no intercambia nada en ningún sentido.',
  'use %s: from the reveal on, no item exchange involves you this round: a swap aimed at you does nothing, and a bump with you exchanges nothing either way.':
    '`use %1`: desde que se revelan los usos, ningún intercambio de objetos te afecta esta ronda: un swap dirigido a ti no hace nada, y un choque contigo no intercambia nada en ningún sentido.',

  // nopickup
  'use %s: this round you pick up no item cards on your walk (stars':
    '`use %1`: esta ronda no recoges cartas de objeto en tu marcha (las estrellas',
  'and skulls still); the items stay on the ground.': 'y las calaveras sí); los objetos se quedan en el suelo.',
  'use %s: this round you pick up no item cards on your walk (stars and skulls still); the items stay on the ground.':
    '`use %1`: esta ronda no recoges cartas de objeto en tu marcha (las estrellas y las calaveras sí); los objetos se quedan en el suelo.',

  // exchange
  'use %s <player>: you and that player trade positions at once':
    '`use %1 <jugador>`: intercambias al instante la posición con ese jugador',
  '(exchanges resolve first, in seat order).':
    '(los intercambios de posición se resuelven primero, en orden de asiento).',
  'use %s <player>: you and that player trade positions at once (exchanges resolve first, in seat order).':
    '`use %1 <jugador>`: intercambias al instante la posición con ese jugador (los intercambios de posición se resuelven primero, en orden de asiento).',

  // a die: its faces and points; who has it, or the item that gives it
  '%s: die, rolls 1-%d, each as likely; +%d point%s at the end': {
    n: 3,
    one: '%1: dado, saca del 1 al %2, todos con la misma probabilidad; +%3 punto al final',
    other: '%1: dado, saca del 1 al %2, todos con la misma probabilidad; +%3 puntos al final',
  },
  '%s: die, rolls 1-%d, each as likely; %d point%s at the end': {
    n: 3,
    one: '%1: dado, saca del 1 al %2, todos con la misma probabilidad; %3 punto al final',
    other: '%1: dado, saca del 1 al %2, todos con la misma probabilidad; %3 puntos al final',
  },
  'Everyone starts with a %s.': 'Todos empiezan con un %1.',
  'Everyone starts with a %s; the item %s changes it.': 'Todos empiezan con un %1; el objeto %2 lo cambia.',
  'Taken with the item %s (use %s d<n>).': 'Se consigue con el objeto %1 (`use %2 d<n>`).',
  'Taken with the item %s (use %s <die>).': 'Se consigue con el objeto %1 (`use %2 <dado>`).',
  'No item of this set changes a die to it.': 'Ningún objeto de este conjunto cambia un dado por este.',

  // the ground cards
  'star: ground card, +%d point%s at the end': {
    n: 1,
    one: '`star`: carta del suelo, +%1 punto al final',
    other: '`star`: carta del suelo, +%1 puntos al final',
  },
  'star: ground card, %d point%s at the end': {
    n: 1,
    one: '`star`: carta del suelo, %1 punto al final',
    other: '`star`: carta del suelo, %1 puntos al final',
  },
  'skull: ground card, +%d point%s at the end': {
    n: 1,
    one: '`skull`: carta del suelo, +%1 punto al final',
    other: '`skull`: carta del suelo, +%1 puntos al final',
  },
  'skull: ground card, %d point%s at the end': {
    n: 1,
    one: '`skull`: carta del suelo, %1 punto al final',
    other: '`skull`: carta del suelo, %1 puntos al final',
  },
  'Lies face up; whoever enters its cell picks it up.': 'Está boca arriba; quien entra en su casilla la recoge.',
  'Lies face up; whoever enters its cell picks it up (%s too).':
    'Está boca arriba; quien entra en su casilla la recoge (aunque use %1).',
};
