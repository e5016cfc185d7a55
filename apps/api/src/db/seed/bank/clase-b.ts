import type { BankQuestion, SubjectBank } from './types.ts';
import { multi, themed } from './util.ts';

// Examen teórico clase B: our own questions on the rules of Chile's Ley de Tránsito (18.290) as they
// are commonly taught, signs described in words, road sharing, safe driving and basic mechanics.

const NORMAS = 'Normas de tránsito';
const SENALES = 'Señales de tránsito';
const CONVIVENCIA = 'Convivencia vial';
const SEGURA = 'Conducción segura';
const MECANICA = 'Mecánica básica';

const normas = themed(NORMAS);
const senales = themed(SENALES);
const convivencia = themed(CONVIVENCIA);
const segura = themed(SEGURA);
const mecanica = themed(MECANICA);

const normasQuestions: BankQuestion[] = [
  normas(
    'Salvo que una señal indique otra cosa, ¿cuál es la velocidad máxima para un automóvil en una zona urbana?',
    '50 km/h',
    ['60 km/h', '40 km/h', '70 km/h'],
    'Desde 2018 el límite general en zonas urbanas es de 50 km/h, salvo que la señalización fije otro valor. El antiguo límite de 60 km/h ya no rige como regla general, por eso es una alternativa engañosa.',
  ),
  normas(
    'En un cruce sin semáforo, sin señales y sin Carabineros, llegan dos automóviles al mismo tiempo por calles distintas. ¿Quién tiene preferencia?',
    'El vehículo que se aproxima por la derecha del otro',
    [
      'El vehículo que se aproxima por la izquierda del otro',
      'El vehículo que circula a mayor velocidad',
      'El vehículo de mayor tamaño',
    ],
    'En los cruces no regulados la regla general es ceder el paso a quien viene por tu derecha. La velocidad o el tamaño del vehículo nunca dan preferencia; quien llega más rápido solo aumenta el riesgo.',
  ),
  normas(
    'Un carabinero dirige el tránsito en un cruce donde el semáforo está en verde para ti, pero él te indica que te detengas. ¿Qué debes hacer?',
    'Detenerte, porque las indicaciones del carabinero prevalecen sobre el semáforo',
    [
      'Seguir, porque el semáforo en verde te da preferencia',
      'Tocar la bocina para avisar que tienes luz verde',
      'Avanzar lentamente hasta que el carabinero se aparte',
    ],
    'El orden de prioridad es: indicaciones de Carabineros, luego semáforos, luego señales y, por último, las reglas generales. Por eso la orden del carabinero manda aunque el semáforo esté en verde.',
  ),
  normas(
    'Según la ley chilena, ¿desde qué concentración de alcohol en la sangre se considera que una persona conduce en estado de ebriedad?',
    '0,8 gramos por litro o más',
    ['Más de 0,3 gramos por litro', '0,5 gramos por litro o más', '1,5 gramos por litro o más'],
    'Con 0,8 g/l o más se configura el estado de ebriedad. Con más de 0,3 g/l y menos de 0,8 g/l se conduce "bajo la influencia del alcohol", que también es una infracción grave; por eso "más de 0,3 g/l" es un distractor tentador, pero corresponde a la otra categoría.',
  ),
  normas(
    '¿Quiénes deben usar el cinturón de seguridad en un automóvil en movimiento?',
    'El conductor y todos los pasajeros, tanto adelante como atrás',
    [
      'Solo el conductor y el acompañante delantero',
      'Solo los pasajeros menores de edad',
      'Todos, pero solo en carreteras y autopistas',
    ],
    'El cinturón es obligatorio para todos los ocupantes en todos los asientos que lo tengan, en ciudad y en carretera. En un choque, un pasajero trasero sin cinturón sale proyectado y puede herir gravemente a quienes van adelante.',
  ),
  normas(
    '¿En qué caso puede el conductor hablar por teléfono celular mientras conduce?',
    'Solo si usa un sistema de manos libres que no le obligue a sostener el teléfono',
    [
      'Siempre que conduzca a menos de 30 km/h',
      'Cuando está detenido ante un semáforo en rojo',
      'Si la llamada dura menos de un minuto',
    ],
    'La ley prohíbe conducir manipulando el celular u otros dispositivos; solo se admite el uso con manos libres. Detenerse en un semáforo en rojo no es terminar la conducción: el vehículo sigue en la vía y debes estar atento para reanudar la marcha.',
  ),
  normas(
    '¿Cuál es la edad mínima general para obtener la licencia clase B en Chile?',
    '18 años, o 17 años con curso aprobado en una escuela de conductores y autorización de los padres',
    [
      '16 años con autorización notarial de los padres',
      '18 años, sin excepciones',
      '21 años, o 18 con curso en una escuela de conductores',
    ],
    'La regla general son 18 años. Como excepción, a los 17 años se puede obtener si se aprueba un curso en una escuela de conductores reconocida y se cuenta con la autorización de los padres o tutores.',
  ),
  normas(
    '¿Qué vehículos permite conducir la licencia clase B?',
    'Vehículos de transporte particular de personas de hasta nueve asientos, o de carga de hasta 3.500 kg de peso bruto',
    [
      'Cualquier vehículo de cuatro ruedas, sin importar su peso',
      'Taxis y colectivos de transporte público',
      'Camiones de hasta 10.000 kg de peso bruto',
    ],
    'La clase B es para vehículos particulares livianos: hasta nueve asientos o carga de hasta 3.500 kg. El transporte público de pasajeros (taxis, colectivos) exige una licencia profesional, por eso esa alternativa es incorrecta.',
  ),
  normas(
    'Quieres adelantar a un vehículo en una carretera de doble sentido. ¿Por qué lado debes hacerlo, como regla general?',
    'Por la izquierda, volviendo a tu pista cuando veas al vehículo adelantado por el espejo retrovisor',
    [
      'Por la derecha, usando la berma',
      'Por cualquier lado que esté libre',
      'Por la izquierda, volviendo a la pista apenas lo hayas igualado',
    ],
    'El adelantamiento se hace por la izquierda y solo debes volver a tu pista cuando ya hayas dejado atrás al otro vehículo con distancia suficiente (lo ves completo en el retrovisor). Volver apenas lo igualas lo obliga a frenar o provoca un choque lateral; la berma nunca es una pista para adelantar.',
  ),
  normas(
    '¿En cuál de estas situaciones está prohibido adelantar?',
    'En una curva o en la cima de una cuesta sin visibilidad suficiente',
    [
      'En una recta con línea central segmentada y buena visibilidad',
      'En una autopista con dos pistas en tu mismo sentido',
      'Cuando el vehículo de adelante circula muy por debajo del límite y la vía está despejada',
    ],
    'Adelantar en curvas, cimas de cuestas, cruces, pasos peatonales o cruces ferroviarios está prohibido porque no puedes ver si viene alguien en sentido contrario. Con línea segmentada y buena visibilidad se permite, siempre que la maniobra sea segura.',
  ),
  normas(
    'Te aproximas a una intersección y el semáforo cambia a amarillo cuando todavía estás lejos del cruce. ¿Qué debes hacer?',
    'Detenerte antes de la línea de detención, porque puedes hacerlo con seguridad',
    [
      'Acelerar para alcanzar a cruzar antes de que cambie a rojo',
      'Seguir a la misma velocidad, porque la luz amarilla permite pasar',
      'Tocar la bocina y cruzar con precaución',
    ],
    'La luz amarilla avisa que viene el rojo: debes detenerte, salvo que estés tan cerca que no puedas frenar con seguridad. Acelerar para "alcanzar" la luz es una causa frecuente de choques en los cruces.',
  ),
  normas(
    'Un semáforo muestra una luz roja intermitente. ¿Cómo debes actuar?',
    'Como ante una señal PARE: detenerte por completo y continuar cuando no haya peligro',
    [
      'Como ante una luz verde, con algo más de precaución',
      'Detenerte y esperar hasta que se encienda la luz verde',
      'Reducir la velocidad sin necesidad de detenerte',
    ],
    'La luz roja intermitente equivale a una señal PARE: detención total y luego avanzar cediendo el paso. No hay que esperar una luz verde, porque un semáforo intermitente no cambia de ciclo; la luz amarilla intermitente, en cambio, solo exige precaución.',
  ),
  normas(
    '¿Cuáles son los teléfonos de emergencia de Ambulancia (SAMU), Bomberos y Carabineros en Chile, en ese orden?',
    '131, 132 y 133',
    ['133, 132 y 131', '911, 132 y 133', '131, 133 y 132'],
    'En Chile: 131 es el SAMU (ambulancia), 132 Bomberos y 133 Carabineros. Conviene memorizarlos en orden: confundir el 131 con el 133 retrasa la ayuda médica a un herido.',
  ),
  normas(
    'Desde el punto de vista de la ley, ¿qué significa conducir "bajo la influencia del alcohol"?',
    'Conducir con una concentración de alcohol en la sangre de más de 0,3 g/l y menos de 0,8 g/l',
    [
      'Conducir con cualquier cantidad de alcohol, por mínima que sea',
      'Conducir con 0,8 g/l o más de alcohol en la sangre',
      'Conducir después de haber bebido alcohol en las últimas 24 horas',
    ],
    'La ley distingue dos tramos: sobre 0,3 g/l y bajo 0,8 g/l es "bajo la influencia"; desde 0,8 g/l es "estado de ebriedad". Ambos son infracciones graves con suspensión de licencia; lo más seguro es no beber nada si vas a conducir.',
  ),
];

