// Por qué concardia rechaza una jugada, en español (web/reasons.js dice la forma; es.js reúne
// las partes): cada clave es un formato de src/, como lo lista
// scripts/narration-formats.mjs --reasons.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d must choose a starting card: start <card>': 'p%1 debe elegir una carta inicial: start <card>',
  'the coin decides who plays first: coin p1 or coin p2': 'una moneda decide quién juega primero: coin p1 o coin p2',
  "p%d chooses the turn's action: play, persist, act, immediate or pass":
    'p%1 elige la acción del turno: play, persist, act, immediate o pass',
  'p%d is paying a cost (%d left): discard <card>, counter <sq> or counter persistent <card>': {
    n: 2,
    one: 'p%1 está pagando un coste (queda %2 por pagar): discard <card>, counter <sq> o counter persistent <card>',
    other: 'p%1 está pagando un coste (quedan %2 por pagar): discard <card>, counter <sq> o counter persistent <card>',
  },
  'p%d may react to %s being captured: react <card> %s or decline':
    'p%1 puede reaccionar a la captura de la carta de %2: react <card> %3 o decline',
  'not a square of the 6 x 6 grid': 'no es una casilla de la cuadrícula de 6 x 6',
  '%s is not an empty square': '%1 no es una casilla vacía',
  '%s is not adjacent to a card on the grid (a card is played next to one already there)':
    '%1 no es adyacente a ninguna carta de la cuadrícula (una carta se juega junto a otra que ya esté en ella)',
  '%s is not a Persistent card': '%1 no es una carta Persistente',
  "p%d's Persistent Area is full: it holds at most %d cards":
    'la Zona Persistente de p%1 está llena: admite como máximo %2 cartas',
  "p%d's Persistent Area already holds a card of that name":
    'la Zona Persistente de p%1 ya tiene una carta con ese nombre',
  '%s holds no card of p%d': 'en %1 no hay ninguna carta de p%2',
  'the card on %s has no such Action (it takes a %s)': 'la carta de %1 no tiene esa Acción (la tiene un %2)',
  'p%d cannot pay the cost (cards in hand and Charge Counters: %d)':
    'p%1 no puede pagar el coste (cartas en la mano y Contadores de Carga: %2)',
  'a slide goes to an empty adjacent square': 'deslizar mueve la carta a una casilla vacía adyacente',
  'a jump goes over an adjacent card to the empty square directly beyond it':
    'saltar pasa por encima de una carta adyacente hasta la casilla vacía que hay justo detrás',
  'a shove pushes an adjacent card one square directly away, onto an empty square':
    'un empujón desliza una carta adyacente una casilla en dirección contraria, hasta una casilla vacía',
  "p%d's Persistent Area holds no such card": 'la Zona Persistente de p%1 no contiene esa carta',
  "p%d's Persistent Area holds no %s": 'la Zona Persistente de p%1 no contiene %2',
  'p%d cannot pay the cost %d': 'p%1 no puede pagar el coste %2',
  '%s has no Immediate ability': '%1 no tiene ninguna habilidad Inmediata',
  'the target must be an opponent card in the Play Area': 'el objetivo debe ser una carta rival de la Zona de Juego',
  'p%d cannot pay X = %d': 'p%1 no puede pagar X = %2',
  'p%d does not hold that card': 'p%1 no tiene esa carta',
  '%s holds no card of p%d with a Charge Counter': 'en %1 no hay ninguna carta de p%2 con un Contador de Carga',
  "no card %s with a Charge Counter in p%d's Persistent Area":
    'ninguna carta %1 con un Contador de Carga en la Zona Persistente de p%2',
  '%s has no reaction to a card being captured': '%1 no tiene ninguna reacción a la captura de una carta',
  "unknown card '%.40s': a card id is a template and a trait r, p or s, e.g. striker-p (templates: %s)":
    "carta desconocida '%1': el id de una carta es un diseño y un rasgo r, p o s, p. ej. striker-p (diseños: %2)",
  "expected '%s <card>', e.g. %s striker-p": "se esperaba '%1 <card>', p. ej. %2 striker-p",
  "expected '%s <card> <sq>', e.g. %s striker-p c4": "se esperaba '%1 <card> <sq>', p. ej. %2 striker-p c4",
  "expected 'act persistent <card> boost'": "se esperaba 'act persistent <card> boost'",
  "expected 'act <sq> slide|jump|shove <sq>', 'act <sq> boost' or 'act persistent <card> boost'":
    "se esperaba 'act <sq> slide|jump|shove <sq>', 'act <sq> boost' o 'act persistent <card> boost'",
  "'act <sq> boost' takes nothing more": "'act <sq> boost' no lleva nada más",
  "'%.20s' is not an Action: expected slide, jump, shove or boost":
    "'%1' no es una Acción: se esperaba slide, jump, shove o boost",
  "expected 'act <sq> %s <sq>'": "se esperaba 'act <sq> %1 <sq>'",
  "expected 'counter <sq>' or 'counter persistent <card>'": "se esperaba 'counter <sq>' o 'counter persistent <card>'",
};
