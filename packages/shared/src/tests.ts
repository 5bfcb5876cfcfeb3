import { z } from 'zod';
import { instantField, optionalText, SLUG_LABEL, slugField } from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, ID_MAX, type ResourceContract } from './resource';
import { booleanField, requiredText } from './validation';

// docs/areas.md#tests-questionnaires: a test's details and its questions, each with its options,
// written as one ordered whole. The per-type rules are refinements whose messages land on the
// question they belong to (`questions.3.options`), so the builder shows them beside it, before
// sending, with the very rules the API applies.

export const TEST_STATUSES = ['draft', 'published'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export const TEST_STATUS_LABELS: Record<TestStatus, string> = {
  draft: 'Borrador',
  published: 'Publicado',
};

/**
 * A quiz has correct options and a score (text answers graded by a person); a survey has neither:
 * what it yields is how the answers are distributed (a satisfaction survey, a consultation).
 */
export const TEST_KINDS = ['quiz', 'survey'] as const;
export type TestKind = (typeof TEST_KINDS)[number];

export const TEST_KIND_LABELS: Record<TestKind, string> = {
  quiz: 'Evaluación',
  survey: 'Encuesta',
};

export const QUESTION_TYPES = ['single', 'multiple', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Respuesta única',
  multiple: 'Respuesta múltiple',
  text: 'Texto libre',
};

export const TEST_LIMITS = {
  title: 255,
  description: 2000,
  prompt: 1000,
  /** A question's help, shown under its prompt. */
  help: 500,
  option: 500,
  /** A question's options; a test's questions. Far above any real test, so a body stays bounded. */
  options: 20,
  questions: 500,
  points: 1000,
  timeLimitMinutes: 600,
  /** Minutes after the deadline in which a submit still counts (`on_expiry: grace`). */
  graceMinutes: 60,
  attempts: 10,
  maxResponses: 1_000_000,
  retentionDays: 3650,
  consentText: 5000,
  /** Codes made in one go, and the extra minutes one code may give. */
  codesPerBatch: 5000,
  extraMinutes: 600,
} as const;

// docs/areas.md#opening-a-test-to-the-public: who may answer a test, when, as whom, and what they see.

export const TEST_ACCESS = ['closed', 'link', 'pin', 'codes'] as const;
export type TestAccess = (typeof TEST_ACCESS)[number];
export const TEST_ACCESS_LABELS: Record<TestAccess, string> = {
  closed: 'Cerrado (solo vista previa)',
  link: 'Cualquiera con el enlace',
  pin: 'Enlace y PIN',
  codes: 'Códigos de un solo uso',
};

export const TEST_IDENTITIES = ['none', 'email', 'code'] as const;
export type TestIdentity = (typeof TEST_IDENTITIES)[number];
export const TEST_IDENTITY_LABELS: Record<TestIdentity, string> = {
  none: 'No se pide',
  email: 'Correo electrónico (enlace por correo)',
  code: 'El código de cada persona',
};

export const TEST_ON_EXPIRY = ['submit', 'grace', 'discard'] as const;
export type TestOnExpiry = (typeof TEST_ON_EXPIRY)[number];
export const TEST_ON_EXPIRY_LABELS: Record<TestOnExpiry, string> = {
  submit: 'Se envía lo respondido',
  grace: 'Unos minutos de cortesía para enviar; después no cuenta',
  discard: 'No cuenta',
};

export const TEST_GRADINGS = ['first', 'highest', 'last'] as const;
export type TestGrading = (typeof TEST_GRADINGS)[number];
export const TEST_GRADING_LABELS: Record<TestGrading, string> = {
  first: 'El primer intento',
  highest: 'El mejor intento',
  last: 'El último intento',
};

export const TEST_FEEDBACKS = ['none', 'score', 'answers'] as const;
export type TestFeedback = (typeof TEST_FEEDBACKS)[number];
export const TEST_FEEDBACK_LABELS: Record<TestFeedback, string> = {
  none: 'Solo que se ha enviado',
  score: 'La nota y si ha aprobado',
  answers: 'La nota y qué respuestas acertó',
};

/** A PIN as people type it: 4 to 8 digits. */
export const TEST_PIN_PATTERN = /^\d{4,8}$/;

/**
 * The model consent text offered when a test asks for an email (RGPD art. 13: who is responsible,
 * what for, how long, the rights and where to exercise them). The organisation adapts the brackets.
 */
export const CONSENT_MODEL_TEXT = [
  'Responsable: [nombre de la organización], [dirección], [correo de contacto].',
  'Finalidad: gestionar sus respuestas a este cuestionario y, si procede, comunicarle el resultado.',
  'Legitimación: su consentimiento, que puede retirar en cualquier momento.',
  'Conservación: sus respuestas se anonimizan cuando termina el plazo de conservación indicado en el cuestionario, o antes si lo pide.',
  'Destinatarios: no se ceden datos a terceros salvo obligación legal.',
  'Derechos: puede acceder, rectificar y suprimir sus datos, y oponerse o limitar su tratamiento, escribiendo a [correo del delegado de protección de datos]. También puede reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).',
].join('\n');

/** The id of an existing child, when the item is one (kept, so the history shows what changed). */
const idOf = (label: string) =>
  z
    .number({ error: `El campo ${label} debe ser un identificador.` })
    .int({ error: `El campo ${label} debe ser un identificador.` })
    .min(1, { error: `El campo ${label} debe ser un identificador.` })
    .max(ID_MAX, { error: `El campo ${label} debe ser un identificador.` });
const childId = (label: string) => idOf(label).nullable().optional();

/** Read back with every item; the array's order is what counts when writing, so it is ignored. */
const positionField = z.number({ error: 'El campo posición debe ser un número.' }).int().optional();

export const TestOptionInput = z.strictObject({
  id: childId('id de la opción'),
  position: positionField,
  text: requiredText('texto de la opción', { max: TEST_LIMITS.option }),
  correct: booleanField('correcta').default(false),
});
export type TestOptionInput = z.infer<typeof TestOptionInput>;

const optionsCount = (count: number) => (count === 1 ? '1 opción' : `${count} opciones`);

/**
 * docs/areas.md: `single` and `multiple` have ≥ 2 options, `text` none; only a text question may hold
 * personal data. One message per question on its options (the first rule it breaks; which options
 * are correct is the test's rule, by its kind), and one for an option whose text repeats another's.
 */
function questionRules(
  question: { type?: unknown; options?: unknown; personal?: unknown },
  ctx: z.RefinementCtx,
) {
  if (question.personal === true && question.type !== 'text') {
    ctx.addIssue({
      code: 'custom',
      path: ['personal'],
      message: 'Solo las respuestas de texto libre pueden contener datos personales: desmarque la casilla.',
    });
  }
  const options = Array.isArray(question.options)
    ? (question.options as Array<{ text?: unknown; correct?: unknown }>)
    : null;
  if (!options) return;
  const issue = (message: string, path: PropertyKey[] = ['options']) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (question.type === 'text') {
    if (options.length) issue('Una pregunta de texto libre no lleva opciones: quítelas o cambie el tipo.');
    return;
  }
  if (question.type !== 'single' && question.type !== 'multiple') return;
  const noun = question.type === 'single' ? 'respuesta única' : 'respuesta múltiple';
  if (options.length < 2) {
    issue(
      `Una pregunta de ${noun} necesita al menos dos opciones; tiene ${options.length ? optionsCount(options.length) : 'ninguna'}.`,
    );
  }
  const seen = new Map<string, number>();
  options.forEach((option, index) => {
    if (typeof option?.text !== 'string') return;
    const key = option.text.trim().toLocaleLowerCase('es');
    if (!key) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else issue(`Repite el texto de la opción ${first + 1}.`, ['options', index, 'text']);
  });
}

export const TestQuestionInput = z
  .strictObject({
    id: childId('id de la pregunta'),
    position: positionField,
    prompt: requiredText('enunciado', { max: TEST_LIMITS.prompt }),
    type: z.enum(QUESTION_TYPES, {
      error: 'El tipo debe ser respuesta única, respuesta múltiple o texto libre.',
    }),
    points: z
      .number({ error: 'El campo puntos debe ser un número entero.' })
      .int({ error: 'El campo puntos debe ser un número entero.' })
      .min(1, { error: 'Una pregunta vale al menos 1 punto.' })
      .max(TEST_LIMITS.points, { error: `Una pregunta vale como máximo ${TEST_LIMITS.points} puntos.` })
      .default(1),
    options: z
      .array(TestOptionInput, { error: 'El campo opciones debe ser una lista.' })
      .max(TEST_LIMITS.options, { error: `Como máximo ${TEST_LIMITS.options} opciones por pregunta.` })
      .default([]),
    /** Whether it must be answered to submit (a survey may leave some optional). */
    required: booleanField('obligatoria').default(true),
    help: optionalText('ayuda', { max: TEST_LIMITS.help }).default(null),
    /** A text question whose answers may hold personal data: removed when responses are anonymised. */
    personal: booleanField('datos personales').default(false),
  })
  .superRefine(questionRules);
export type TestQuestionInput = z.infer<typeof TestQuestionInput>;

export const PUBLISHED_NEEDS_QUESTIONS = 'Un test publicado necesita al menos una pregunta.';

/** A question as the rules of its test's kind read it (a body's, or a stored one). */
interface MarkedQuestion {
  type?: unknown;
  options?: ReadonlyArray<{ correct?: unknown }> | unknown;
}

/**
 * The options marked correct, by the test's kind: in a quiz a single question has exactly one and a
 * multiple one at least one; a survey has none. Each message on its question's options
 * (`questions.3.options`); a question with fewer than two options is already told so.
 */
export function markIssues(
  kind: TestKind,
  questions: readonly MarkedQuestion[],
): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  questions.forEach((question, index) => {
    if (question.type !== 'single' && question.type !== 'multiple') return;
    if (!Array.isArray(question.options) || question.options.length < 2) return;
    const correct = (question.options as Array<{ correct?: unknown }>).filter(
      (option) => option?.correct === true,
    ).length;
    const issue = (message: string) => issues.push({ path: ['questions', index, 'options'], message });
    if (kind === 'survey') {
      if (correct) issue('Una encuesta no tiene respuestas correctas: desmarque las opciones marcadas.');
    } else if (question.type === 'single' && correct !== 1) {
      issue(
        correct === 0
          ? 'Marque cuál es la opción correcta.'
          : `Una pregunta de respuesta única tiene una sola opción correcta, y hay ${correct} marcadas.`,
      );
    } else if (question.type === 'multiple' && correct === 0) {
      issue('Marque al menos una opción correcta.');
    }
  });
  return issues;
}

