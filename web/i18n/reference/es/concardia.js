// La referencia de concardia en español (web/reference-words.js dice la forma; es.js reúne los juegos):
// cada clave es una línea (un párrafo) de una entrada del motor (src/games/concardia/reference.c).

const TRAITS = { Rock: 'Piedra', Paper: 'Papel', Scissors: 'Tijera' };
const TYPES = { Adventurer: 'Aventurero', Airship: 'Aeronave', Maker: 'Artífice' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // the card: its id, trait, name and the code the board shows
  '%s: %s %s (on the board: 1%c %s for p1, 2%c %s for p2)': {
    t: '%1: %3 de %2 (en el tablero: 1%4 %5 para p1, 2%6 %7 para p2)',
    args: { 2: TRAITS },
  },
  'trait %s (beats %s, loses to %s) · Strength %d · Defense %d': {
    t: 'rasgo %1 (gana a %2, pierde contra %3) · Fuerza %4 · Defensa %5',
    args: { 1: TRAITS, 2: TRAITS, 3: TRAITS },
  },
  'arrows %s (on the board: p1 %s, p2 %s) · type %s': {
    t: 'flechas %1 (en el tablero: p1 %2, p2 %3) · tipo %4',
    args: { 4: TYPES },
  },
  'no arrows · type %s': { t: 'sin flechas · tipo %1', args: { 1: TYPES } },
  'no ability; playing it costs nothing': 'sin habilidad; jugarla no cuesta nada',
  // the card's text (the cards' own words, cc.ability.* in web/i18n/play/es.js)
  'Action: Slide this card, or Jump it over an adjacent card.':
    'Acción: desliza esta carta o hazla saltar sobre una carta adyacente.',
  'Action - Cost %d: Slide a card adjacent to this card one square directly away from it.':
    'Acción — Coste %1: desliza una carta adyacente a esta una casilla en dirección contraria a ella.',
  'Immediate - Cost X: Remove an opponent card in the Play Area whose Defense <= Power.':
    'Inmediata — Coste X: retira una carta rival de la Zona de Juego cuya Defensa ≤ Poder.',
  'Persistent: put a Charge Counter on this card (at most %d). Action - Cost %d: this card has +%d Strength until end of turn.':
    'Persistente: pon un Contador de Carga en esta carta (como máximo %1). Acción — Coste %2: +%3 de Fuerza hasta el final del turno.',
  'Play: this card is Superior to cards of its own trait.':
    'Al jugarla: esta carta es Superior a las cartas de su propio rasgo.',
  'Play: your other cards adjacent to this card have +%d Defense.':
    'Al jugarla: tus otras cartas adyacentes a esta tienen +%1 de Defensa.',
  'Hand Reaction: when one of your cards would be captured, discard this card: that card is not captured this Capture Step.':
    'Reacción desde la mano: cuando una de tus cartas fuera a ser capturada, descarta esta carta: no se captura en este Paso de Captura.',
  // its cost
  'cost: none': 'coste: ninguno',
  'cost: none (always in effect on the grid)': 'coste: ninguno (su efecto está siempre activo en la cuadrícula)',
  'cost: %d, paid one unit at a time: a card from hand or a Charge Counter':
    'coste: %1, pagado unidad a unidad: una carta de la mano o un Contador de Carga',
  "cost: X = the target's Defense - 1 (at least 0), paid one unit at a time: a card from hand or a Charge Counter; Power = X + 1 (the %s itself). The %s is set aside while paying, then discarded":
    'coste: X = la Defensa del objetivo - 1 (como mínimo 0), pagado unidad a unidad: una carta de la mano o un Contador de Carga; Poder = X + 1 (el propio %1). El %2 se aparta mientras se paga y luego se descarta',
  'cost: %d for the boost, paid one unit at a time: a card from hand or a Charge Counter (its own included); charging is free':
    'coste: %1 por potenciar, pagado unidad a unidad: una carta de la mano o un Contador de Carga (incluido el suyo); cargar es gratis',
  'cost: the %s itself, discarded from hand': 'coste: el propio %1, descartado de la mano',
  // how to use it (the notation as it is typed)
  'use: act <its square> slide <to> (to an empty adjacent square), act <its square> jump <to> (over an adjacent card to the empty square beyond)':
    'uso: `act <its square> slide <to>` (a una casilla vacía adyacente), `act <its square> jump <to>` (por encima de una carta adyacente, hasta la casilla vacía de detrás)',
  'use: act <its square> shove <square of the card pushed> (a card of either player; it moves one square directly away, onto an empty square)':
    'uso: `act <its square> shove <square of the card pushed>` (una carta de cualquiera de los dos jugadores; se mueve una casilla en dirección contraria, hasta una casilla vacía)',
  "use: immediate %s <target's square>": "uso: `immediate %1 <target's square>`",
  'use: persist %s, or play it; act <its square> boost, act persistent %s boost':
    'uso: `persist %1`, o juégala; `act <its square> boost`, `act persistent %2 boost`',
  'use: react %s <square>, when the engine offers it; or decline':
    'uso: `react %1 <square>`, cuando el motor lo ofrezca; o `decline`',
};