const senalesQuestions: BankQuestion[] = [
  senales(
    'Una señal de forma octogonal, de fondo rojo y con la palabra PARE en letras blancas, ¿qué te exige?',
    'Detener completamente el vehículo y ceder el paso antes de continuar',
    [
      'Reducir la velocidad y pasar si no viene nadie, sin detenerte',
      'Detenerte solo si hay peatones cruzando',
      'Detenerte solo de noche',
    ],
    'La señal PARE obliga a la detención total, aunque la vía parezca despejada, y a ceder el paso a quienes circulan por la otra vía. Reducir la velocidad sin detenerse es la conducta que la señal precisamente prohíbe; esa es la diferencia con CEDA EL PASO.',
  ),
  senales(
    'Una señal con forma de triángulo con un vértice hacia abajo, borde rojo, fondo blanco y la leyenda CEDA EL PASO, ¿qué indica?',
    'Que debes reducir la velocidad y detenerte si es necesario para dejar pasar a quienes circulan por la otra vía',
    [
      'Que debes detenerte siempre por completo',
      'Que tienes preferencia sobre los vehículos de la otra vía',
      'Que se acerca un cruce ferroviario',
    ],
    'CEDA EL PASO no exige detenerse siempre, pero sí dejar pasar a los demás: si viene alguien, te detienes. La detención obligatoria en todos los casos corresponde a la señal PARE.',
  ),
  senales(
    '¿Qué forma y colores tienen, en general, las señales preventivas en Chile?',
    'Forma de rombo (cuadrado apoyado en un vértice), fondo amarillo y símbolos negros',
    [
      'Forma circular, borde rojo y fondo blanco',
      'Forma rectangular, fondo verde y letras blancas',
      'Forma rectangular, fondo azul y símbolos blancos',
    ],
    'Las preventivas advierten un peligro próximo (curva, cruce, zona de niños) y son rombos amarillos con símbolos negros. Los círculos con borde rojo son reglamentarios (prohibiciones o restricciones) y los rectángulos verdes o azules son informativos.',
  ),
  senales(
    'Ves una señal circular de borde rojo y fondo blanco con el número 60 en el centro. ¿Qué significa?',
    'Que la velocidad máxima permitida en ese tramo es 60 km/h',
    [
      'Que la velocidad mínima en ese tramo es 60 km/h',
      'Que faltan 60 km para la próxima ciudad',
      'Que la velocidad recomendada en la curva siguiente es 60 km/h',
    ],
    'Un círculo con borde rojo es una señal reglamentaria: el número fija el máximo permitido y superarlo es una infracción. Una distancia se indicaría en un letrero informativo rectangular, no en un círculo.',
  ),
  senales(
    'Una señal circular con borde rojo muestra una flecha que dobla hacia la izquierda cruzada por una franja diagonal roja. ¿Qué indica?',
    'Prohibido virar a la izquierda',
    [
      'Obligatorio virar a la izquierda',
      'Curva peligrosa a la izquierda',
      'Vía de un solo sentido hacia la izquierda',
    ],
    'La franja diagonal roja sobre un símbolo indica prohibición de lo que el símbolo muestra. Una curva peligrosa se advierte con un rombo amarillo, no con un círculo rojo.',
  ),
  senales(
    '¿Qué indica una línea continua pintada en el centro de la calzada de una carretera de doble sentido?',
    'Que está prohibido cruzarla, y por lo tanto adelantar invadiendo la pista contraria',
    [
      'Que se puede adelantar con precaución',
      'Que la vía termina más adelante',
      'Que la pista es exclusiva para buses',
    ],
    'La línea continua no debe cruzarse: suele marcar tramos sin visibilidad suficiente para adelantar. La línea segmentada es la que permite cruzar para adelantar cuando la maniobra es segura.',
  ),
  senales(
    '¿Qué color tienen las señales que advierten trabajos en la vía (obras, desvíos)?',
    'Naranja, con símbolos o letras negras',
    ['Verde, con letras blancas', 'Azul, con símbolos blancos', 'Rojo, con letras blancas'],
    'Las señales de obras son naranjas para distinguirlas de las preventivas permanentes, que son amarillas. En una zona de obras hay que reducir la velocidad y seguir las indicaciones de los señaleros.',
  ),
  senales(
    'Una señal rectangular de fondo azul muestra una letra H blanca. ¿Qué tipo de señal es?',
    'Una señal informativa de servicios: indica la cercanía de un hospital',
    [
      'Una señal reglamentaria que prohíbe tocar la bocina',
      'Una señal preventiva de cruce de helicópteros',
      'Una señal de obras que indica un desvío',
    ],
    'Las señales azules informan sobre servicios (hospital, combustible, teléfono). Cerca de un hospital conviene evitar ruidos innecesarios como la bocina, pero la letra H en fondo azul solo informa, no prohíbe.',
  ),
  senales(
    'En un paso para peatones demarcado con franjas blancas paralelas (paso de cebra) sin semáforo, un peatón comienza a cruzar. ¿Qué debes hacer?',
    'Detenerte y dejarlo cruzar, porque en el paso de cebra el peatón tiene preferencia',
    [
      'Seguir si el peatón todavía está en la otra mitad de la calzada',
      'Tocar la bocina para que se apure',
      'Seguir, porque sin semáforo la preferencia es del vehículo',
    ],
    'En el paso de cebra el peatón tiene preferencia siempre. Aunque esté en la otra mitad de la calzada debes esperar: puede devolverse, tropezar o quedar oculto por otro vehículo.',
  ),
];