/**
 * What the body alone tells: published with no questions; options marked against the kind (when the
 * body says the kind: a create always does). The API also checks against what is stored.
 */
function testRules(
  test: {
    status?: TestStatus;
    kind?: TestKind;
    questions?: MarkedQuestion[];
    pin?: string | null;
  } & Omit<PublicationSettings, 'has_pin'>,
  ctx: z.RefinementCtx,
) {
  // A whole set of settings (a create, the form): their rules; a PIN only when the body says it.
  if (test.access !== undefined && test.identity !== undefined) {
    const settings = { ...test, ...(test.pin !== undefined ? { has_pin: test.pin !== null } : {}) };
    for (const { path, message } of publicationIssues(settings)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  }
  if (test.status === 'published' && test.questions?.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['questions'], message: PUBLISHED_NEEDS_QUESTIONS });
  }
  if (test.kind && test.questions) {
    for (const { path, message } of markIssues(test.kind, test.questions)) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  }
}

/** The publication settings as the rules of §2 read them: a body's, or a body over what is stored. */
export interface PublicationSettings {
  access?: TestAccess;
  identity?: TestIdentity;
  anonymous?: boolean;
  opens_at?: string | null;
  closes_at?: string | null;
  on_expiry?: TestOnExpiry;
  grace_minutes?: number | null;
  attempts?: number;
  consent_text?: string | null;
  /** A PIN is set (sent now, or stored). */
  has_pin?: boolean;
}

