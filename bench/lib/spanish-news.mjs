// Spanish news items for the search benchmark: a title, an excerpt and an HTML body of a few
// paragraphs (<p>, with some <strong> and <a>), about what a town hall or an association publishes
// (municipal affairs, culture, sport, education, weather, health, environment, local trade).
// Deterministic: the same index always gives the same item.
//
// A planted topic, the municipal libraries, appears in the items `isPlanted` picks (1 in 100), with
// the word in several forms ("la biblioteca", "las bibliotecas municipales", "Biblioteca Pública")
// in the title, the excerpt or only deep in the body, so Spanish stemming decides what matches.
// No other text here contains "bibliotec".

/** The search term the benchmark asks for; it matches the planted items and only them. */
export const PLANTED_TERM = 'biblioteca';

/** 1 % of the items carry the planted topic. @param {number} index */
export const isPlanted = (index) => index % 100 === 37;

/**
 * A small fast PRNG (mulberry32), seeded per item so items do not depend on each other.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOWNS = [
  'Villanueva del Río',
  'Peñaranda de Duero',
  'Alcalá la Real',
  'Úbeda',
  'Logroño',
  'Cáceres',
  'Ourense',
  'Teruel',
  'Ávila',
  'Mérida',
  'Jaén',
  'Cuéllar',
  'Béjar',
  'Alcañiz',
  'Tudela',
  'Lugo',
];
const PLACES = [
  'la plaza Mayor',
  'el barrio de San Lorenzo',
  'el casco antiguo',
  'la avenida de la Constitución',
  'el parque de la Alameda',
  'el distrito Centro',
  'la pedanía de Valdelobos',
  'el polígono de Las Eras',
  'la ribera del río',
  'el paseo de la Estación',
  'la calle Real',
  'el ensanche norte',
];
const PEOPLE = [
  'la alcaldesa',
  'el alcalde',
  'la concejala de Cultura',
  'el concejal de Urbanismo',
  'la teniente de alcalde',
  'el portavoz del equipo de gobierno',
  'la presidenta de la asociación de vecinos',
  'el director del área',
  'la técnica municipal',
  'el responsable del servicio',
];
const WHEN = [
  'el próximo lunes',
  'este miércoles',
  'el pasado viernes',
  'durante el fin de semana',
  'a partir del día 15',
  'a lo largo de la próxima semana',
  'antes de que acabe el mes',
  'desde primera hora de la mañana',
  'el sábado por la tarde',
  'en las próximas semanas',
];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

// [titles, excerpts, sentences] per topic; {town} {place} {person} {when} {month} {n} {big} {money}
// are filled in per item.
const TOPICS = [
  {
    titles: [
      'El pleno aprueba los presupuestos de {town} para el próximo año',
      'Comienzan las obras de reurbanización en {place}',
      'Nueva ordenanza de terrazas y ocupación de la vía pública',
      'El ayuntamiento renueva el alumbrado de {place}',
      'Abierto el plazo para solicitar las ayudas al alquiler',
      '{town} estrena un servicio de cita previa en línea',
    ],
    excerpts: [
      'El equipo de gobierno destaca que la inversión prevista supera los {money} euros.',
      'Los trabajos durarán unas {n} semanas y obligarán a desviar el tráfico por calles cercanas.',
      'Vecinos y comerciantes podrán presentar alegaciones durante {n} días hábiles.',
    ],
    sentences: [
      'El pleno municipal aprobó {when} la propuesta con los votos a favor de la mayoría de los grupos.',
      '{Person} explicó que la actuación responde a una demanda histórica de los vecinos de {place}.',
      'La inversión total asciende a {money} euros, financiados en parte con fondos europeos.',
      'Durante las obras se mantendrá el acceso peatonal a los portales y a los comercios.',
      'Los vecinos afectados recibirán una carta con el calendario detallado de los trabajos.',
      'El proyecto incluye la renovación de las redes de abastecimiento y saneamiento.',
      'Las solicitudes podrán presentarse en la sede electrónica o en el registro general.',
      'La oposición criticó la falta de diálogo y pidió que el expediente vuelva a la comisión.',
      'Se sustituirán {big} luminarias antiguas por otras de tecnología led, más eficientes.',
      'El nuevo horario de atención al público será de lunes a viernes, de nueve a dos.',
      'Según los datos del padrón, {town} ha ganado {n} habitantes en el último año.',
      'La junta de gobierno adjudicó el contrato a la empresa que presentó la oferta más ventajosa.',
      'Las bases de la convocatoria se publicarán en el boletín oficial de la provincia.',
      'El ayuntamiento recuerda que el plazo es improrrogable y no se admitirán solicitudes fuera de él.',
    ],
  },
  {
    titles: [
      'El festival de teatro de calle vuelve a {place}',
      'La casa de cultura acoge una exposición de fotografía antigua',
      'Concierto de la banda municipal en {place}',
      'Cine de verano gratuito todos los jueves de {month}',
      '{town} celebra sus fiestas patronales con un programa renovado',
      'Abierta la inscripción en los talleres de cerámica y pintura',
    ],
    excerpts: [
      'Más de {n} compañías participarán en una edición que apuesta por el público familiar.',
      'La muestra reúne {big} imágenes cedidas por los propios vecinos.',
      'Las entradas son gratuitas hasta completar el aforo.',
    ],
    sentences: [
      'La programación incluye espectáculos de danza, música tradicional y teatro infantil.',
      'La exposición podrá visitarse hasta finales de {month} en horario de mañana y tarde.',
      '{Person} agradeció la colaboración de las peñas y de las asociaciones culturales.',
      'El concierto comenzará a las nueve de la noche y repasará piezas de zarzuela y pasodobles.',
      'Las fotografías muestran cómo era la vida cotidiana en {town} a mediados del siglo pasado.',
      'Los talleres están dirigidos a personas de todas las edades y no requieren experiencia previa.',
      'En caso de lluvia, las actividades se trasladarán al auditorio municipal.',
      'El pregón correrá a cargo de una vecina que cumple cien años este otoño.',
      'La organización espera superar los {big} asistentes de la edición anterior.',
      'Habrá un autobús gratuito desde la estación hasta el recinto ferial cada media hora.',
      'El museo etnográfico abrirá sus puertas de forma extraordinaria durante las fiestas.',
      'La compañía local estrenará una obra escrita a partir de leyendas de la comarca.',
      'Las plazas de los talleres son limitadas y se adjudicarán por orden de inscripción.',
    ],
  },
  {
    titles: [
      'El club de fútbol de {town} asciende de categoría',
      'Más de {big} corredores en la carrera popular de {month}',
      'Reabre la piscina cubierta tras su reforma',
      'El torneo de baloncesto base reúne a {n} equipos',
      'Nuevas escuelas deportivas para la temporada',
      'El polideportivo de {place} estrena pista de atletismo',
    ],
    excerpts: [
      'El equipo logró la victoria en el último minuto ante una grada llena.',
      'La prueba recorrerá {n} kilómetros por las calles del casco urbano.',
      'Las instalaciones contarán con un horario ampliado durante el verano.',
    ],
    sentences: [
      'El equipo local se impuso por dos goles a uno en un partido muy disputado.',
      'La carrera saldrá de {place} y recorrerá {n} kilómetros por un circuito urbano.',
      'Los dorsales podrán recogerse en el polideportivo el día anterior a la prueba.',
      '{Person} destacó el esfuerzo de los clubes para fomentar el deporte base.',
      'La reforma de la piscina ha incluido la sustitución de la cubierta y de los vestuarios.',
      'Las escuelas deportivas ofrecen fútbol, baloncesto, natación, atletismo y pádel.',
      'El entrenador reconoció que el equipo sufrió en la segunda parte, pero supo aguantar.',
      'Las inscripciones para la temporada se abrirán {when} en las oficinas del pabellón.',
      'El torneo se disputará en tres sedes y la final se jugará en el pabellón principal.',
      'La nueva pista de atletismo permitirá celebrar competiciones de ámbito regional.',
      'Se habilitarán puntos de avituallamiento cada cinco kilómetros con agua y fruta.',
      'La afición respondió con más de {big} espectadores en las gradas.',
      'El club agradeció el apoyo de los patrocinadores y de las familias de los jugadores.',
    ],
  },
  {
    titles: [
      'Abierto el plazo de matrícula en las escuelas infantiles',
      'El instituto de {town} amplía su oferta de formación profesional',
      'Convocadas las becas municipales para material escolar',
      'El colegio de {place} estrena comedor escolar',
      'Los alumnos de secundaria participan en un proyecto de robótica',
      'Programa de refuerzo educativo durante el verano',
    ],
    excerpts: [
      'Las familias podrán presentar la solicitud hasta el {n} de {month}.',
      'El nuevo ciclo formativo ofrece {n} plazas y prácticas en empresas de la comarca.',
      'Las ayudas alcanzarán a cerca de {big} estudiantes.',
    ],
    sentences: [
      'Las familias interesadas deberán presentar la solicitud junto con el libro de familia.',
      'El nuevo ciclo de formación profesional incluye prácticas en empresas de la zona.',
      'Las becas cubren la compra de libros de texto y material escolar para el curso.',
      '{Person} visitó el centro y conversó con el profesorado y con la asociación de madres y padres.',
      'El comedor atenderá a unos {big} alumnos y ofrecerá menús adaptados a alergias.',
      'Los estudiantes diseñaron un pequeño robot capaz de clasificar residuos.',
      'El programa de refuerzo se impartirá en horario de mañana durante julio.',
      'La consejería de Educación ha confirmado la contratación de {n} docentes más.',
      'Las listas provisionales de admitidos se publicarán en el tablón del centro.',
      'El servicio de madrugadores permitirá a las familias conciliar su horario laboral.',
      'La directora del instituto valoró la implicación del alumnado en el proyecto.',
      'Se ha reforzado el transporte escolar para los alumnos de las pedanías.',
      'El plazo para reclamar las notas finales será de tres días hábiles.',
    ],
  },
  {
    titles: [
      'Aviso amarillo por lluvias intensas en la comarca',
      'Las temperaturas superarán los {n} grados esta semana',
      'Heladas de madrugada en {town} durante el fin de semana',
      'El viento obliga a cerrar los parques municipales',
      'Un otoño más seco de lo habitual, según los datos de la estación',
      'Recomendaciones ante la ola de calor',
    ],
    excerpts: [
      'Se esperan acumulados de hasta {n} litros por metro cuadrado en pocas horas.',
      'Protección Civil pide evitar los desplazamientos innecesarios.',
      'Los termómetros bajarán de los cero grados en las zonas altas.',
    ],
    sentences: [
      'La agencia de meteorología prevé chubascos fuertes acompañados de tormenta.',
      'Se recomienda evitar las horas centrales del día y beber agua con frecuencia.',
      'Las rachas de viento podrán superar los {n} kilómetros por hora en las zonas expuestas.',
      'Los servicios municipales han revisado los imbornales para evitar inundaciones.',
      '{Person} pidió prudencia a los conductores por la posible formación de placas de hielo.',
      'La estación meteorológica registró {n} litros por metro cuadrado en una sola tarde.',
      'Los centros de mayores permanecerán abiertos por la tarde como refugios climáticos.',
      'El aviso estará activo desde la medianoche hasta las ocho de la tarde del día siguiente.',
      'Las temperaturas mínimas rondarán los dos grados bajo cero en las zonas altas.',
      'El mes de {month} cerró con una precipitación muy inferior a la media histórica.',
      'Protección Civil mantiene activado el plan de emergencias en fase de alerta.',
      'Se han suspendido las actividades al aire libre previstas para {when}.',
    ],
  },
  {
    titles: [
      'El centro de salud de {place} amplía su horario',
      'Campaña de vacunación de la gripe para mayores de sesenta años',
      'Nuevo servicio de ayuda a domicilio',
      'Los servicios sociales atienden a más de {big} familias',
      'Talleres de memoria y envejecimiento activo',
      'Comienza el programa de respiro para personas cuidadoras',
    ],
    excerpts: [
      'La medida permitirá atender a {n} pacientes más cada día.',
      'Las citas pueden pedirse por teléfono o en la aplicación del servicio de salud.',
      'El servicio llegará también a las pedanías más alejadas.',
    ],
    sentences: [
      'El centro de salud abrirá también por la tarde con dos consultas de medicina de familia.',
      'La campaña de vacunación comenzará {when} y se prolongará durante todo el otoño.',
      'El servicio de ayuda a domicilio incluye aseo personal, limpieza y acompañamiento.',
      '{Person} subrayó que ninguna familia quedará sin atención por motivos económicos.',
      'Los talleres de memoria se celebrarán dos veces por semana en el centro de mayores.',
      'Las personas cuidadoras podrán disponer de hasta {n} horas de respiro al mes.',
      'La trabajadora social valorará cada caso en una entrevista personal.',
      'Se ha incorporado una enfermera escolar que visitará los colegios del municipio.',
      'El programa cuenta con la colaboración de la Cruz Roja y de Cáritas.',
      'Las solicitudes se atenderán por orden de llegada y según el grado de necesidad.',
      'La consulta de pediatría tendrá cita previa para evitar esperas.',
      'El consultorio de la pedanía recuperará la atención presencial dos días por semana.',
    ],
  },
  {
    titles: [
      'Nuevos contenedores de residuos orgánicos en {place}',
      'El ayuntamiento planta {big} árboles en la ribera',
      'Huertos urbanos para jubilados y familias',
      'Campaña de limpieza del río con voluntarios',
      '{town} reduce un {n} % el consumo de agua',
      'Punto limpio móvil en los barrios',
    ],
    excerpts: [
      'El objetivo es aumentar el reciclaje y reducir los residuos que llegan al vertedero.',
      'Las parcelas se adjudicarán por sorteo entre las solicitudes presentadas.',
      'La jornada reunió a más de {n} voluntarios de todas las edades.',
    ],
    sentences: [
      'Los nuevos contenedores de color marrón están destinados a los restos de comida.',
      'La plantación incluye fresnos, chopos y sauces, especies propias de la ribera.',
      'Los huertos contarán con riego por goteo y una caseta para guardar herramientas.',
      '{Person} recordó que separar los residuos abarata la tasa de basuras.',
      'Los voluntarios retiraron más de {n} sacos de plásticos y restos de obra.',
      'El punto limpio móvil recorrerá los barrios según un calendario mensual.',
      'La renovación de la red ha permitido detectar y reparar numerosas fugas.',
      'Se instalarán carteles informativos sobre la fauna y la flora del entorno.',
      'El compostaje doméstico se promoverá con el reparto gratuito de compostadores.',
      'La campaña de concienciación llegará a todos los colegios del municipio.',
      'Las podas se realizarán fuera de la época de nidificación de las aves.',
      'Los vecinos podrán consultar en la web municipal los horarios de recogida.',
    ],
  },
  {
    titles: [
      'El mercado de abastos de {town} abre los domingos',
      'Feria de comercio local en {place}',
      'Ayudas para la modernización de pequeños negocios',
      'El paro baja en {town} por tercer mes consecutivo',
      'Nueva lanzadera de empleo para jóvenes',
      'Rutas gastronómicas para atraer visitantes en {month}',
    ],
    excerpts: [
      'Los comerciantes confían en que la medida anime las ventas del centro.',
      'Un total de {n} establecimientos participan en la iniciativa.',
      'Las ayudas pueden llegar a los {money} euros por negocio.',
    ],
    sentences: [
      'Los comerciantes ofrecerán descuentos y degustaciones de productos de la tierra.',
      'Las ayudas podrán destinarse a la renovación de escaparates o a la venta en línea.',
      'El número de personas inscritas en el paro se ha reducido en {n} respecto al mes anterior.',
      '{Person} defendió el comercio de proximidad como motor de la vida de los barrios.',
      'La lanzadera de empleo ofrecerá formación en competencias digitales y entrevistas.',
      'Los restaurantes participantes servirán un menú especial a precio cerrado.',
      'La asociación de comerciantes calcula que la feria atrajo a {big} visitantes.',
      'El mercado de abastos cuenta con {n} puestos de fruta, carne, pescado y pan.',
      'Se ha creado un sello de calidad para los productos elaborados en la comarca.',
      'Las empresas que contraten a jóvenes desempleados recibirán una bonificación.',
      'El aparcamiento de {place} será gratuito durante las dos primeras horas.',
      'La oficina de turismo distribuirá un folleto con las rutas y los establecimientos.',
    ],
  },
];

// The planted topic: the municipal libraries, in the forms stemming must bring together.
const LIBRARY = {
  titles: [
    'La biblioteca municipal amplía su horario en época de exámenes',
    'Las bibliotecas de {town} prestaron más de {big} libros el año pasado',
    'Reabre la Biblioteca Pública de {place} tras su reforma',
    'Club de lectura en la biblioteca para adolescentes',
  ],
  excerpts: [
    'La biblioteca abrirá también los sábados por la tarde hasta finales de {month}.',
    'Las bibliotecas municipales suman ya {big} personas con carné de lector.',
    'El servicio de préstamo de la biblioteca incorpora libros electrónicos.',
  ],
  sentences: [
    'La biblioteca municipal abrirá de forma ininterrumpida durante la época de exámenes.',
    'Las bibliotecas de los barrios organizarán cuentacuentos para los más pequeños.',
    'Los bibliotecarios han preparado una selección de novedades para el verano.',
    'La Biblioteca Pública ha renovado su sala de estudio, con {n} puestos nuevos.',
    'El carné de la biblioteca permite también el préstamo de libros electrónicos.',
    'La red de bibliotecas municipales presta ya cómics, películas y juegos de mesa.',
  ],
  // Other items only carry the general topics; a planted item mentions the library in one of these.
  lead: '{Person} recordó que la biblioteca municipal de {town} sigue abierta a todos los vecinos.',
};

const CAPITALIZED = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * @param {() => number} rand
 * @template T
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (rand, list) => /** @type {T} */ (list[Math.floor(rand() * list.length)]);