const convivenciaQuestions: BankQuestion[] = [
  convivencia(
    '¿Qué distancia lateral mínima debes dejar al adelantar a un ciclista?',
    '1,5 metros',
    ['50 centímetros', '1 metro', '3 metros'],
    'La Ley de Convivencia Vial fija una distancia lateral mínima de 1,5 m al adelantar a un ciclista. Con menos distancia, el desplazamiento de aire o un pequeño desvío del ciclista pueden provocar una caída.',
  ),
  convivencia(
    'Escuchas la sirena y ves las luces de una ambulancia que se acerca por detrás en una avenida. ¿Qué debes hacer?',
    'Facilitarle el paso orillándote a la derecha y detenerte si es necesario, sin maniobras bruscas',
    [
      'Acelerar para no estorbarle',
      'Detenerte de inmediato en medio de tu pista',
      'Seguir igual, porque solo deben apartarse los vehículos de adelante',
    ],
    'Los vehículos de emergencia con sirena y luces tienen preferencia: debes despejarles el camino de forma predecible, normalmente hacia la derecha. Frenar bruscamente en medio de la pista puede causar un choque y bloquear el paso.',
  ),
  convivencia(
    'Vas a doblar a la derecha con luz verde y hay peatones cruzando la calle hacia la que doblas, también con su luz verde. ¿Quién tiene preferencia?',
    'Los peatones: debes esperar a que terminen de cruzar',
    [
      'Tú, porque tienes luz verde',
      'Quien llegue primero al cruce',
      'Tú, si tocas la bocina antes de doblar',
    ],
    'Al virar, el conductor debe ceder el paso a los peatones que cruzan la calzada a la que entra. Tu luz verde te permite avanzar, pero no pasar por encima de la preferencia de quienes cruzan.',
  ),
  convivencia(
    'En una rotonda, ¿quién tiene preferencia?',
    'Los vehículos que ya circulan dentro de la rotonda',
    [
      'Los vehículos que quieren entrar a la rotonda',
      'El vehículo que viene por la derecha, aunque esté entrando',
      'El vehículo de mayor tamaño',
    ],
    'Quien ya circula por la rotonda tiene preferencia sobre quien quiere entrar; por eso los accesos suelen tener una señal CEDA EL PASO. Aplicar aquí la regla de "la derecha" es un error común.',
  ),
  convivencia(
    'Por un camino rural sin aceras, ¿por dónde deben transitar los peatones?',
    'Por la berma o el borde izquierdo, de frente a los vehículos que se acercan',
    [
      'Por el borde derecho, en el mismo sentido de los vehículos',
      'Por el centro de la calzada, para ser más visibles',
      'Por cualquier lado, da lo mismo',
    ],
    'Caminando por la izquierda el peatón ve venir a los vehículos de su lado y puede reaccionar. De noche debe usar ropa clara o elementos reflectantes, porque un conductor con luces bajas lo ve muy tarde.',
  ),
  convivencia(
    'Vas a abrir la puerta de tu auto estacionado junto a una calle con tránsito de bicicletas. ¿Qué es lo más seguro?',
    'Mirar por el espejo y sobre el hombro antes de abrir, y abrir lentamente',
    [
      'Abrir rápido para bajar en el menor tiempo posible',
      'Abrir sin mirar, porque el ciclista debe esquivar la puerta',
      'Tocar la bocina antes de abrir',
    ],
    'Abrir la puerta sin mirar es una causa frecuente de accidentes graves de ciclistas. Revisar el espejo y mirar sobre el hombro (o abrir con la mano más lejana a la puerta, que obliga a girar el cuerpo) evita el "puertazo".',
  ),
  convivencia(
    'Un bus del transporte público se detiene en un paradero delante de ti. ¿Cuál es la conducta más segura?',
    'Reducir la velocidad y estar atento a peatones que puedan cruzar por delante o por detrás del bus',
    [
      'Adelantarlo rápidamente por la derecha',
      'Tocar la bocina para que se aparte',
      'Pegarte al bus para adelantarlo apenas parta',
    ],
    'Alrededor de un bus detenido suelen aparecer peatones ocultos por su tamaño, especialmente niños. Reducir la velocidad te da tiempo para reaccionar; adelantar por la derecha sería doblemente peligroso.',
  ),
  convivencia(
    'Por una calle circula un ciclista por la pista derecha a menor velocidad que tú. ¿Qué afirmación es correcta?',
    'El ciclista tiene derecho a usar la calzada y debes adelantarlo solo cuando puedas dejar la distancia lateral mínima',
    [
      'El ciclista debe circular por la acera para no molestar',
      'Puedes tocar la bocina para que se suba a la vereda',
      'Puedes adelantarlo a cualquier distancia si vas lento',
    ],
    'La bicicleta es un vehículo y circula por la calzada, por la derecha o por la ciclovía si existe. Las aceras son para peatones; solo algunos casos excepcionales (como niños pequeños) pueden usarlas. Adelantar "rozando" al ciclista es peligroso aunque vayas lento.',
  ),
  convivencia(
    'Un conductor de motocicleta circula sin casco. ¿Qué afirmación es correcta?',
    'Comete una infracción: el casco es obligatorio para el conductor y el acompañante de una motocicleta',
    [
      'Solo es obligatorio en carreteras',
      'Solo es obligatorio para el acompañante',
      'Es opcional si la moto es de baja cilindrada',
    ],
    'El casco protector es obligatorio para quien conduce y quien acompaña en una motocicleta, en cualquier vía. La cabeza es la parte del cuerpo más expuesta en una caída y las lesiones cerebrales son la principal causa de muerte de motociclistas.',
  ),
];