/**
 * docs/areas.md#opening-a-test-to-the-public: the rules between the publication settings, each
 * message on the field to change. Checked by the form on what it holds, and by the API on the body
 * over what is stored (a create has every value, with defaults).
 */
export function publicationIssues(settings: PublicationSettings): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  const { access, identity, opens_at, closes_at } = settings;
  if (access === 'codes' && identity !== 'code') {
    issue(
      'identity',
      'Con códigos de un solo uso, cada persona se identifica con su código: elija «El código de cada persona».',
    );
  }
  if (identity === 'code' && access !== 'codes') {
    issue('identity', 'Identificar por código exige el acceso «Códigos de un solo uso».');
  }
  if (access === 'pin' && identity === 'email') {
    issue(
      'identity',
      'Con PIN no se pide el correo: cada enlace enviado por correo ya es personal. Elija el acceso «Cualquiera con el enlace».',
    );
  }
  if (access === 'pin' && settings.has_pin === false) {
    issue('pin', 'Indique el PIN de 4 a 8 cifras que pedirá el test.');
  }
  if (opens_at && closes_at && Date.parse(closes_at) <= Date.parse(opens_at)) {
    issue('closes_at', 'El cierre debe ser posterior a la apertura.');
  }
  if (settings.on_expiry === 'grace' && !settings.grace_minutes) {
    issue('grace_minutes', 'Indique cuántos minutos de cortesía hay para enviar (de 1 a 60).');
  }
  if ((settings.attempts ?? 1) > 1) {
    if (identity !== 'email' && identity !== 'code') {
      issue(
        'attempts',
        'Varios intentos por persona exigen saber quién responde: pida el correo o use códigos.',
      );
    } else if (settings.anonymous) {
      issue('attempts', 'Un test anónimo admite un solo intento: no se guarda quién respondió.');
    }
  }
  if (identity === 'email' && !settings.consent_text?.trim()) {
    issue(
      'consent_text',
      'Al pedir el correo, el texto de consentimiento es obligatorio (puede partir del modelo).',
    );
  }
  return issues;
}

