// Lo que haría una jugada en arrow-party, en español (web/notes.js dice la forma; es.js reúne los
// juegos): cada clave es una parte de una nota del motor (src/games/arrow_party/note.c), en inglés.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // use: a movement item's steps formula, with the uses already chosen
  'steps this round: roll x %d': 'pasos esta ronda: tirada × %1',
  'steps this round: roll / %d (down)': 'pasos esta ronda: tirada ÷ %1 (redondeando hacia abajo)',
  'steps this round: roll - %d (at least 0)': 'pasos esta ronda: tirada − %1 (como mínimo 0)',
  'steps this round: roll x %d, / %d (down)': 'pasos esta ronda: tirada × %1, ÷ %2 (redondeando hacia abajo)',
  'steps this round: roll x %d, - %d (at least 0)': 'pasos esta ronda: tirada × %1, − %2 (como mínimo 0)',
  'steps this round: roll / %d (down), - %d (at least 0)':
    'pasos esta ronda: tirada ÷ %1 (redondeando hacia abajo), − %2 (como mínimo 0)',
  'steps this round: roll x %d, / %d (down), - %d (at least 0)':
    'pasos esta ronda: tirada × %1, ÷ %2 (redondeando hacia abajo), − %3 (como mínimo 0)',
  // use: the other items
  "you may also go opposite to your landed card's arrows":
    'también puedes ir en sentido contrario a las flechas de tu carta caída',
  'draws %d cards, each the top card of a random non-empty arrow stack':
    'roba %1 cartas, cada una la de arriba de un montón de cartas de flecha no vacío al azar',
  'draws the top card of a random non-empty arrow stack':
    'roba la carta de arriba de un montón de cartas de flecha no vacío al azar',
  'your %s becomes a %s: rolls 1-%d, %s at the end': 'tu %1 pasa a ser un %2: saca del 1 al %3, %4 al final',
  "gives your %s to p%d, takes one of p%d's items at random":
    'das tu %1 a p%2 y tomas al azar uno de los objetos de p%3',
  "gives your %s to p%d, takes one of p%d's items at random (unless %s)":
    'das tu %1 a p%2 y tomas al azar uno de los objetos de p%3 (salvo que se use %4)',
  'no swap or bump exchange involves you this round': 'esta ronda no te afecta ningún swap ni intercambio por choque',
  'you pick up no items this round (stars and skulls still)':
    'esta ronda no recoges objetos (estrellas y calaveras sí)',
  'you trade places with p%d (now on %s)': 'intercambias la posición con p%1 (que ahora está en %2)',
  // ready: the uses chosen, each as the player typed it
  'no item this round': 'ningún objeto esta ronda',
  'your items this round: %s': 'tus objetos esta ronda: %1',
  'dice %s': 'dice (dado %1)',
  'dice %s, %s': 'dice (dado %1), %2',
  'swap p%d %s': 'swap (%2 a p%1)',
  'swap p%d %s, %s': 'swap (%2 a p%1), %3',
  'exchange p%d': 'exchange (con p%1)',
  // throw
  'arrows %s before it lands turned': 'flechas %1 antes de que la carta caiga girada',
  '-%d point%s from your hand': {
    n: 1,
    one: 'tu mano pierde %1 punto',
    other: 'tu mano pierde %1 puntos',
  },
  // go: where the direction leads, and what lies on the way
  '0 steps: you stay on %s': '0 pasos: te quedas en %1',
  'off the area: you stay on %s, %d step%s lost': {
    n: 2,
    one: 'fuera del área: te quedas en %1 y pierdes %2 paso',
    other: 'fuera del área: te quedas en %1 y pierdes %2 pasos',
  },
  'to %s, the edge, after %d of %d steps': 'hasta %1, en el borde, tras %2 de %3 pasos',
  'to %s, the edge, after %d of %d steps: %s': 'hasta %1, en el borde, tras %2 de %3 pasos: %4',
  '%d step%s to %s': { n: 1, one: '%1 paso hasta %3', other: '%1 pasos hasta %3' },
  '%d step%s to %s: %s': { n: 1, one: '%1 paso hasta %3: %4', other: '%1 pasos hasta %3: %4' },
  '%d star': '%1 estrella',
  '%d stars': '%1 estrellas',
  '%d skull': '%1 calavera',
  '%d skulls': '%1 calaveras',
  '%d item': '%1 objeto',
  '%d items': '%1 objetos',
};