/**
 * @param {() => number} rand
 * @param {readonly string[]} list
 */
function shuffled(rand, list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [/** @type {string} */ (copy[j]), /** @type {string} */ (copy[i])];
  }
  return copy;
}

/** @param {() => number} rand @param {string} template */
function fill(rand, template) {
  const text = template.replace(/\{(\w+)\}/g, (_whole, slot) => {
    switch (slot) {
      case 'town':
        return pick(rand, TOWNS);
      case 'place':
        return pick(rand, PLACES);
      case 'person':
        return pick(rand, PEOPLE);
      case 'Person':
        return CAPITALIZED(pick(rand, PEOPLE));
      case 'when':
        return pick(rand, WHEN);
      case 'month':
        return pick(rand, MONTHS);
      case 'n':
        return String(2 + Math.floor(rand() * 40));
      case 'big':
        return (100 + Math.floor(rand() * 9_900)).toLocaleString('es-ES');
      case 'money':
        return (20_000 + Math.floor(rand() * 2_000_000)).toLocaleString('es-ES');
      default:
        return slot;
    }
  });
  // "de el parque" → "del parque", "a el barrio" → "al barrio".
  return text.replace(/\bde el\b/g, 'del').replace(/\ba el\b/g, 'al');
}

/** @param {string} text */
export function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * The title, excerpt and HTML body of item `index` (1-based).
 * @param {number} index
 * @returns {{ title: string, excerpt: string | null, body: string, planted: boolean }}
 */
