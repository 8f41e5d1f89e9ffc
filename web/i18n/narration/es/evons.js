// La narración de evons en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // las frases (qv_phrase) que nombran una carta; '%s on %s' lo dice también concardia
  '%s on %s': '%1 en %2',
  "p%d's covered %s": 'la %2 boca abajo de p%1',
  "p%d's covered {%c:%s|card}": 'la {%2:%3|carta} boca abajo de p%1',
  "p%d's covered %s on %s": 'la %2 boca abajo de p%1 en %3',
  "p%d's covered {%c:%s|card} on %s": 'la {%2:%3|carta} boca abajo de p%1 en %4',
  'the activation of %s ends': 'termina la activación de %1',
  'the waiting activation of %s ends': 'termina la activación en espera de %1',
  "Remove destroys %s (to p%d's graveyard)": 'Remove destruye %1 (al cementerio de p%2)',
  "%s is crushed (to p%d's graveyard)": '%1 queda aplastada (al cementerio de p%2)',
  "the flip destroys %s (to p%d's graveyard)": 'el volteo destruye %1 (al cementerio de p%2)',
  "1 point destroys %s (to p%d's graveyard)": '1 punto destruye %1 (al cementerio de p%2)',
  'the main zone is full: the game ends (the chain stack is dropped)':
    'la zona principal está llena: la partida termina (se descarta la pila de la cadena)',
  'the main zone is full: the game ends': 'la zona principal está llena: la partida termina',
  'two ends in a row without a hand play: the game ends':
    'dos finales de turno seguidos sin jugar desde la mano: la partida termina',
  'the turn cap is reached: the game ends': 'se alcanza el límite de turnos: la partida termina',
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
  '%s reactivates (moved by an ability): chain %d deep':
    '%1 se reactiva (movida por una habilidad): cadena de %2 niveles',
  '%s reactivates (moved by an ability)': '%1 se reactiva (movida por una habilidad)',
  '%s reactivates (moved, then flipped): chain %d deep':
    '%1 se reactiva (movida y luego volteada): cadena de %2 niveles',
  '%s reactivates (moved, then flipped)': '%1 se reactiva (movida y luego volteada)',
  '%s activates: chain %d deep': '%1 se activa: cadena de %2 niveles',
  '%s activates': '%1 se activa',
  'p%d goes first: no credits and no draw on this turn': 'p%1 empieza: ni créditos ni robo en este turno',
  'p%d gains %d credits (now %d)': {
    n: 2,
    one: 'p%1 gana %2 crédito (ahora tiene %3)',
    other: 'p%1 gana %2 créditos (ahora tiene %3)',
  },
  'p%d gets no credits on a first turn': 'p%1 no recibe créditos en un primer turno',
  '%s; the deck is empty: no draw': '%1; el mazo está vacío: no se roba',
  '%s and draws {%c:%s|a card}': '%1 y roba {%2:%3|una carta}',
  'p%d draws {%c:%s|a card} (no credits on a first turn)':
    'p%1 roba {%2:%3|una carta} (sin créditos en un primer turno)',
  'p%d puts %d card%s back, shuffles the deck and draws %d': {
    n: 2,
    one: 'p%1 pone %2 carta de vuelta en el mazo, lo baraja y roba %4',
    other: 'p%1 pone %2 cartas de vuelta en el mazo, lo baraja y roba %4',
  },
  'p%d puts %d card%s under the deck and draws %d': {
    n: 2,
    one: 'p%1 pone %2 carta bajo el mazo y roba %4',
    other: 'p%1 pone %2 cartas bajo el mazo y roba %4',
  },
  '{%c:p%d draws %s|}': '{%1:p%2 roba %3|}',
  'Shockwave pushes %s off the board': 'Shockwave empuja %1 fuera del tablero',
  "%s is out of the game (p%d's removed cards)": '%1 queda fuera de la partida (cartas retiradas de p%2)',
  'Shockwave pushes %s from %s to %s': 'Shockwave empuja %1 de %2 a %3',
  "Firestorm around %s: %d point%s to deal (%s's Firestorm)": {
    n: 2,
    one: 'Firestorm alrededor de %1: %2 punto por infligir (Firestorm de %4)',
    other: 'Firestorm alrededor de %1: %2 puntos por infligir (Firestorm de %4)',
  },
  "Firestorm around %s: %d point%s to deal (%s's DEF)": {
    n: 2,
    one: 'Firestorm alrededor de %1: %2 punto por infligir (DEF de %4)',
    other: 'Firestorm alrededor de %1: %2 puntos por infligir (DEF de %4)',
  },
  "Block puts %s from p%d's hand on %s": 'Block pone %1 de la mano de p%2 en %3',
  "Block sends %s to p%d's graveyard": 'Block envía %1 al cementerio de p%2',
  'Swap: %s and %s change places': 'Swap: %1 y %2 intercambian sus posiciones',
  'Magnetism pulls %s from %s to %s': 'Magnetism atrae %1 de %2 a %3',
  "Growth puts {%c:%s|a monster} from p%d's hand face down on %s":
    'Growth pone {%1:%2|un monstruo} de la mano de p%3 boca abajo en %4',
  "Resurrection: %s from p%d's graveyard to %s (cost %d of %d spent)":
    'Resurrection: %1 del cementerio de p%2 a %3 (coste gastado: %4 de %5)',
  '%s takes %d: DEF %d this turn': '%1 recibe %2: DEF %3 este turno',
  "%s takes %d: DEF %d, destroyed (to p%d's graveyard)": '%1 recibe %2: DEF %3, destruida (al cementerio de p%4)',
  'the chain goes back to %s (Firestorm points)': 'la cadena vuelve a %1 (puntos de Firestorm)',
  'the chain goes back to %s (conflicts)': 'la cadena vuelve a %1 (conflictos)',
  'the chain goes back to %s (Ability Phase 1)': 'la cadena vuelve a %1 (fase de habilidades 1)',
  'the chain goes back to %s (Ability Phase 2)': 'la cadena vuelve a %1 (fase de habilidades 2)',
  '1 Firestorm point is lost: no target is left': '1 punto de Firestorm se pierde: no queda ningún objetivo',
  '%d Firestorm points are lost: no target is left': '%1 puntos de Firestorm se pierden: no queda ningún objetivo',
  'all damage clears': 'todo el daño desaparece',
  'p%d made no hand play: if p%d makes none either, the game ends':
    'p%1 no jugó desde la mano: si p%2 tampoco lo hace, la partida termina',
  '%s is Growth-placed: not flipped': '%1 está colocada por Growth: no se voltea',
  '%s points back: not flipped': '%1 apunta de vuelta: no se voltea',
  '%s flips to p%d': '%1 se voltea y pasa a p%2',
  '%s: nothing to flip': '%1: nada que voltear',
  '%s reactivates after it (moved, then flipped)': '%1 se reactiva a continuación (movida y luego volteada)',
  '%d Firestorm point%s left': {
    n: 1,
    one: 'queda %1 punto de Firestorm',
    other: 'quedan %1 puntos de Firestorm',
  },
  '1 point to %s: DEF %d this turn, %d left': {
    n: 3,
    one: '1 punto a %1: DEF %2 este turno, queda %3',
    other: '1 punto a %1: DEF %2 este turno, quedan %3',
  },
  '1 point to %s: DEF %d this turn': '1 punto a %1: DEF %2 este turno',
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
