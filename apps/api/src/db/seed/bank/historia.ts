import type { BankQuestion, SubjectBank } from './types.ts';
import { themed } from './util.ts';

// Historia y Ciencias Sociales: our own questions on the history of Chile, America and the world,
// geography, civic education and the economic system.

const historia = themed('Historia: mundo, América y Chile');
const ciudadana = themed('Formación ciudadana');
const economia = themed('Sistema económico');

const historiaQuestions: BankQuestion[] = [
  historia(
    '¿Qué acontecimiento en Europa creó las condiciones para que en 1808-1810 surgieran juntas de gobierno en Hispanoamérica, como la chilena del 18 de septiembre de 1810?',
    'La invasión napoleónica de España y la captura del rey Fernando VII',
    [
      'La derrota de la Armada Invencible española frente a Inglaterra',
      'La unificación de Alemania bajo Prusia',
      'El inicio de la Revolución Industrial en Inglaterra',
    ],
    'Con el rey cautivo de Napoleón, surgió la pregunta de quién gobernaba en su nombre, y en América se formaron juntas que decían gobernar en representación de Fernando VII. La Armada Invencible (1588) y la unificación alemana (1871) ocurrieron en épocas que no corresponden.',
  ),
  historia(
    '¿En qué año se proclamó oficialmente la independencia de Chile?',
    '1818',
    ['1810', '1814', '1823'],
    'El Acta de Independencia se proclamó y juró en febrero de 1818, y ese mismo año la batalla de Maipú la consolidó. En 1810 se formó la Primera Junta Nacional de Gobierno, que todavía declaraba lealtad al rey; por eso 1810 es un distractor tentador.',
  ),
  historia(
    '¿Cuál de las siguientes características corresponde a la Constitución chilena de 1833?',
    'Estableció un Poder Ejecutivo fuerte, con amplias atribuciones del Presidente',
    [
      'Estableció la separación de la Iglesia y el Estado',
      'Otorgó el derecho a voto a las mujeres',
      'Creó un régimen parlamentario sin Presidente',
    ],
    'La Constitución de 1833, asociada al orden portaliano, fue autoritaria y presidencialista, y declaró la religión católica como oficial del Estado. La separación de la Iglesia y el Estado llegó con la Constitución de 1925 y el voto femenino en elecciones presidenciales, en 1949.',
  ),
  historia(
    '¿Qué recurso natural estuvo en el centro de los intereses económicos que llevaron a la Guerra del Pacífico (1879-1884)?',
    'El salitre',
    ['El cobre', 'El trigo', 'El carbón'],
    'El conflicto entre Chile, Perú y Bolivia se desencadenó por un impuesto boliviano a una compañía salitrera de capitales chilenos en Antofagasta. El cobre sería el principal producto de exportación recién en el siglo XX, después de la crisis del salitre.',
  ),
  historia(
    'Tras la Guerra del Pacífico, ¿qué territorio cedió Perú a Chile mediante el Tratado de Ancón (1883)?',
    'La provincia de Tarapacá',
    ['La provincia de Antofagasta', 'La región de Magallanes', 'La Araucanía'],
    'Por el Tratado de Ancón, Perú cedió Tarapacá a Chile. Antofagasta era territorio boliviano y su situación se resolvió con Bolivia (pacto de tregua de 1884 y tratado de 1904).',
  ),
  historia(
    '¿Qué proceso llevó a cabo el Estado chileno en la segunda mitad del siglo XIX en el territorio mapuche al sur del río Biobío?',
    'La ocupación militar de la Araucanía y su incorporación al territorio controlado por el Estado',
    [
      'La firma de un tratado que reconoció la independencia mapuche',
      'La entrega de esas tierras a Argentina',
      'La construcción de la primera línea de metro de Chile',
    ],
    'Entre 1861 y 1883, aproximadamente, el Estado ocupó militarmente la Araucanía, fundó fuertes y ciudades y remató tierras a colonos; el pueblo mapuche perdió gran parte de su territorio y fue confinado en reducciones. Hubo parlamentos en la época colonial, pero no un tratado de independencia en ese periodo.',
  ),
  historia(
    '¿Qué se denomina "cuestión social" en la historia de Chile de fines del siglo XIX e inicios del XX?',
    'El conjunto de problemas de vivienda, salud y trabajo que afectaban a los sectores populares urbanos y mineros',
    [
      'El debate sobre la separación de la Iglesia y el Estado',
      'La discusión sobre los límites con Argentina',
      'La polémica entre conservadores y liberales sobre el voto censitario',
    ],
    'La "cuestión social" alude al hacinamiento en conventillos, epidemias, mortalidad infantil y duras condiciones laborales, que dieron origen a movimientos obreros y huelgas. Los otros temas existieron, pero no son lo que designa ese término.',
  ),
  historia(
    '¿Qué hecho ocurrió en 1907 en la escuela Santa María de Iquique?',
    'La represión armada de una huelga de trabajadores del salitre y sus familias, con un gran número de muertos',
    [
      'La firma del tratado de paz con Bolivia',
      'La fundación de la primera universidad del norte de Chile',
      'La primera elección con voto femenino',
    ],
    'En diciembre de 1907 miles de obreros del salitre en huelga se reunieron en la escuela Santa María; el ejército disparó contra ellos. Es uno de los episodios más trágicos de la "cuestión social".',
  ),
  historia(
    '¿Qué enfrentó a los bandos de la guerra civil chilena de 1891?',
    'El Presidente José Manuel Balmaceda y la mayoría del Congreso Nacional',
    [
      'Chile y Perú por el control del salitre',
      "Los partidarios de O'Higgins y de Carrera",
      'El gobierno y el pueblo mapuche',
    ],
    "El conflicto de 1891 fue entre el Presidente Balmaceda y el Congreso, que defendía sus atribuciones; la victoria del Congreso dio paso al llamado periodo parlamentario. La rivalidad entre O'Higgins y Carrera es de la época de la independencia.",
  ),
  historia(
    'La crisis económica mundial iniciada en 1929 afectó con especial fuerza a Chile. ¿Por qué?',
    'Porque su economía dependía de exportar materias primas como el salitre y el cobre, cuya demanda y precio cayeron',
    [
      'Porque Chile era un gran importador de petróleo',
      'Porque la crisis comenzó en la bolsa de Santiago',
      'Porque Chile estaba en guerra con Perú',
    ],
    'Una economía exportadora de materias primas sufre mucho cuando cae el comercio mundial: se desplomaron las exportaciones, el empleo y los ingresos fiscales. La crisis comenzó en la bolsa de Nueva York, no en Santiago.',
  ),
  historia(
    '¿Qué objetivo tuvo la creación de la CORFO (Corporación de Fomento de la Producción) en 1939?',
    'Impulsar la industrialización del país con apoyo del Estado',
    [
      'Privatizar las empresas estatales',
      'Administrar la reforma agraria',
      'Regular el mercado del salitre',
    ],
    'La CORFO fue la herramienta central del modelo de industrialización por sustitución de importaciones: el Estado financió y creó empresas de energía, acero y otros sectores. La privatización de empresas estatales es propia de las décadas de 1970 y 1980.',
  ),
  historia(
    '¿En qué año se aprobó en Chile la ley que permitió a las mujeres votar en las elecciones presidenciales y parlamentarias?',
    '1949',
    ['1934', '1925', '1970'],
    'En 1949 se promulgó la ley de sufragio femenino pleno y las mujeres votaron por primera vez en una elección presidencial en 1952. En 1934 obtuvieron el derecho a voto solo en elecciones municipales, por eso ese año es un distractor tentador.',
  ),
  historia(
    '¿Qué buscaba la reforma agraria impulsada en Chile en las décadas de 1960 y 1970?',
    'Redistribuir la tierra expropiando latifundios y entregarla a campesinos',
    [
      'Concentrar la tierra en grandes haciendas más productivas',
      'Trasladar la población rural a las ciudades',
      'Vender las tierras fiscales a empresas extranjeras',
    ],
    'La reforma agraria, iniciada bajo Alessandri y profundizada por Frei Montalva y Allende, expropió grandes propiedades para terminar con el latifundio y mejorar la situación del campesinado. Su objetivo era justamente el contrario de concentrar la tierra.',
  ),
  historia(
    '¿Qué medida económica aprobó el Congreso chileno por unanimidad en 1971?',
    'La nacionalización de la gran minería del cobre',
    [
      'La creación del Banco Central',
      'La privatización de las AFP',
      'La apertura de la economía al libre comercio',
    ],
    'En 1971 una reforma constitucional, aprobada por todos los sectores del Congreso, nacionalizó la gran minería del cobre. El Banco Central se creó en 1925 y el sistema de AFP, en 1980.',
  ),
  historia(
    '¿Qué se decidió en el plebiscito del 5 de octubre de 1988?',
    'Se rechazó la continuidad de Augusto Pinochet en el poder, lo que abrió paso a elecciones democráticas',
    [
      'Se aprobó la Constitución de 1980',
      'Se eligió a Patricio Aylwin como Presidente',
      'Se aprobó la nacionalización del cobre',
    ],
    'En 1988 ganó la opción "No" y, según lo previsto en la Constitución, se convocó a elecciones presidenciales y parlamentarias en 1989; Aylwin asumió en 1990. La Constitución de 1980 se aprobó en otro plebiscito, en 1980.',
  ),
  historia(
    '¿Qué principio político, formulado por Montesquieu durante la Ilustración, busca evitar la concentración del poder?',
    'La separación de los poderes del Estado en ejecutivo, legislativo y judicial',
    ['El derecho divino de los reyes', 'El mercantilismo', 'El voto censitario'],
    'Montesquieu propuso que quien hace las leyes, quien las ejecuta y quien juzga sean órganos distintos que se controlen entre sí. El derecho divino de los reyes es justamente la idea absolutista que la Ilustración criticó.',
  ),
  historia(
    '¿Qué documento aprobó la Asamblea Nacional francesa en 1789, al comienzo de la Revolución Francesa?',
    'La Declaración de los Derechos del Hombre y del Ciudadano',
    [
      'La Declaración Universal de los Derechos Humanos',
      'El Código Civil napoleónico',
      'La Carta Magna',
    ],
    'La Declaración de 1789 afirmó la igualdad ante la ley y la soberanía nacional. La Declaración Universal de los Derechos Humanos es de 1948 (ONU) y la Carta Magna es inglesa, de 1215.',
  ),
  historia(
    '¿Dónde y cuándo comenzó la Revolución Industrial?',
    'En Gran Bretaña, en la segunda mitad del siglo XVIII',
    [
      'En Francia, a inicios del siglo XVII',
      'En Estados Unidos, a fines del siglo XIX',
      'En Alemania, a mediados del siglo XX',
    ],
    'La Revolución Industrial se inició en Gran Bretaña hacia 1760-1780, con la mecanización textil y la máquina a vapor. Estados Unidos y Alemania se industrializaron después, en la llamada segunda Revolución Industrial.',
  ),
  historia(
    '¿Qué hecho se considera el detonante inmediato de la Primera Guerra Mundial?',
    'El asesinato del archiduque Francisco Fernando de Austria en Sarajevo, en 1914',
    [
      'La invasión alemana de Polonia en 1939',
      'La Revolución Rusa de 1917',
      'El hundimiento del Titanic en 1912',
    ],
    'El atentado de Sarajevo activó el sistema de alianzas y en pocas semanas las potencias europeas estaban en guerra. La invasión de Polonia en 1939 fue el inicio de la Segunda Guerra Mundial.',
  ),
  historia(
    '¿Cuál de las siguientes características fue común a los regímenes totalitarios de entreguerras (fascismo italiano, nazismo alemán y estalinismo soviético)?',
    'Un partido único que controlaba el Estado y la sociedad, con culto al líder y represión de la disidencia',
    [
      'Elecciones libres y competitivas con varios partidos',
      'Un Estado mínimo que no intervenía en la economía',
      'La plena libertad de prensa',
    ],
    'Aunque tenían ideologías distintas, los tres regímenes suprimieron el pluralismo político, usaron propaganda masiva y persiguieron a sus opositores. Las elecciones libres y la libertad de prensa son rasgos de las democracias que estos regímenes eliminaron.',
  ),
  historia(
    '¿Qué caracterizó al orden internacional de la Guerra Fría (1947-1991)?',
    'La rivalidad entre dos bloques liderados por Estados Unidos y la Unión Soviética, sin guerra directa entre ambos',
    [
      'Una guerra abierta y directa entre Estados Unidos y la Unión Soviética',
      'La hegemonía mundial del Imperio británico',
      'La alianza permanente entre Estados Unidos y la Unión Soviética',
    ],
    'Se llama "fría" porque las superpotencias no se enfrentaron directamente; compitieron en la carrera armamentista, la espacial y en conflictos indirectos como Corea o Vietnam. Fueron aliadas durante la Segunda Guerra Mundial, no durante la Guerra Fría.',
  ),
  historia(
    '¿En qué año cayó el Muro de Berlín, hecho que simbolizó el fin de la división de Europa de la Guerra Fría?',
    '1989',
    ['1961', '1945', '1991'],
    'El muro se levantó en 1961 y cayó en noviembre de 1989; Alemania se reunificó en 1990 y la Unión Soviética se disolvió en 1991. Por eso 1991 es tentador, pero corresponde al fin de la URSS.',
  ),
  historia(
    '¿Qué proceso ocurrió en gran parte de Asia y África entre 1945 y la década de 1970?',
    'La descolonización: muchas colonias europeas se convirtieron en Estados independientes',
    [
      'La colonización europea de esos continentes',
      'La formación del Imperio mongol',
      'La expansión del Imperio romano',
    ],
    'Después de la Segunda Guerra Mundial las potencias europeas, debilitadas, perdieron sus colonias, a veces por negociación y otras por guerras de independencia (India en 1947, Argelia en 1962). La colonización de África fue anterior, en el siglo XIX.',
  ),
  historia(
    '¿Qué se acordó en la Conferencia de Berlín de 1884-1885?',
    'Las reglas para el reparto de África entre las potencias europeas',
    [
      'La creación de la Organización de las Naciones Unidas',
      'El fin de la Primera Guerra Mundial',
      'La unificación de Italia',
    ],
    'En Berlín las potencias europeas fijaron normas para ocupar territorios africanos, sin participación de los pueblos africanos. La ONU se creó en 1945 y la Primera Guerra terminó en 1918.',
  ),
  historia(
    '¿Qué institución colonial consistía en que la Corona asignaba a un español un grupo de indígenas que debía entregarle tributo, en trabajo o especies, a cambio de evangelizarlos?',
    'La encomienda',
    ['El cabildo', 'La Real Audiencia', 'El mayorazgo'],
    'La encomienda fue la principal forma de explotación del trabajo indígena en el Chile colonial temprano. El cabildo era el gobierno de la ciudad, la Real Audiencia un tribunal y el mayorazgo una forma de heredar la tierra sin dividirla.',
  ),
  historia(
    '¿Quién fundó la ciudad de Santiago en 1541?',
    'Pedro de Valdivia',
    ['Diego de Almagro', 'Hernando de Magallanes', 'Francisco Pizarro'],
    'Pedro de Valdivia fundó Santiago del Nuevo Extremo en febrero de 1541. Diego de Almagro había llegado antes (1536), pero volvió al Perú sin fundar ciudades; Pizarro conquistó el Perú.',
  ),
  historia(
    '¿Cuál de las siguientes es una fuente primaria para estudiar la Guerra del Pacífico?',
    'Una carta escrita por un soldado durante la campaña de Tarapacá',
    [
      'Un libro de historia escrito en 2010 sobre la guerra',
      'Un documental de televisión sobre el conflicto',
      'Un artículo de enciclopedia en línea sobre la guerra',
    ],
    'Una fuente primaria es contemporánea a los hechos y producida por quienes los vivieron. Los libros, documentales y enciclopedias posteriores son fuentes secundarias: interpretan los hechos a partir de otras fuentes.',
  ),
  historia(
    '¿Qué tipo de clima predomina en la zona central de Chile?',
    'Templado de tipo mediterráneo, con lluvias concentradas en invierno y veranos secos',
    [
      'Desértico, casi sin lluvias en todo el año',
      'Tropical, con lluvias abundantes todo el año',
      'Polar, con temperaturas bajo cero todo el año',
    ],
    'El clima mediterráneo de la zona central tiene inviernos lluviosos y veranos secos y cálidos, lo que favorece la fruticultura y la viticultura. El clima desértico corresponde al Norte Grande.',
  ),
  historia(
    '¿Qué efecto tiene la corriente de Humboldt sobre el clima de la costa norte de Chile?',
    'Enfría el aire costero, lo que favorece la estabilidad atmosférica, la escasez de lluvias y la formación de camanchaca',
    [
      'Calienta el mar y provoca lluvias tropicales',
      'Genera huracanes frecuentes en el verano',
      'No tiene ningún efecto sobre el clima',
    ],
    'La corriente de Humboldt trae aguas frías que enfrían el aire en contacto con el mar: el aire frío de abajo no asciende, las nubes no crecen y casi no llueve, pero se forma neblina costera (camanchaca). También explica la gran riqueza pesquera.',
  ),
  historia(
    '¿Qué tendencia muestra la estructura de la población chilena en las últimas décadas?',
    'Un envejecimiento: disminuye la natalidad y aumenta la proporción de personas mayores',
    [
      'Un rejuvenecimiento: aumenta la proporción de menores de 15 años',
      'Un aumento sostenido de la tasa de natalidad',
      'Una disminución de la esperanza de vida',
    ],
    'La baja fecundidad y el aumento de la esperanza de vida hacen que la pirámide de población se estreche en la base y se ensanche en las edades mayores. Esto plantea desafíos para las pensiones y la salud.',
  ),
  historia(
    '¿Qué proceso demográfico vivió Chile durante buena parte del siglo XX, especialmente entre 1930 y 1970?',
    'Una intensa migración del campo a la ciudad, que hizo crecer rápidamente a Santiago y otras urbes',
    [
      'Un éxodo desde las ciudades hacia el campo',
      'La despoblación total del Norte Grande',
      'La emigración masiva de la población hacia Europa',
    ],
    'La falta de oportunidades en el campo y la industrialización atrajeron población a las ciudades; surgieron poblaciones periféricas y "tomas" de terreno. El movimiento fue del campo a la ciudad, no al revés.',
  ),
  historia(
    '¿Qué acontecimiento de 1959 tuvo gran influencia en América Latina durante la Guerra Fría?',
    'El triunfo de la Revolución Cubana liderada por Fidel Castro',
    [
      'La creación de la Unión Europea',
      'La independencia de Brasil',
      'El fin de la Segunda Guerra Mundial',
    ],
    'La Revolución Cubana inspiró a movimientos de izquierda en la región y llevó a Estados Unidos a impulsar políticas como la Alianza para el Progreso. Brasil se independizó en 1822 y la Segunda Guerra terminó en 1945.',
  ),
  historia(
    '¿Qué batallas de la independencia de Chile, ocurridas en 1817 y 1818, aseguraron el triunfo patriota en la zona central?',
    'Chacabuco y Maipú',
    ['Rancagua y Chacabuco', 'Tarapacá y Arica', 'Concón y Placilla'],
    'Chacabuco (febrero de 1817) abrió el camino a Santiago y Maipú (abril de 1818) consolidó la independencia. Rancagua (1814) fue una derrota patriota y marcó el inicio de la Reconquista; Concón y Placilla son de la guerra civil de 1891.',
  ),
  historia(
    '¿Qué característica tuvo el periodo conocido como "Reconquista" (1814-1817) en Chile?',
    'La restauración del dominio español tras la derrota patriota de Rancagua',
    [
      'La primera etapa de la República Conservadora',
      'La ocupación chilena de Lima',
      'La guerra contra la Confederación Perú-Boliviana',
    ],
    'Después de Rancagua los realistas recuperaron el control y persiguieron a los patriotas, muchos de los cuales se refugiaron en Mendoza, donde se formó el Ejército de los Andes. La guerra contra la Confederación fue en 1836-1839.',
  ),
  historia(
    '¿Qué caracterizó al modelo económico aplicado en Chile desde mediados de la década de 1970?',
    'La apertura al comercio exterior, la privatización de empresas estatales y un menor papel del Estado en la economía',
    [
      'La sustitución de importaciones con altos aranceles',
      'La estatización de la banca y la industria',
      'La profundización de la reforma agraria',
    ],
    'El modelo neoliberal redujo aranceles, privatizó empresas y servicios y confió la asignación de recursos al mercado. La sustitución de importaciones y las estatizaciones corresponden a etapas anteriores.',
  ),
  historia(
    '¿Qué ocurrió en el Congreso Nacional chileno tras el golpe de Estado del 11 de septiembre de 1973?',
    'Fue disuelto por la Junta Militar y no volvió a funcionar hasta 1990',
    [
      'Siguió funcionando con normalidad',
      'Se trasladó a Concepción',
      'Eligió a un nuevo Presidente de la República',
    ],
    'La Junta Militar disolvió el Congreso y asumió las funciones legislativas. El Congreso se reinstaló en 1990, ya en Valparaíso, con el retorno a la democracia.',
  ),
  historia(
    '¿Por qué Chile se describe como un país tricontinental?',
    'Porque tiene territorio en América del Sur, en Oceanía (Isla de Pascua) y reclama un sector de la Antártica',
    [
      'Porque limita con tres países',
      'Porque tiene costas en tres océanos',
      'Porque tiene tres zonas climáticas',
    ],
    'El territorio chileno incluye la parte continental americana, la Isla de Pascua en la Polinesia (Oceanía) y el Territorio Chileno Antártico. Que limite con tres países (Perú, Bolivia y Argentina) es cierto, pero no es lo que significa tricontinental.',
  ),
];