export function spanishNewsItem(index) {
  const rand = random(index * 2_654_435_761);
  const topic = pick(rand, TOPICS);
  const planted = isPlanted(index);
  // Where a planted item names the library: the title, the excerpt, or only the body (a third each).
  const plantedIn = planted ? (['title', 'excerpt', 'body'][index % 3] ?? 'body') : null;

  const title = fill(rand, pick(rand, plantedIn === 'title' ? LIBRARY.titles : topic.titles));
  const excerpt =
    plantedIn === 'excerpt'
      ? fill(rand, pick(rand, LIBRARY.excerpts))
      : rand() < 0.85
        ? fill(rand, pick(rand, topic.excerpts))
        : null;

  // Sentences of the topic in a shuffled order (taken from the end), none twice; a longer item
  // borrows from another topic.
  const pool = [...shuffled(rand, pick(rand, TOPICS).sentences), ...shuffled(rand, topic.sentences)];
  const paragraphs = [];
  const paragraphCount = 3 + Math.floor(rand() * 3);
  for (let p = 0; p < paragraphCount; p++) {
    const sentences = [];
    const sentenceCount = 2 + Math.floor(rand() * 4);
    for (let s = 0; s < sentenceCount; s++) {
      let sentence = fill(rand, pool.pop() ?? pick(rand, topic.sentences));
      if (s === 0 && rand() < 0.25) {
        // A phrase in bold: the part before the first comma, or the whole sentence.
        const comma = sentence.indexOf(',');
        sentence =
          comma > 0
            ? `<strong>${sentence.slice(0, comma)}</strong>${sentence.slice(comma)}`
            : `<strong>${sentence}</strong>`;
      }
      sentences.push(sentence);
    }
    paragraphs.push(sentences);
  }
  if (planted) {
    // Library sentences in the body too (more of them when the title and excerpt say nothing), placed
    // in a later paragraph so the ranking's cover density has something to weigh.
    const count = plantedIn === 'body' ? 1 + (index % 2) : 2 + (index % 3);
    for (let k = 0; k < count; k++) {
      const target = paragraphs[Math.min(paragraphs.length - 1, 1 + k)] ?? [];
      target.splice(
        Math.floor(rand() * (target.length + 1)),
        0,
        fill(rand, k === 0 && plantedIn === 'body' ? LIBRARY.lead : pick(rand, LIBRARY.sentences)),
      );
    }
  }
  if (rand() < 0.2) {
    paragraphs.push([
      `Puede consultar <a href="https://sede.ejemplo.es/tramites/${index}">toda la información</a> en la sede electrónica o llamar al 010.`,
    ]);
  }
  const body = paragraphs.map((sentences) => `<p>${sentences.join(' ')}</p>`).join('');
  return { title, excerpt, body, planted };
}
