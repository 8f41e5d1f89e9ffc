// Por qué los juegos rechazan una jugada, en español (web/reasons.js dice la forma; es.js reúne
// las partes): cada clave es un formato de src/, como lo lista
// scripts/narration-formats.mjs --reasons.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  'the game is over': 'la partida ha terminado',
  'not an action of this game': 'no es una acción de este juego',
  'p%d does not hold %s': 'p%1 no tiene %2',
  'expected %s': 'se esperaba %1',
  'not now: %s': 'ahora no: %1',
  "'%s' takes no argument": "'%1' no lleva argumentos",
  "expected 'coin p1' or 'coin p2'": "se esperaba 'coin p1' o 'coin p2'",
  "unknown action '%.20s': expected one of %s": "acción desconocida '%1': se esperaba una de estas: %2",
  "'%s' is not a square: expected a file letter and a rank, a1-%s":
    "'%1' no es una casilla: se esperaba una letra de columna y un número de fila, a1-%2",
  "square '%s' is off the %dx%d board (a1-%s)": "la casilla '%1' está fuera del tablero de %2x%3 (a1-%4)",
  'action too long: expected one of %s': 'acción demasiado larga: se esperaba una de estas: %1',
  'empty action: expected one of %s': 'acción vacía: se esperaba una de estas: %1',
};
