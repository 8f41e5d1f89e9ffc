// Las lecciones de ConCardia en español (lesson-text.js): por lección, su título, sus temas y
// las palabras de cada paso, en el orden de tutorials/concardia/ID.json. Los nombres de las
// cartas no se traducen.

/** @type {import('../../../lesson-text.js').GameText} */
export default {
  '01-the-start': {
    title: 'La cuadrícula, las cartas y el inicio secreto',
    topics: [
      'Componentes',
      'La cuadrícula',
      'Cartas',
      'Preparación',
      'El inicio',
      'Lo que ve cada jugador',
      'Leer el tablero',
      'Notación',
    ],
    steps: [
      {
        text: 'ConCardia es un juego de cartas para dos jugadores sobre una cuadrícula de 6 x 6 casillas, la Zona de Juego, compartida por ambos. Cada jugador tiene un mazo de 21 cartas, una mano, una Zona Persistente, una pila de descartes y una Pila de Victoria para las cartas que captura. Una carta capturada es un punto: el primer jugador que llega a 5 puntos gana. Tú eres p1; el ordenador es p2.',
      },
      {
        text: 'Las casillas se llaman de a1 a f6: una letra para la columna de oeste a este y un número para la fila de sur a norte. Tú te sientas en el lado sur y p2 en el lado norte. Dos casillas son adyacentes cuando se tocan por un lado o por una esquina, así que una casilla tiene hasta ocho vecinas.',
      },
      {
        text: "Cada carta tiene un rasgo (Piedra, Papel o Tijera: Piedra gana a Tijera, Tijera gana a Papel, Papel gana a Piedra), una Fuerza (lo que aporta a una captura), una Defensa (lo que hace falta para capturarla) y flechas. En el tablero una carta se muestra como '1S lan' (el lancer de Tijera de p1) con '3/2' (Fuerza 3, Defensa 2) y sus flechas. Una carta se nombra por su diseño y la letra de su rasgo: 'lancer-s' es el lancer de Tijera.",
        web: "Cada carta tiene un rasgo (Piedra, Papel o Tijera: Piedra gana a Tijera, Tijera gana a Papel, Papel gana a Piedra), una Fuerza (lo que aporta a una captura), una Defensa (lo que hace falta para capturarla) y flechas. En el tablero una carta se dibuja del color de su dueño (las tuyas verdes) con su nombre, su rasgo como una letra en una marca (R, P o S: Rock, Paper, Scissors), su Fuerza y su Defensa (STR y DEF) y sus flechas en los bordes. Una carta se nombra por su diseño y la letra de su rasgo: 'lancer-s' es el lancer de Tijera. Toca, mantén pulsada o haz clic derecho en una carta para leerla entera.",
      },
      {
        text: 'Cada jugador ha barajado su mazo y robado 7 cartas. Tu mano aparece bajo el tablero, cada carta con su Fuerza/Defensa y sus flechas tal como apuntarán cuando la juegues. Solo tú ves tu mano; p2 solo ve cuántas cartas tienes. Nadie conoce el orden de ningún mazo.',
        web: 'Cada jugador ha barajado su mazo y robado 7 cartas. Tu mano es la fila de cartas bajo el tablero, cada una dibujada con su Fuerza y su Defensa y sus flechas tal como apuntarán cuando la juegues. Solo tú ves tu mano; p2 solo ve cuántas cartas tienes. Nadie conoce el orden de ningún mazo.',
      },
      {
        text: "La partida empieza en secreto: cada jugador elige de su mano una carta inicial y luego se muestran las dos. Juega primero aquel cuya carta PIERDE a Piedra, Papel o Tijera. Tu carta irá en c3 y la de p2 en d4. En esta lección, empieza con tu lancer de Tijera: escribe 'start lancer-s'.",
        hint: "Esta lección sigue el ejemplo del reglamento: la carta inicial es el lancer cuyo rasgo es Tijera. Escribe 'start lancer-s'.",
        learned: [
          'tu carta inicial está en c3',
          'es tu lancer de Tijera',
          'p2 empezó con un sentinel de Papel en d4',
          'p2 juega primero',
        ],
      },
      {
        text: 'p2 eligió un sentinel de Papel. Tijera gana a Papel, así que la carta de p2 perdió y p2 juega primero. (Con rasgos iguales, va primero la carta de menor Defensa, luego la de menor Fuerza, y si no, decide una moneda.) Las dos cartas solo se tocan por una esquina.',
      },
      {
        text: "Las flechas de una carta están impresas tal como la ve su dueño: N significa 'alejándose de su dueño'. Las cartas de p2 están giradas, así que la flecha N del sentinel apunta al sur en la cuadrícula, a d3. Las flechas de tu lancer apuntan a NW y NE: su flecha NE apunta al sentinel de d4. Una flecha apunta a la casilla adyacente en su dirección.",
      },
    ],
  },
};
