import { z } from 'zod';
import { CATEGORIES } from './categories';
import { SLUG_MAX } from './content';
import { ENTITIES, ENTITY_TYPES } from './entities';
import { EVENTS } from './events';
import { parseIsoDate } from './madrid-time';
import { NEWS, PAGES } from './news';
import { AREA_REGISTRY, type Area } from './permissions';
import { PublicMedia, publicSchemasOf } from './public-fields';
import { SLIDES } from './slides';
import { SPACES } from './spaces';
import { PublicTestResults } from './test-responses';
import {
  AttemptAnswersInput,
  AttemptStarted,
  AttemptStartInput,
  AttemptView,
  EMAIL_START_SENT,
  PublicTest,
  PublicTestListItem,
} from './tests-public';

// docs/public-api.md#calling-it: what the organisation's website reads from /api/public/v1. These
// schemas are the contract in code: the API shapes its answers by them, the OpenAPI document is
// generated from them (z.toJSONSchema), and tests check real answers against them. Response schemas
// are strict objects without transforms, so the document says exactly which keys an answer holds.

export const PUBLIC_API_PREFIX = '/api/public/v1';

export const PUBLIC_PER_PAGE_DEFAULT = 15;
export const PUBLIC_PER_PAGE_MAX = 50;
/** Slides are not paginated: the active ones, at most this many. */
export const PUBLIC_SLIDES_MAX = 50;
/** The RSS feed's newest items. */
export const PUBLIC_FEED_SIZE = 50;
export const PUBLIC_SEARCH_MAX = 200;
/** The agenda's calendar (events.ics): the soonest this many. */
export const PUBLIC_CALENDAR_SIZE = 500;

/** Every record the website may not see (draft, future, inactive, missing) answers exactly this. */
export const PUBLIC_NOT_FOUND_MESSAGE = 'No encontrado.';

// ---------------------------------------------------------------------------------------------
// Answers

const instant = (description: string) => z.iso.datetime().meta({ description });

// Each area's answer is derived from its field table (`public: true`, public-fields.ts), beside what
// is its own: values computed by SQL that no single field holds.

export const PublicNewsCategory = z
  .strictObject({ slug: z.string(), name: z.string(), color: z.string() })
  .meta({ id: 'PublicNewsCategory', description: 'Una categoría de la noticia.' });

const news = publicSchemasOf(NEWS.fields, {
  own: { categories: z.array(PublicNewsCategory) },
  list: { id: 'PublicNewsListItem', description: 'Una noticia publicada, en una lista.' },
  one: { id: 'PublicNews', description: 'Una noticia publicada, con su texto.' },
});
export const PublicNewsListItem = news.list;
export type PublicNewsListItem = z.infer<typeof PublicNewsListItem>;
export const PublicNews = news.one;
export type PublicNews = z.infer<typeof PublicNews>;

const pages = publicSchemasOf(PAGES.fields, {
  list: { id: 'PublicPageListItem', description: 'Una página publicada, en una lista.' },
  one: { id: 'PublicPage', description: 'Una página publicada, con su texto.' },
});
export const PublicPageListItem = pages.list;
export type PublicPageListItem = z.infer<typeof PublicPageListItem>;
export const PublicPage = pages.one;
export type PublicPage = z.infer<typeof PublicPage>;

export const PublicCategory = publicSchemasOf(CATEGORIES.fields, {
  own: {
    parent: z.string().nullable().meta({ description: 'Slug de la categoría superior, o null.' }),
    path: z.string().meta({ description: 'Ruta desde la raíz, por ejemplo «Deportes › Fútbol».' }),
    news_count: z.int().meta({ description: 'Noticias publicadas en esta categoría.' }),
  },
  // Its last change is in the sitemap, not in the answer.
  updatedAt: false,
  list: { id: 'PublicCategory', description: 'Una categoría.' },
}).one;
export type PublicCategory = z.infer<typeof PublicCategory>;

