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
        text: 'La zona de juego es una cuadrícula de casillas, aquí de 9 x 9 (15 x 15 en una partida normal). Las casillas se nombran como las del ajedrez: una letra de columna de la a (oeste) a la i (este), y luego un número de fila del 1 (sur) al 9 (norte). Hay ocho direcciones, N NE E SE S SW W NW, siendo N la fila de arriba. Un paso te mueve una casilla, en recto o en diagonal.',
      },
      {
        text: "Leer el tablero: cada casilla muestra dos caracteres, el número del jugador que está en ella y luego lo que hay en el suelo: '*' una estrella, 'x' una calavera, '?' un objeto boca abajo, '.' nada. Empiezas en a1 (abajo a la izquierda), p2 en i9 (arriba a la derecha), p3 en a9 (arriba a la izquierda). Hay una estrella en a3 y en i7, una calavera en a7 y un objeto (un 'reverse', que aquí todos conocen) en a4.",
        web: "Leer el tablero: cada casilla muestra lo que hay en el suelo: una estrella, una calavera, una carta de objeto boca abajo (marcada con '?') o nada, y una ficha redonda del color de cada jugador que está en ella, con su número. Empiezas en a1 (abajo a la izquierda), p2 en i9 (arriba a la derecha), p3 en a9 (arriba a la izquierda). Hay una estrella en a3 y en i7, una calavera en a7 y un objeto (un 'reverse', que aquí todos conocen) en a4.",
      },
      {
        text: 'En la preparación recibiste una carta de flecha de cada uno de los cinco montones (de 1a a 5a: el número es su valor en puntos y cuántas flechas muestra), tres cartas de objeto (x2, x2, half) y un dado de seis caras (d6). Junto al tablero ves tus cartas con sus puntos, y tu puntuación si la partida terminara ahora. De los demás solo ves los valores de sus cartas de flecha y cuántos objetos tienen.',
      },
      {
        text: "Cada ronda empieza con la fase de objetos: en secreto, puedes usar cartas de objeto ('use <objeto>') y después dices que estás listo ('ready'). Nadie ve lo que elegiste hasta que todos están listos. En esta ronda no uses nada: escribe solo 'ready'.",
        hint: 'Esta vez ningún objeto. La palabra es: ready.',
        learned: ['todos están listos: ahora viene el lanzamiento', 'no usaste ningún objeto', 'aún tienes 8 cartas'],
      },
    ],
  },
  '02-throw-and-walk': {
    title: 'Lanzar, caer, tirar, caminar',
    topics: ['Una ronda', 'Cartas', 'El azar'],
    steps: [
      {
        text: 'Una ronda tiene cinco fases: objetos, lanzamiento, tirada, dirección y marcha. Ahora el lanzamiento: cada jugador elige en secreto una carta de flecha de su mano. Tus cartas muestran sus flechas tal como están impresas, respecto a la parte de arriba de la carta: 1a (N), 2a (N S), 3a (W N E), 4a (N E S W), 5a (W NW N NE E). Tras el lanzamiento, cada carta cae girada al azar de 0 a 7 octavos de vuelta en el sentido de las agujas del reloj, así que sus flechas giran con ella.',
      },
      {
        text: "Una carta lanzada vuelve a su montón al final de la ronda: sale de tu mano y, por tanto, deja de contar para tu puntuación. Lanza tu carta 3a: 'throw 3a'.",
        hint: "La palabra 'throw' y la carta: throw 3a.",
        learned: [
          'lanzaste 3a',
          'tu carta cayó girada 3 octavos de vuelta en el sentido de las agujas del reloj',
          'sacaste un 3',
          'ahora todos eligen una dirección',
        ],
      },
      {
        text: "Tu 3a (W N E) cayó girada 3 octavos de vuelta en el sentido de las agujas del reloj: sus flechas apuntan ahora a NE, SE y SW. Tu dado sacó un 3, así que caminas 3 pasos. Cómo cae la carta y qué sale en el dado es cuestión de azar: cada una de las 8 caídas y cada cara del dado son igual de probables. Ahora elige en secreto una dirección a la que apunte tu carta caída: 'go <dirección>'. Desde la esquina a1, SE y SW salen enseguida de la zona de juego (un jugador que fuera a salir de ella se detiene en el borde y pierde el resto de los pasos). Elige la que lleva hacia dentro de la zona de juego.",
        hint: 'Tu carta apunta a NE, SE y SW. Solo una de ellas no sale de la zona de juego desde a1.',
        learned: [
          'caminaste 3 pasos hacia NE, hasta d4',
          'p2 recogió la estrella de i7',
          'p3 pasó por la calavera de a7 y tuvo que recogerla',
          'ha empezado la ronda 2',
        ],
      },
      {
        text: 'Todos caminaron a la vez: tú hacia NE hasta d4, p2 hacia S hasta i6 (recogiendo la estrella de i7: +10), p3 hacia S hasta a4 (la calavera de a7: -15, y el objeto reverse de a4). Las estrellas y las calaveras se recogen obligatoriamente. Las cartas lanzadas volvieron a sus montones, y la ronda 2 empieza con la fase de objetos.',
      },
    ],
  },
  '03-a-round-with-a-bump': {
    title: 'Objetos, recogidas y un choque',
    topics: ['La marcha', 'Cartas', 'Lo que ve cada jugador'],
    steps: [
      {
        text: 'Esta es la ronda de ejemplo del reglamento. Cada una de tus cartas de objeto tiene un efecto cuando la usas, y da puntos si la tienes en la mano al final: x2 (+2 puntos) duplica tus pasos esta ronda; half (-2) los reduce a la mitad. Puedes usar varios objetos en una ronda, pero como mucho una copia de cada tipo, y un objeto usado sale de tu mano. Usa un x2 para caminar más lejos esta ronda.',
        hint: "'use' y el nombre del objeto: use x2.",
        learned: ['has elegido usar x2 (aún en secreto)', 'aún puedes usar más objetos'],
      },
      {
        text: 'Podrías usar más objetos, o decir que estás listo. Di que estás listo.',
        hint: 'La palabra es: ready.',
        learned: ['tu x2 se reveló y se descartó', 'ahora tienes 7 cartas'],
      },
      {
        text: 'Lanza tu 3a (W N E), como en la lección anterior. Lo que lanzan p2 y p3 sigue oculto hasta que hayan lanzado los tres jugadores.',
        hint: 'throw 3a',
        learned: ['tu carta cayó derecha: W N E', 'la carta de p3 cayó al revés: apunta a S'],
      },
      {
        text: 'Sacaste un 2, duplicado por x2: 4 pasos. Todos caminan a la vez, un paso por instante, y recogen todas las cartas de cada casilla en la que entran (las estrellas y las calaveras, siempre). Al norte tienes una estrella en a3 (+10) y el objeto reverse en a4, mientras p3 baja hacia el sur con 5 pasos. Camina hacia el norte para recogerlos.',
        hint: 'Tu carta apunta a W, N y E, y la estrella está al norte: go N.',
        learned: [
          'estás en a5',
          'recogiste la estrella',
          'recibiste el minus5 de p3',
          'p3 sabe que tienes ese minus5',
          'sabes que p3 tiene ahora tu half',
          'p3 siguió caminando hasta a4',
        ],
      },
      {
        text: 'En el cuarto instante entraste en a5 a la vez que p3: un choque. Dos jugadores chocan cuando comparten una casilla tras un instante, o se cruzan durante él, si al menos uno de ellos se ha movido. Cada uno da al otro una de sus cartas de objeto al azar, en el mismo momento: tú diste half y recibiste minus5. Después p3 dio su último paso, hasta a4.',
      },
      {
        text: 'Lo que ve cada jugador: las posiciones, los dados, las estrellas y las calaveras, las cartas recogidas boca arriba, los objetos usados, las cartas caídas, las tiradas y los recorridos son públicos. Las cartas repartidas o recogidas boca abajo siguen en secreto, y solo las conoce quien las tiene; tras un choque, los dos jugadores conocen las cartas intercambiadas. Así que nadie más que tú y p3 sabe lo del half y el minus5, mientras que el reverse que recogiste en a4 ya lo conocían todos. Las elecciones (objetos, lanzamientos, direcciones) siguen ocultas hasta que todos han elegido.',
      },
    ],
  },
  '04-reverse': {
    title: 'Elegir una dirección, con reverse',
    topics: ['Una ronda', 'Cartas'],
    steps: [
      {
        text: 'Ronda 2. Estás en a5, con p3 justo debajo de ti, en a4. Tus objetos: x2 (+2 puntos), minus5 (-1; pasos = tirada - 5, como mínimo 0) y reverse (+2): con reverse también puedes caminar en sentido contrario a cualquier flecha de tu carta caída. Los demás objetos: draw (roba una carta de flecha de un montón al azar), dice (cambia tu dado), swap (intercambia un objeto con otro jugador), noswap (nadie intercambia objetos contigo esta ronda), nopickup (no recoges objetos esta ronda) y exchange (intercambia tu posición con otro jugador).',
      },
      {
        text: 'Tu carta caída decide adónde puedes ir, y el borde de la zona de juego está cerca por el oeste. Usa tu reverse esta ronda, para tener más direcciones entre las que elegir.',
        hint: 'use reverse',
        learned: ['usarás reverse'],
      },
      {
        text: 'Has terminado con los objetos: ahora di que estás listo.',
        hint: 'ready',
        learned: ['ahora viene el lanzamiento'],
      },
      {
        text: 'Lanza tu carta más barata, 1a: tiene una sola flecha, N tal como está impresa. Una carta lanzada sale de tu mano, así que lanzar un 1 es lo que menos te cuesta al final.',
        hint: 'Tu carta que vale 1 punto es 1a: throw 1a.',
        learned: ['tu carta cayó al revés', 'sacaste un 4'],
      },
      {
        text: 'Mala suerte: tu 1a cayó al revés y apunta a S, directa hacia p3 y luego hacia el borde de la zona de juego (un jugador que fuera a salir de ella se detiene en el borde y pierde el resto de los pasos). Pero tu reverse te deja caminar también en sentido contrario a esa flecha. Elige la dirección que lo aprovecha y camina tus 4 pasos hasta la fila de arriba.',
        hint: 'Tu carta apunta a S; reverse añade la dirección contraria. ¿Cuál es?',
        learned: ['caminaste hacia N hasta a9', 'p3 caminó hacia E hasta d4', 'ha empezado la ronda 3'],
      },
    ],
  },
  '05-the-die': {
    title: 'El dado',
    topics: ['Componentes', 'Cartas'],
    steps: [
      {
        text: "Todos empiezan con un dado de seis caras (d6), pero el objeto 'dice' lo cambia por otro tipo: d4, d8, d10, d12 o d20. Una tirada es cualquier número del 1 al número de caras, todos igual de probables. Con dados más grandes se camina más lejos, pero un dado vale puntos al final: d4 +1, d6 0, d8 -1, d10 -2, d12 -3, d20 -4.",
      },
      {
        text: 'Es la última ronda. Hay una estrella (+10) en a7, seis pasos al norte de ti, y tu 1a apunta a N. Con tu d6 solo un 6 llegaría a ella. Usa tu objeto dice para tomar un d8: así, un 6, un 7 o un 8 alcanzan la estrella (pasarla de largo no importa: recoges todas las cartas del camino), a cambio de 1 punto.',
        hint: "Escribe 'use dice' seguido del dado que quieres, aquí el de ocho caras.",
        learned: ['usarás dice d8'],
      },
      {
        text: 'Has terminado con los objetos: di que estás listo.',
        hint: 'ready',
        learned: ['tu dado es ahora un d8'],
      },
      {
        text: 'Lanza tu 1a, la carta que menos vale.',
        hint: 'throw 1a',
        learned: ['sacaste un 7 con tu d8'],
      },
      {
        text: 'Tu 1a cayó derecha, apuntando a N, y tu d8 sacó un 7. Camina hasta la estrella.',
        hint: 'go N',
        learned: [
          'recogiste la estrella',
          'caminaste 7 pasos, hasta a8',
          'tu puntuación es 16: flechas 2 + 5, la estrella 10, el d8 -1',
        ],
      },
      {
        text: 'La partida terminó tras esta décima ronda: 7 por tus cartas de flecha, +10 por la estrella, -1 por el d8: 16, la mejor puntuación de los tres. El d8 te costó 1 punto y te hizo ganar 10.',
      },
    ],
  },
  '06-swap-and-exchange': {
    title: 'Swap y exchange',
    topics: ['Cartas', 'Una ronda'],
    steps: [
      {
        text: "Dos objetos actúan sobre otros jugadores. 'exchange' (+3 puntos si lo conservas): nombras a otro jugador e intercambias tu posición con la suya. 'swap' (-2 si lo conservas): nombras a otro jugador y otro de tus objetos; se lo das y, en el mismo momento, tomas al azar una de sus cartas de objeto. (Un jugador que usa 'noswap' esa ronda está a salvo tanto de los swaps como de los objetos que se dan al chocar.)",
      },
      {
        text: "p2 está en e5, justo debajo de dos estrellas en e6 y e7, y tú estás lejos, en a1. Usa tu exchange con p2: 'use exchange <jugador>'.",
        hint: "Nombra al jugador que está en e5: 'use exchange <jugador>'.",
        learned: ['intercambiarás tu posición con p2'],
      },
      {
        text: "Tu carta half vale -2 al final. Deshazte de ella: dásela con swap a p3, que tiene dos objetos que no puedes ver. Escribe 'use swap <jugador> <objeto>'.",
        hint: "Da tu half a p3: 'use swap <jugador> <objeto>'.",
        learned: ['darás tu half a p3 con swap'],
      },
      {
        text: 'Eso es todo en cuanto a objetos esta ronda.',
        hint: 'ready',
        learned: ['ahora estás en e5', 'p2 está ahora en a1', 'tomaste el x2 de p3', 'p3 tiene ahora tu half'],
      },
      {
        text: 'Los usos se revelaron y se resolvieron: primero los exchange, luego los swap. Estás en e5, y el azar eligió el x2 entre los dos objetos de p3. Lanza tu 1a.',
        hint: 'throw 1a',
        learned: ['tu 1a cayó derecha: N', 'sacaste un 2'],
      },
      {
        text: 'Tu carta apunta a N y sacaste un 2: justo las dos estrellas.',
        hint: 'go N',
        learned: ['recogiste las dos estrellas', 'tu puntuación es 28: flechas 2 + 4, x2 +2, estrellas +20'],
      },
      {
        text: 'Dos estrellas, y una carta de +2 en lugar de una de -2. Fíjate en lo que le tocó a p2: desde a1 solo podía caminar hacia W, fuera de la zona de juego: un jugador que fuera a salir de ella se detiene en el borde y pierde el resto de los pasos.',
      },
    ],
  },
  '07-noswap-and-draw': {
    title: 'Noswap y draw',
    topics: ['Cartas', 'La marcha'],
    steps: [
      {
        text: "p2 está en c5, cuatro casillas al norte de ti, y tiene dos objetos que no puedes ver. Si chocas con p2, cada uno da al otro un objeto al azar: podrías perder tu x2 (+2) a cambio de algo peor. 'noswap' (+3 si lo conservas) te protege durante una ronda: un choque contigo no intercambia nada en ningún sentido, y un swap dirigido a ti no hace nada.",
      },
      {
        text: 'Protege tu mano esta ronda: usa tu noswap. (Una vez usado, sale de tu mano, y sus 3 puntos con él: ese es el precio.)',
        hint: "'use' seguido del nombre del objeto.",
        learned: ['usarás noswap'],
      },
      {
        text: "'draw' (+3 si lo conservas) pone en tu mano la carta de arriba de un montón de cartas de flecha al azar: una carta de flecha que vale de 1 a 5 puntos, y una carta más para lanzar. Úsalo también: se permite una copia de cada tipo por ronda.",
        hint: "'use' seguido del nombre del objeto.",
        learned: ['usarás draw y noswap'],
      },
      {
        text: 'Has terminado con los objetos.',
        hint: 'ready',
        learned: ['robaste 5a del montón 5', 'tienes 5 cartas: 4 cartas de flecha y tu x2'],
      },
      {
        text: 'El azar eligió el montón 5: robaste el 5a, que vale 5 puntos. Lanza tu carta más barata.',
        hint: 'Las cartas de flecha valen su número: lanza la que vale 1.',
        learned: ['sacaste un 2', 'la carta de p2 cayó apuntando a S'],
      },
      {
        text: 'Tu carta apunta a N y sacaste un 2; la carta de p2 apunta a S, y también sacó un 2. Camina.',
        hint: 'Tu única dirección es N.',
        learned: [
          'estás en c3',
          'p2 también está en c3',
          'conservaste tu x2',
          'tienes 4 cartas: no se intercambió nada',
        ],
      },
      {
        text: "En el segundo instante entraste en c3 a la vez que p2 y hubo un choque, pero gracias a tu noswap ningún objeto cambió de manos. Otros objetos que encontrarás: 'half' (-2) reduce tus pasos a la mitad, 'minus5' (-1) les resta 5 (como mínimo 0), y 'nopickup' (-3) hace que no recojas objetos esta ronda (las estrellas y las calaveras, sí).",
      },
    ],
  },
  '08-the-end': {
    title: 'El reparto, el final y la puntuación',
    topics: ['El reparto', 'El final y la puntuación'],
    steps: [
      {
        text: 'Una partida normal tiene 10 rondas; esta, corta, tiene 2, así que ya es la última ronda. Al comienzo de la ronda central (la 6 de 10; aquí, la ronda 2) llega el reparto: todos reciben cinco cartas de flecha nuevas, una de cada montón, y conservan el resto de su mano. Recibiste de 1d a 5d y ahora tienes 9 cartas de flecha. En la ronda 1, p2 recogió una estrella en i7 y p3 una calavera en a7; tú caminaste un paso hacia N, hasta a2.',
      },
      {
        text: 'Al final se calcula la puntuación de cada jugador: los valores de las cartas de flecha de su mano + los puntos de las cartas de objeto de su mano + 10 por cada estrella - 15 por cada calavera + los puntos del dado (d6: 0). Tus x2, x2 y half valen +2 en total si los conservas. Esta ronda, ningún objeto.',
        hint: 'ready',
        learned: ['tienes 9 cartas de flecha y 3 objetos'],
      },
      {
        text: 'p2 ya tiene una estrella (+10). Hay dos estrellas en b3 y c4, en diagonal hacia el NE desde ti. Una carta lanzada sale de tu mano y deja de contar: lanza la que menos vale.',
        hint: 'Las cartas de flecha valen su número: lanza la que vale 1.',
        learned: ['tu 1a cayó girada 45 grados en el sentido de las agujas del reloj: apunta a NE', 'sacaste un 2'],
      },
      {
        text: 'Tu 1a cayó girada un octavo de vuelta en el sentido de las agujas del reloj: su flecha apunta a NE, y sacaste un 2. Aunque solo haya una dirección posible, igualmente la eliges en secreto, como todos los demás. Camina hasta las estrellas.',
        hint: 'go NE',
        learned: [
          'recogiste las dos estrellas',
          'la partida ha terminado',
          'tu puntuación es 49: flechas 27, objetos +2, 2 estrellas +20',
        ],
      },
      {
        text: 'La partida ha terminado y se muestran los objetos de todas las manos. Tú: flechas 27 + objetos 2 + dos estrellas 20 = 49. p2: flechas 27 - 2 por sus objetos + una estrella 10 = 35. p3: 27 - 1 - 15 por su calavera = 11. Gana la puntuación más alta (las puntuaciones iguales comparten el puesto): ¡has ganado! Ya conoces todo el juego: juega una partida contra el ordenador.',
      },
    ],
  },
};
