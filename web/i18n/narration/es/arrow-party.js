// La narración de arrow-party en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d uses no item': 'p%1 no usa ningún objeto',
  'p%d uses %s': 'p%1 usa %2',
  '%s: p%d and p%d trade places, p%d now on %s, p%d on %s':
    '%1: p%2 y p%3 intercambian sus posiciones; p%4 queda en %5, p%6 en %7',
  "p%d's %s with p%d does nothing: both use %s": 'el %2 de p%1 con p%3 no hace nada: ambos usan %4',
  "p%d's %s with p%d does nothing: p%d uses %s": 'el %2 de p%1 con p%3 no hace nada: p%4 usa %5',
  "p%d's %s with p%d does nothing: p%d no longer holds %s": 'el %2 de p%1 con p%3 no hace nada: p%4 ya no tiene %5',
  'p%d gives %s to p%d and takes nothing: p%d holds no item':
    'p%1 da %2 a p%3 y no toma nada: p%4 no tiene ningún objeto',
  'p%d gives %s to p%d and takes {%x:%s|an item} from p%d': 'p%1 da %2 a p%3 y toma {%4:%5|un objeto} de p%6',
  "p%d's die becomes a %s": 'el dado de p%1 pasa a ser un %2',
  'p%d draws {%x:%s (%s)|a card} from stack %d': 'p%1 roba {%2:%3 (%4)|una carta} del montón %5',
  "p%d's draw takes nothing: every arrow stack is empty":
    'el robo de p%1 no toma nada: todos los montones de cartas de flecha están vacíos',
  'p%d holds no arrow card: p%d neither throws nor walks this round':
    'p%1 no tiene ninguna carta de flecha: p%2 no lanza ni camina esta ronda',
  'p%d throws %s (%s)': 'p%1 lanza %2 (%3)',
  "p%d's %s lands upright: p%d may go %s": 'la carta %2 de p%1 cae derecha: p%3 puede ir hacia %4',
  "p%d's %s lands turned %d°: p%d may go %s": 'la carta %2 de p%1 cae girada %3°: p%4 puede ir hacia %5',
  "p%d's %s lands upright: p%d may go %s (with %s)": 'la carta %2 de p%1 cae derecha: p%3 puede ir hacia %4 (con %5)',
  "p%d's %s lands turned %d°: p%d may go %s (with %s)":
    'la carta %2 de p%1 cae girada %3°: p%4 puede ir hacia %5 (con %6)',
  'p%d rolls %d on a %s: %d step%s': {
    n: 4,
    one: 'p%1 saca %2 con un %3: %4 paso',
    other: 'p%1 saca %2 con un %3: %4 pasos',
  },
  'p%d rolls %d on a %s: %d step%s (%s)': {
    n: 4,
    one: 'p%1 saca %2 con un %3: %4 paso (%6)',
    other: 'p%1 saca %2 con un %3: %4 pasos (%6)',
  },
  'p%d rolls %d on a %s: %d step%s (%s, %s)': {
    n: 4,
    one: 'p%1 saca %2 con un %3: %4 paso (%6, %7)',
    other: 'p%1 saca %2 con un %3: %4 pasos (%6, %7)',
  },
  'p%d rolls %d on a %s: %d step%s (%s, %s, %s)': {
    n: 4,
    one: 'p%1 saca %2 con un %3: %4 paso (%6, %7, %8)',
    other: 'p%1 saca %2 con un %3: %4 pasos (%6, %7, %8)',
  },
  'p%d stands still on %s (0 steps)': 'p%1 no se mueve de %2 (0 pasos)',
  'p%d walks %s %d: %s': {
    n: 3,
    one: 'p%1 camina %3 paso hacia %2: %4',
    other: 'p%1 camina %3 pasos hacia %2: %4',
  },
  'p%d walks %s %d: %s %s': {
    n: 3,
    one: 'p%1 camina %3 paso hacia %2: %4 %5',
    other: 'p%1 camina %3 pasos hacia %2: %4 %5',
  },
  'p%d walks %s %d: %s %s %s': {
    n: 3,
    one: 'p%1 camina %3 paso hacia %2: %4 %5 %6',
    other: 'p%1 camina %3 pasos hacia %2: %4 %5 %6',
  },
  'p%d walks %s %d: %s %s %s %s': {
    n: 3,
    one: 'p%1 camina %3 paso hacia %2: %4 %5 %6 %7',
    other: 'p%1 camina %3 pasos hacia %2: %4 %5 %6 %7',
  },
  'p%d walks on: %s': 'p%1 sigue caminando: %2',
  'p%d walks on: %s %s': 'p%1 sigue caminando: %2 %3',
  'p%d walks on: %s %s %s': 'p%1 sigue caminando: %2 %3 %4',
  'p%d walks on: %s %s %s %s': 'p%1 sigue caminando: %2 %3 %4 %5',
  '%s (picks up a star)': '%1 (recoge una estrella)',
  '%s (picks up a skull)': '%1 (recoge una calavera)',
  '%s (picks up %s)': '%1 (recoge %2)',
  '%s (picks up a face-down item)': '%1 (recoge un objeto boca abajo)',
  '%s (leaves the item there: %s)': '%1 (deja allí el objeto: %2)',
  '%s (stops at the edge: %d step%s lost)': {
    n: 2,
    one: '%1 (se detiene en el borde: pierde %2 paso)',
    other: '%1 (se detiene en el borde: pierde %2 pasos)',
  },
  '(stops at the edge: %d step%s lost)': {
    n: 1,
    one: '(se detiene en el borde: pierde %1 paso)',
    other: '(se detiene en el borde: pierde %1 pasos)',
  },
  'p%d stays on %s: its direction leads off the area (%d step%s lost)': {
    n: 3,
    one: 'p%1 se queda en %2: su dirección sale del área (pierde %3 paso)',
    other: 'p%1 se queda en %2: su dirección sale del área (pierde %3 pasos)',
  },
  "{%x:p%d's face-down pick-up is %s|}": '{%1:el objeto boca abajo que recogió p%2 es %3|}',
  'on %s': 'en %1',
  'passing between %s and %s': 'al cruzarse entre %1 y %2',
  'p%d and p%d bump %s': 'p%1 y p%2 chocan %3',
  'p%d and p%d bump %s: no exchange, both use %s': 'p%1 y p%2 chocan %3: no hay intercambio, ambos usan %4',
  'p%d and p%d bump %s: no exchange, p%d uses %s': 'p%1 y p%2 chocan %3: no hay intercambio, p%4 usa %5',
  'p%d gives {%x:%s|an item} to p%d; p%d gives {%x:%s|an item} to p%d':
    'p%1 da {%2:%3|un objeto} a p%4; p%5 da {%6:%7|un objeto} a p%8',
  'p%d gives {%x:%s|an item} to p%d; p%d has no item to give':
    'p%1 da {%2:%3|un objeto} a p%4; p%5 no tiene ningún objeto que dar',
  'p%d has no item to give; p%d gives {%x:%s|an item} to p%d':
    'p%1 no tiene ningún objeto que dar; p%2 da {%3:%4|un objeto} a p%5',
  'neither p%d nor p%d holds an item to give': 'ni p%1 ni p%2 tienen ningún objeto que dar',
  "round %d ends: the thrown cards go to their stacks' discards":
    'termina la ronda %1: las cartas lanzadas van a los descartes de sus montones',
  'round %d ends': 'termina la ronda %1',
  'round %d of %d begins with the redistribution': 'empieza la ronda %1 de %2, con el reparto',
  'round %d of %d begins': 'empieza la ronda %1 de %2',
  'stack %d is refilled with its %d returned card%s': {
    n: 2,
    one: 'el montón %1 se rellena con su %2 carta devuelta',
    other: 'el montón %1 se rellena con sus %2 cartas devueltas',
  },
  'p%d is dealt nothing: every stack is empty': 'p%1 no recibe nada: todos los montones están vacíos',
  'p%d is dealt {%x:%s|1 arrow card (value %d)}': 'p%1 recibe {%2:%3|1 carta de flecha (valor %4)}',
  'p%d is dealt {%x:%s %s|2 arrow cards (values %d %d)}': 'p%1 recibe {%2:%3 %4|2 cartas de flecha (valores %5 %6)}',
  'p%d is dealt {%x:%s %s %s|3 arrow cards (values %d %d %d)}':
    'p%1 recibe {%2:%3 %4 %5|3 cartas de flecha (valores %6 %7 %8)}',
  'p%d is dealt {%x:%s %s %s %s|4 arrow cards (values %d %d %d %d)}':
    'p%1 recibe {%2:%3 %4 %5 %6|4 cartas de flecha (valores %7 %8 %9 %10)}',
  'p%d is dealt {%x:%s %s %s %s %s|one arrow card of each value}':
    'p%1 recibe {%2:%3 %4 %5 %6 %7|una carta de flecha de cada valor}',
  "the game ends after round %d; every hand's items are shown":
    'la partida termina tras la ronda %1; se muestran los objetos de todas las manos',
  'p%d scores %d: %s': { n: 2, one: 'p%1 consigue %2 punto: %3', other: 'p%1 consigue %2 puntos: %3' },
  'p%d scores %d: %s, %s': { n: 2, one: 'p%1 consigue %2 punto: %3, %4', other: 'p%1 consigue %2 puntos: %3, %4' },
  'p%d scores %d: %s, %s, %s': {
    n: 2,
    one: 'p%1 consigue %2 punto: %3, %4, %5',
    other: 'p%1 consigue %2 puntos: %3, %4, %5',
  },
  'p%d scores %d: %s, %s, %s, %s': {
    n: 2,
    one: 'p%1 consigue %2 punto: %3, %4, %5, %6',
    other: 'p%1 consigue %2 puntos: %3, %4, %5, %6',
  },
  'p%d scores %d: %s, %s, %s, %s, %s': {
    n: 2,
    one: 'p%1 consigue %2 punto: %3, %4, %5, %6, %7',
    other: 'p%1 consigue %2 puntos: %3, %4, %5, %6, %7',
  },
  "p%d's score, continued: %s": 'puntos de p%1, continuación: %2',
  "p%d's score, continued: %s, %s": 'puntos de p%1, continuación: %2, %3',
  "p%d's score, continued: %s, %s, %s": 'puntos de p%1, continuación: %2, %3, %4',
  "p%d's score, continued: %s, %s, %s, %s": 'puntos de p%1, continuación: %2, %3, %4, %5',
  'arrows %d': 'flechas %1',
  'items %s': 'objetos %1',
  '%d star%s %s': { n: 1, one: '%1 estrella %3', other: '%1 estrellas %3' },
  '%d skull%s %s': { n: 1, one: '%1 calavera %3', other: '%1 calaveras %3' },
  'final order: %s': 'orden final: %1',
  'final order: %s, %s': 'orden final: %1, %2',
  'final order: %s, %s, %s': 'orden final: %1, %2, %3',
  'final order: %s, %s, %s, %s': 'orden final: %1, %2, %3, %4',
  'final order: %s, %s, %s, %s, %s': 'orden final: %1, %2, %3, %4, %5',
  'final order, continued: %s': 'orden final, continuación: %1',
  'final order, continued: %s, %s': 'orden final, continuación: %1, %2',
  'final order, continued: %s, %s, %s': 'orden final, continuación: %1, %2, %3',
  'final order, continued: %s, %s, %s, %s': 'orden final, continuación: %1, %2, %3, %4',
  '1st p%d (%d)': '1.º p%1 (%2)',
  '2nd p%d (%d)': '2.º p%1 (%2)',
  '3rd p%d (%d)': '3.º p%1 (%2)',
  '4th p%d (%d)': '4.º p%1 (%2)',
  '5th p%d (%d)': '5.º p%1 (%2)',
};
