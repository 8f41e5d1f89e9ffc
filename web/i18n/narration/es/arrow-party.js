// La narración de arrow-party en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d uses no item': 'p%1 no usa ningún objeto',
  '%s: p%d and p%d trade places, p%d now on %s, p%d on %s':
    '%1: p%2 y p%3 intercambian sus posiciones; p%4 queda en %5, p%6 en %7',
  "p%d's %s with p%d does nothing: %s": {
    t: 'el %2 de p%1 con p%3 no hace nada: %4',
    args: {
      4: {
        'both use noswap': 'ambos usan noswap',
        'p1 uses noswap': 'p1 usa noswap',
        'p2 uses noswap': 'p2 usa noswap',
        'p3 uses noswap': 'p3 usa noswap',
        'p4 uses noswap': 'p4 usa noswap',
        'p5 uses noswap': 'p5 usa noswap',
      },
    },
  },
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
  "p%d's %s %s: p%d may go%s%s": {
    t: 'la carta %2 de p%1 %3: p%4 puede ir hacia%5%6',
    args: {
      3: {
        'lands upright': 'cae derecha',
        'lands turned 45°': 'cae girada 45°',
        'lands turned 90°': 'cae girada 90°',
        'lands turned 135°': 'cae girada 135°',
        'lands turned 180°': 'cae girada 180°',
        'lands turned 225°': 'cae girada 225°',
        'lands turned 270°': 'cae girada 270°',
        'lands turned 315°': 'cae girada 315°',
      },
      6: {
        ' (with reverse)': ' (con reverse)',
      },
    },
  },
  'p%d rolls %d on a %s: %d step%s%s': {
    n: 4,
    one: 'p%1 saca %2 con un %3: %4 paso%6',
    other: 'p%1 saca %2 con un %3: %4 pasos%6',
  },
  'p%d stands still on %s (0 steps)': 'p%1 no se mueve de %2 (0 pasos)',
  'p%d and p%d bump %s': 'p%1 y p%2 chocan %3',
  'p%d and p%d bump %s: no exchange, %s': {
    t: 'p%1 y p%2 chocan %3: no hay intercambio, %4',
    args: {
      4: {
        'both use noswap': 'ambos usan noswap',
        'p1 uses noswap': 'p1 usa noswap',
        'p2 uses noswap': 'p2 usa noswap',
        'p3 uses noswap': 'p3 usa noswap',
        'p4 uses noswap': 'p4 usa noswap',
        'p5 uses noswap': 'p5 usa noswap',
      },
    },
  },
  'neither p%d nor p%d holds an item to give': 'ni p%1 ni p%2 tienen ningún objeto que dar',
  'round %d ends%s': {
    t: 'termina la ronda %1%2',
    args: {
      2: {
        ": the thrown cards go to their stacks' discards": ': las cartas lanzadas van a los descartes de sus montones',
      },
    },
  },
  'round %d of %d begins with the redistribution': 'empieza la ronda %1 de %2, con el reparto',
  'round %d of %d begins': 'empieza la ronda %1 de %2',
  'stack %d is refilled with its %d returned card%s': {
    n: 2,
    one: 'el montón %1 se rellena con su %2 carta devuelta',
    other: 'el montón %1 se rellena con sus %2 cartas devueltas',
  },
  'p%d is dealt nothing: every stack is empty': 'p%1 no recibe nada: todos los montones están vacíos',
  'p%d is dealt {%x:%s|one arrow card of each value}': 'p%1 recibe {%2:%3|una carta de flecha de cada valor}',
  'p%d is dealt {%x:%s|%d arrow card%s (value%s %s)}': {
    n: 4,
    one: 'p%1 recibe {%2:%3|%4 carta de flecha (valor %7)}',
    other: 'p%1 recibe {%2:%3|%4 cartas de flecha (valores %7)}',
  },
  "the game ends after round %d; every hand's items are shown":
    'la partida termina tras la ronda %1; se muestran los objetos de todas las manos',
};