export const PublicSlide = publicSchemasOf(SLIDES.fields, {
  own: { position: z.int().meta({ description: 'Posición (1 = primera).' }) },
  updatedAt: false,
  url: false,
  list: { id: 'PublicSlide', description: 'Una diapositiva activa ahora.' },
}).one;
export type PublicSlide = z.infer<typeof PublicSlide>;

export const PublicEntity = publicSchemasOf(ENTITIES.fields, {
  own: { spaces_count: z.int().meta({ description: 'Espacios activos de la entidad.' }) },
  // Its last change is in the sitemap, not in the answer.
  updatedAt: false,
  list: { id: 'PublicEntity', description: 'Una entidad activa.' },
}).one;
export type PublicEntity = z.infer<typeof PublicEntity>;

export const PublicSpace = publicSchemasOf(SPACES.fields, {
  own: {
    entity: z
      .strictObject({ slug: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'La entidad a la que pertenece, o null.' }),
    images: z.array(PublicMedia).meta({ description: 'Galería, en su orden.' }),
  },
  // Its last change is in the sitemap, not in the answer.
  updatedAt: false,
  list: {
    id: 'PublicSpace',
    description: 'Un espacio activo de una entidad activa (o sin entidad).',
  },
}).one;
export type PublicSpace = z.infer<typeof PublicSpace>;

export const PublicEventSpace = z
  .strictObject({
    slug: z.string(),
    name: z.string(),
    address: z.string().nullable().meta({ description: 'Dirección postal del espacio, o null.' }),
  })
  .nullable()
  .meta({ id: 'PublicEventSpace', description: 'El espacio donde tiene lugar, o null.' });

const events = publicSchemasOf(EVENTS.fields, {
  own: { space: PublicEventSpace, categories: z.array(PublicNewsCategory) },
  list: {
    id: 'PublicEventListItem',
    description: 'Un evento publicado que aún no ha terminado, en una lista.',
  },
  one: { id: 'PublicEvent', description: 'Un evento publicado que aún no ha terminado, con su descripción.' },
});
export const PublicEventListItem = events.list;
export type PublicEventListItem = z.infer<typeof PublicEventListItem>;
export const PublicEvent = events.one;
export type PublicEvent = z.infer<typeof PublicEvent>;

export const PublicPaginationLinks = z
  .strictObject({
    first: z.string(),
    last: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  })
  .meta({ id: 'PublicPaginationLinks' });

