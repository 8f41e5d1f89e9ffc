// Las lecciones de Evons en español (lesson-text.js): por lección, su título, sus temas y las
// palabras de cada paso, en el orden de tutorials/evons/ID.json. Los nombres de las cartas no
// se traducen.

/** @type {import('../../../lesson-text.js').GameText} */
export default {
  '01-first-monster': {
    title: 'El tablero, las cartas y tu primer monstruo',
    topics: [
      'Componentes',
      'El tablero',
      'Cartas',
      'Preparación',
      'Lo que ve cada jugador',
      'Leer el tablero',
      'Notación',
      'Jugadas desde la mano',
    ],
    steps: [
      {
        text: 'Evons es un juego de cartas para dos jugadores sobre un tablero de 7 x 7 celdas. Tú eres p1, en el lado sur; el ordenador es p2, en el lado norte. Cada jugador tiene un mazo de 24 cartas, una mano, un cementerio, una pila de cartas retiradas del juego y créditos: 50 al empezar.',
      },
      {
        text: 'Las columnas se llaman x a b c d e y de oeste a este, y las filas de 0 a 6 de sur a norte: x0 es la esquina suroeste y c3 el centro. El cuadrado de 5 x 5 de a1 a e5, enmarcado con líneas gruesas, es la zona principal: solo puntúa lo que ocurre ahí. El anillo de celdas que la rodea, fuera de las líneas gruesas, es la zona exterior.',
      },
      {
        text: "La mayoría de las cartas son monstruos: un elemento (Fuego, Agua, Tierra, Eléctrico, Naturaleza, Oscuridad), un coste en créditos, un ATK, una DEF y flechas en cualquiera de ocho direcciones. Algunas flechas llevan una habilidad y se dibujan dobles (⇑); las demás son simples (↑). Los bloques son el otro tipo de carta: un elemento y nada más. En el tablero un monstruo muestra su controlador y su nombre ('1 cinder': el cinder-pup de p1), su ATK/DEF actual ('2/2') y sus flechas.",
        web: 'La mayoría de las cartas son monstruos: un elemento (Fuego, Agua, Tierra, Eléctrico, Naturaleza, Oscuridad), un coste en créditos, un ATK, una DEF y flechas en cualquiera de ocho direcciones, dibujadas en los bordes de la carta. Algunas flechas llevan una habilidad y se dibujan más grandes y en amarillo; las demás, pequeñas y del color del dueño. Los bloques son el otro tipo de carta: un elemento y nada más. En el tablero un monstruo muestra su nombre, de quién es, su ATK y su DEF actuales, y sus flechas. Toca, mantén pulsada o haz clic derecho en una carta para leerla entera.',
      },
      {
        text: "Cada jugador ha robado 5 cartas. Tu mano aparece junto al tablero, con ATK/DEF y costes; p2 solo ve cuántas cartas tienes, y nadie conoce el orden de un mazo. Antes de la partida, cada jugador puede una vez devolver cartas y robar de nuevo ('mulligan <carta>...'), o quedárselas ('keep'). Tu mano está bien: quédatela.",
        web: 'Cada jugador ha robado 5 cartas. Tu mano se muestra con el tablero, cada carta con su ATK, su DEF y su coste; p2 solo ve cuántas cartas tienes, y nadie conoce el orden de un mazo. Antes de la partida, cada jugador puede una vez devolver cartas y robar de nuevo (un mulligan), o quedárselas. Tu mano está bien: quédatela.',
        hint: "En esta lección no hace falta cambiar cartas: escribe 'keep'.",
        learned: ['la moneda te hizo jugador inicial'],
      },
      {
        text: "p2 también se quedó su mano, y una moneda te eligió para empezar. Un turno: ganas 5 créditos (no en tu propio primer turno), robas una carta (no el jugador inicial en el primer turno), haces como mucho una jugada desde la mano y terminas. La jugada principal desde la mano es 'play <carta> <celda>': poner un monstruo boca arriba en cualquier celda vacía, pagando su coste. Tu cinder-pup cuesta 6. Juégalo en c1.",
        hint: "Cualquier celda sería legal, pero esta lección pone el cinder-pup en c1: 'play cinder-pup c1'.",
        learned: ['pagaste 6 de tus 50 créditos', 'tu cinder-pup está en c1', 'tu puntuación es 1'],
      },
      {
        text: 'Tu puntuación es el número de monstruos boca arriba que controlas en la zona principal: 1. Sin nada más que hacer (no había rival con quien luchar), tu turno terminó. Tus créditos son públicos; tu mano no. Siguiente lección: qué pasa cuando los monstruos se apuntan con sus flechas.',
      },
    ],
  },
};