const seguraQuestions: BankQuestion[] = [
  segura(
    'En condiciones normales y pavimento seco, ¿qué distancia mínima de seguimiento se recomienda respecto del vehículo de adelante?',
    'La que recorres en al menos dos segundos',
    [
      'Un largo de auto, a cualquier velocidad',
      'Cinco metros, a cualquier velocidad',
      'La que recorres en medio segundo',
    ],
    'La "regla de los dos segundos" adapta la distancia a la velocidad: a mayor velocidad, más metros. Una distancia fija en metros sirve a baja velocidad pero es muy poca en carretera; con lluvia o de noche conviene aumentarla a tres o más segundos.',
  ),
  segura(
    'Si duplicas la velocidad de tu vehículo, ¿qué ocurre aproximadamente con la distancia de frenado?',
    'Se multiplica por cuatro',
    ['Se duplica', 'Se mantiene igual', 'Se triplica'],
    'La distancia de frenado crece con el cuadrado de la velocidad: al doble de velocidad, cuatro veces la distancia. Pensar que solo se duplica lleva a subestimar el espacio necesario para detenerse.',
  ),
  segura(
    'Conduces por una carretera mojada y sientes que el volante se vuelve liviano porque las ruedas pierden contacto con el agua acumulada (hidroplaneo). ¿Qué debes hacer?',
    'Soltar suavemente el acelerador y mantener el volante firme y recto, sin frenar bruscamente',
    [
      'Frenar a fondo de inmediato',
      'Girar bruscamente el volante hacia la berma',
      'Acelerar para atravesar rápido la zona con agua',
    ],
    'En el hidroplaneo los neumáticos flotan sobre una capa de agua: al reducir la velocidad suavemente recuperan el contacto. Frenar a fondo o girar bruscamente cuando las ruedas vuelven a adherirse puede hacerte perder el control.',
  ),
  segura(
    'En un viaje largo, ¿cada cuánto tiempo se recomienda detenerse a descansar para prevenir la fatiga?',
    'Cada dos horas aproximadamente, o antes si sientes sueño',
    [
      'Solo cuando se acabe el combustible',
      'Cada seis horas',
      'No es necesario si tomas café o bebidas energéticas',
    ],
    'La fatiga disminuye la atención y alarga el tiempo de reacción; se recomienda descansar unos 15 minutos cada dos horas. El café o las bebidas energéticas solo disimulan el sueño por un rato, no lo eliminan.',
  ),
  segura(
    '¿Cuál es el principal efecto del alcohol sobre la conducción, incluso en dosis bajas?',
    'Aumenta el tiempo de reacción y disminuye la percepción del riesgo',
    [
      'Mejora los reflejos porque relaja al conductor',
      'Solo afecta la visión nocturna',
      'No tiene efectos si el conductor tiene experiencia',
    ],
    'El alcohol hace que reacciones más tarde y, a la vez, que te sientas más seguro de lo que estás: una combinación muy peligrosa. La experiencia no compensa esos efectos, por eso la única recomendación segura es no beber si vas a conducir.',
  ),
  segura(
    '¿Dónde deben viajar los niños menores de 12 años en un automóvil?',
    'En el asiento trasero, con el sistema de retención o cinturón adecuado a su edad y tamaño',
    [
      'En el asiento delantero, si usan cinturón',
      'En brazos de un adulto en el asiento trasero',
      'En cualquier asiento, si el viaje es corto',
    ],
    'Los menores de 12 años deben viajar atrás, y los más pequeños en una silla o alzador certificado según su edad, estatura y peso. Llevarlos en brazos es muy peligroso: en un choque ningún adulto puede sostener a un niño.',
  ),
  segura(
    'Conduces de noche con luces altas y se acerca un vehículo en sentido contrario. ¿Qué debes hacer?',
    'Cambiar a luces bajas para no encandilar al otro conductor',
    [
      'Mantener las luces altas para ver mejor',
      'Apagar las luces un momento',
      'Hacer cambios de luces repetidos para avisar tu presencia',
    ],
    'Las luces altas encandilan al conductor que viene de frente y lo dejan sin visión unos segundos. Si tú eres encandilado, mira hacia el borde derecho de la calzada y reduce la velocidad en vez de responder con tus luces altas.',
  ),
  segura(
    'Presenciaste un accidente con heridos en la carretera y te detienes a ayudar. ¿Qué es lo primero que debes hacer?',
    'Señalizar el lugar (luces de emergencia, triángulos) para evitar nuevos choques y luego pedir ayuda',
    [
      'Sacar de inmediato a los heridos de los vehículos',
      'Dar agua a los heridos',
      'Mover los vehículos antes de llamar a emergencias',
    ],
    'Proteger la escena evita que el accidente crezca; luego se llama al 131 y al 133. A los heridos no se les mueve salvo peligro inminente (por ejemplo, fuego), porque podrías agravar una lesión de columna.',
  ),
  segura(
    'Tu vehículo tiene frenos ABS. En una frenada de emergencia, ¿cómo debes usar el pedal de freno?',
    'Presionarlo a fondo de forma continua y mantener el control de la dirección',
    [
      'Bombear el pedal rápidamente',
      'Presionarlo suavemente para no activar el ABS',
      'Soltarlo apenas sientas la vibración del pedal',
    ],
    'El ABS evita que las ruedas se bloqueen y así permite seguir dirigiendo el vehículo mientras frenas; para eso necesita presión firme y continua. La vibración del pedal es normal; bombear el freno era la técnica para autos sin ABS.',
  ),
];

