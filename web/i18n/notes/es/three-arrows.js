// Lo que haría una jugada en three-arrows, en español (web/notes.js dice la forma; es.js reúne los
// juegos): cada clave es una parte de una nota del motor (src/games/three_arrows/note.c), en inglés.

// the places a player finishes in, and a line that says one
const PLACE = { '1st': '1.er', '2nd': '2.º', '3rd': '3.er', '4th': '4.º' };
/** @param {string} t */
const finish = (t) => ({ t, args: { 1: PLACE } });

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura salga lo que salga',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it does nothing whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que no pasa nada salga lo que salga',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it loses your %c whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que pierdes tu %7 salga lo que salga',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s":
    {
      n: 8,
      one: 'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 cara de cada %10) y no pasa nada con %11',
      other:
        'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 caras de cada %10) y no pasa nada con %11',
    },
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), loses your %c on %s":
    {
      n: 8,
      one: 'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 cara de cada %10) y pierdes tu %11 con %12',
      other:
        'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 caras de cada %10) y pierdes tu %11 con %12',
    },
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it does nothing on %s, loses your %c on %s":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que no pasa nada con %7 y pierdes tu %8 con %9',
  "your %s (attack %d) against p%d's %s (defence %d): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s, loses your %c on %s":
    {
      n: 8,
      one: 'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 cara de cada %10), no pasa nada con %11 y pierdes tu %12 con %13',
      other:
        'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): el dado suma %6, así que captura con %7 (%8 caras de cada %10), no pasa nada con %11 y pierdes tu %12 con %13',
    },
  "your %s (attack %d) against p%d's %s (defence %d): captures":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): captura',
  "your %s (attack %d) against p%d's %s (defence %d): does nothing":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): no pasa nada',
  "your %s (attack %d) against p%d's %s (defence %d): loses your %c":
    'tu pieza %1 (ataque %2) contra la pieza %4 de p%3 (defensa %5): pierdes tu %6',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura salga lo que salga',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it does nothing whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que no pasa nada salga lo que salga',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it loses your %c whatever the die":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que pierdes tu %6 salga lo que salga',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s":
    {
      n: 7,
      one: 'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 cara de cada %9) y no pasa nada con %10',
      other:
        'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 caras de cada %9) y no pasa nada con %10',
    },
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), loses your %c on %s":
    {
      n: 7,
      one: 'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 cara de cada %9) y pierdes tu %10 con %11',
      other:
        'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 caras de cada %9) y pierdes tu %10 con %11',
    },
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it does nothing on %s, loses your %c on %s":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que no pasa nada con %6 y pierdes tu %7 con %8',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): the die adds %s, so it captures on %s (%d face%s in %d), does nothing on %s, loses your %c on %s":
    {
      n: 7,
      one: 'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 cara de cada %9), no pasa nada con %10 y pierdes tu %11 con %12',
      other:
        'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): el dado suma %5, así que captura con %6 (%7 caras de cada %9), no pasa nada con %10 y pierdes tu %11 con %12',
    },
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): captures":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): captura',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): does nothing":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): no pasa nada',
  "your %s (attack %d) against p%d's covered piece (defence %d as it shows): loses your %c":
    'tu pieza %1 (ataque %2) contra la pieza cubierta de p%3 (defensa %4 según se ve): pierdes tu %5',
  '%d against %d before the die: p%d captures your %c whatever the die':
    'defensa %1 contra ataque %2 antes del dado: p%3 captura tu %4 salga lo que salga',
  '%d against %d before the die: nothing happens whatever the die':
    'defensa %1 contra ataque %2 antes del dado: no pasa nada salga lo que salga',
  "%d against %d before the die: p%d's %c is captured whatever the die":
    'defensa %1 contra ataque %2 antes del dado: p%3 pierde su %4 salga lo que salga',
  '%d against %d before the die: p%d captures your %c on %s, nothing on %s':
    'defensa %1 contra ataque %2 antes del dado: p%3 captura tu %4 con %5 y no pasa nada con %6',
  "%d against %d before the die: p%d captures your %c on %s, p%d's %c is captured on %s":
    'defensa %1 contra ataque %2 antes del dado: p%3 captura tu %4 con %5 y p%6 pierde su %7 con %8',
  "%d against %d before the die: nothing on %s, p%d's %c is captured on %s":
    'defensa %1 contra ataque %2 antes del dado: no pasa nada con %3 y p%4 pierde su %5 con %6',
  "%d against %d before the die: p%d captures your %c on %s, nothing on %s, p%d's %c is captured on %s":
    'defensa %1 contra ataque %2 antes del dado: p%3 captura tu %4 con %5, no pasa nada con %6 y p%7 pierde su %8 con %9',
  '%d against %d: p%d captures your %c': 'defensa %1 contra ataque %2: p%3 captura tu %4',
  '%d against %d: nothing happens': 'defensa %1 contra ataque %2: no pasa nada',
  "%d against %d: p%d's %c is captured": 'defensa %1 contra ataque %2: p%3 pierde su %4',
  'adds nothing to this defence': 'no suma nada a esta defensa',
  'adds %d to the defence': 'suma %1 a la defensa',
  'p%d may first uncover %d piece%s of the line': {
    n: 2,
    one: 'p%1 puede descubrir antes %2 pieza de la línea',
    other: 'p%1 puede descubrir antes %2 piezas de la línea',
  },
  "it is p%d's last piece": 'es la última pieza de p%1',
  'losing it eliminates you': 'si la pierdes, quedas eliminado',
  'the game ends with this turn (turn limit)': 'la partida termina con este turno (límite de turnos)',
  'a capture ends the game': 'una captura termina la partida',
  'ends the game (turn limit): you finish %s': finish('termina la partida (límite de turnos): quedas en %1 puesto'),
  'ends the game (turn limit): you finish shared %s': finish(
    'termina la partida (límite de turnos): compartes el %1 puesto',
  ),
  'ends the game (one player left): you finish %s': finish(
    'termina la partida (solo queda un jugador): quedas en %1 puesto',
  ),
  'ends the game (one player left): you finish shared %s': finish(
    'termina la partida (solo queda un jugador): compartes el %1 puesto',
  ),
  'ends the game (nobody can act): you finish %s': finish(
    'termina la partida (nadie puede actuar): quedas en %1 puesto',
  ),
  'ends the game (nobody can act): you finish shared %s': finish(
    'termina la partida (nadie puede actuar): compartes el %1 puesto',
  ),
  'covered: it points at nothing until you uncover it': 'cubierta: no apunta a nada hasta que la descubras',
  'points at %s': 'apunta a %1',
  '%d more': '%1 más',
  'points off the board (%s)': 'apunta fuera del tablero (%1)',
  'arrow %s points off the board': 'la flecha %1 apunta fuera del tablero',
  'arrows %s point off the board': 'las flechas %1 apuntan fuera del tablero',
  'points only at your own pieces': 'solo apunta a tus propias piezas',
  "p%d's %s on %s": 'la pieza %2 de p%1 en %3',
  "p%d's covered piece on %s": 'la pieza cubierta de p%1 en %2',
  'threatens %s': 'amenaza %1',
  'threatens %s and %s': 'amenaza %1 y %2',
  'threatens %s, %s and %s': 'amenaza %1, %2 y %3',
  'threatens %s, %s, %s and %s': 'amenaza %1, %2, %3 y %4',
  'threatens %s, %s, %s, %s and %s': 'amenaza %1, %2, %3, %4 y %5',
  '%s is shielded (unshield first)': '%1 tiene escudo (primero hay que quitárselo)',
  '%s and %s are shielded (unshield first)': '%1 y %2 tienen escudo (primero hay que quitárselo)',
  '%s, %s and %s are shielded (unshield first)': '%1, %2 y %3 tienen escudo (primero hay que quitárselo)',
  '%s, %s, %s and %s are shielded (unshield first)': '%1, %2, %3 y %4 tienen escudo (primero hay que quitárselo)',
  '%s, %s, %s, %s and %s are shielded (unshield first)':
    '%1, %2, %3, %4 y %5 tienen escudo (primero hay que quitárselo)',
  'no square left for your next piece and nothing to attack next turn: you would be skipped':
    'no queda ninguna casilla para tu próxima pieza ni nada que atacar el próximo turno: perderías el turno',
  'no piece left to place and nothing to attack next turn: you would be skipped':
    'no te quedan piezas por colocar ni nada que atacar el próximo turno: perderías el turno',
  'after this, no square is left for your next piece':
    'después de esto, no queda ninguna casilla para tu próxima pieza',
  'after this, you can place only at %s': 'después de esto, solo podrás colocar en %1',
  '%d extra turn%s': {
    n: 1,
    one: '%1 turno extra',
    other: '%1 turnos extra',
  },
  '%d bonus piece%s left (they break ties)': {
    n: 1,
    one: 'te queda %1 pieza de bonificación (desempata)',
    other: 'te quedan %1 piezas de bonificación (desempatan)',
  },
  "removes the shield of p%d's covered piece on %s": 'quita el escudo de la pieza cubierta de p%1 en %2',
  "removes the shield of p%d's %s on %s": 'quita el escudo de la pieza %2 de p%1 en %3',
};