export const PublicPaginationMeta = z
  .strictObject({
    current_page: z.int(),
    from: z.int().nullable(),
    last_page: z.int(),
    links: z.array(z.strictObject({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
    path: z.string(),
    per_page: z.int(),
    to: z.int().nullable(),
    total: z.int(),
  })
  .meta({ id: 'PublicPaginationMeta' });

/** Laravel's paginated shape (as the admin API answers lists), around `item`. */
export function publicPaginated<T extends z.ZodType>(item: T, id: string, description: string) {
  return z
    .strictObject({ data: z.array(item), links: PublicPaginationLinks, meta: PublicPaginationMeta })
    .meta({ id, description });
}

/** `{data: {...}}`: one record. */
export function publicOne<T extends z.ZodType>(item: T, id: string) {
  return z.strictObject({ data: item }).meta({ id });
}

export const PublicNewsList = publicPaginated(PublicNewsListItem, 'PublicNewsList', 'Noticias publicadas.');
export const PublicPageList = publicPaginated(PublicPageListItem, 'PublicPageList', 'Páginas publicadas.');
export const PublicCategoryList = publicPaginated(PublicCategory, 'PublicCategoryList', 'Categorías.');
export const PublicEntityList = publicPaginated(PublicEntity, 'PublicEntityList', 'Entidades activas.');
export const PublicSpaceList = publicPaginated(PublicSpace, 'PublicSpaceList', 'Espacios activos.');
export const PublicEventList = publicPaginated(
  PublicEventListItem,
  'PublicEventList',
  'Eventos publicados que aún no han terminado, los más próximos primero.',
);
export const PublicSlideList = z.strictObject({ data: z.array(PublicSlide).max(PUBLIC_SLIDES_MAX) }).meta({
  id: 'PublicSlideList',
  description:
    'Las diapositivas activas ahora, en su orden. Un carrusel que avanza solo debe poder pausarse, detenerse u ocultarse (UNE-EN 301 549, 9.2.2.2; WCAG 2.2.2).',
});

export const PublicNewsOne = publicOne(PublicNews, 'PublicNewsOne');
export const PublicPageOne = publicOne(PublicPage, 'PublicPageOne');
export const PublicCategoryOne = publicOne(PublicCategory, 'PublicCategoryOne');
export const PublicEntityOne = publicOne(PublicEntity, 'PublicEntityOne');
export const PublicSpaceOne = publicOne(PublicSpace, 'PublicSpaceOne');
export const PublicEventOne = publicOne(PublicEvent, 'PublicEventOne');

export const PREVIEW_AREAS = ['news', 'page'] as const;
export type PreviewArea = (typeof PREVIEW_AREAS)[number];

/** A draft as the website would show it were it public now; `meta` says which kind of record it is. */
export const PublicPreview = z
  .strictObject({
    data: z.union([PublicNews, PublicPage]),
    meta: z.strictObject({
      area: z
        .enum(PREVIEW_AREAS)
        .meta({ description: 'news: una noticia (como /news/{slug}); page: una página.' }),
      expires_at: instant('Hasta cuándo vale el token (ISO 8601, UTC).'),
    }),
  })
  .meta({ id: 'PublicPreview', description: 'Vista previa de un borrador (no se guarda en caché).' });
export type PublicPreview = z.infer<typeof PublicPreview>;

/** The admin API's answer to POST /api/news/{id}/preview and /api/pages/{id}/preview (201). */
export const PreviewLink = z.strictObject({
  data: z.strictObject({
    token: z.string(),
    url: z.string().nullable().meta({ description: 'PUBLIC_PREVIEW_URL con el token, o null.' }),
    expires_at: z.iso.datetime(),
  }),
});
export type PreviewLink = z.infer<typeof PreviewLink>;

// Error bodies (Laravel's shapes, as the admin API's).

export const PublicNotFound = z.strictObject({ message: z.literal(PUBLIC_NOT_FOUND_MESSAGE) }).meta({
  id: 'PublicNotFound',
  description: 'No existe o no es público ahora: siempre la misma respuesta.',
});

export const PublicValidationError = z
  .strictObject({
    message: z.string().meta({ description: 'El primer error.' }),
    errors: z.record(z.string(), z.array(z.string())).meta({ description: 'Errores por parámetro.' }),
  })
  .meta({ id: 'PublicValidationError', description: 'Parámetros no válidos (422).' });

export const PublicMessage = z
  .strictObject({ message: z.string() })
  .meta({ id: 'PublicMessage', description: 'Un mensaje en español.' });

// ---------------------------------------------------------------------------------------------
// Queries (the query string arrives as text; repeated parameters as lists, which are refused)

const integerParameter = (name: string, min: number, max: number) => {
  const error = `El parámetro ${name} debe ser un número entero entre ${min} y ${max}.`;
  const minError =
    max === Number.MAX_SAFE_INTEGER
      ? `El parámetro ${name} debe ser un número entero mayor que cero.`
      : error;
  return z
    .string({ error: max === Number.MAX_SAFE_INTEGER ? minError : error })
    .regex(/^\d{1,9}$/, { error: minError, abort: true })
    .refine((value) => Number(value) >= min && Number(value) <= max, { error: minError });
};

const slugParameter = (name: string, what: string) =>
  z
    .string({ error: `El parámetro ${name} debe ser un texto.` })
    .max(SLUG_MAX, { error: `El parámetro ${name} no debe tener más de ${SLUG_MAX} caracteres.` })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: `El parámetro ${name} debe ser el slug de ${what}.` });

const pageParameter = integerParameter('page', 1, Number.MAX_SAFE_INTEGER).meta({
  description: 'Número de página (desde 1).',
  example: '1',
});
const perPageParameter = integerParameter('per_page', 1, PUBLIC_PER_PAGE_MAX).meta({
  description: `Elementos por página (1–${PUBLIC_PER_PAGE_MAX}; ${PUBLIC_PER_PAGE_DEFAULT} si no se indica).`,
  example: String(PUBLIC_PER_PAGE_DEFAULT),
});

/** A category filter: records of it and of the categories below it. */
const categoryParameter = (records: string) =>
  slugParameter('category', 'una categoría')
    .optional()
    .meta({ description: `Slug de una categoría: ${records} de ella y de sus subcategorías.` });

const spaceParameter = slugParameter('space', 'un espacio')
  .optional()
  .meta({ description: 'Slug de un espacio.' });

const searchParameter = z
  .string({ error: 'El parámetro search debe ser un texto.' })
  .max(PUBLIC_SEARCH_MAX, {
    error: `El parámetro search no debe tener más de ${PUBLIC_SEARCH_MAX} caracteres.`,
  })
  .optional()
  .meta({ description: 'Búsqueda de texto completo en español; las mejores coincidencias primero.' });

/** `page` and `per_page` as every public list takes them. */
export const PublicListQuery = z.object({
  page: pageParameter.optional(),
  per_page: perPageParameter.optional(),
});

export const PublicNewsQuery = PublicListQuery.extend({
  category: categoryParameter('noticias'),
  featured: z
    .enum(['1', '0'], { error: 'El parámetro featured solo admite 1 (destacadas) o 0 (no destacadas).' })
    .optional()
    .meta({ description: '1: solo destacadas; 0: solo no destacadas.' }),
  search: searchParameter,
});
export type PublicNewsQuery = z.infer<typeof PublicNewsQuery>;

export const PublicEntityQuery = PublicListQuery.extend({
  type: z
    .enum(ENTITY_TYPES, {
      error: `El parámetro type debe ser uno de estos valores: ${ENTITY_TYPES.join(', ')}.`,
    })
    .optional()
    .meta({ description: 'Tipo de entidad.' }),
});
export type PublicEntityQuery = z.infer<typeof PublicEntityQuery>;

export const PublicSpaceQuery = PublicListQuery.extend({
  entity: slugParameter('entity', 'una entidad').optional().meta({ description: 'Slug de una entidad.' }),
});
export type PublicSpaceQuery = z.infer<typeof PublicSpaceQuery>;

const dayParameter = (name: string, description: string) =>
  z
    .string({ error: `El parámetro ${name} debe ser una fecha AAAA-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, {
      error: `El parámetro ${name} debe ser una fecha AAAA-MM-DD.`,
      abort: true,
    })
    .refine((value) => parseIsoDate(value) !== null, {
      error: `El parámetro ${name} no es una fecha que exista.`,
    })
    .optional()
    .meta({ description, example: '2026-12-01' });

export const PublicEventQuery = PublicListQuery.extend({
  from: dayParameter('from', 'Día (AAAA-MM-DD, hora de Madrid): eventos que siguen ese día o después.'),
  to: dayParameter('to', 'Día (AAAA-MM-DD, hora de Madrid): eventos que empiezan ese día o antes.'),
  space: spaceParameter,
  category: categoryParameter('eventos'),
  search: searchParameter,
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to < query.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'El parámetro to no puede ser anterior a from.' });
  }
});
export type PublicEventQuery = z.infer<typeof PublicEventQuery>;

export const PublicFeedQuery = z.object({
  category: categoryParameter('noticias'),
});
export type PublicFeedQuery = z.infer<typeof PublicFeedQuery>;

export const PublicSlugParams = z.object({
  slug: z.string().meta({ description: 'El slug del registro.' }),
});
export const PublicTokenParams = z.object({
  token: z.string().meta({ description: 'El token de vista previa que dio la API de administración.' }),
});

// ---------------------------------------------------------------------------------------------
// Every path of the public API, for the OpenAPI document and the tests that check answers by it.

export interface PublicRoute {
  /** Under PUBLIC_API_PREFIX, OpenAPI style: `/news/{slug}`. */
  path: string;
  /** GET unless said (the answering routes write: docs/public-api.md#questionnaires). */
  method?: PublicMethod;
  /** Stable OpenAPI operationId. */
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON body a write takes. */
  body?: z.ZodType;
  /** The success answer (200 unless `status` says 201). For XML, a string schema and its `contentType`. */
  response: z.ZodType;
  status?: 200 | 201;
  /** A second success answer: 202 with a message (a start link mailed instead of an attempt). */
  accepted?: { description: string; response: z.ZodType };
  contentType?:
    | 'application/json'
    | 'application/rss+xml; charset=utf-8'
    | 'application/xml; charset=utf-8'
    | 'text/calendar; charset=utf-8';
  /** Which error answers this path gives besides those of every path (405, 429). */
  errors: Array<404 | 409 | 422>;
  /** What a 409 means on this path. */
  conflict?: string;
  /** Never cached (Cache-Control: no-store, X-Robots-Tag: noindex). */
  noStore?: boolean;
}

export type PublicMethod = 'GET' | 'POST' | 'PUT';

const xml = (description: string) => z.string().meta({ description });
const calendar = (description: string) => z.string().meta({ description });

/** The agenda's feeds take a space or a category, as the list does. */
export const PublicEventFeedQuery = z.object({
  space: spaceParameter,
  category: categoryParameter('eventos'),
});
export type PublicEventFeedQuery = z.infer<typeof PublicEventFeedQuery>;

/**
 * Where each public area's list is served, under PUBLIC_API_PREFIX: the API's routes (the areas'
 * public sides) and the document's paths both read it.
 */
export const PUBLIC_PATHS = {
  news: '/news',
  page: '/pages',
  category: '/categories',
  slide: '/slides',
  entity: '/entities',
  space: '/spaces',
  event: '/events',
} as const satisfies Partial<Record<Area, `/${string}`>>;
export type PublicAreaName = keyof typeof PUBLIC_PATHS;

/**
 * One area's list and record paths (decision 021): the area states its summaries and schemas; the
 * tag (its label in AREA_REGISTRY), the `{slug}` path, the operationIds and the errors are the same
 * for every area.
 */
export interface PublicAreaRoutes {
  area: PublicAreaName;
  /** `name` makes the operationId: `listNews`. */
  list: Pick<PublicRoute, 'summary' | 'description' | 'query' | 'response'> & { name: string };
  /** `{path}/{slug}`, operationId `show<name>`; an area without records of its own (slides) has none. */
  one?: Pick<PublicRoute, 'summary' | 'response'> & { name: string };
}

export function publicAreaRoutes({ area, list, one }: PublicAreaRoutes): PublicRoute[] {
  const tag = AREA_REGISTRY[area].label;
  const path = PUBLIC_PATHS[area];
  const routes: PublicRoute[] = [
    {
      path,
      operationId: `list${list.name}`,
      tag,
      summary: list.summary,
      description: list.description,
      query: list.query,
      response: list.response,
      // A list that takes no query string has no parameter to refuse.
      errors: list.query ? [422] : [],
    },
  ];
  if (one) {
    routes.push({
      path: `${path}/{slug}`,
      operationId: `show${one.name}`,
      tag,
      summary: one.summary,
      params: PublicSlugParams,
      response: one.response,
      errors: [404],
    });
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Questionnaires answered by the public (docs/public-api.md#questionnaires): the only writes here,
// never cached, authorised by a proof of work and then by the attempt's token alone.

/** The answering paths, under PUBLIC_API_PREFIX: the routes, the document and the transport read them. */
export const PUBLIC_ANSWERING_PATHS = {
  tests: '/tests',
  test: '/tests/{slug}',
  challenge: '/tests/{slug}/challenge',
  attempts: '/tests/{slug}/attempts',
  attempt: '/attempts/{token}',
  answers: '/attempts/{token}/answers',
  submit: '/attempts/{token}/submit',
  results: '/tests/{slug}/results',
} as const;

export const PublicTestList = z.strictObject({ data: z.array(PublicTestListItem) }).meta({
  id: 'PublicTestList',
  description: 'Los tests abiertos ahora (como mucho 100), los más recientes primero.',
});
export const PublicTestOne = publicOne(PublicTest, 'PublicTestOne');
export const AttemptStartedOne = publicOne(AttemptStarted, 'AttemptStartedOne');
export const AttemptViewOne = publicOne(AttemptView, 'AttemptViewOne');
export const PublicTestResultsOne = publicOne(PublicTestResults, 'PublicTestResultsOne');
export const AttemptMailed = z.strictObject({ message: z.literal(EMAIL_START_SENT) }).meta({
  id: 'AttemptMailed',
  description: 'El enlace para empezar va por correo; la respuesta es la misma siempre.',
});

/** An ALTCHA challenge (altcha-lib's v1 format): the browser finds `number`, then sends the proof. */
export const PublicChallenge = z
  .strictObject({
    algorithm: z.string().meta({ description: 'SHA-256.' }),
    challenge: z.string().meta({ description: 'El hash que hay que encontrar (hex).' }),
    maxnumber: z.int().meta({ description: 'El número buscado está entre 0 y este.' }),
    salt: z.string().meta({ description: 'La sal, con el test y la caducidad del reto.' }),
    signature: z.string().meta({ description: 'La firma del servidor.' }),
  })
  .meta({
    id: 'PublicChallenge',
    description:
      'Un reto de prueba de trabajo (ALTCHA): se busca el número n (0 ≤ n ≤ maxnumber) cuyo SHA-256(salt + n) es challenge, y se envía como proof el JSON {algorithm, challenge, number, salt, signature} en base64. Vale 10 minutos y una sola vez.',
  });

export const PublicTokenOfAttempt = z.object({
  token: z
    .string()
    .meta({ description: 'El token del intento (la respuesta a POST /tests/{slug}/attempts).' }),
});

const answeringRoutes: PublicRoute[] = [
  {
    path: PUBLIC_ANSWERING_PATHS.tests,
    operationId: 'listTests',
    tag: 'Cuestionarios',
    summary: 'Los tests abiertos ahora al público',
    description: 'Con acceso por enlace, PIN o códigos, y dentro de su periodo; sin preguntas.',
    response: PublicTestList,
    errors: [],
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.test,
    operationId: 'showTest',
    tag: 'Cuestionarios',
    summary: 'Un test abierto, con sus preguntas (sin las respuestas correctas)',
    description:
      'Un test cerrado, fuera de su periodo, en borrador, en la papelera o inexistente responde el mismo 404.',
    params: PublicSlugParams,
    response: PublicTestOne,
    errors: [404],
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.challenge,
    operationId: 'testChallenge',
    tag: 'Cuestionarios',
    summary: 'Un reto de prueba de trabajo para empezar el test',
    params: PublicSlugParams,
    response: PublicChallenge,
    errors: [404],
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.attempts,
    method: 'POST',
    operationId: 'startAttempt',
    tag: 'Cuestionarios',
    summary: 'Empieza un intento',
    description:
      'Con la prueba de trabajo resuelta (proof) y lo que pida el test (start.asks): el PIN, el código, o el correo y el consentimiento; con start, el secreto del enlace recibido por correo. Un test que pide el correo responde 202 y envía el enlace (la respuesta no dice si la dirección ya respondió).',
    params: PublicSlugParams,
    body: AttemptStartInput,
    response: AttemptStartedOne,
    status: 201,
    accepted: { description: 'El enlace para empezar se ha enviado por correo.', response: AttemptMailed },
    errors: [404, 409, 422],
    conflict: 'El test ya no admite más respuestas, o el código o la dirección ya se usaron.',
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.attempt,
    operationId: 'showAttempt',
    tag: 'Cuestionarios',
    summary: 'Un intento: sus respuestas guardadas, su plazo y, una vez enviado, el resultado',
    description:
      'Para continuar donde se dejó. Si el plazo terminó, se aplica antes lo que el test dice (on_expiry).',
    params: PublicTokenOfAttempt,
    response: AttemptViewOne,
    errors: [404],
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.answers,
    method: 'PUT',
    operationId: 'saveAnswers',
    tag: 'Cuestionarios',
    summary: 'Guarda respuestas (las enviadas; null retira una)',
    description:
      'Las que se envían se suman a las guardadas; se puede llamar cuantas veces se quiera antes del plazo.',
    params: PublicTokenOfAttempt,
    body: AttemptAnswersInput,
    response: AttemptViewOne,
    errors: [404, 409, 422],
    conflict: 'El plazo terminó o el intento ya se envió.',
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.submit,
    method: 'POST',
    operationId: 'submitAttempt',
    tag: 'Cuestionarios',
    summary: 'Envía el intento: una sola vez; el resultado, hasta donde el test lo permite (feedback)',
    description: 'Un segundo envío responde lo mismo que el primero.',
    params: PublicTokenOfAttempt,
    response: AttemptViewOne,
    errors: [404, 409, 422],
    conflict: 'El test ya no admite más respuestas, o el plazo terminó y las respuestas no cuentan.',
    noStore: true,
  },
  {
    path: PUBLIC_ANSWERING_PATHS.results,
    operationId: 'testResults',
    tag: 'Cuestionarios',
    summary: 'Los resultados publicados de un test cerrado',
    description:
      'Solo si el test publica sus resultados y ya pasó su fecha de cierre: cuántas respuestas eligieron cada opción de las preguntas elegidas, nunca una respuesta. Cualquier otro caso responde el mismo 404.',
    params: PublicSlugParams,
    response: PublicTestResultsOne,
    errors: [404],
    noStore: true,
  },
];

export const PUBLIC_ROUTES: PublicRoute[] = [
  ...publicAreaRoutes({
    area: 'news',
    list: {
      name: 'News',
      summary: 'Lista de noticias publicadas',
      description: 'Las más recientes primero (published_at); con search, las mejores coincidencias primero.',
      query: PublicNewsQuery,
      response: PublicNewsList,
    },
    one: { name: 'News', summary: 'Una noticia publicada, con su texto', response: PublicNewsOne },
  }),
  ...publicAreaRoutes({
    area: 'page',
    list: {
      name: 'Pages',
      summary: 'Lista de páginas publicadas, por título',
      query: PublicListQuery,
      response: PublicPageList,
    },
    one: { name: 'Page', summary: 'Una página publicada, con su texto', response: PublicPageOne },
  }),
  ...publicAreaRoutes({
    area: 'category',
    list: {
      name: 'Categories',
      summary: 'Lista de categorías, por ruta',
      query: PublicListQuery,
      response: PublicCategoryList,
    },
    one: { name: 'Category', summary: 'Una categoría', response: PublicCategoryOne },
  }),
  ...publicAreaRoutes({
    area: 'slide',
    list: {
      name: 'Slides',
      summary: 'Las diapositivas activas ahora, en su orden (sin paginar)',
      response: PublicSlideList,
    },
  }),
  ...publicAreaRoutes({
    area: 'entity',
    list: {
      name: 'Entities',
      summary: 'Lista de entidades activas, por nombre',
      query: PublicEntityQuery,
      response: PublicEntityList,
    },
    one: { name: 'Entity', summary: 'Una entidad activa', response: PublicEntityOne },
  }),
  ...publicAreaRoutes({
    area: 'space',
    list: {
      name: 'Spaces',
      summary: 'Lista de espacios activos, por nombre',
      query: PublicSpaceQuery,
      response: PublicSpaceList,
    },
    one: { name: 'Space', summary: 'Un espacio activo', response: PublicSpaceOne },
  }),
  ...publicAreaRoutes({
    area: 'event',
    list: {
      name: 'Events',
      summary: 'Eventos publicados que aún no han terminado, los más próximos primero',
      description:
        'Con from/to (días de Madrid), los que siguen el día from o después y empiezan el día to o antes; con search, las mejores coincidencias primero.',
      query: PublicEventQuery,
      response: PublicEventList,
    },
    one: {
      name: 'Event',
      summary: 'Un evento publicado que aún no ha terminado, con su descripción',
      response: PublicEventOne,
    },
  }),
  {
    path: '/events.ics',
    operationId: 'eventsCalendar',
    tag: 'Canales',
    summary: 'Calendario iCalendar (RFC 5545) de los próximos eventos, para suscribirse',
    description: 'Hasta 500 eventos, en hora de Madrid (Europe/Madrid).',
    query: PublicEventFeedQuery,
    response: calendar('Documento iCalendar (text/calendar).'),
    contentType: 'text/calendar; charset=utf-8',
    errors: [422],
  },
  {
    path: '/rss/events.xml',
    operationId: 'eventsFeed',
    tag: 'Canales',
    summary: 'Canal RSS 2.0 de los 50 próximos eventos',
    query: PublicEventFeedQuery,
    response: xml('Documento RSS 2.0.'),
    contentType: 'application/rss+xml; charset=utf-8',
    errors: [422],
  },
  {
    path: '/rss/news.xml',
    operationId: 'newsFeed',
    tag: 'Canales',
    summary: 'Canal RSS 2.0 de las 50 noticias más recientes',
    query: PublicFeedQuery,
    response: xml('Documento RSS 2.0.'),
    contentType: 'application/rss+xml; charset=utf-8',
    errors: [422],
  },
  {
    path: '/sitemap.xml',
    operationId: 'sitemap',
    tag: 'Canales',
    summary: 'Mapa del sitio (sitemap) de lo público que tiene dirección web',
    description: 'Responde 404 si no hay ninguna plantilla PUBLIC_*_URL configurada.',
    response: xml('Documento sitemap 0.9.'),
    contentType: 'application/xml; charset=utf-8',
    errors: [404],
  },
  {
    path: '/preview/{token}',
    operationId: 'preview',
    tag: 'Vista previa',
    summary: 'Vista previa de un borrador',
    description:
      'El registro como lo mostraría /news/{slug} o /pages/{slug} si fuera público. Un token no válido, alterado o caducado responde 404.',
    params: PublicTokenParams,
    response: PublicPreview,
    errors: [404],
    noStore: true,
  },
  ...answeringRoutes,
];

/**
 * The methods a path takes (OPTIONS aside), as `Allow` lists them; every path not declared with a
 * write takes GET and HEAD only.
 */
export function publicMethodsOf(path: string): string[] {
  const declared = PUBLIC_ROUTES.filter((route) => route.path === path).map((route) => route.method ?? 'GET');
  if (!declared.some((method) => method !== 'GET')) return ['GET', 'HEAD'];
  return declared.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
}

/** The schema of an error status, for the document and tests. */
export const PUBLIC_ERROR_SCHEMAS = {
  404: PublicNotFound,
  405: PublicMessage,
  409: PublicMessage,
  422: PublicValidationError,
  429: PublicMessage,
} as const;
