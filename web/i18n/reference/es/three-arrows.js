// La referencia de three-arrows en español (web/reference-words.js dice la forma; es.js reúne los juegos):
// cada clave es una línea (un párrafo) de una entrada del motor (src/games/three_arrows/reference.c).
// La página junta las líneas que la terminal partió (details.js, reflow): las de un párrafo partido a
// mano tienen una clave por cada tramo que puede quedar junto, y una línea que se junta con la
// anterior (nombres o listas largas de una variante) se dice por partes: "%s" + la línea que sigue.

import { arrowLists } from '../arrow-lists.js';

// the arrows of a piece, relative to its facing
const REL = {
  ahead: 'delante',
  'ahead-right': 'delante a la derecha',
  right: 'derecha',
  'behind-right': 'detrás a la derecha',
  behind: 'detrás',
  'behind-left': 'detrás a la izquierda',
  left: 'izquierda',
  'ahead-left': 'delante a la izquierda',
};
// the faces of the die, as the engine writes their number
const FACES = {
  one: 'una cara',
  two: 'dos caras',
  three: 'tres caras',
  four: 'cuatro caras',
  five: 'cinco caras',
  six: 'seis caras',
  seven: 'siete caras',
  eight: 'ocho caras',
  nine: 'nueve caras',
  ten: 'diez caras',
  eleven: 'once caras',
  twelve: 'doce caras',
};
// the values of the die that win a bonus piece, when none does; and by how much the attacker captures
const NEVER_BELOW = { 'less than 0 (never)': 'menos de 0 (nunca)' };
const NEVER_ABOVE = { 'more than 0 (never)': 'más de 0 (nunca)' };
const BY = { 'exactly one': 'exactamente uno', 'no more than the die': 'como mucho lo que saca el dado' };