export interface TestOption {
  id: number;
  position: number;
  text: string;
  correct: boolean;
}

export interface TestQuestion {
  id: number;
  position: number;
  prompt: string;
  type: QuestionType;
  points: number;
  options: TestOption[];
  required: boolean;
  help: string | null;
  personal: boolean;
}

/**
 * A test's questions without their positions (the order says it): what the builder edits and what
 * the history compares, question by question, by id.
 */
export function questionsInOrder(questions: readonly TestQuestion[]) {
  return questions.map(({ id, prompt, type, points, options, required, help, personal }) => ({
    id,
    prompt,
    type,
    points,
    required,
    help,
    personal,
    options: options.map(({ id, text, correct }) => ({ id, text, correct })),
  }));
}

const testFields = {
  title: field(requiredText('título', { max: TEST_LIMITS.title }), { label: 'Título' }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true }),
  description: field(optionalText('descripción', { max: TEST_LIMITS.description }), {
    label: 'Descripción',
    default: null,
  }),
  kind: field(z.enum(TEST_KINDS, { error: 'El tipo de test debe ser evaluación o encuesta.' }), {
    label: 'Tipo de test',
    default: 'quiz',
    options: TEST_KIND_LABELS,
  }),
  status: field(z.enum(TEST_STATUSES, { error: 'El estado debe ser Borrador o Publicado.' }), {
    label: 'Estado',
    default: 'draft',
    options: TEST_STATUS_LABELS,
    publication: true,
  }),
  /** The percentage of the automatically scored points needed to pass (0–100). */
  passing_score: field(
    z
      .number({ error: 'La nota para aprobar debe ser un porcentaje entre 0 y 100.' })
      .int({ error: 'La nota para aprobar debe ser un porcentaje entero.' })
      .min(0, { error: 'La nota para aprobar debe ser un porcentaje entre 0 y 100.' })
      .max(100, { error: 'La nota para aprobar debe ser un porcentaje entre 0 y 100.' }),
    { label: 'Nota para aprobar (%)', default: 50 },
  ),
  time_limit_minutes: field(
    z
      .number({ error: 'El tiempo límite debe ser un número de minutos.' })
      .int({ error: 'El tiempo límite debe ser un número entero de minutos.' })
      .min(1, { error: 'El tiempo límite debe ser de 1 a 600 minutos, o ninguno.' })
      .max(TEST_LIMITS.timeLimitMinutes, {
        error: 'El tiempo límite debe ser de 1 a 600 minutos, o ninguno.',
      })
      .nullable(),
    { label: 'Tiempo límite (min)', default: null },
  ),
  // The publication settings ("Publicación", docs/areas.md#opening-a-test-to-the-public).
  access: field(
    z.enum(TEST_ACCESS, { error: 'El acceso debe ser cerrado, enlace, enlace y PIN, o códigos.' }),
    { label: 'Acceso', default: 'closed', options: TEST_ACCESS_LABELS, publication: true },
  ),
  /** Written, never read back (stored as a keyed hash); `has_pin` says whether one is set. */
  pin: field(
    z
      .string({ error: 'El PIN debe ser un texto de 4 a 8 cifras.' })
      .regex(TEST_PIN_PATTERN, { error: 'El PIN debe tener de 4 a 8 cifras, sin espacios ni letras.' })
      .nullable(),
    { label: 'PIN', secret: true, optional: true },
  ),
  has_pin: readOnly(reads<boolean>(), { label: 'Con PIN' }),
  opens_at: field(instantField('apertura'), {
    label: 'Apertura',
    default: null,
    instant: true,
    publication: true,
  }),
  closes_at: field(instantField('cierre'), {
    label: 'Cierre',
    default: null,
    instant: true,
    publication: true,
  }),
  max_responses: field(
    z
      .number({ error: 'El máximo de respuestas debe ser un número entero.' })
      .int({ error: 'El máximo de respuestas debe ser un número entero.' })
      .min(1, { error: 'El máximo de respuestas debe ser al menos 1, o ninguno.' })
      .max(TEST_LIMITS.maxResponses, { error: 'El máximo de respuestas no puede pasar de 1.000.000.' })
      .nullable(),
    { label: 'Máximo de respuestas', default: null },
  ),
  identity: field(
    z.enum(TEST_IDENTITIES, { error: 'La identificación debe ser ninguna, correo o código.' }),
    { label: 'Identificación', default: 'none', options: TEST_IDENTITY_LABELS },
  ),
  anonymous: field(booleanField('anónimo'), { label: 'Respuestas anónimas', default: false }),
  on_expiry: field(
    z.enum(TEST_ON_EXPIRY, { error: 'Al terminar el tiempo: enviar, cortesía o no contar.' }),
    { label: 'Al terminar el tiempo', default: 'submit', options: TEST_ON_EXPIRY_LABELS },
  ),
  grace_minutes: field(
    z
      .number({ error: 'Los minutos de cortesía deben ser un número entero.' })
      .int({ error: 'Los minutos de cortesía deben ser un número entero.' })
      .min(1, { error: 'Los minutos de cortesía deben ser de 1 a 60.' })
      .max(TEST_LIMITS.graceMinutes, { error: 'Los minutos de cortesía deben ser de 1 a 60.' })
      .nullable(),
    { label: 'Minutos de cortesía', default: null },
  ),
  attempts: field(
    z
      .number({ error: 'Los intentos deben ser un número entero.' })
      .int({ error: 'Los intentos deben ser un número entero.' })
      .min(1, { error: 'Los intentos por persona deben ser de 1 a 10.' })
      .max(TEST_LIMITS.attempts, { error: 'Los intentos por persona deben ser de 1 a 10.' }),
    { label: 'Intentos por persona', default: 1 },
  ),
  grading: field(
    z.enum(TEST_GRADINGS, {
      error: 'La nota que cuenta debe ser la del primer, el mejor o el último intento.',
    }),
    { label: 'Nota que cuenta', default: 'first', options: TEST_GRADING_LABELS },
  ),
  feedback: field(
    z.enum(TEST_FEEDBACKS, { error: 'Lo que se muestra al enviar debe ser nada, la nota o las respuestas.' }),
    { label: 'Al enviar se muestra', default: 'score', options: TEST_FEEDBACK_LABELS },
  ),
  show_correct_after_close: field(booleanField('mostrar las correctas tras el cierre'), {
    label: 'Mostrar las respuestas correctas tras el cierre',
    default: false,
  }),
  consent_text: field(optionalText('texto de consentimiento', { max: TEST_LIMITS.consentText }), {
    label: 'Texto de consentimiento',
    default: null,
    inList: false,
  }),
  retention_days: field(
    z
      .number({ error: 'La conservación debe ser un número entero de días.' })
      .int({ error: 'La conservación debe ser un número entero de días.' })
      .min(1, { error: 'La conservación debe ser de 1 a 3650 días, o sin límite.' })
      .max(TEST_LIMITS.retentionDays, { error: 'La conservación debe ser de 1 a 3650 días, o sin límite.' })
      .nullable(),
    { label: 'Conservación (días)', default: null },
  ),
  // Published results (docs/areas.md#what-the-answers-say): the distributions of the chosen
  // questions' options, public once the test has closed; never a single response.
  results_public: field(booleanField('resultados públicos'), {
    label: 'Publicar los resultados al cerrar',
    default: false,
  }),
  /** The questions whose results are public; null: every question with options. */
  results_fields: field(
    z
      .array(idOf('id de la pregunta'), {
        error: 'Las preguntas de los resultados deben ser una lista de ids.',
      })
      .max(TEST_LIMITS.questions, { error: `Como máximo ${TEST_LIMITS.questions} preguntas.` })
      .transform((ids) => [...new Set(ids)])
      .nullable(),
    { label: 'Preguntas con resultados públicos', default: null, inList: false },
  ),
  /**
   * Yes to scoring every submitted response again (removing a question or option, or changing which
   * is correct, once there are responses): without it such an edit is refused, saying how many.
   */
  rescore: field(booleanField('volver a puntuar'), {
    label: 'Volver a puntuar',
    instruction: true,
    optional: true,
  }),
  /** Submitted responses (what `max_responses` counts). */
  responses_count: readOnly(reads<number>(), { label: 'Respuestas' }),
  /** Responses whose person was removed by the retention period (docs: retention). */
  anonymised_count: readOnly(reads<number>(), { label: 'Respuestas anonimizadas' }),
  /** Single-use codes not yet spent. */
  codes_available: readOnly(reads<number>(), { label: 'Códigos sin usar' }),
  /** In order. List pages leave them out (a test may have hundreds): only `questions_count`. */
  questions: field(
    z
      .array(TestQuestionInput, { error: 'El campo preguntas debe ser una lista.' })
      .max(TEST_LIMITS.questions, { error: `Como máximo ${TEST_LIMITS.questions} preguntas por test.` }),
    { label: 'Preguntas', default: [], inList: false, read: reads<TestQuestion[]>() },
  ),
  questions_count: readOnly(reads<number>(), { label: 'Preguntas' }),
};

