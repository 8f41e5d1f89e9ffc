// Por qué three-arrows rechaza una jugada, en español (web/reasons.js dice la forma; es.js reúne
// las partes): cada clave es un formato de src/, como lo lista
// scripts/narration-formats.mjs --reasons.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'p%d has no %c left to place': 'a p%1 no le quedan piezas %2 por colocar',
  'a %s has been placed: the only piece anyone may place now is their own %s':
    'se ha colocado un %1: ahora la única pieza que cada uno puede colocar es su propio %2',
  'the %s (%c) may be placed only when your %d other pieces have left the holder, or once any %s has been placed':
    'la pieza %1 (%2) solo se puede colocar cuando tus otras %3 piezas hayan salido de tu reserva, o cuando ya se haya colocado un %4',
  'tactical mode has no covers': 'el modo táctico no tiene cubiertas',
  'the %s cannot be covered': 'la pieza %1 no se puede cubrir',
  'p%d has no covers left': 'p%1 no tiene más cubiertas',
  'p%d has no shields left': 'p%1 no tiene más escudos',
  '%s is occupied': '%1 está ocupada',
  'the first piece goes on an edge square that is not a corner, on a side where no player has placed a first piece':
    'la primera pieza va en una casilla de borde que no sea una esquina, en un lado donde ningún jugador haya colocado su primera pieza',
  'no uncovered piece of p%d has an arrow pointing at %s':
    'ninguna pieza descubierta de p%1 tiene una flecha que apunte a %2',
  '%s holds no piece of p%d': 'en %1 no hay ninguna pieza de p%2',
  '%s is covered: uncover it first (uncover %s)': 'la pieza de %1 está cubierta: descúbrela primero (uncover %2)',
  '%s holds no opposing piece': 'en %1 no hay ninguna pieza rival',
  'the piece on %s has no arrow pointing at %s': 'la pieza en %1 no tiene ninguna flecha que apunte a %2',
  '%s is shielded: remove the shield first (unshield %s)':
    'la pieza de %1 tiene escudo: quítale primero el escudo (unshield %2)',
  '%s has no shield': 'la pieza de %1 no tiene escudo',
  'no uncovered piece of p%d has an arrow pointing at %s, so its shield cannot be removed':
    'ninguna pieza descubierta de p%1 tiene una flecha que apunte a %2, así que no se le puede quitar el escudo',
  '%s is not a covered piece of p%d': 'en %1 no hay ninguna pieza cubierta de p%2',
  'p%d must answer the attack on %s: uncover covered pieces, then defend':
    'p%1 debe responder al ataque sobre %2: descubrir piezas cubiertas y luego defender',
  'advance takes a facing: N, E, S or W': 'advance lleva una orientación: N, E, S o W',
  'p%d captured on %s and must choose: stay, or advance <facing>':
    'p%1 capturó en %2 y debe elegir: stay, o advance <orientación>',
  'not a placement of this game': 'no es una colocación de este juego',
  'that facing is written %s for this piece': 'para esta pieza, esa orientación se escribe %1',
  'not an attack of this game': 'no es un ataque de este juego',
  'not a square of this board': 'no es una casilla de este tablero',
  'bonus pieces are spent only at the very start of a turn':
    'las piezas de bonificación solo se gastan al principio mismo del turno',
  'bonus k needs 2 <= k <= the bonus pieces held (p%d holds %d)':
    'bonus k requiere 2 <= k <= las piezas de bonificación disponibles (p%1 tiene %2)',
  'no attack to defend against': 'no hay ningún ataque del que defenderse',
  'stay and advance follow a capture only': 'stay y advance solo se juegan tras una captura',
  'the die must be rolled first: %s': 'primero hay que tirar el dado: %1',
  'no die roll is pending': 'no hay ninguna tirada de dado pendiente',
  "expected 'place <piece> <sq> <facing> [covered] [shielded]', e.g. place Y c1 N":
    "se esperaba 'place <pieza> <casilla> <orientación> [covered] [shielded]', p. ej. place Y c1 N",
  "'%s' is not a piece: expected %s": "'%1' no es una pieza: se esperaba %2",
  "'%s' is not a facing: expected N, E, S or W": "'%1' no es una orientación: se esperaba N, E, S o W",
  "'%s' after the facing: expected 'covered' and/or 'shielded'":
    "'%1' tras la orientación: se esperaba 'covered' y/o 'shielded'",
  "expected 'advance <facing>' with facing N, E, S or W":
    "se esperaba 'advance <orientación>' con una orientación N, E, S o W",
  "expected '%s <sq>'": "se esperaba '%1 <casilla>'",
  "expected 'attack <from> <to>', e.g. attack c3 c4": "se esperaba 'attack <origen> <destino>', p. ej. attack c3 c4",
  "expected 'bonus <k>' with a whole number k >= 2": "se esperaba 'bonus <k>' con un número entero k >= 2",
  "unknown action '%s': expected one of %s": "acción desconocida '%1': se esperaba una de estas: %2",
};
