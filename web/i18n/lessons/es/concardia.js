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
        web: "Cada carta tiene un rasgo (Piedra, Papel o Tijera: Piedra gana a Tijera, Tijera gana a Papel, Papel gana a Piedra), una Fuerza (lo que aporta a una captura), una Defensa (lo que hace falta para capturarla) y flechas. En el tablero una carta se dibuja del color de su dueño (las tuyas verdes) con su nombre, su rasgo como una letra en una marca (R, P o S: Rock, Paper, Scissors), su Fuerza y su Defensa (FUE y DEF) y sus flechas en los bordes. Una carta se nombra por su diseño y la letra de su rasgo: 'lancer-s' es el lancer de Tijera. Toca, mantén pulsada o haz clic derecho en una carta para leerla entera.",
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
  '02-first-capture': {
    title: 'Un turno y tu primera captura',
    topics: ['Un turno', 'Acciones', 'Capturar'],
    steps: [
      {
        text: 'Un turno tiene cinco pasos: robar una carta; actúan los efectos Persistentes de tus cartas; realizas exactamente una acción; se comprueba si cada carta de la Zona de Juego es capturada; la limpieza. p2 acaba de jugar su turno: robó una carta y jugó un guard de Piedra en e5.',
      },
      {
        text: "La acción habitual es 'play <card> <square>': pon una carta de tu mano boca arriba en una casilla vacía adyacente a cualquier carta de la cuadrícula, tuya o de tu rival. Las demás acciones (persist, act, immediate, pass) llegan en lecciones posteriores.",
      },
      {
        text: 'Una carta es capturada cuando las cartas adyacentes del rival le apuntan con flechas cuyo rasgo gana a su rasgo (son flechas superiores) y sus Fuerzas suman al menos su Defensa. El sentinel de d4 es de Papel, con Defensa 5. Tu lancer de Tijera le apunta: es una flecha superior, pero una Fuerza de 3 no basta.',
      },
      {
        text: 'Es tu turno y has robado una carta. Añade una segunda flecha superior para que las Fuerzas lleguen a 5. Un striker tiene Fuerza 4 y una sola flecha, N: en la cuadrícula apunta directamente al norte. ¿Qué striker, y en qué casilla?',
        hint: "Solo Tijera gana a Papel, y la única flecha de un striker apunta al norte: la casilla justo al sur del sentinel. Escribe 'play striker-s d3'.",
        learned: ['tienes 1 punto', 'el sentinel está en tu Pila de Victoria'],
      },
      {
        text: '3 + 4 = 7, al menos 5: el sentinel es capturado y va a tu Pila de Victoria. La flecha del sentinel que apunta al sur, a d3, también apuntaba a tu striker, pero Papel no gana a Tijera, así que tu striker está a salvo. La comprobación de captura se hace después de cada acción y mira las cartas de ambos jugadores.',
      },
    ],
  },
  '03-captured-together': {
    title: 'Las capturas ocurren a la vez',
    topics: ['Capturar'],
    steps: [
      {
        text: 'Después de cada acción, cada carta de la Zona de Juego, tuya o de tu rival, se comprueba con la cuadrícula tal como está. Todas las cartas que serían capturadas se capturan entonces a la vez, y cada una va a la Pila de Victoria del rival de su dueño.',
      },
      {
        text: 'El sentinel de Papel de p2 en d4 tiene Defensa 5; tu lancer de Tijera en c3 le apunta con Fuerza 3. El flanker de Piedra de p2 en e3 apunta hacia W en la cuadrícula, a d3. Captura el sentinel.',
        hint: "Te faltan 2 de Fuerza de una carta de Tijera cuya flecha apunte a d4. Tu striker de Tijera apunta al norte: 'play striker-s d3'.",
        learned: ['capturaste el sentinel', 'p2 capturó tu striker', 'p2 también tiene 1 punto'],
      },
      {
        text: 'Las dos capturas ocurrieron en el mismo Paso de Captura. El flanker de Piedra gana a tu striker de Tijera, y su Fuerza 2 alcanza la Defensa 2 del striker, así que p2 también puntuó, en tu turno. Una carta que es capturada sigue ayudando a capturar otras: la Fuerza 4 de tu striker contó contra el sentinel.',
      },
      {
        text: 'Así que, antes de jugar, mira las flechas que apuntan a la casilla que eliges: aquí cambiaste tu striker por el sentinel, un punto cada uno.',
      },
    ],
  },
  '04-reactions': {
    title: 'Reacciones: la égida',
    topics: ['Reacciones'],
    steps: [
      {
        text: 'Una Reacción responde a un suceso y no gasta ninguna acción. La égida (la carta aegis) tiene una: mientras está en tu mano, cuando una de tus cartas fuera a ser capturada, puedes descartar la égida, y esa carta no es capturada en este Paso de Captura. Tienes una égida de Piedra. Es el turno de p2.',
      },
      {
        text: "p2 jugó un flanker de Papel en e3. Su flecha hacia el oeste y la flecha hacia el sur del sentinel apuntan las dos a tu striker de Piedra en d3: Papel gana a Piedra, y 2 + 1 = 3 alcanza su Defensa 2. El striker sería capturado, así que el juego te ofrece una reacción. Salva el striker con tu égida: 'react <card> <square of the card saved>'.",
        hint: "Rehusar ('decline') deja que el striker sea capturado. Para conservarlo, descarta tu égida por la carta de d3: 'react aegis-r d3'.",
        learned: ['tu striker sigue en d3', 'la égida fue a tu pila de descartes', 'p2 no consiguió ningún punto'],
      },
      {
        text: 'El striker está salvado, pero solo en ese Paso de Captura. Las flechas siguen apuntándole, y después de cada acción, también de la tuya, viene un Paso de Captura: al final de este turno se volverá a comprobar. Solo se ofrece la reacción a un jugador que tenga una égida, y no tienes otra.',
      },
      {
        text: 'Aprovecha tu turno: captura el flanker de Papel de e3 (Defensa 3) con una carta de Tijera que le apunte.',
        hint: "Un striker apunta directamente al norte con Fuerza 4, suficiente para Defensa 3. ¿Qué casilla está justo al sur de e3? 'play striker-s e2'.",
        learned: ['capturaste el flanker', 'p2 capturó tu striker de Piedra'],
      },
      {
        text: 'Los dos cayeron a la vez: el flanker fue capturado y, aun así, como fue capturado en el mismo paso, siguió ayudando a capturar tu striker de Piedra. Un punto cada uno.',
      },
    ],
  },
  '05-costs-and-counters': {
    title: 'Costes y Contadores de Carga: el dynamo',
    topics: ['Costes y contadores', 'Un turno', 'Acciones'],
    steps: [
      {
        text: "Tu dynamo de Piedra en c3 tiene una habilidad Persistente: al inicio de cada uno de tus turnos, después de robar, acumula un Contador de Carga (como máximo 3). También tiene una Acción con coste: 'Coste 2: esta carta tiene +2 de Fuerza hasta el final del turno'. Le toca mover a p2; pasa.",
        learned: ['el dynamo ha acumulado un Contador de Carga'],
      },
      {
        text: "Empezó tu turno: robaste una carta y el dynamo acumuló un contador ('c1' en el tablero). El flanker de Tijera de p2 en c4 tiene Defensa 3. Tu dynamo le apunta hacia el norte, y Piedra gana a Tijera, pero su Fuerza es 1. Usa la Acción del dynamo en lugar de jugar una carta: 'act <square> boost'.",
        hint: "Aquí no se trata de jugar una carta. La Acción del dynamo se escribe 'act c3 boost'.",
      },
      {
        text: "Un coste N se paga unidad a unidad: cada unidad es una carta descartada de tu mano ('discard <card>') o un Contador de Carga quitado de una de tus cartas ('counter <square>'), combinados como quieras. Paga la primera unidad con el propio contador del dynamo.",
        hint: "Guarda tus cartas por ahora: el contador de c3 paga una unidad. Escribe 'counter c3'.",
        learned: ['el contador se ha gastado'],
      },
      {
        text: 'Aún queda una unidad por pagar y no te queda ningún contador. Págala con una carta de tu mano: descarta tu courier de Tijera.',
        hint: "La lección descarta el courier: 'discard courier-s'.",
        learned: ['el courier está en tu pila de descartes', 'el dynamo potenciado capturó el flanker'],
      },
      {
        text: 'Potenciado hasta Fuerza 3, el dynamo alcanzó la Defensa 3 del flanker: capturado. La potenciación terminó en la limpieza. Los costes nunca se pagan de más, y no se ofrece una acción que no puedas pagar entera.',
      },
      {
        text: "p2 jugó un guard de Piedra en d4. Ahora otra acción: una carta Persistente puede ir a tu Zona Persistente en lugar de a la cuadrícula ('persist <card>'). Sus habilidades funcionan allí igual que en la cuadrícula: un dynamo allí también acumula contadores. No puede haber allí dos cartas con el mismo nombre. Pon allí tu dynamo de Tijera.",
        hint: "Esta vez no va a la cuadrícula: 'persist dynamo-s' lo pone en tu Zona Persistente.",
        learned: ['el dynamo está en tu Zona Persistente'],
      },
    ],
  },
  '06-abilities': {
    title: 'Habilidades de las cartas: saltar, retirar, Superior',
    topics: ['Palabras clave', 'Cartas', 'Costes y contadores'],
    steps: [
      {
        text: "Algunas cartas tienen un texto. Una Acción se usa en lugar de jugar una carta; una habilidad Inmediata se usa desde la mano como tu acción, y luego la carta se descarta; una habilidad 'Al jugarla' funciona mientras la carta está en la cuadrícula. Los textos usan unas pocas palabras clave: Deslizar (mover una carta a una casilla vacía adyacente), Saltar (mover una carta por encima de una carta adyacente hasta la casilla vacía que hay justo detrás), Retirar (la carta va a la pila de descartes de su dueño, y nadie puntúa) y Superior.",
      },
      {
        text: "Tu courier de Piedra en c2 tiene la Acción 'Desliza esta carta o hazla saltar sobre una carta adyacente'. El guard de Tijera de p2 en c5 tiene Defensa 4, y tu lancer de Piedra en b4 le apunta con Fuerza 3. El courier tiene Fuerza 2 y flechas N y S. Muévelo adonde su flecha N apunte al guard: 'act <square> slide <to>' o 'act <square> jump <to>'.",
        hint: "El courier tiene que llegar a c4, dos casillas al norte: deslizar mueve solo una casilla, pero puede saltar sobre tu scout de c3. 'act c2 jump c4'.",
        learned: ['capturaste el guard'],
      },
      {
        text: '3 + 2 = 5: el guard es capturado. Una carta que se mueve conserva su dueño y su orientación, y no necesita ninguna vecina donde queda (esa regla es solo para jugar una carta). Ahora es el turno de p2.',
        learned: ['tu courier fue retirado a tu pila de descartes', 'p2 no puntuó nada por ello'],
      },
      {
        text: "p2 usó un saboteur desde su mano: 'Inmediata — Coste X: retira una carta rival de la Zona de Juego cuya Defensa ≤ Poder'. X es la Defensa del objetivo menos 1, aquí 1 carta descartada, y el Poder son las unidades pagadas más 1 por la propia carta Inmediata: 2, suficiente para la Defensa 2 de tu courier. Una carta retirada no es capturada: nadie puntúa.",
      },
      {
        text: "Última palabra clave: Superior. Una carta Superior cuenta como si ganara al rasgo del objetivo. El texto 'Al jugarla' de tu duelist de Tijera: 'esta carta es Superior a las cartas de su propio rasgo'. Tiene Fuerza 2 y flechas N y E. El shover de Tijera de p2 en e4 tiene Defensa 2. Captúralo.",
        hint: "Tijera no gana a Tijera, pero el duelist es Superior a las cartas de Tijera. Su flecha N tiene que apuntar a e4: 'play duelist-s e3'.",
        learned: ['capturaste el shover'],
      },
      {
        text: "Otras dos cartas tienen textos: el shover (Acción, Coste 1: desliza una carta adyacente a él una casilla en dirección contraria a él, 'act <square> shove <square>') y el banner (Al jugarla: tus otras cartas adyacentes a él tienen +1 de Defensa). Los efectos se suman, y la Fuerza y la Defensa son siempre los valores actuales que muestra el tablero. 'card <id>' en la línea de órdenes te dice qué hace cualquier carta.",
      },
    ],
  },
  '07-the-end': {
    title: 'El final: 5 puntos, dos pases, la derrota del tercer turno',
    topics: ['El final y la puntuación'],
    steps: [
      {
        text: 'Al final de cada turno el juego comprueba si la partida ha terminado. Un jugador con al menos 5 puntos (uno por cada carta de su Pila de Victoria) la termina. También termina cuando los dos jugadores pasan en turnos consecutivos. Entonces gana quien tenga más puntos; con los mismos puntos, quien tenga más cartas en el tablero (la Zona de Juego y tu Zona Persistente); si siguen igualados, es empate.',
      },
      {
        text: 'Hay una regla que pesa más que los puntos: a partir del final de su propio tercer turno, un jugador sin ninguna carta en el tablero pierde en el acto. Aquí p2 va ganando por 4 puntos a 2 y ha jugado cuatro turnos. Su única carta en el tablero es el flanker de Tijera de d4 (Defensa 3). Gana la partida.',
        hint: "Captura el flanker, la última carta de p2: Piedra gana a Tijera, tu lancer de c3 ya apunta a d4 con 3, y un striker apunta al norte. 'play striker-r d3'.",
        learned: ['la partida terminó por la regla del tercer turno', 'p2 perdió', 'aunque p2 tenía más puntos'],
      },
      {
        text: "A p2 no le queda ninguna carta en el tablero después de su tercer turno, así que pierde, tenga los puntos que tenga. Protege tus últimas cartas: una carta de tu Zona Persistente también cuenta. Si los dos jugadores pierden a la vez, es empate. Ya has visto todas las reglas: prueba una partida contra el ordenador con 'quiver play concardia'.",
      },
    ],
  },
};
