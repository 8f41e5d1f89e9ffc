// Las lecciones de Arrow Party en español (lesson-text.js): por lección, su título, sus temas y
// las palabras de cada paso, en el orden de tutorials/arrow-party/ID.json.

/** @type {import('../../../lesson-text.js').GameText} */
export default {
  '01-the-play-area': {
    title: 'La zona de juego y tu mano',
    topics: ['Componentes', 'La zona de juego', 'Preparación', 'Leer el tablero', 'Notación'],
    steps: [
      {
        text: 'Bienvenido a Arrow Party. En cada ronda todos los jugadores lanzan una carta de flecha: hacia donde cae indica en qué dirección puedes caminar, y tu dado cuánto. En el suelo hay estrellas (+10 puntos), calaveras (-15) y cartas de objeto boca abajo. Tras diez rondas gana el jugador con más puntos. Tú eres p1; el ordenador juega p2 y p3.',
      },
      {
        text: 'La zona de juego es una cuadrícula de celdas, aquí de 9 x 9 (15 x 15 en una partida normal). Las celdas se nombran como las casillas del ajedrez: una letra de columna de la a (oeste) a la i (este), y luego un número de fila del 1 (sur) al 9 (norte). Hay ocho direcciones, N NE E SE S SW W NW, siendo N la fila de arriba. Un paso te mueve una celda, en recto o en diagonal.',
      },
      {
        text: "Leer el tablero: cada celda muestra dos caracteres, el número del jugador que está en ella y luego lo que hay en el suelo: '*' una estrella, 'x' una calavera, '?' un objeto boca abajo, '.' nada. Empiezas en a1 (abajo a la izquierda), p2 en i9 (arriba a la derecha), p3 en a9 (arriba a la izquierda). Hay una estrella en a3 y en i7, una calavera en a7 y un objeto (un 'reverse', que aquí todos conocen) en a4.",
        web: "Leer el tablero: cada celda muestra lo que hay en el suelo: una estrella, una calavera, una carta de objeto boca abajo (marcada con '?') o nada, y una ficha redonda del color de cada jugador que está en ella, con su número. Empiezas en a1 (abajo a la izquierda), p2 en i9 (arriba a la derecha), p3 en a9 (arriba a la izquierda). Hay una estrella en a3 y en i7, una calavera en a7 y un objeto (un 'reverse', que aquí todos conocen) en a4.",
      },
      {
        text: 'En la preparación recibiste una carta de flecha de cada uno de los cinco montones (de 1a a 5a: el número es su valor en puntos y cuántas flechas muestra), tres cartas de objeto (x2, x2, half) y un dado de seis caras (d6). Junto al tablero ves tus cartas con sus puntos, y tu puntuación si la partida terminara ahora. De los demás solo ves los valores de sus cartas de flecha y cuántos objetos tienen.',
      },
      {
        text: "Cada ronda empieza con la fase de objetos: en secreto, puedes usar cartas de objeto ('use <objeto>') y después dices 'ready'. Nadie ve lo que elegiste hasta que todos están listos. En esta ronda no uses nada: escribe solo 'ready'.",
        hint: 'Esta vez ningún objeto. La palabra es: ready.',
        learned: ['todos están listos: ahora viene el lanzamiento', 'no usaste ningún objeto', 'aún tienes 8 cartas'],
      },
    ],
  },
};