/** @type {import('../../../narration.js').NarrationCatalog} */
export default {
  // a kind: its letter, name, copies in each holder and arrows (a line of its own)
  '%c: %s, %d in each holder at the start, %d arrow': '%1: %2, %3 en cada reserva al empezar, %4 flecha',
  '%c: %s, %d in each holder at the start, %d arrow %s': '%1: %2, %3 en cada reserva al empezar, %4 flecha %5',
  '%c: %s, %d in each holder at the start, %d arrows': '%1: %2, %3 en cada reserva al empezar, %4 flechas',
  '%c: %s, %d in each holder at the start, %d arrows %s': '%1: %2, %3 en cada reserva al empezar, %4 flechas %5',
  // its arrows relative to its facing (REL), one key a count (1 to 8): alone, then with the facings
  ...arrowLists('flechas: ', ', ', REL, {
    '': '',
    ' facing %s: %s   facing %s: %s': ' mirando a %1: %2   mirando a %3: %4',
    ' the same in every facing (written N): %s': ' igual en todas las orientaciones (se escribe N): %1',
  }),
  // an arrow that counts more than one
  'ahead ×%d': 'delante ×%1',
  'ahead-right ×%d': 'delante a la derecha ×%1',
  'right ×%d': 'derecha ×%1',
  'behind-right ×%d': 'detrás a la derecha ×%1',
  'behind ×%d': 'detrás ×%1',
  'behind-left ×%d': 'detrás a la izquierda ×%1',
  'left ×%d': 'izquierda ×%1',
  'ahead-left ×%d': 'delante a la izquierda ×%1',
  // two facings a line
  'facing %s: %s   facing %s: %s': 'mirando a %1: %2   mirando a %3: %4',
  'facing %s: %s   facing %s: %s facing %s: %s   facing %s: %s':
    'mirando a %1: %2   mirando a %3: %4 mirando a %5: %6   mirando a %7: %8',
  '%s facing %s: %s   facing %s: %s': '%1 mirando a %2: %3   mirando a %4: %5',
  'the same in every facing (written N): %s': 'igual en todas las orientaciones (se escribe N): %1',
  // how its arrows count
  "The %s's arrow counts %d in an attack or a defence.":
    'La flecha de la pieza %1 cuenta %2 en un ataque o una defensa.',
  'Each arrow marked ×n counts n in an attack or a defence.':
    'Cada flecha marcada ×n cuenta n en un ataque o una defensa.',
  "%s The %s's arrow counts %d in an attack or a defence.":
    '%1 La flecha de la pieza %2 cuenta %3 en un ataque o una defensa.',
  '%s Each arrow marked ×n counts n in an attack or a defence.':
    '%1 Cada flecha marcada ×n cuenta n en un ataque o una defensa.',
  // the last piece (the Terminator): a paragraph, whose lines the page may join
  'Placed last: only by a player whose %d other pieces have left the':
    'Se coloca al final: solo puede colocarla un jugador cuyas otras %1 piezas hayan salido de la',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every':
    'Se coloca al final: solo puede colocarla un jugador cuyas otras %1 piezas hayan salido de la reserva, o cuando ya haya un %2 en el tablero. A partir de entonces cada',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    'Se coloca al final: solo puede colocarla un jugador cuyas otras %1 piezas hayan salido de la reserva, o cuando ya haya un %2 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %3, y una pieza que captura',
  'Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    'Se coloca al final: solo puede colocarla un jugador cuyas otras %1 piezas hayan salido de la reserva, o cuando ya haya un %2 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %3, y una pieza que captura se queda donde está. Esta pieza no se puede cubrir, pero sí puede llevar escudo.',
  'holder, or once any %s is on the board. From then on every':
    'reserva, o cuando ya haya un %1 en el tablero. A partir de entonces cada',
  'holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    'reserva, o cuando ya haya un %1 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %2, y una pieza que captura',
  'holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    'reserva, o cuando ya haya un %1 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %2, y una pieza que captura se queda donde está. Esta pieza no se puede cubrir, pero sí puede llevar escudo.',
  'player may place only their own %s, and a piece that captures':
    'jugador solo puede colocar su propio %1, y una pieza que captura',
  'player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    'jugador solo puede colocar su propio %1, y una pieza que captura se queda donde está. Esta pieza no se puede cubrir, pero sí puede llevar escudo.',
  'stays where it is. It cannot be covered; it can be shielded.':
    'se queda donde está. Esta pieza no se puede cubrir, pero sí puede llevar escudo.',
  '%s Placed last: only by a player whose %d other pieces have left the':
    '%1 Se coloca al final: solo puede colocarla un jugador cuyas otras %2 piezas hayan salido de la',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every':
    '%1 Se coloca al final: solo puede colocarla un jugador cuyas otras %2 piezas hayan salido de la reserva, o cuando ya haya un %3 en el tablero. A partir de entonces cada',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures':
    '%1 Se coloca al final: solo puede colocarla un jugador cuyas otras %2 piezas hayan salido de la reserva, o cuando ya haya un %3 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %4, y una pieza que captura',
  '%s Placed last: only by a player whose %d other pieces have left the holder, or once any %s is on the board. From then on every player may place only their own %s, and a piece that captures stays where it is. It cannot be covered; it can be shielded.':
    '%1 Se coloca al final: solo puede colocarla un jugador cuyas otras %2 piezas hayan salido de la reserva, o cuando ya haya un %3 en el tablero. A partir de entonces cada jugador solo puede colocar su propio %4, y una pieza que captura se queda donde está. Esta pieza no se puede cubrir, pero sí puede llevar escudo.',
  // the holder
  "holder: a player's pieces not yet placed, %d at the start":
    'reserva: las piezas de un jugador que aún no se han colocado, %1 al empezar',
  "holder: a player's pieces not yet placed, %d at the start (%s). Its owner sees them by kind, the others only how":
    'reserva: las piezas de un jugador que aún no se han colocado, %1 al empezar (%2). Su dueño las ve por tipo; los demás solo ven cuántas',
  "holder: a player's pieces not yet placed, %d at the start (%s). Its owner sees them by kind, the others only how many are left.":
    'reserva: las piezas de un jugador que aún no se han colocado, %1 al empezar (%2). Su dueño las ve por tipo; los demás solo ven cuántas quedan.',
  '(%s). Its owner sees them by kind, the others only how':
    '(%1). Su dueño las ve por tipo; los demás solo ven cuántas',
  '(%s). Its owner sees them by kind, the others only how many are left.':
    '(%1). Su dueño las ve por tipo; los demás solo ven cuántas quedan.',
  'many are left.': 'quedan.',
  // the covers (one paragraph), then the pieces that cannot be covered
  'cover: %d for each player (none in the tactical mode), placed with a piece (place <piece> <sq> <facing> covered). The others see only "a covered piece of pN" (1? on the board; its owner sees 1a, lower case): not its kind nor its facing. A covered piece has no arrows at all (no placing from it, no attack, nothing added to a defence) but holds its square and keeps a line unbroken. Its owner uncovers it for free (uncover <sq>) in their turn before the action, or as the defender of an attack; the cover is gone.':
    'cubierta: %1 por jugador (ninguna en el modo táctico), se pone al colocar una pieza (`place <pieza> <casilla> <orientación> covered`). Los demás solo ven «una pieza cubierta de pN» (1? en el tablero; su dueño ve 1a, en minúscula): ni su tipo ni su orientación. Una pieza cubierta no tiene ninguna flecha (no se puede colocar desde ella, no ataca, no suma nada a una defensa), pero ocupa su casilla y mantiene la línea sin cortar. Su dueño la descubre gratis (`uncover <casilla>`) en su turno antes de la acción, o como defensor de un ataque; la cubierta desaparece.',
  'cover: %d for each player (none in the tactical mode), placed with a piece (place <piece> <sq> <facing> covered). The others see only "a covered piece of pN" (1? on the board; its owner sees 1a, lower case): not its kind nor its facing. A covered piece has no arrows at all (no placing from it, no attack, nothing added to a defence) but holds its square and keeps a line unbroken. Its owner uncovers it for free (uncover <sq>) in their turn before the action, or as the defender of an attack; the cover is gone. %s':
    'cubierta: %1 por jugador (ninguna en el modo táctico), se pone al colocar una pieza (`place <pieza> <casilla> <orientación> covered`). Los demás solo ven «una pieza cubierta de pN» (1? en el tablero; su dueño ve 1a, en minúscula): ni su tipo ni su orientación. Una pieza cubierta no tiene ninguna flecha (no se puede colocar desde ella, no ataca, no suma nada a una defensa), pero ocupa su casilla y mantiene la línea sin cortar. Su dueño la descubre gratis (`uncover <casilla>`) en su turno antes de la acción, o como defensor de un ataque; la cubierta desaparece. %2',
  'The %s cannot be covered.': 'La pieza %1 no se puede cubrir.',
  'The %s and the %s cannot be covered.': 'Las piezas %1 y %2 no se pueden cubrir.',
  'The %s and the %s and the %s cannot be covered.': 'Las piezas %1, %2 y %3 no se pueden cubrir.',
  'The %s and the %s and the %s and the %s cannot be covered.': 'Las piezas %1, %2, %3 y %4 no se pueden cubrir.',
  'The %s and the %s and the %s and the %s and the %s cannot be covered.':
    'Las piezas %1, %2, %3, %4 y %5 no se pueden cubrir.',
  'The %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    'Las piezas %1, %2, %3, %4, %5 y %6 no se pueden cubrir.',
  'The %s and the %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    'Las piezas %1, %2, %3, %4, %5, %6 y %7 no se pueden cubrir.',
  'The %s and the %s and the %s and the %s and the %s and the %s and the %s and the %s cannot be covered.':
    'Las piezas %1, %2, %3, %4, %5, %6, %7 y %8 no se pueden cubrir.',
  // the shields
  'shield: %d for each player, placed with a piece (place <piece> <sq> <facing> shielded; s on the board). A shielded piece cannot be attacked until an opponent with an uncovered arrow pointing at it spends a whole action on unshield <sq>, which throws the shield away. A shielded piece that attacks and loses is still captured; one that captures and advances keeps it.':
    'escudo: %1 por jugador, se pone al colocar una pieza (`place <pieza> <casilla> <orientación> shielded`; s en el tablero). Una pieza con escudo no puede ser atacada hasta que un rival con una flecha descubierta que apunte a ella gaste una acción entera en `unshield <casilla>`, que tira el escudo. Una pieza con escudo que ataca y pierde es capturada igualmente; una que captura y avanza lo conserva.',
  // the bonus pieces: the values of the die that win one, or never
  'bonus: a bonus piece; each player starts with %d. The attacker wins one when the die shows %s and the attack does not capture; the defender wins one when the die shows %s and the attacker captures by %s. At the very start of a turn, bonus <k> (2 <= k <= held) spends k for k-1 extra turns. Unused bonus pieces break ties between players equal in captures.':
    {
      t: 'bonificación: una pieza de bonificación; cada jugador empieza con %1. El atacante gana una cuando el dado saca %2 y el ataque no captura; el defensor gana una cuando el dado saca %3 y el atacante captura por una diferencia de %4. Al principio mismo de un turno, `bonus <k>` (2 <= k <= las que tengas) gasta k por k-1 turnos extra. Las piezas de bonificación sin usar desempatan entre jugadores con las mismas capturas.',
      args: { 2: NEVER_BELOW, 3: NEVER_ABOVE, 4: BY },
    },
  // the die: one value
  'die: %s face%s, all %s (die %s), rolled after every attack and added to': {
    t: 'dado: %1, siempre %3 (die %4); se tira después de cada ataque y se suma a',
    args: { 1: FACES },
  },
  "die: %s face%s, all %s (die %s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the":
    {
      t: 'dado: %1, siempre %3 (die %4); se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la',
      args: { 1: FACES },
    },
  "die: %s face%s, all %s (die %s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'dado: %1, siempre %3 (die %4); se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
      args: { 1: FACES },
    },
  "the attack's strength; none in the tactical mode. Higher captures the":
    'la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la',
  "the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    'la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
  'other piece, equal does nothing.': 'otra pieza; si es igual, no pasa nada.',
  // the die: values equally likely
  'die: %s faces, %s each of %s (%s: %d in %d': {
    t: 'dado: %1, %2 con cada valor: %3 (%4: %5 de cada %6',
    args: { 1: FACES, 2: FACES },
  },
  "die: %s faces, %s each of %s (%s: %d in %d each), rolled after every attack and added to the attack's strength; none":
    {
      t: 'dado: %1, %2 con cada valor: %3 (%4: %5 de cada %6 cada uno); se tira después de cada ataque y se suma a la fuerza del ataque; no hay',
      args: { 1: FACES, 2: FACES },
    },
  "die: %s faces, %s each of %s (%s: %d in %d each), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'dado: %1, %2 con cada valor: %3 (%4: %5 de cada %6 cada uno); se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
      args: { 1: FACES, 2: FACES },
    },
  "each), rolled after every attack and added to the attack's strength; none":
    'cada uno); se tira después de cada ataque y se suma a la fuerza del ataque; no hay',
  "each), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    'cada uno); se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
  'in the tactical mode. Higher captures the other piece, equal does nothing.':
    'dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
  // the die: values of their own chances ("two of +1", "die +1: 1 in 3")
  'die: %s faces, %s (%s),': { t: 'dado: %1, %2 (%3);', args: { 1: FACES } },
  "die: %s faces, %s (%s), rolled after every attack and added to the attack's strength; none": {
    t: 'dado: %1, %2 (%3); se tira después de cada ataque y se suma a la fuerza del ataque; no hay',
    args: { 1: FACES },
  },
  "die: %s faces, %s (%s), rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    {
      t: 'dado: %1, %2 (%3); se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
      args: { 1: FACES },
    },
  "rolled after every attack and added to the attack's strength; none":
    'se tira después de cada ataque y se suma a la fuerza del ataque; no hay',
  "rolled after every attack and added to the attack's strength; none in the tactical mode. Higher captures the other piece, equal does nothing.":
    'se tira después de cada ataque y se suma a la fuerza del ataque; no hay dado en el modo táctico. Si el ataque es mayor que la defensa, captura la otra pieza; si es igual, no pasa nada.',
  'one of +%d': 'una con +%1',
  'one of %d': 'una con %1',
  'two of +%d': 'dos con +%1',
  'two of %d': 'dos con %1',
  'three of +%d': 'tres con +%1',
  'three of %d': 'tres con %1',
  'four of +%d': 'cuatro con +%1',
  'four of %d': 'cuatro con %1',
  'five of +%d': 'cinco con +%1',
  'five of %d': 'cinco con %1',
  'six of +%d': 'seis con +%1',
  'six of %d': 'seis con %1',
  'seven of +%d': 'siete con +%1',
  'seven of %d': 'siete con %1',
  'eight of +%d': 'ocho con +%1',
  'eight of %d': 'ocho con %1',
  'nine of +%d': 'nueve con +%1',
  'nine of %d': 'nueve con %1',
  'ten of +%d': 'diez con +%1',
  'ten of %d': 'diez con %1',
  'eleven of +%d': 'once con +%1',
  'eleven of %d': 'once con %1',
  'twelve of +%d': 'doce con +%1',
  'twelve of %d': 'doce con %1',
  'die +%d: %d in %d': 'die +%1: %2 de cada %3',
  'die %d: %d in %d': 'die %1: %2 de cada %3',
  // the legend of `quiver play` (asked for by name only)
  'legend: the pieces by their codes (A3 by a holder: 3 A pieces left in it), their arrows as they point facing N, and the copies in each holder':
    'leyenda: las piezas por su código (A3 junto a una reserva: quedan en ella 3 piezas A), sus flechas tal como apuntan mirando a N y las copias en cada reserva',
  '%c %s  %s  %d each': '%1 %2  %3  %4 por reserva',
  '%c %s  %s  %d each    %c %s  %s  %d each': '%1 %2  %3  %4 por reserva    %5 %6  %7  %8 por reserva',
  "('piece A' says more of one piece, 'piece' names the other things)":
    '(`piece A` dice más de una pieza; `piece` nombra las demás cosas)',
  "%s ('piece A' says more of one piece, 'piece' names the other things)":
    '%1 (`piece A` dice más de una pieza; `piece` nombra las demás cosas)',
};
