// La narración de three-arrows en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "p%d's piece on %s is uncovered: %s facing %s": 'la pieza de p%1 en %2 se descubre: %3 mirando a %4',
  "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d before the die":
    'la pieza %2 de p%1 en %3 ataca la pieza cubierta de p%4 en %5: %6 contra defensa %7 antes del dado',
  "p%d's %s on %s attacks p%d's covered piece on %s: %d against defence %d":
    'la pieza %2 de p%1 en %3 ataca la pieza cubierta de p%4 en %5: %6 contra defensa %7',
  "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d before the die":
    'la pieza %2 de p%1 en %3 ataca la pieza %5 de p%4 en %6: %7 contra defensa %8 antes del dado',
  "p%d's %s on %s attacks p%d's %s on %s: %d against defence %d":
    'la pieza %2 de p%1 en %3 ataca la pieza %5 de p%4 en %6: %7 contra defensa %8',
  'a %s is on the board: from now on only %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2',
  'a %s is on the board: from now on only %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2 o %3',
  'a %s is on the board: from now on only %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3 o %4',
  'a %s is on the board: from now on only %ss, %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3, %4 o %5',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3, %4, %5 o %6',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3, %4, %5, %6 o %7',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3, %4, %5, %6, %7 o %8',
  'a %s is on the board: from now on only %ss, %ss, %ss, %ss, %ss, %ss, %ss or %ss are placed':
    'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2, %3, %4, %5, %6, %7, %8 o %9',
  'the game ends: the turn limit is reached': 'la partida termina: se alcanza el límite de turnos',
  'the game ends: only one player is left': 'la partida termina: solo queda un jugador',
  'the game ends: nobody can act': 'la partida termina: nadie puede actuar',
  '%d. p%d (%d captured, eliminated)': {
    n: 3,
    one: '%1. p%2 (%3 capturada, eliminado)',
    other: '%1. p%2 (%3 capturadas, eliminado)',
  },
  '%d. p%d (%d captured)': {
    n: 3,
    one: '%1. p%2 (%3 capturada)',
    other: '%1. p%2 (%3 capturadas)',
  },
  'final order: %s, %s': 'orden final: %1, %2',
  'final order: %s, %s, %s': 'orden final: %1, %2, %3',
  'final order: %s, %s, %s, %s': 'orden final: %1, %2, %3, %4',
  "p%d captures p%d's covered %s on %s (p%d has captured %d)":
    'p%1 captura la pieza %3 cubierta de p%2 en %4 (p%5 ha capturado %6)',
  "p%d captures p%d's %s on %s (p%d has captured %d)": 'p%1 captura la pieza %3 de p%2 en %4 (p%5 ha capturado %6)',
  'p%d has no piece left on the board and is eliminated': 'p%1 no tiene ninguna pieza en el tablero y queda eliminado',
  'p%d takes an extra turn (%d more after this one)': 'p%1 juega un turno extra (%2 más después de este)',
  'p%d cannot act, so the extra turns are lost': 'p%1 no puede actuar, así que se pierden los turnos extra',
  'p%d can neither act nor uncover and is skipped': 'p%1 no puede actuar ni descubrir y pierde el turno',
  'attack %d %s %d = %d against defence %d': 'ataque %1 %2 %3 = %4 contra defensa %5',
  'the die decided it: p%d gains a bonus piece': 'el dado lo decidió: p%1 gana una pieza de bonificación',
  'the die showed %d and the attack failed: p%d gains a bonus piece':
    'el dado mostró %1 y el ataque fracasó: p%2 gana una pieza de bonificación',
  'a draw: nothing is captured': 'empate: no se captura nada',
  "side %s becomes p%d's home side": 'el lado %1 pasa a ser el lado propio de p%2',
  'p%d may uncover covered pieces before defending': 'p%1 puede descubrir piezas cubiertas antes de defender',
  "p%d's %s moves from %s to %s, facing %s": 'la pieza %2 de p%1 pasa de %3 a %4, mirando a %5',
  'p%d has nothing left to do this turn': 'p%1 no tiene nada más que hacer este turno',
  "p%d's piece on %s loses its shield": 'la pieza de p%1 en %2 pierde su escudo',
  'p%d spends %d bonus pieces for %d extra turn%s': {
    n: 3,
    one: 'p%1 gasta %2 piezas de bonificación por %3 turno extra',
    other: 'p%1 gasta %2 piezas de bonificación por %3 turnos extra',
  },
  'p%d defends with %d': 'p%1 defiende con %2',
};