const ciudadanaQuestions: BankQuestion[] = [
  ciudadana(
    '¿Qué órganos componen el Congreso Nacional de Chile?',
    'La Cámara de Diputadas y Diputados y el Senado',
    [
      'El Senado y la Corte Suprema',
      'La Cámara de Diputadas y Diputados y el Tribunal Constitucional',
      'El Senado y la Contraloría General de la República',
    ],
    'El Congreso chileno es bicameral: Cámara de Diputadas y Diputados y Senado. La Corte Suprema pertenece al Poder Judicial y la Contraloría y el Tribunal Constitucional son órganos autónomos.',
  ),
  ciudadana(
    'Según la Constitución vigente, ¿cuánto dura el mandato del Presidente de la República y puede ser reelegido para el periodo siguiente?',
    'Cuatro años, sin reelección para el periodo inmediatamente siguiente',
    [
      'Seis años, sin reelección',
      'Cuatro años, con una reelección inmediata',
      'Ocho años, sin reelección',
    ],
    'El periodo presidencial es de cuatro años y no hay reelección inmediata, aunque se puede volver a postular después de un periodo. Los mandatos de seis años rigieron con la Constitución de 1925.',
  ),
  ciudadana(
    '¿Qué requisitos generales establece la Constitución para ser ciudadano con derecho a sufragio?',
    'Ser chileno, haber cumplido 18 años y no haber sido condenado a pena aflictiva',
    [
      'Ser chileno y haber cumplido 21 años',
      'Ser chileno, tener 18 años y saber leer y escribir',
      'Haber nacido en Chile y tener propiedades',
    ],
    'Son ciudadanos los chilenos mayores de 18 años no condenados a pena aflictiva. Saber leer y escribir fue un requisito en el pasado; se eliminó en 1970. El requisito de propiedad corresponde al antiguo voto censitario del siglo XIX.',
  ),
  ciudadana(
    '¿Qué función cumple principalmente el Tribunal Constitucional?',
    'Controlar que las leyes y otras normas se ajusten a la Constitución',
    [
      'Juzgar los delitos comunes',
      'Investigar los delitos y acusar a los imputados',
      'Administrar las elecciones',
    ],
    'El Tribunal Constitucional revisa la constitucionalidad de proyectos de ley y normas. Investigar delitos corresponde al Ministerio Público y administrar las elecciones, al Servicio Electoral (Servel).',
  ),
  ciudadana(
    '¿Qué organismo dirige en forma exclusiva la investigación de los delitos y ejerce la acción penal pública en Chile?',
    'El Ministerio Público (Fiscalía)',
    ['La Defensoría Penal Pública', 'La Contraloría General de la República', 'La Corte Suprema'],
    'Los fiscales del Ministerio Público investigan y acusan; la Defensoría Penal Pública defiende a los imputados que no tienen abogado, y los tribunales juzgan. Separar estas funciones protege el debido proceso.',
  ),
  ciudadana(
    '¿Qué función cumple la Contraloría General de la República?',
    'Controlar la legalidad de los actos de la Administración del Estado y fiscalizar el uso de los recursos públicos',
    [
      'Dictar las leyes',
      'Juzgar a los ciudadanos que cometen delitos',
      'Fijar la tasa de interés de la economía',
    ],
    'La Contraloría es un órgano autónomo que revisa que los actos de la administración se ajusten a la ley y fiscaliza el gasto público. Las leyes las aprueba el Congreso y la tasa de política monetaria la fija el Banco Central.',
  ),
  ciudadana(
    '¿Cuál de las siguientes es una característica de los derechos humanos?',
    'Son universales: corresponden a todas las personas por el solo hecho de serlo',
    [
      'Solo corresponden a los ciudadanos de un país',
      'Pueden venderse o renunciarse mediante un contrato',
      'Los otorga cada gobierno según su voluntad',
    ],
    'Los derechos humanos son universales, inalienables (no se pueden vender ni renunciar) e indivisibles. No dependen de la nacionalidad ni de la voluntad del gobierno: el Estado debe reconocerlos y protegerlos.',
  ),
  ciudadana(
    '¿Qué documento aprobó la Asamblea General de las Naciones Unidas en 1948?',
    'La Declaración Universal de los Derechos Humanos',
    [
      'La Carta de las Naciones Unidas',
      'La Convención sobre los Derechos del Niño',
      'El Tratado de Versalles',
    ],
    'La Declaración Universal de los Derechos Humanos se aprobó el 10 de diciembre de 1948. La Carta de la ONU es de 1945, la Convención sobre los Derechos del Niño de 1989 y el Tratado de Versalles de 1919.',
  ),
  ciudadana(
    'Una persona es detenida sin orden judicial ni flagrancia y su familia quiere que un tribunal revise la legalidad de esa privación de libertad. ¿Qué acción constitucional corresponde?',
    'El recurso de amparo',
    ['El recurso de protección', 'La acusación constitucional', 'El plebiscito'],
    'El amparo (o habeas corpus) protege la libertad personal y la seguridad individual frente a detenciones ilegales. El recurso de protección resguarda otros derechos constitucionales, como la vida privada o la propiedad.',
  ),
  ciudadana(
    '¿Qué significa que en un país exista un Estado de derecho?',
    'Que gobernantes y gobernados están sometidos a la Constitución y a las leyes',
    [
      'Que el gobierno puede dictar cualquier norma sin control',
      'Que solo los ciudadanos deben cumplir las leyes',
      'Que existe un único partido político',
    ],
    'En un Estado de derecho el poder se ejerce dentro de límites legales, con separación de poderes y respeto de los derechos fundamentales. Si las autoridades no estuvieran sometidas a la ley, habría arbitrariedad.',
  ),
  ciudadana(
    '¿Quiénes integran el gobierno de una municipalidad en Chile?',
    'El alcalde y el concejo municipal, elegidos por votación popular',
    [
      'El gobernador regional y los seremis',
      'El delegado presidencial y los jueces de policía local',
      'El Presidente de la República y los ministros',
    ],
    'La municipalidad administra la comuna y está formada por el alcalde, su máxima autoridad, y el concejo municipal, órgano normativo y fiscalizador. El gobernador regional encabeza el gobierno regional, otro nivel distinto.',
  ),
  ciudadana(
    'En la tramitación de una ley, ¿qué es un "mensaje"?',
    'Un proyecto de ley presentado por el Presidente de la República',
    [
      'Un proyecto de ley presentado por diputados o senadores',
      'La publicación de la ley en el Diario Oficial',
      'El veto del Presidente a un proyecto aprobado',
    ],
    'Los proyectos de ley pueden iniciarse por mensaje (del Presidente) o por moción (de parlamentarios). La publicación en el Diario Oficial es la etapa final que hace obligatoria la ley.',
  ),
  ciudadana(
    '¿Qué es un plebiscito?',
    'Una votación en que la ciudadanía aprueba o rechaza directamente una propuesta o decisión',
    [
      'Una elección para escoger diputados',
      'Una reunión del Congreso pleno',
      'Un fallo de la Corte Suprema',
    ],
    'El plebiscito es un mecanismo de democracia directa: se vota sobre una decisión y no sobre personas. Elegir representantes, como los diputados, es propio de la democracia representativa.',
  ),
  ciudadana(
    '¿Qué institución administra y supervisa los procesos electorales en Chile?',
    'El Servicio Electoral (Servel)',
    [
      'El Tribunal Constitucional',
      'El Ministerio del Interior',
      'La Cámara de Diputadas y Diputados',
    ],
    'El Servel lleva el padrón electoral, organiza las elecciones y fiscaliza el gasto electoral. La calificación de las elecciones corresponde al Tribunal Calificador de Elecciones, otro órgano autónomo.',
  ),
  ciudadana(
    '¿Cuál de las siguientes es una organización de la sociedad civil que permite la participación de los vecinos en los asuntos de su barrio?',
    'La junta de vecinos',
    ['La Corte de Apelaciones', 'El Banco Central', 'La Contraloría General de la República'],
    'Las juntas de vecinos son organizaciones comunitarias territoriales que representan a los vecinos ante la municipalidad y promueven proyectos locales. Los otros son órganos del Estado, no de la sociedad civil.',
  ),
  ciudadana(
    'En una acusación constitucional contra un ministro de Estado, ¿qué papel cumple el Senado?',
    'Actúa como jurado y resuelve si el acusado es culpable',
    ['Presenta la acusación', 'Investiga los hechos como fiscal', 'Dicta la sentencia penal'],
    'La Cámara de Diputadas y Diputados declara si ha lugar la acusación y el Senado la resuelve como jurado. Si la acoge, el acusado queda destituido; las eventuales responsabilidades penales las juzgan después los tribunales.',
  ),
  ciudadana(
    '¿Cuál es una diferencia entre la nacionalidad por ius soli y por ius sanguinis?',
    'Por ius soli se adquiere por nacer en el territorio; por ius sanguinis, por ser hijo de padre o madre nacional',
    [
      'Por ius soli se adquiere por ser hijo de chilenos; por ius sanguinis, por nacer en Chile',
      'Ambas se obtienen solo por carta de nacionalización',
      'Por ius soli se adquiere al cumplir 18 años; por ius sanguinis, al votar',
    ],
    'Ius soli significa "derecho del suelo" e ius sanguinis, "derecho de la sangre". Chile reconoce ambos criterios, con excepciones como los hijos de extranjeros que están al servicio de su gobierno.',
  ),
  ciudadana(
    '¿Cuál de las siguientes es una autoridad elegida por votación popular en cada región de Chile?',
    'El gobernador regional',
    [
      'El delegado presidencial regional',
      'El secretario regional ministerial (seremi)',
      'El intendente designado por el Presidente',
    ],
    'Desde 2021 los gobernadores regionales se eligen por votación popular. El delegado presidencial regional y los seremis son designados por el Presidente; la figura del intendente fue reemplazada.',
  ),
];

