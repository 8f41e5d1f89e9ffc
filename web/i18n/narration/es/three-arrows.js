// La narración de three-arrows en español (web/narration.js dice la forma; es.js reúne los juegos):
// cada clave es un formato de src/games/, como lo lista scripts/narration-formats.mjs.

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "p%d's piece on %s %s: %s facing %s": {
    t: 'la pieza de p%1 en %2 %3: %4 mirando a %5',
    args: {
      3: {
        'is uncovered': 'se descubre',
      },
    },
  },
  'the game ends: %s': {
    t: 'la partida termina: %1',
    args: {
      1: {
        'the turn limit is reached': 'se alcanza el límite de turnos',
        'only one player is left': 'solo queda un jugador',
        'nobody can act': 'nadie puede actuar',
      },
    },
  },
  'final order: %s': 'orden final: %1',
  "p%d captures p%d's %s%s on %s (p%d has captured %d)": {
    t: 'p%1 captura la pieza %4%3 de p%2 en %5 (p%6 ha capturado %7)',
    args: {
      3: {
        'covered ': ' cubierta',
      },
    },
  },
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
  'a %s is on the board: from now on only %s are placed': {
    t: 'hay un %1 en el tablero: a partir de ahora solo se colocan piezas %2',
    args: {
      2: {
        Terminators: 'Terminator',
      },
    },
  },
  "p%d's %s on %s attacks p%d's %s%s on %s: %d against defence %d%s": {
    t: 'la pieza %2 de p%1 en %3 ataca %5%6 de p%4 en %7: %8 contra defensa %9%10',
    args: {
      5: {
        'covered piece': 'la pieza cubierta',
        '': 'la pieza ',
      },
      10: {
        ' before the die': ' antes del dado',
      },
    },
  },
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