const mecanicaQuestions: BankQuestion[] = [
  mecanica(
    '¿Cuál es la profundidad mínima que debe tener el dibujo de los neumáticos de un automóvil?',
    '1,6 milímetros',
    ['0,5 milímetros', '3 centímetros', 'No hay un mínimo mientras el neumático no esté pinchado'],
    'Con menos de 1,6 mm de dibujo el neumático no evacúa bien el agua y aumenta el riesgo de hidroplaneo y de distancias de frenado más largas. Muchos neumáticos traen un indicador de desgaste en las ranuras a esa altura.',
  ),
  mecanica(
    '¿Cuál es la forma correcta de revisar el nivel de aceite del motor?',
    'Con el vehículo en terreno plano y el motor detenido, usando la varilla medidora',
    [
      'Con el motor funcionando en alta',
      'Con el vehículo en pendiente, para ver mejor el aceite',
      'Solo mirando la luz del tablero, sin usar la varilla',
    ],
    'En terreno plano y con el motor detenido (y unos minutos de espera) el aceite baja al cárter y la varilla marca su nivel real entre las marcas de mínimo y máximo. La luz del tablero avisa de baja presión de aceite, cuando el problema ya es serio.',
  ),
  mecanica(
    'La aguja de temperatura del motor sube a la zona roja mientras conduces. ¿Qué debes hacer?',
    'Detenerte en un lugar seguro, apagar el motor y esperar que se enfríe antes de revisar el refrigerante',
    [
      'Abrir de inmediato la tapa del radiador para echar agua fría',
      'Seguir conduciendo a mayor velocidad para que entre más aire',
      'Ignorarla, porque la aguja suele fallar',
    ],
    'Un motor sobrecalentado puede dañarse gravemente si sigues. Abrir la tapa del radiador en caliente es peligroso: el refrigerante está a presión y puede provocar quemaduras graves.',
  ),
  mecanica(
    'Al frenar, sientes que el pedal de freno se va "al fondo" y queda esponjoso. ¿Cuál es la causa más probable?',
    'Falta de líquido de frenos o aire en el circuito hidráulico',
    ['Neumáticos con demasiada presión', 'Batería descargada', 'Exceso de aceite en el motor'],
    'El sistema de frenos es hidráulico: si falta líquido o entra aire, el pedal pierde firmeza. Es una falla grave que debe revisarse antes de seguir circulando; la presión de los neumáticos o la batería no afectan la firmeza del pedal.',
  ),
  mecanica(
    '¿Para qué sirve principalmente el sistema de suspensión y los amortiguadores?',
    'Para mantener los neumáticos en contacto con el suelo y controlar las oscilaciones de la carrocería',
    [
      'Para aumentar la potencia del motor',
      'Para enfriar los frenos',
      'Para reducir el consumo de aceite',
    ],
    'Amortiguadores gastados hacen que el vehículo rebote y que las ruedas pierdan adherencia, lo que alarga la frenada y empeora el control en curvas. No tienen relación con la potencia del motor.',
  ),
];