const economiaQuestions: BankQuestion[] = [
  economia(
    '¿Cuál es el problema económico fundamental que estudia la economía?',
    'La escasez: las necesidades son ilimitadas y los recursos para satisfacerlas son limitados',
    [
      'La abundancia de recursos naturales',
      'La existencia del dinero',
      'El exceso de producción de bienes',
    ],
    'Como los recursos no alcanzan para todo, las personas, empresas y países deben elegir qué producir, cómo y para quién. El dinero facilita los intercambios, pero no es el problema de fondo.',
  ),
  economia(
    'Camila tiene la tarde libre y puede trabajar 4 horas en una cafetería o ir a un taller gratuito de programación; elige el taller. ¿Cuál es su costo de oportunidad?',
    'El dinero que habría ganado trabajando esas 4 horas',
    [
      'Nada, porque el taller es gratuito',
      'El precio del taller de programación',
      'El tiempo que dura el taller en sí mismo, sin considerar alternativas',
    ],
    'El costo de oportunidad es el valor de la mejor alternativa a la que se renuncia. Aunque el taller no cobre, Camila renuncia al sueldo de esas horas; decir que "no cuesta nada" es el error típico.',
  ),
  economia(
    'Según la ley de la demanda, si el precio de un bien sube y todo lo demás se mantiene constante, ¿qué ocurre?',
    'Disminuye la cantidad demandada de ese bien',
    [
      'Aumenta la cantidad demandada',
      'Aumenta la oferta del bien',
      'La cantidad demandada no cambia',
    ],
    'A mayor precio, los consumidores compran menos de ese bien (o se cambian a sustitutos). La oferta sí tiende a aumentar con el precio, pero la pregunta es por la demanda.',
  ),
  economia(
    'En un mercado, el precio está por debajo del precio de equilibrio. ¿Qué ocurre?',
    'Se produce un exceso de demanda (escasez) y el precio tiende a subir',
    [
      'Se produce un exceso de oferta y el precio tiende a bajar',
      'El mercado queda en equilibrio',
      'Desaparece la demanda del bien',
    ],
    'Con un precio bajo, los consumidores quieren comprar más de lo que los productores quieren vender; la competencia entre compradores empuja el precio hacia arriba. El exceso de oferta ocurre con precios sobre el equilibrio.',
  ),
  economia(
    'El precio del café sube mucho. ¿Qué efecto es esperable sobre la demanda de té, si se consideran bienes sustitutos?',
    'La demanda de té aumenta',
    ['La demanda de té disminuye', 'La demanda de té no cambia', 'La oferta de té desaparece'],
    'Los bienes sustitutos satisfacen la misma necesidad: si el café se encarece, parte de los consumidores se cambia al té. Con bienes complementarios (como café y azúcar) el efecto sería el contrario.',
  ),
  economia(
    '¿Qué indicador mide en Chile la variación de los precios de una canasta de bienes y servicios que consumen los hogares?',
    'El Índice de Precios al Consumidor (IPC)',
    [
      'El Producto Interno Bruto (PIB)',
      'La tasa de desocupación',
      'El Índice de Desarrollo Humano (IDH)',
    ],
    'El IPC, que calcula el INE, se usa para medir la inflación. El PIB mide la producción total del país y la tasa de desocupación, el desempleo.',
  ),
  economia(
    'Si la inflación está muy por encima de la meta, ¿qué medida suele tomar el Banco Central de Chile?',
    'Subir la tasa de política monetaria para encarecer el crédito y moderar el gasto',
    [
      'Bajar los impuestos',
      'Imprimir más dinero para aumentar el gasto',
      'Fijar por ley los precios de todos los productos',
    ],
    'Al subir la tasa de interés de referencia, los créditos se encarecen, el gasto se modera y las presiones sobre los precios disminuyen. Los impuestos son política fiscal, que decide el gobierno con el Congreso, no el Banco Central.',
  ),
  economia(
    '¿Qué mide el Producto Interno Bruto (PIB) de un país?',
    'El valor de todos los bienes y servicios finales producidos en el país durante un periodo',
    [
      'El total de dinero que tienen los bancos',
      'La suma de los sueldos del sector público',
      'El valor de las importaciones de un año',
    ],
    'El PIB mide la producción dentro del territorio en un periodo, normalmente un año. Se cuentan solo los bienes finales para no contar dos veces los insumos que se usan en su fabricación.',
  ),
  economia(
    '¿Qué tipo de impuesto es el IVA (Impuesto al Valor Agregado), cuya tasa en Chile es del 19 %?',
    'Un impuesto indirecto que grava el consumo',
    [
      'Un impuesto directo a las utilidades de las empresas',
      'Un impuesto a la propiedad de los inmuebles',
      'Un impuesto progresivo a los ingresos de las personas',
    ],
    'El IVA se aplica sobre las ventas y lo paga el consumidor al comprar, aunque lo entera el vendedor; por eso es indirecto. Los impuestos a la renta, que gravan los ingresos, son directos y en el caso de las personas, progresivos.',
  ),
  economia(
    '¿Qué situación de mercado existe cuando una sola empresa vende un producto sin sustitutos cercanos?',
    'Un monopolio',
    ['Competencia perfecta', 'Un oligopolio', 'Un monopsonio'],
    'En el monopolio hay un solo oferente, que puede fijar precios más altos que en competencia. El oligopolio tiene pocos oferentes y el monopsonio, un solo comprador.',
  ),
  economia(
    '¿Qué institución del Estado chileno tiene como función principal proteger los derechos de los consumidores?',
    'El Servicio Nacional del Consumidor (SERNAC)',
    [
      'El Servicio de Impuestos Internos (SII)',
      'La Fiscalía Nacional Económica',
      'El Instituto Nacional de Estadísticas (INE)',
    ],
    'El SERNAC informa, orienta y media en conflictos de consumo, y puede iniciar acciones colectivas. La Fiscalía Nacional Económica defiende la libre competencia, un tema cercano pero distinto, y el SII fiscaliza impuestos.',
  ),
  economia(
    'Al comparar dos créditos de consumo, ¿qué indicador permite saber cuál es más caro considerando intereses, comisiones y otros gastos?',
    'La carga anual equivalente (CAE)',
    ['El monto de la cuota mensual', 'El número de cuotas', 'La tasa de desempleo'],
    'La CAE expresa en un porcentaje anual el costo total del crédito, por eso permite comparar ofertas distintas. Una cuota más baja puede esconder más cuotas y un costo total mayor.',
  ),
  economia(
    '¿Cuáles son los factores productivos clásicos?',
    'Tierra (recursos naturales), trabajo y capital',
    ['Dinero, bancos y bolsa', 'Oferta, demanda y precio', 'Impuestos, aranceles y subsidios'],
    'Para producir bienes y servicios se combinan recursos naturales, trabajo humano y capital (maquinaria, herramientas, infraestructura); a veces se agrega la capacidad empresarial. Oferta, demanda y precio son elementos del mercado, no factores de producción.',
  ),
  economia(
    'En el modelo de flujo circular de la economía, ¿qué entregan las familias a las empresas?',
    'Factores productivos, como su trabajo, a cambio de ingresos',
    ['Bienes y servicios terminados', 'Impuestos', 'Créditos hipotecarios'],
    'Las familias ofrecen trabajo y otros factores a las empresas y reciben sueldos, rentas o utilidades; con ese dinero compran los bienes y servicios que producen las empresas. Los bienes terminados van en sentido contrario.',
  ),
  economia(
    '¿Cómo se calcula la tasa de desocupación?',
    'Dividiendo el número de personas desocupadas por la fuerza de trabajo (ocupados más desocupados)',
    [
      'Dividiendo el número de desocupados por la población total del país',
      'Restando los ocupados de la población total',
      'Dividiendo los ocupados por los desocupados',
    ],
    'La fuerza de trabajo incluye solo a quienes trabajan o buscan trabajo. Dividir por la población total incluiría a niños, jubilados y estudiantes que no buscan empleo, y subestimaría el desempleo.',
  ),
  economia(
    '¿Cuál es la principal diferencia entre la política fiscal y la política monetaria?',
    'La fiscal usa el gasto público y los impuestos; la monetaria, la tasa de interés y la cantidad de dinero',
    [
      'La fiscal la decide el Banco Central; la monetaria, el Congreso',
      'Ambas consisten en fijar los precios de los productos',
      'La fiscal solo afecta al comercio exterior',
    ],
    'La política fiscal la conducen el gobierno y el Congreso mediante el presupuesto; la monetaria está a cargo del Banco Central, que en Chile es autónomo. Confundir quién decide cada una es el error más común.',
  ),
  economia(
    'Un país produce cobre a un costo de oportunidad menor que otros países y lo exporta. ¿Qué concepto explica esta especialización?',
    'La ventaja comparativa',
    ['El proteccionismo', 'La inflación importada', 'El monopsonio'],
    'Según la ventaja comparativa, conviene especializarse en lo que se produce con menor costo de oportunidad e intercambiar el resto. El proteccionismo, al contrario, busca limitar las importaciones con aranceles o cuotas.',
  ),
  economia(
    '¿Qué diferencia hay entre ahorrar e invertir, en términos económicos?',
    'Ahorrar es no consumir parte del ingreso; invertir es usar recursos para aumentar la capacidad de producir o generar ganancias futuras',
    [
      'Son sinónimos',
      'Ahorrar es pedir un préstamo; invertir es pagarlo',
      'Invertir es gastar en consumo; ahorrar es gastar en bienes de lujo',
    ],
    'El ahorro es la parte del ingreso que no se gasta; la inversión usa recursos, a menudo provenientes del ahorro, en maquinaria, infraestructura o instrumentos que generan rentabilidad. Por eso se relacionan, pero no son lo mismo.',
  ),
];

export const HISTORIA_BANK: SubjectBank = {
  subject: 'Historia y Ciencias Sociales',
  contexts: [],
  questions: [...historiaQuestions, ...ciudadanaQuestions, ...economiaQuestions],
};
