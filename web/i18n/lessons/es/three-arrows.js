// Las lecciones de THREE ARROWS en español (lesson-text.js): por lección, su título, sus temas y
// las palabras de cada paso, en el orden de tutorials/three-arrows/ID.json.

/** @type {import('../../../lesson-text.js').GameText} */
export default {
  '01-first-piece': {
    title: 'El tablero y tu primera pieza',
    topics: ['Componentes', 'El tablero', 'Preparación', 'Leer el tablero', 'Notación'],
    steps: [
      {
        text: 'Bienvenido a THREE ARROWS. Cada jugador hace crecer una línea de piezas de flecha desde su propio lado de un tablero cuadrado, y ataca las piezas del otro jugador donde se encuentran las flechas. Gana quien captura más piezas. Tú eres p1 (mueves primero); el ordenador es p2.',
      },
      {
        text: 'Lo que tienes: 17 piezas de flecha guardadas en secreto en un soporte, 3 cubiertas (para ocultar una pieza), 3 escudos (para proteger una pieza) y 1 pieza de bonificación. Hay además un dado de seis caras: dos muestran +1, dos muestran -1 y dos muestran 0. El tablero empieza vacío. Cada una de estas cosas tiene su propia lección.',
      },
      {
        text: 'El tablero es de 6 x 6. Las casillas se nombran como en un tablero de ajedrez: una letra para la columna (de la a a la izquierda a la f a la derecha) y un número para la fila (del 1 abajo al 6 arriba). Así, a1 es la esquina inferior izquierda y f6 la superior derecha. Los cuatro bordes son los lados: S (fila 1), N (fila 6), W (columna a) y E (columna f). N es la parte de arriba del tablero.',
      },
      {
        text: "Tu primera pieza va en una casilla de borde que no sea una esquina; su lado pasa a ser tu lado de origen. Una jugada se escribe en una notación corta: 'place <pieza> <casilla> <orientación>'. Las piezas tienen letras (Y es la pieza Y) y miran a N, E, S o W. Coloca tu Y en c1, en el lado sur, mirando a N.",
        hint: 'Escribe la pieza, la casilla y la orientación, en ese orden: place Y c1 N.',
        learned: [
          'tu Y está en c1',
          'la pieza de c1 es una Y',
          'el lado sur es ahora tu lado de origen',
          'p2 tomó el lado este',
        ],
      },
      {
        text: "Leer el tablero: una pieza se muestra con el número de su dueño y su letra, '1Y' para tu Y y '2T' para la T de p2, con una flecha hacia donde mira (en la terminal, '1Y↑' es tu Y mirando a N y '2T←' la T de p2 mirando a W). Más adelante verás '1y' (en minúscula: tu pieza cubierta), '2?' (una pieza cubierta de p2) y una 's' al final (un escudo). p2 tenía que elegir un lado que nadie hubiera tomado, y colocó una T en f4 (lado este) mirando a W. Debajo del tablero ves de cada jugador las piezas capturadas, las piezas de bonificación, las cubiertas, los escudos y las piezas que quedan en el soporte (las tuyas por tipo, las de p2 solo como número), y después de quién es el turno.",
        web: 'Leer el tablero: cada pieza es una ficha del color de su dueño (las tuyas verdes, las de p2 rojas) con su letra, y sus flechas dibujadas hacia donde mira la pieza: tu Y en c1 tiene sus dos flechas diagonales hacia arriba. Más adelante verás una ficha bajo un ojo tachado (una pieza cubierta: la tuya aún se ve tenue debajo, la de p2 solo muestra la cubierta) y una insignia de escudo (una pieza con escudo). p2 tenía que elegir un lado que nadie hubiera tomado, y colocó una T en f4 (lado este) mirando a W. Junto al tablero ves de cada jugador las piezas capturadas, las piezas de bonificación, las cubiertas, los escudos y las piezas que quedan en el soporte (las tuyas por tipo, las de p2 solo como número), y encima de quién es el turno. Toca, mantén pulsada o haz clic derecho en cualquier pieza para leer qué es.',
      },
    ],
  },
};