const multiQuestions: BankQuestion[] = [
  multi(
    NORMAS,
    '¿Cuáles de estos documentos debes portar siempre al conducir un automóvil particular? Marca todas las alternativas correctas.',
    [
      'Licencia de conducir vigente',
      'Permiso de circulación vigente',
      'Certificado del seguro obligatorio (SOAP) vigente',
      'Certificado de revisión técnica vigente',
    ],
    ['Certificado de antecedentes del conductor', 'Boleta de compra del vehículo'],
    'Al conducir debes portar tu licencia y los documentos del vehículo: permiso de circulación, SOAP y revisión técnica (con su análisis de gases), además del padrón o certificado de inscripción. El certificado de antecedentes y la boleta de compra no se exigen para circular.',
  ),
  multi(
    SEGURA,
    '¿Cuáles de estas conductas aumentan el riesgo de accidente? Marca todas las alternativas correctas.',
    [
      'Conducir con sueño después de una jornada larga',
      'Escribir un mensaje en el celular con el vehículo en movimiento',
      'Seguir muy de cerca al vehículo de adelante',
    ],
    ['Revisar los espejos antes de cambiar de pista', 'Encender las luces al anochecer'],
    'La fatiga, la distracción con el celular y la poca distancia de seguimiento reducen el tiempo disponible para reaccionar. Revisar los espejos y encender las luces son, al contrario, conductas que previenen accidentes.',
  ),
  multi(
    SENALES,
    '¿Cuáles de estas señales son reglamentarias, es decir, imponen una obligación, prohibición o restricción? Marca todas las alternativas correctas.',
    ['PARE', 'CEDA EL PASO', 'Velocidad máxima 50'],
    ['Curva peligrosa (rombo amarillo)', 'Hospital (rectángulo azul con letra H)'],
    'PARE, CEDA EL PASO y los límites de velocidad imponen conductas obligatorias y su incumplimiento es una infracción. El rombo amarillo solo advierte un peligro (preventiva) y el rectángulo azul informa sobre un servicio.',
  ),
  multi(
    MECANICA,
    '¿Cuáles de estos elementos conviene revisar periódicamente antes de un viaje largo? Marca todas las alternativas correctas.',
    [
      'Presión y desgaste de los neumáticos, incluida la rueda de repuesto',
      'Nivel de aceite del motor',
      'Funcionamiento de luces y limpiaparabrisas',
    ],
    ['El color de los tapices', 'La marca del combustible de la última carga'],
    'Neumáticos, aceite, luces y limpiaparabrisas afectan directamente la seguridad y el funcionamiento del vehículo. El color de los tapices o la marca del combustible no influyen en la seguridad del viaje.',
  ),
  multi(
    CONVIVENCIA,
    '¿Cuáles de estos usuarios de la vía son considerados especialmente vulnerables, porque no tienen una carrocería que los proteja? Marca todas las alternativas correctas.',
    ['Peatones', 'Ciclistas', 'Motociclistas'],
    ['Conductores de camionetas', 'Pasajeros de buses'],
    'Peatones, ciclistas y motociclistas reciben de lleno la energía de un choque, por eso el conductor de un automóvil debe extremar el cuidado con ellos. Los ocupantes de camionetas y buses van protegidos por la estructura del vehículo.',
  ),
];

export const CLASE_B_BANK: SubjectBank = {
  subject: 'Examen teórico clase B',
  contexts: [],
  questions: [
    ...normasQuestions,
    ...senalesQuestions,
    ...convivenciaQuestions,
    ...seguraQuestions,
    ...mecanicaQuestions,
    ...multiQuestions,
  ],
};
