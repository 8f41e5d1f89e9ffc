// La narración de evons en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'the %sactivation of %s ends': {
    t: 'termina la activación%1 de %2',
    args: {
      1: {
        'waiting ': ' en espera',
      },
    },
  },
  "%s%s%s (to p%d's graveyard)": {
    t: '%1%2%3 (al cementerio de p%4)',
    args: {
      1: {
        'Remove destroys ': 'Remove destruye ',
        'the flip destroys ': 'el volteo destruye ',
        '1 point destroys ': '1 punto destruye ',
      },
      3: {
        ' is crushed': ' queda aplastada',
      },
    },
  },
  'a draw: %d face-up monster%s each in the main zone': {
    n: 1,
    one: 'empate: %1 monstruo boca arriba cada uno en la zona principal',
    other: 'empate: %1 monstruos boca arriba cada uno en la zona principal',
  },
  'p%d wins: %d face-up monster%s in the main zone to %d': {
    n: 2,
    one: 'gana p%1: %2 monstruo boca arriba en la zona principal contra %4',
    other: 'gana p%1: %2 monstruos boca arriba en la zona principal contra %4',
  },
  'p%d goes first: no credits and no draw on this turn': 'p%1 empieza: ni créditos ni robo en este turno',
  '%s; the deck is empty: no draw': '%1; el mazo está vacío: no se roba',
  '%s and draws %s': {
    t: '%1 y roba %2',
    args: {
      2: {
        'a card': 'una carta',
      },
    },
  },
  'p%d draws %s (no credits on a first turn)': {
    t: 'p%1 roba %2 (sin créditos en un primer turno)',
    args: {
      2: {
        'a card': 'una carta',
      },
    },
  },
  'p%d puts %d card%s %s and draws %d': {
    n: 2,
    one: 'p%1 pone %2 carta %4 y roba %5',
    other: 'p%1 pone %2 cartas %4 y roba %5',
    args: {
      4: {
        'back, shuffles the deck': 'de vuelta en el mazo, lo baraja',
        'under the deck': 'bajo el mazo',
      },
    },
  },
  '{%c:p%d draws %s|}': '{%1:p%2 roba %3|}',
  'Shockwave pushes %s off the board': 'Shockwave empuja %1 fuera del tablero',
  "%s is out of the game (p%d's removed cards)": '%1 queda fuera de la partida (cartas retiradas de p%2)',
  'Shockwave pushes %s from %s to %s': 'Shockwave empuja %1 de %2 a %3',
  "Block puts %s from p%d's hand on %s": 'Block pone %1 de la mano de p%2 en %3',
  "Block sends %s to p%d's graveyard": 'Block envía %1 al cementerio de p%2',
  "Firestorm around %s: %d point%s to deal (%s's %s)": {
    n: 2,
    one: 'Firestorm alrededor de %1: %2 punto por infligir (%5 de %4)',
    other: 'Firestorm alrededor de %1: %2 puntos por infligir (%5 de %4)',
  },
  'Swap: %s and %s change places': 'Swap: %1 y %2 intercambian sus posiciones',
  'Magnetism pulls %s from %s to %s': 'Magnetism atrae %1 de %2 a %3',
  "Growth puts {%c:%s|a monster} from p%d's hand face down on %s":
    'Growth pone {%1:%2|un monstruo} de la mano de p%3 boca abajo en %4',
  "Resurrection: %s from p%d's graveyard to %s (cost %d of %d spent)":
    'Resurrection: %1 del cementerio de p%2 a %3 (coste gastado: %4 de %5)',
  '%s takes %d: DEF %d this turn': '%1 recibe %2: DEF %3 este turno',
  "%s takes %d: DEF %d, destroyed (to p%d's graveyard)": '%1 recibe %2: DEF %3, destruida (al cementerio de p%4)',
  'the chain goes back to %s (%s)': {
    t: 'la cadena vuelve a %1 (%2)',
    args: {
      2: {
        'Firestorm points': 'puntos de Firestorm',
        conflicts: 'conflictos',
        'Ability Phase 1': 'fase de habilidades 1',
        'Ability Phase 2': 'fase de habilidades 2',
      },
    },
  },
  '%s: the game ends%s': {
    t: '%1: la partida termina%2',
    args: {
      1: {
        'the main zone is full': 'la zona principal está llena',
        'two ends in a row without a hand play': 'dos finales de turno seguidos sin jugar desde la mano',
        'the turn cap is reached': 'se alcanza el límite de turnos',
      },
      2: {
        ' (the chain stack is dropped)': ' (se descarta la pila de la cadena)',
      },
    },
  },
  '%d Firestorm point%s %s lost: no target is left': {
    n: 1,
    one: '%1 punto de Firestorm %3: no queda ningún objetivo',
    other: '%1 puntos de Firestorm %3: no queda ningún objetivo',
    args: {
      3: {
        is: 'se pierde',
        are: 'se pierden',
      },
    },
  },
  'all damage clears': 'todo el daño desaparece',
  'p%d made no hand play: if p%d makes none either, the game ends':
    'p%1 no jugó desde la mano: si p%2 tampoco lo hace, la partida termina',
  '%s is Growth-placed: not flipped': '%1 está colocada por Growth: no se voltea',
  '%s points back: not flipped': '%1 apunta de vuelta: no se voltea',
  '%s flips to p%d': '%1 se voltea y pasa a p%2',
  '%s: nothing to flip': '%1: nada que voltear',
  '%s reactivates (moved, then flipped): chain %d deep':
    '%1 se reactiva (movida y luego volteada): cadena de %2 niveles',
  '%s reactivates after it (moved, then flipped)': '%1 se reactiva a continuación (movida y luego volteada)',
  '%d Firestorm point%s left': {
    n: 1,
    one: 'queda %1 punto de Firestorm',
    other: 'quedan %1 puntos de Firestorm',
  },
  '1 point to %s: DEF %d this turn%s': '1 punto a %1: DEF %2 este turno%3',
  '%s (ATK %d) and %s (ATK %d) clash': '%1 (ATQ %2) y %3 (ATQ %4) entran en conflicto',
  '%s is in the out zone: no conflicts, no flips': '%1 está en la zona exterior: sin conflictos ni volteos',
  '%s points back: it defends its position': '%1 apunta de vuelta: defiende su posición',
  'p%d pays %d credits (%d left)': {
    n: 2,
    one: 'p%1 paga %2 crédito (le quedan %3)',
    other: 'p%1 paga %2 créditos (le quedan %3)',
  },
  'the card is %s, Growth-placed: no cost': 'la carta es %1, colocada por Growth: sin coste',
  'the card is %s: p%d pays %d credits (%d left)': {
    n: 3,
    one: 'la carta es %1: p%2 paga %3 crédito (le quedan %4)',
    other: 'la carta es %1: p%2 paga %3 créditos (le quedan %4)',
  },
  'the activation of %s is over': 'la activación de %1 ha terminado',
};
