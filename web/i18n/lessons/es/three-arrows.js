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
        text: 'Lo que tienes: 17 piezas de flecha guardadas en secreto en una reserva, 3 cubiertas (para ocultar una pieza), 3 escudos (para proteger una pieza) y 1 pieza de bonificación. Hay además un dado de seis caras: dos muestran +1, dos muestran -1 y dos muestran 0. El tablero empieza vacío. Cada una de estas cosas tiene su propia lección.',
      },
      {
        text: 'El tablero es de 6 x 6. Las casillas se nombran como en un tablero de ajedrez: una letra para la columna (de la a a la izquierda a la f a la derecha) y un número para la fila (del 1 abajo al 6 arriba). Así, a1 es la esquina inferior izquierda y f6 la superior derecha. Los cuatro bordes son los lados: S (fila 1), N (fila 6), W (columna a) y E (columna f). N es la parte de arriba del tablero.',
      },
      {
        text: "Tu primera pieza va en una casilla de borde que no sea una esquina; su lado pasa a ser tu lado propio. Una jugada se escribe en una notación corta: 'place <pieza> <casilla> <orientación>'. Las piezas tienen letras (Y es la pieza Y) y miran a N, E, S o W. Coloca tu Y en c1, en el lado sur, mirando a N.",
        hint: 'Escribe la pieza, la casilla y la orientación, en ese orden: place Y c1 N.',
        learned: [
          'tu Y está en c1',
          'la pieza de c1 es una Y',
          'el lado sur es ahora tu lado propio',
          'p2 tomó el lado este',
        ],
      },
      {
        text: "Leer el tablero: una pieza se muestra con el número de su dueño y su letra, '1Y' para tu Y y '2T' para la T de p2, con una flecha hacia donde mira (en la terminal, '1Y↑' es tu Y mirando a N y '2T←' la T de p2 mirando a W). Más adelante verás '1y' (en minúscula: tu pieza cubierta), '2?' (una pieza cubierta de p2) y una 's' al final (un escudo). p2 tenía que elegir un lado que nadie hubiera tomado, y colocó una T en f4 (lado este) mirando a W. Debajo del tablero ves de cada jugador las piezas capturadas, las piezas de bonificación, las cubiertas, los escudos y las piezas que quedan en la reserva (las tuyas por tipo, las de p2 solo como número), y después de quién es el turno.",
        web: 'Leer el tablero: cada pieza es una ficha del color de su dueño (las tuyas verdes, las de p2 rojas) con su letra, y sus flechas dibujadas hacia donde mira la pieza: tu Y en c1 tiene sus dos flechas diagonales hacia arriba. Más adelante verás una ficha bajo un ojo tachado (una pieza cubierta: la tuya aún se ve tenue debajo, la de p2 solo muestra la cubierta) y una insignia de escudo (una pieza con escudo). p2 tenía que elegir un lado que nadie hubiera tomado, y colocó una T en f4 (lado este) mirando a W. Junto al tablero ves de cada jugador las piezas capturadas, las piezas de bonificación, las cubiertas, los escudos y las piezas que quedan en la reserva (las tuyas por tipo, las de p2 solo como número), y encima de quién es el turno. Toca, mantén pulsada o haz clic derecho en cualquier pieza para leer qué es.',
      },
    ],
  },
  '02-along-the-arrows': {
    title: 'Colocar a lo largo de tus flechas',
    topics: ['Piezas', 'Colocar', 'Un turno'],
    steps: [
      {
        text: 'Hay siete tipos de piezas. Mirando a N, sus flechas son: Angle A (N y E), Tee T (W, N, E), Cross X (las cuatro direcciones rectas), Y (las diagonales NW y NE, y S), Double D (N, que cuenta 2), Triple R (N, que cuenta 3) y Terminator Z (cinco flechas; tiene su propia lección). Una pieza que mira a E, S o W es la misma pieza girada: sus flechas giran con ella.',
      },
      {
        text: 'Un turno es exactamente una acción: colocar una pieza, atacar o quitar un escudo. No se puede pasar. Después de tu primera pieza, cada pieza nueva debe ir en una casilla vacía a la que apunte una de tus propias piezas. Tu Y en c1 apunta en diagonal a b2 (NW) y a d2 (NE); su flecha S apunta fuera del tablero. Coloca un Angle mirando a N en la casilla a la que apunta la flecha NE de tu Y.',
        hint: 'NE es una columna a la derecha y una fila hacia arriba desde c1. Escribe la letra de la pieza, la casilla y la orientación: place A <casilla> N.',
        learned: ['tu Angle está en d2', 'la pieza de d2 es un Angle', 'te quedan dos Angle en la reserva'],
      },
      {
        text: 'Tu Angle en d2 mira a N, así que su flecha N apunta a d3 y su flecha E a e2. Cada pieza nueva te da casillas nuevas. Ahora pon un Double, mirando a N, en la casilla al norte de tu Angle: las dos flechas de un Double apuntan en la misma dirección, lo que lo hace fuerte en los ataques a lo largo de esa línea.',
        hint: 'El norte está una fila más arriba que d2, en la misma columna. La letra del Double es D.',
        learned: ['tu Double está en d3', 'la pieza de d3 es un Double', 'te quedan 14 piezas en la reserva'],
      },
      {
        text: 'p2 también ha hecho crecer una línea hacia ti: su Tee en d4 mira a S, justo encima de tu Double, y su flecha S apunta a d3. Cuando las flechas apuntan a una pieza contraria, puedes atacarla. De eso trata la siguiente lección.',
      },
    ],
  },
  '03-attack-4-against-3': {
    title: 'Atacar: 4 contra 3, y el dado',
    topics: ['Atacar', 'Piezas de bonificación'],
    steps: [
      {
        text: "Este es el ejemplo del reglamento original. Tienes la columna c: un Tee mirando a E en c1, una Y en c2, un Double en c3 y un Angle en c4. p2 tiene un Angle mirando a S en c5 y un Double mirando a S en c6. Tu Angle en c4 apunta al N, al Angle de p2 en c5, así que puedes atacarlo: 'attack <origen> <destino>'.",
      },
      {
        text: 'Fuerza de ataque: empieza en tu pieza atacante y retrocede, alejándote del objetivo, por tus propias piezas en fila. Cuenta cada flecha que apunte en la dirección del ataque (aquí N): c4 Angle 1 + c3 Double 2 + c2 Y 0 + c1 Tee 1 = 4. La Y no tiene flecha N, pero no rompe la fila. Defensa: lo mismo desde el objetivo en adelante, contando las flechas que apuntan de vuelta hacia ti (S): c5 Angle 1 + c6 Double 2 = 3. Después el dado suma +1, 0 o -1 al ataque. Si el ataque es mayor, capturas el objetivo. Si la defensa es mayor, el defensor captura tu pieza atacante. Si empatan, no pasa nada. Ataca c5 desde c4.',
        hint: "Tu pieza atacante es el Angle en c4, y su objetivo es la casilla a la que apunta: 'attack <origen> <destino>'.",
        learned: [
          'el Angle de p2 sigue en c5',
          'c5 sigue siendo de p2',
          'no capturaste nada',
          'ganaste una pieza de bonificación: ahora tienes 2',
        ],
      },
      {
        text: 'El dado mostró -1: 4 - 1 = 3 contra 3, empate, y no pasó nada. Pero un atacante que saca -1 y no captura gana una pieza de bonificación: ahora tienes 2 (las piezas de bonificación dan turnos extra; se ven en una lección posterior). p2 colocó un Angle en f5. La posición en la columna c no ha cambiado: ataca otra vez.',
        hint: 'Nada ha cambiado en la columna c: el mismo ataque que antes, de c4 a c5.',
        learned: ['has capturado 1 pieza', 'p2 perdió su Angle', 'ahora eliges qué hace tu Angle'],
      },
      {
        text: "El dado mostró +1: 5 contra 3, y capturaste el Angle. Va a tu reserva como trofeo y cuenta 1 para ti; un trofeo nunca se vuelve a colocar. Un 0 en el dado también habría capturado (4 contra 3). Ahora tu Angle puede quedarse en c4 o avanzar a c5, que está vacía. Mantén tu columna unida: escribe 'stay'.",
        hint: 'La palabra es simplemente: stay.',
        learned: [
          'tu Angle sigue en c4',
          'el Double de p2 sigue en c6',
          'a p2 le quedan 13 piezas en su reserva (su Angle es tu trofeo, no vuelve a su reserva)',
          'el ataque terminó tu turno',
        ],
      },
    ],
  },
  '04-the-gap': {
    title: 'Las diagonales de la Y y el hueco',
    topics: ['Atacar', 'Después de una captura'],
    steps: [
      {
        text: 'Los ataques también van en diagonal. Tienes una Y mirando a N en b1 y otra en c2; p2 tiene un Cross en d3 y una Y mirando a S en f5. Tu Y en c2 apunta al NE, a d3. En diagonal solo cuentan las flechas diagonales: atacando al NE desde c2, tu fila es c2 y b1, y cada Y tiene una flecha NE: ataque 2.',
      },
      {
        text: 'La defensa sigue desde d3 hacia el NE: el Cross suma 0 (no tiene flecha SW), y luego viene e4, que está vacía. Una casilla vacía termina la fila, así que la Y de p2 en f5 no ayuda: la defensa es 0. Si la Y hubiera estado en e4, su flecha SW la habría subido a 1. Encuentra el ataque.',
        hint: "Ataca con la Y que apunta al Cross: 'attack <origen> <destino>'. Es tu Y en c2, que apunta al NE.",
        learned: ['capturaste el Cross', 'ahora eliges: quedarte o avanzar'],
      },
      {
        text: "2 + 0 contra 0: capturado (incluso un -1 habría ganado, 1 contra 0). Después de una captura eliges: 'stay', o 'advance <orientación>' para mover la pieza atacante a la casilla vaciada y darle cualquier orientación. Adelanta tu Y a d3, mirando a N.",
        hint: "'advance' seguido de la orientación que quieras, aquí N (hacia la parte de arriba del tablero).",
        learned: ['tu Y está ahora en d3', 'd3 es tuya', 'la pieza de d3 es tu Y'],
      },
      {
        text: 'c2 vuelve a estar vacía y tu Y en d3 apunta a c4 y e4 para tus próximas piezas. Fíjate en el hueco que dejaste en c2: las filas de piezas hacen fuertes los ataques y las defensas; los huecos los hacen débiles.',
      },
    ],
  },
  '05-covers': {
    title: 'Cubiertas: ocultar una pieza',
    topics: ['Cubiertas', 'Lo que ve cada jugador'],
    steps: [
      {
        text: "Tienes 3 cubiertas. Una pieza puede colocarse cubierta añadiendo la palabra 'covered' a la jugada. Entonces tu rival solo ve 'una pieza cubierta de p1': ni su tipo ni su orientación. Tú sí la ves, dibujada en minúscula ('1x'). Una cubierta solo se pone al colocar la pieza, y el Terminator nunca puede cubrirse.",
        web: "Tienes 3 cubiertas. Una pieza puede colocarse cubierta eligiendo 'cubierta' para ella (la palabra 'covered' en una jugada escrita). Entonces tu rival solo ve una pieza cubierta de p1: ni su tipo ni su orientación. Tú sí la ves, tenue bajo la marca de cubierta (un ojo tachado). Una cubierta solo se pone al colocar la pieza, y el Terminator nunca puede cubrirse.",
      },
      {
        text: 'Coloca un Cross en b2, cubierto. (Un Cross se ve igual mire hacia donde mire, así que mirando a N sirve.)',
        hint: "La jugada de colocar de siempre para un Cross (X) en b2 mirando a N, con la palabra 'covered' al final.",
        learned: ['tu Cross está en b2', 'está cubierto', 'te quedan 2 cubiertas'],
      },
      {
        text: "Lo que ve cada jugador: todos ven el tablero entero, las piezas capturadas, las cubiertas, los escudos y las piezas de bonificación de cada jugador, y cuántas piezas quedan en cada reserva. Pero p2 solo ve tu b2 como '1?', y tu reserva solo como un número; tú ves la reserva de p2 de la misma forma. El precio: una pieza cubierta no tiene ninguna flecha. No puede atacar, no puedes colocar desde ella y no suma nada a una defensa, aunque sigue ocupando su casilla.",
        web: 'Lo que ve cada jugador: todos ven el tablero entero, las piezas capturadas, las cubiertas, los escudos y las piezas de bonificación de cada jugador, y cuántas piezas quedan en cada reserva. Pero p2 solo ve en b2 una ficha de tu color bajo la marca de cubierta, y tu reserva solo como un número; tú ves la reserva de p2 de la misma forma. El precio: una pieza cubierta no tiene ninguna flecha. No puede atacar, no puedes colocar desde ella y no suma nada a una defensa, aunque sigue ocupando su casilla.',
      },
      {
        text: 'Puedes descubrir tus propias piezas cubiertas gratis al principio de tu turno, antes de tu acción (la cubierta se descarta para siempre). Descubre tu Cross en b2.',
        hint: "'uncover' seguido de la casilla de tu pieza cubierta.",
        learned: ['tu Cross está descubierto', 'sigue siendo tu turno: descubrir no es tu acción'],
      },
      {
        text: 'Descubrir fue gratis: todavía tienes tu acción. Tu Cross apunta ahora a a2, b3 y c2. Coloca un Angle mirando a N en b3, al norte del Cross.',
        hint: 'Al norte de b2 está b3: place A b3 N.',
        learned: ['tu Angle está en b3', 'tu turno ha terminado'],
      },
    ],
  },
  '06-defender-uncovers': {
    title: 'Cubiertas: la sorpresa del defensor',
    topics: ['Cubiertas', 'Atacar'],
    steps: [
      {
        text: 'p2 ataca tu Angle en c2 desde c3, en dirección S. Ataque: Angle de p2 1 + Double 2 = 3. Tu defensa cuenta las flechas que apuntan a N desde c2 en adelante: tu Angle 1, y tu Triple en c1 no suma nada, porque está cubierto. 3 contra 1: p2 capturaría con cualquier cara del dado.',
      },
      {
        text: 'Pero un defensor con piezas cubiertas puede descubrir cualquiera de ellas antes de que se tire el dado, y cuentan de inmediato. (El atacante solo puede descubrir antes de declarar el ataque.) Descubre tu Triple.',
        hint: "Tu pieza cubierta es el Triple de abajo de la columna c: 'uncover <casilla>'.",
        learned: [
          'tu Triple en c1 está descubierto',
          'capturaste la pieza atacante',
          'p2 perdió su Angle',
          'es tu turno',
        ],
      },
      {
        text: "Tu defensa pasó a ser Angle 1 + Triple 3 = 4 (como no quedaba nada por descubrir, se jugó 'defend' por ti). El dado mostró 0: 3 contra 4, y gana el defensor: capturaste el Angle atacante de p2. Un ataque puede salirle mal al atacante.",
      },
    ],
  },
  '07-shields': {
    title: 'Escudos y unshield',
    topics: ['Escudos'],
    steps: [
      {
        text: "Tienes 3 escudos. Una pieza puede colocarse con escudo añadiendo 'shielded' a la jugada (y también 'covered' si quieres). Una pieza con escudo no puede ser atacada; en el tablero se marca con una 's'. El Cross de p2 en c3 tiene escudo, así que tu Angle en c2 no puede atacarlo, aunque apunte a él.",
      },
      {
        text: "Para llegar a él, gasta tu acción en 'unshield <casilla>': el escudo se descarta. Puedes hacerlo cuando de otro modo podrías atacar la pieza (una de tus piezas descubiertas apunta a ella). Quitar un escudo es toda tu acción del turno. Quita el escudo de c3.",
        hint: "Todavía no puedes atacar el Cross con escudo. 'unshield' seguido de su casilla quita el escudo.",
        learned: [
          'el Cross de p2 sigue en c3',
          'ya no tiene escudo',
          'el escudo se descartó: p2 todavía tiene 2 escudos sin usar',
        ],
      },
      {
        text: 'p2 respaldó su Cross con un Tee mirando a S en c4: la defensa es ahora Cross 1 + Tee 1 = 2. Tu ataque en dirección N: Angle 1 + Double 2 = 3. Ataca el Cross.',
        hint: "Tu Angle apunta al N, al Cross: 'attack <origen> <destino>'.",
        learned: ['capturaste el Cross', 'eliges: quedarte o avanzar'],
      },
      {
        text: '3 contra 2: capturado. Esta vez quédate donde estás. Recuerda: un escudo solo detiene los ataques contra su pieza. Una pieza con escudo que ataca y pierde es capturada igualmente.',
        hint: 'Escribe: stay.',
        learned: ['tu Angle sigue en c2', 'es el turno de p2'],
      },
    ],
  },
  '08-bonus-pieces': {
    title: 'Piezas de bonificación y turnos extra',
    topics: ['Piezas de bonificación', 'Un turno'],
    steps: [
      {
        text: 'Todos empiezan con 1 pieza de bonificación, y los ataques hacen ganar más: el atacante gana una cuando el dado muestra -1 y el ataque no captura; el defensor gana una cuando el dado muestra +1 y el atacante captura por exactamente uno (un empate que el dado convirtió en captura). Tienes 2 piezas de bonificación.',
      },
      {
        text: "Al principio mismo de tu turno, antes de cualquier otra cosa, puedes gastar 2 o más piezas de bonificación: 'bonus <k>'. Se descartan, y juegas k - 1 turnos extra justo después de este. Gasta tus 2 piezas de bonificación en un turno extra.",
        hint: "'bonus' seguido de cuántas piezas de bonificación gastas: tienes 2.",
        learned: [
          'tus piezas de bonificación están gastadas',
          'te corresponde un turno extra',
          'todavía tienes la acción de este turno',
        ],
      },
      {
        text: 'Ahora haz tu acción normal: coloca un Double mirando a N en c2, donde apunta tu Angle.',
        hint: 'place D c2 N',
        learned: ['tu Double está en c2', 'vuelve a ser tu turno: el turno extra'],
      },
      {
        text: 'Tu turno extra. El Double apunta a c3: coloca allí un Angle, mirando a N.',
        hint: 'place A c3 N',
        learned: ['tu Angle está en c3', 'ahora es el turno de p2'],
      },
      {
        text: 'Dos piezas seguidas mientras p2 esperaba. Las piezas de bonificación sin usar también cuentan al final: deshacen los empates entre jugadores con el mismo número de capturas.',
      },
    ],
  },
  '09-the-terminator': {
    title: 'El Terminator',
    topics: ['El Terminator'],
    steps: [
      {
        text: 'El Terminator (Z) tiene cinco flechas: mirando a N, apuntan a N, NE, NW, SE y SW. Va el último: solo puedes colocarlo cuando tus otras 16 piezas hayan salido todas de tu reserva, o cuando cualquier jugador haya colocado un Terminator. p2 acaba de colocar su Terminator en e6.',
      },
      {
        text: 'A partir de ahora, la única pieza que cada uno puede colocar es su propio Terminator, aunque le queden otras piezas en la reserva. Atacar y quitar escudos sigue como antes. Un Terminator puede llevar escudo, pero nunca cubierta. Coloca tu Terminator, mirando a N, donde apunta tu Double.',
        hint: 'Ahora solo se puede colocar un Terminator (Z), en una casilla a la que apunten tus piezas: tu Double en c2 apunta al N, a c3.',
        learned: [
          'tu Terminator está en c3',
          'la pieza de c3 es tu Terminator',
          'capturaste el Tee de p2 cuando atacó',
          'hay un Terminator en el tablero',
        ],
      },
      {
        text: 'p2 no podía colocar nada, y su única acción posible era atacar tu Terminator con su Tee: 1 contra Terminator 1 + Double 2 + Angle 1 = 4. Tu defensa capturó el Tee. Ahora tu Terminator apunta al NW al Cross de p2 en b4, al NE a su Angle en d4 y al SE a su Angle en d2. Ataca el Cross en b4.',
        hint: "El Terminator en c3 apunta al NW, a b4: 'attack <origen> <destino>'.",
        learned: [
          'has capturado 2 piezas',
          'tu Terminator se quedó en c3',
          'b4 está vacía: la siguiente pieza es el Angle de p2 en d4',
          'p2 no puede actuar, así que vuelve a ser tu turno',
        ],
      },
      {
        text: '1 contra 0: capturado. Una vez colocado un Terminator, la pieza que captura siempre se queda donde está: no se te preguntó si quedarte o avanzar. Y p2 ya no puede actuar en absoluto: solo puede colocar su Terminator, que ya está en el tablero, y ninguna de sus piezas apunta a las tuyas. Un jugador que no puede actuar ni descubrir pierde el turno, así que vuelve a ser tu turno. La partida termina cuando nadie puede actuar.',
      },
    ],
  },
  '10-the-end': {
    title: 'Eliminación, el final y la clasificación',
    topics: ['Eliminación', 'El final y la puntuación'],
    steps: [
      {
        text: 'La partida termina cuando nadie puede actuar (colocar, atacar, quitar un escudo o descubrir), cuando queda como mucho un jugador en la partida, o tras 400 turnos. Los jugadores que siguen en la partida se clasifican por piezas capturadas y después por piezas de bonificación sin usar; si empatan en ambas, comparten el puesto.',
      },
      {
        text: 'Un jugador que ha colocado piezas y ya no tiene ninguna en el tablero queda eliminado, y se clasifica por debajo de todos los que siguen en la partida. p2 ha capturado 6 piezas frente a tus 5, pero le queda una sola pieza, el Cross en c2. Tu Angle apunta a él: 1 contra 1 antes del dado. Atácalo.',
        hint: "La última pieza de p2 está en c2, y tu Angle en c1 apunta a ella: 'attack <origen> <destino>'.",
        learned: [
          'has capturado 6 piezas',
          'p2 está eliminado',
          'p2 ganó una pieza de bonificación: capturaste por exactamente uno gracias a un +1',
          'la partida ha terminado',
        ],
      },
      {
        text: 'El dado mostró +1: 2 contra 1, capturaste la última pieza de p2, y p2 queda eliminado. (Como el dado convirtió un empate en una captura por exactamente uno, p2 ganó una pieza de bonificación.) La partida termina en el acto, porque solo quedas tú. 6 capturas cada uno, y p2 incluso tiene más piezas de bonificación, pero ganas tú: un jugador eliminado se clasifica por debajo de todos los que siguen en la partida. Ya conoces todas las reglas: ¡juega una partida contra el ordenador!',
      },
    ],
  },
};
