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
        text: 'Evons es un juego de cartas para dos jugadores sobre un tablero de 7 x 7 celdas. Tú eres p1, en el lado sur; el ordenador es p2, en el lado norte. Cada jugador tiene un mazo de 24 cartas, una mano, un cementerio, una pila de cartas retiradas de la partida y créditos: 50 al empezar.',
      },
      {
        text: 'Las columnas se llaman x a b c d e y de oeste a este, y las filas de 0 a 6 de sur a norte: x0 es la esquina suroeste y c3 el centro. El cuadrado de 5 x 5 de a1 a e5, enmarcado con líneas gruesas, es la zona principal: solo puntúa lo que ocurre ahí. El anillo de celdas que la rodea, fuera de las líneas gruesas, es la zona exterior.',
      },
      {
        text: "La mayoría de las cartas son monstruos: un elemento (Fuego, Agua, Tierra, Eléctrico, Naturaleza, Oscuridad), un coste en créditos, un ATQ, una DEF y flechas en cualquiera de ocho direcciones. Algunas flechas llevan una habilidad y se dibujan dobles (⇑); las demás son simples (↑). Los bloques son el otro tipo de carta: un elemento y nada más. En el tablero un monstruo muestra su controlador y su nombre ('1 cinder': el cinder-pup de p1), su ATQ/DEF actual ('2/2') y sus flechas.",
        web: 'La mayoría de las cartas son monstruos: un elemento (Fuego, Agua, Tierra, Eléctrico, Naturaleza, Oscuridad), un coste en créditos, un ATQ, una DEF y flechas en cualquiera de ocho direcciones, dibujadas en los bordes de la carta. Algunas flechas llevan una habilidad y se dibujan más grandes y en amarillo; las demás, pequeñas y del color del dueño. Los bloques son el otro tipo de carta: un elemento y nada más. En el tablero un monstruo muestra su nombre, de quién es, su ATQ y su DEF actuales, y sus flechas. Toca, mantén pulsada o haz clic derecho en una carta para leerla entera.',
      },
      {
        text: "Cada jugador ha robado 5 cartas. Tu mano aparece junto al tablero, con ATQ/DEF y costes; p2 solo ve cuántas cartas tienes, y nadie conoce el orden de un mazo. Antes de la partida, cada jugador puede una vez devolver cartas y robar de nuevo ('mulligan <carta>...'), o quedárselas ('keep'). Tu mano está bien: quédatela.",
        web: 'Cada jugador ha robado 5 cartas. Tu mano se muestra con el tablero, cada carta con su ATQ, su DEF y su coste; p2 solo ve cuántas cartas tienes, y nadie conoce el orden de un mazo. Antes de la partida, cada jugador puede una vez devolver cartas y robar de nuevo (un mulligan), o quedárselas. Tu mano está bien: quédatela.',
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
  '02-conflicts-and-flips': {
    title: 'Conflictos y volteos',
    topics: ['Un turno', 'Activación', 'Conflictos', 'Volteos'],
    steps: [
      {
        text: 'Esta es la imagen del reglamento original. El pebble-golem de p2 (ATQ 2, DEF 3) está en c3; las cartas de p2 están giradas, así que su flecha N impresa apunta al sur en el tablero, a c2. El seedling de p2 en d2 apunta al sur, a d1.',
      },
      {
        text: 'Un monstruo jugado boca arriba se activa: fase de habilidades 1 (usar flechas de habilidad), luego conflictos, luego volteos y luego fase de habilidades 2. Los conflictos y los volteos solo ocurren en la zona principal. Un monstruo del rival al que apunta tu carta y que le apunta de vuelta con una flecha defiende su posición: es un conflicto. Uno que no apunta de vuelta se voltea: cambia de bando.',
      },
      {
        text: 'Tu volt-lynx (ATQ 3, DEF 3) tiene flechas N, E (con Magnetism) y W. Juégalo donde su flecha N dé con el pebble-golem, que apunta de vuelta, y su flecha E dé con el seedling, que no.',
        hint: "El pebble-golem apunta a c2, y desde c2 el seedling está justo al este: 'play volt-lynx c2'.",
        learned: [
          'el pebble-golem está en el cementerio de p2',
          'el seedling sigue en d2',
          'y ahora lo controlas tú',
          'tu puntuación es 2',
        ],
      },
      {
        text: 'En el conflicto, las dos cartas infligieron daño en el mismo momento: la DEF de cada carta se reduce en el ATQ de la otra. El pebble-golem recibió 3 y llegó a DEF 0: destruido, al cementerio de su dueño. Tu volt-lynx recibió 2 y sobrevivió con DEF 1. Tras sobrevivir, volteó el seedling, que no apuntaba de vuelta: ahora es tuyo y cuenta para tu puntuación. (La flecha de Magnetism no tenía nada que hacer: su objetivo no estaba vacío.)',
      },
      {
        text: 'Después tu turno terminó y todo el daño desapareció: tu volt-lynx vuelve a tener DEF 3. Si el volt-lynx hubiera sido destruido en su conflicto, su activación habría terminado en el acto y no se habría volteado nada.',
      },
    ],
  },
  '03-damage-lasts-the-turn': {
    title: 'Dos conflictos: el daño dura todo el turno',
    topics: ['Conflictos', 'Activación'],
    steps: [
      {
        text: 'Los dos volt-lynx de p2 (ATQ 3, DEF 3) están en b3 y d3, y cada uno apunta una flecha a c3, la celda que hay entre ellos. Tu mountain-titan es grande: ATQ 5, DEF 7, coste 22. Juégalo en c3, entre los dos.',
        hint: "Los dos volt-lynx apuntan a la celda central: 'play mountain-titan c3'.",
        learned: ['pagaste 22 créditos'],
      },
      {
        text: "El mountain-titan se activa. En la fase de habilidades 1 podría usar sus flechas de Shockwave, pero esta lección trata de luchar: pasa a los conflictos con 'next'.",
        hint: "Shockwave empujaría lejos a un volt-lynx en lugar de luchar contra él. Escribe 'next' para salir de la fase de habilidades 1.",
      },
      {
        text: "Los dos volt-lynx apuntan de vuelta, así que ambos defienden su posición: dos conflictos, y tú eliges el orden ('conflict <celda>'). La cadena, bajo el tablero, los muestra pendientes. Lucha primero contra el volt-lynx de b3.",
        hint: "Aquí el orden no cambia nada, pero la lección lucha primero en b3: 'conflict b3'.",
        learned: ['los dos volt-lynx están en el cementerio de p2', 'tu mountain-titan sobrevivió'],
      },
      {
        text: 'Primer conflicto: el mountain-titan recibió 3 (DEF 4) y el volt-lynx recibió 5 y fue destruido. El daño se acumula durante todo el turno, así que el mountain-titan entró en el segundo conflicto (el único que quedaba, así que se jugó por ti) con DEF 4, recibió 3 más y terminó con DEF 1. Si su DEF hubiera sido 6, el segundo volt-lynx también lo habría destruido.',
      },
      {
        text: 'Al final del turno todo el daño desaparece: el mountain-titan vuelve a tener DEF 7 para el turno de p2.',
      },
    ],
  },
  '04-cover-and-reveal': {
    title: 'Créditos, poner boca abajo y revelar',
    topics: ['Jugadas desde la mano', 'Un turno', 'Volteos'],
    steps: [
      {
        text: "Hay tres jugadas desde la mano, y haces como mucho una por turno: 'play' (boca arriba, pagando el coste ahora), 'cover <carta> <celda>' (boca abajo, sin pagar nada ahora) y 'reveal <celda>' (poner boca arriba una de tus cartas boca abajo, pagando su coste en ese momento). Tienes 10 créditos; tu quake-ram cuesta 13.",
      },
      {
        text: 'Hoy no puedes pagar el quake-ram, pero puedes ponerlo ya en el tablero boca abajo. Ponlo boca abajo en c3, el centro.',
        hint: "'play' costaría créditos ahora. Ponlo boca abajo: 'cover quake-ram c3'.",
        learned: ['el quake-ram está boca abajo en c3', 'no pagaste nada, y ganaste 5 créditos al empezar este turno'],
      },
      {
        text: 'p2 solo ve que tienes una carta boca abajo en c3, no cuál. Una carta boca abajo no tiene flechas: nunca ataca, nunca defiende y nunca se activa, y no cuenta para tu puntuación. p2 terminó su turno sin jugar desde la mano. Empezó tu nuevo turno: +5 créditos (ahora 15) y una carta robada.',
      },
      {
        text: 'Ahora revela el quake-ram: se pone boca arriba, pagas sus 13 créditos y se activa como una carta jugada. Sus flechas NW y NE apuntan a b4 y d4: el seedling de p2 en b4 apunta al sur, no de vuelta, y en d4 hay una de las cartas boca abajo de p2.',
        hint: "Tu carta boca abajo está en c3: 'reveal c3'.",
        learned: [
          'pagaste 13 créditos',
          'el seedling de b4 ahora es tuyo',
          'la carta boca abajo de p2 fue a su cementerio',
        ],
      },
      {
        text: 'El seedling se volteó y pasó a ser tuyo. Un volteo no pone boca arriba una carta boca abajo: la destruye (una carta colocada boca abajo por Growth es la excepción: los volteos no le afectan). Poner cartas boca abajo es barato, pero una carta boca abajo está indefensa.',
      },
    ],
  },
  '05-firestorm-and-swap': {
    title: 'Habilidades: Firestorm, Swap y la zona exterior',
    topics: ['Habilidades', 'Activación'],
    steps: [
      {
        text: "Una flecha de habilidad (dibujada doble) puede usarse en la fase de habilidades 1 o en la fase de habilidades 2 de la activación de su carta, una vez en cada una: 'ability <dirección>'. Las direcciones son las del tablero, N hacia la fila 6. Su objetivo es la celda a la que apunta la flecha. Cada elemento trae su propia habilidad; en esta lección están Fuego y Agua.",
      },
      {
        text: 'Firestorm (Fuego) inflige un daño igual a la DEF actual de la carta, repartido punto a punto entre los monstruos rivales que haya en el objetivo y en las celdas contiguas a él al N, E, S y W. Un punto destruye una carta boca abajo. p2 tiene cartas boca abajo en a5 y c5. Tu cinder-pup (DEF 2, Firestorm en su flecha N) puede alcanzar ambas: juégalo en b4.',
        hint: "El objetivo de Firestorm debe ser la celda entre a5 y c5, así que el cinder-pup va justo al sur de ella: 'play cinder-pup b4'.",
      },
      {
        text: 'El cinder-pup se activa, en la fase de habilidades 1. Usa su flecha de Firestorm.',
        hint: "'next' se saltaría la habilidad. La flecha de Firestorm apunta al norte: 'ability N'.",
      },
      {
        text: "Tienes 2 puntos que infligir, un 'burn <celda>' por punto. Inflige primero 1 de daño a la carta boca abajo de a5; al último punto solo le queda entonces un objetivo y se inflige por ti.",
        hint: "Escribe 'burn a5'.",
        learned: ['las dos cartas boca abajo están en el cementerio de p2'],
      },
      {
        text: 'Las dos cartas boca abajo han desaparecido. p2 terminó su turno. Ahora, la zona exterior: una carta que esté allí (se mira dónde está al empezar cada fase) no tiene conflictos ni volteos, y nunca cuenta para la puntuación, pero usa sus habilidades. Swap (Agua): el objetivo contiene un monstruo, y este y la carta activa intercambian sus celdas; la carta activa sigue con su activación desde su nueva celda.',
      },
      {
        text: 'El grave-bat de p2 en c1 y su seedling en d1 puntúan para p2. Tu tide-sprite tiene Swap en su flecha N y una flecha E simple. Juégalo en la zona exterior, justo al sur del grave-bat, y luego usa Swap.',
        hint: "La celda de la zona exterior al sur de c1 es c0: 'play tide-sprite c0'.",
      },
      {
        text: 'Ahora usa la flecha de Swap.',
        hint: "La flecha de Swap apunta al norte: 'ability N'.",
        learned: [
          'el grave-bat está en la zona exterior, en c0',
          'tu tide-sprite está en c1',
          'el seedling de d1 es tuyo',
          'ahora p2 no puntúa nada',
        ],
      },
      {
        text: 'El tide-sprite pasó a la zona principal, así que sus conflictos y volteos ocurrieron en c1: su flecha E volteó el seedling, que no apuntaba de vuelta. El grave-bat, en la zona exterior, ya no puntúa.',
      },
    ],
  },
  '06-shockwave-and-chain': {
    title: 'Shockwave y una cadena',
    topics: ['Cadenas', 'Habilidades'],
    steps: [
      {
        text: 'Shockwave (Tierra): el objetivo contiene una carta; empújala una celda más allá en la dirección de la flecha. Cualquier carta que haya en la celda de llegada se destruye, incluidas las tuyas, y una carta empujada fuera del tablero queda retirada de la partida.',
      },
      {
        text: 'Una cadena: cuando, en tu turno, una habilidad mueve uno de tus monstruos boca arriba (que no sea la carta que usa Swap), ese monstruo se reactiva. Primero se desarrolla toda su activación, en lo alto de la pila de la cadena; después continúa la activación interrumpida. Una carta se reactiva como mucho una vez por turno.',
      },
      {
        text: 'Tu spark-mite está en c3, debajo del grave-bat de p2 en c4. Tu pebble-golem tiene Shockwave en su flecha N. Juégalo donde pueda empujar el spark-mite sobre el grave-bat.',
        hint: "El pebble-golem debe apuntar al norte, al spark-mite: 'play pebble-golem c2'.",
      },
      {
        text: 'El pebble-golem se activa. Usa su Shockwave.',
        hint: "'next' se saltaría el empujón. Escribe 'ability N'.",
        learned: ['el grave-bat quedó aplastado', 'tu spark-mite está en c4', 'el seedling de b5 es tuyo'],
      },
      {
        text: 'El empujón aplastó al grave-bat en la celda de llegada. Movido por una habilidad en tu turno, el spark-mite se reactivó, en una cadena de 2 niveles: desde c4, su flecha NW volteó el seedling de p2 en b5, que no apuntaba de vuelta. Luego la cadena volvió al pebble-golem, que terminó su propia activación. La cadena, bajo el tablero, muestra lo que está pendiente, empezando por arriba.',
      },
    ],
  },
  '07-growth-resurrection-magnetism': {
    title: 'Growth, Resurrection y Magnetism',
    topics: ['Habilidades'],
    steps: [
      {
        text: 'Tres habilidades más, una por turno. Growth (Naturaleza): el objetivo está vacío; pon allí boca abajo un monstruo de tu mano, sin pagar. Tu seedling tiene Growth en su flecha N. Juégalo en c2.',
        hint: "La celda de la lección es c2: 'play seedling c2'.",
      },
      {
        text: "Usa la flecha de Growth para poner tu briar-stag boca abajo en c3: 'ability <dirección> <carta>'.",
        hint: "La flecha apunta al norte, y la carta es el briar-stag: 'ability N briar-stag'.",
        learned: ["la carta de c3 está colocada por Growth ('G' en el tablero)"],
      },
      {
        text: 'Una carta colocada por Growth está boca abajo, pero los volteos y las flechas simples no le afectan, y revelarla más tarde no cuesta nada. p2 terminó su turno. Resurrection (Oscuridad): el objetivo está vacío; pon allí boca arriba un monstruo de tu propio cementerio cuyo coste sea como mucho el de la carta activa. Se activa. Tu cinder-pup (coste 6) está en tu cementerio; tu grave-bat (coste 6) tiene Resurrection en su flecha S. Juega el grave-bat en b4.',
        hint: "El grave-bat va en b4, para que su flecha S apunte a b3: 'play grave-bat b4'.",
      },
      {
        text: 'Resucita el cinder-pup en b3.',
        hint: "La flecha de Resurrection apunta al sur, y la carta es el cinder-pup: 'ability S cinder-pup'.",
        learned: ['el cinder-pup ha vuelto, boca arriba en b3', 'tu cementerio está vacío'],
      },
      {
        text: 'Magnetism (Eléctrico): el objetivo está vacío; mueve a él una carta (que no sea un bloque ni la carta activa) desde una celda contigua al objetivo al N, E, S o W. El quake-ram de p2 en e5 puntúa para p2. Tu spark-mite tiene Magnetism en su flecha NE: juégalo en e4, para que la flecha apunte a y5, en la zona exterior junto al quake-ram.',
        hint: "'play spark-mite e4'.",
      },
      {
        text: "Saca el quake-ram de la zona principal: 'ability <dirección> <celda de la que viene la carta>'.",
        hint: "La flecha es NE y la carta viene de e5: 'ability NE e5'.",
        learned: ['el quake-ram está en y5, en la zona exterior', 'p2 no puntúa nada'],
      },
      {
        text: 'Si Magnetism hubiera movido uno de tus propios monstruos boca arriba, ese monstruo se habría reactivado, como en una cadena.',
      },
    ],
  },
  '08-remove-and-block': {
    title: 'Remove y Block',
    topics: ['Habilidades', 'Cartas'],
    steps: [
      {
        text: 'Las dos últimas habilidades pueden estar en una carta de cualquier elemento. Remove: destruye el monstruo del objetivo, lo controle quien lo controle, esté boca arriba o boca abajo. El mountain-titan de p2 (ATQ 5, DEF 7) en c3 ganaría cualquier conflicto contra tus cartas. Tu assassin (ATQ 4, DEF 2) tiene Remove en su flecha N. Juégalo justo al sur del mountain-titan.',
        hint: "Al sur de c3 está c2: 'play assassin c2'.",
      },
      {
        text: 'El mountain-titan apunta de vuelta a c2, así que se avecina un conflicto, y tu assassin lo perdería. Pero antes llega la fase de habilidades 1: usa Remove ahora.',
        hint: "'next' iría directamente al conflicto. Escribe 'ability N'.",
        learned: ['el mountain-titan está en el cementerio de p2'],
      },
      {
        text: "No hay conflicto: el mountain-titan había desaparecido antes. p2 terminó su turno. Block: si el objetivo está vacío, pon allí boca arriba una carta de bloque de tu mano ('ability <dirección> <bloque>'); si contiene un bloque, envía ese bloque al cementerio de su dueño ('ability <dirección>'). Un bloque solo tiene un elemento: ni flechas ni coste, y las flechas que le apuntan no hacen nada en conflictos y volteos. No puntúa, pero ocupa una celda. Juega tu sentry (Block en su flecha S) en d2.",
        hint: "'play sentry d2'.",
      },
      {
        text: 'Pon tu bloque de Fuego en d1.',
        hint: "La flecha de Block apunta al sur: 'ability S block-fire'.",
        learned: ['tu bloque está en d1'],
      },
      {
        text: 'Ya conoces las ocho habilidades: Firestorm, Swap, Shockwave, Magnetism, Growth, Resurrection, Remove y Block.',
      },
    ],
  },
  '09-the-end': {
    title: 'El final y la puntuación',
    topics: ['El final y la puntuación'],
    steps: [
      {
        text: "La partida termina en el acto cuando las 25 celdas de la zona principal están ocupadas, por cartas de cualquier tipo: los bloques y las cartas boca abajo también cuentan, incluso en mitad de una cadena. También termina cuando los dos jugadores terminan ('end') turnos consecutivos sin jugar desde la mano y, como límite de seguridad, tras 200 turnos.",
      },
      {
        text: 'Tu puntuación es el número de monstruos boca arriba que controlas en la zona principal; gana la puntuación más alta, y a igual puntuación hay empate. Aquí tú tienes 4 (de a1 a d1) y p2 tiene 4 (de a5 a d5); los bloques no cuentan para nadie. Solo c3 está vacía.',
      },
      {
        text: 'Tienes un spark-mite y 20 créditos. Llena la última celda de forma que ganes.',
        hint: "Una carta boca abajo no puntúa, y la partida terminaría 4 a 4: juégalo boca arriba, 'play spark-mite c3'.",
        learned: ['la partida terminó con la zona principal llena', 'tu puntuación es 5', 'p2 tiene 4'],
      },
      {
        text: "La zona principal se llenó en el momento en que tu carta llegó, así que la partida terminó en el acto, antes de que la activación del spark-mite siguiera adelante: ganas 5 a 4. Ya conoces todas las reglas de Evons. Prueba una partida completa contra el ordenador con 'quiver play evons'.",
      },
    ],
  },
};