export const TESTS: ResourceContract<
  'title' | 'status' | 'updated_at' | 'created_at',
  'status',
  typeof testFields
> = areaContract({
  area: 'test',
  lookup: 'id',
  sortable: ['title', 'status', 'updated_at', 'created_at'],
  defaultSort: '-updated_at',
  filters: {
    status: z.enum(TEST_STATUSES, { error: 'Estado desconocido: draft o published.' }),
  },
  fields: testFields,
  rule: testRules,
  search: 'ranked',
});

export const TestInput = createInputOf(TESTS);
export type TestInput = z.infer<typeof TestInput>;
export const TestUpdateInput = updateInputOf(TESTS);
export type TestUpdateInput = z.infer<typeof TestUpdateInput>;
export type TestRecord = RecordOf<typeof TESTS.fields>;

// POST /api/tests/{id}/score: the answers of one person taking the test.

/** A question's answer: the chosen options' ids, or the text written for a `text` question. */
export const TestAnswer = z.union(
  [
    z
      .array(
        z
          .number({ error: 'Cada opción elegida debe ser un id.' })
          .int({ error: 'Cada opción elegida debe ser un id.' })
          .min(1, { error: 'Cada opción elegida debe ser un id.' })
          .max(ID_MAX, { error: 'Cada opción elegida debe ser un id.' }),
      )
      .max(TEST_LIMITS.options, { error: 'Demasiadas opciones elegidas.' }),
    z.string().max(20_000, { error: 'La respuesta es demasiado larga.' }),
  ],
  { error: 'Cada respuesta debe ser una lista de ids de opciones o un texto.' },
);
export type TestAnswer = z.infer<typeof TestAnswer>;

export const TestScoreInput = z.strictObject({
  answers: z
    .record(z.string().regex(/^\d{1,9}$/), TestAnswer, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'Cada respuesta se indica con el id de su pregunta.'
          : 'El campo respuestas debe ser un objeto {id de pregunta: respuesta}.',
    })
    .default({}),
});
export type TestScoreInput = z.infer<typeof TestScoreInput>;

export interface TestScore {
  /** Points earned on the automatically scored questions (single and multiple). */
  score: number;
  /** Points those questions are worth; text questions are scored by a person, so left out. */
  max: number;
  /** score / max as a percentage with two decimals; null when nothing is scored automatically. */
  percent: number | null;
  /** percent ≥ passing_score; null when nothing is scored automatically. */
  passed: boolean | null;
}

/** A duplicate's title: "<title> (copia)", shortened so it still fits. */
export function copyTitle(title: string): string {
  const suffix = ' (copia)';
  return `${title.slice(0, TEST_LIMITS.title - suffix.length).trimEnd()}${suffix}`;
}
