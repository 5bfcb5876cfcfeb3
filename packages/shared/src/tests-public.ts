import { z } from 'zod';
import { QUESTION_TYPES, TEST_IDENTITIES, TEST_KINDS, TEST_LIMITS, TestAnswer } from './tests';
import { booleanField } from './validation';

// docs/public-api.md#questionnaires: what a person answering a test sees and sends, on the public
// API (/api/public/v1/tests, /api/public/v1/attempts) and on the answering page Gestor serves (/t/…).
// A question never carries which options are correct.

/** An instant in an answer: ISO 8601, UTC. */
const instant = (description: string) => z.iso.datetime().nullable().meta({ description });

/** What a test asks before it starts, besides the proof of work. */
export const PublicTestStart = z
  .strictObject({
    asks: z.enum(['nothing', 'pin', 'code', 'email']).meta({
      description:
        'nothing: nada; pin: el PIN del test; code: un código de un solo uso; email: un correo al que se envía el enlace para empezar.',
    }),
    consent_text: z.string().nullable().meta({
      description:
        'El texto de consentimiento, con una casilla obligatoria (cuando se pide el correo); si no, null.',
    }),
  })
  .meta({
    id: 'PublicTestStart',
    description: 'Lo que pide el test para empezar, además de la prueba anti-abuso.',
  });
export type PublicTestStart = z.infer<typeof PublicTestStart>;

export const PublicTestOption = z
  .strictObject({ id: z.int(), text: z.string() })
  .meta({ id: 'PublicTestOption', description: 'Una opción (nunca dice si es la correcta).' });
export type PublicTestOption = z.infer<typeof PublicTestOption>;

export const PublicTestQuestion = z
  .strictObject({
    id: z.int(),
    prompt: z.string(),
    help: z.string().nullable().meta({ description: 'Ayuda que se muestra bajo el enunciado, o null.' }),
    type: z.enum(QUESTION_TYPES).meta({
      description: 'single: una opción; multiple: varias; text: texto libre.',
    }),
    required: z.boolean(),
    points: z.int().nullable().meta({ description: 'Lo que vale (en una encuesta, null).' }),
    options: z.array(PublicTestOption).meta({ description: 'En su orden; vacía en las de texto libre.' }),
  })
  .meta({ id: 'PublicTestQuestion', description: 'Una pregunta, en su orden.' });
export type PublicTestQuestion = z.infer<typeof PublicTestQuestion>;

const publicTestFields = {
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(TEST_KINDS).meta({ description: 'quiz: evaluación (con nota); survey: encuesta (sin nota).' }),
  identity: z.enum(TEST_IDENTITIES).meta({
    description: 'Quién responde: none (no se pide), email (un correo) o code (el código de cada persona).',
  }),
  anonymous: z.boolean().meta({ description: 'Las respuestas no guardan quién las dio.' }),
  time_limit_minutes: z
    .int()
    .nullable()
    .meta({ description: 'Minutos para responder desde que se empieza, o null.' }),
  opens_at: instant('Desde cuándo se puede responder (ISO 8601, UTC), o null.'),
  closes_at: instant('Hasta cuándo se puede responder (ISO 8601, UTC), o null.'),
};

/** An open test as the public reads it: GET /api/public/v1/tests/{slug}. */
export const PublicTest = z
  .strictObject({
    ...publicTestFields,
    start: PublicTestStart,
    questions: z.array(PublicTestQuestion),
  })
  .meta({
    id: 'PublicTest',
    description: 'Un test abierto ahora, con sus preguntas y sin las respuestas correctas.',
  });
export type PublicTest = z.infer<typeof PublicTest>;

/** A test in the list of open ones (GET /api/public/v1/tests): no questions. */
export const PublicTestListItem = z
  .strictObject({ ...publicTestFields, questions_count: z.int() })
  .meta({ id: 'PublicTestListItem', description: 'Un test abierto ahora, en una lista.' });
export type PublicTestListItem = z.infer<typeof PublicTestListItem>;

const proofField = z
  .string({ error: 'Falta la prueba anti-abuso: recargue la página e inténtelo de nuevo.' })
  .min(1, { error: 'Falta la prueba anti-abuso: recargue la página e inténtelo de nuevo.' })
  .max(4000, { error: 'La prueba anti-abuso no es válida.' });

/** POST /api/public/v1/tests/{slug}/attempts. */
export const AttemptStartInput = z.strictObject({
  pin: z.string({ error: 'El PIN debe ser un texto.' }).max(32, { error: 'El PIN no es válido.' }).optional(),
  code: z
    .string({ error: 'El código debe ser un texto.' })
    .max(64, { error: 'El código no es válido.' })
    .optional(),
  email: z
    .string({ error: 'El correo debe ser un texto.' })
    .trim()
    .max(254, { error: 'El correo es demasiado largo.' })
    .pipe(z.email({ error: 'Escriba un correo electrónico válido, como nombre@ejemplo.es.' }))
    .optional(),
  /** The start link's secret, from the mail (identity `email`). */
  start: z
    .string({ error: 'El enlace de inicio no es válido.' })
    .max(200, { error: 'El enlace de inicio no es válido.' })
    .optional(),
  consent: booleanField('consentimiento').optional(),
  proof: proofField,
});
export type AttemptStartInput = z.infer<typeof AttemptStartInput>;

/** PUT /api/public/v1/attempts/{token}/answers: the answers as they are now (any subset). */
export const AttemptAnswersInput = z.strictObject({
  answers: z.record(z.string().regex(/^\d{1,9}$/), TestAnswer.nullable(), {
    error: (issue) =>
      issue.code === 'invalid_key'
        ? 'Cada respuesta se indica con el id de su pregunta.'
        : 'El campo respuestas debe ser un objeto {id de pregunta: respuesta}.',
  }),
});
export type AttemptAnswersInput = z.infer<typeof AttemptAnswersInput>;

export const ATTEMPT_STATES = ['open', 'submitted', 'expired', 'discarded'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** What the person sees on submitting, as far as the test's `feedback` allows. */
export const AttemptFeedback = z
  .strictObject({
    score: z
      .strictObject({
        score: z.int(),
        max: z.int(),
        percent: z.number().nullable(),
        passed: z.boolean().nullable(),
      })
      .nullable()
      .meta({
        description:
          'La nota: max cuenta todas las preguntas; mientras falte corregir alguna de texto (pending_grading), score es provisional y percent y passed son null. O null.',
      }),
    pending_grading: z
      .boolean()
      .meta({ description: 'Alguna respuesta espera a que la corrija una persona.' }),
    answers: z.record(z.string(), z.boolean().nullable()).nullable().meta({
      description: 'Por id de pregunta, si la respuesta fue correcta (null: la corrige una persona); o null.',
    }),
    correct: z.record(z.string(), z.array(z.int())).nullable().meta({
      description:
        'Las opciones correctas por id de pregunta, una vez cerrado el test (si este lo permite); o null.',
    }),
  })
  .meta({ id: 'AttemptFeedback', description: 'Lo que se ve al enviar, hasta donde el test lo permite.' });
export type AttemptFeedback = z.infer<typeof AttemptFeedback>;

/** An attempt as its token reads it: GET /api/public/v1/attempts/{token} and every answer on it. */
export const AttemptView = z
  .strictObject({
    state: z.enum(ATTEMPT_STATES).meta({
      description:
        'open: en curso; submitted: enviado; expired: terminó el plazo sin contar; discarded: no cuenta.',
    }),
    deadline: instant(
      'La hora límite del servidor (ISO 8601, UTC), o null si no hay tiempo límite ni cierre.',
    ),
    submit_by: instant('Hasta cuándo cuenta un envío (el límite más la cortesía), o null.'),
    answers: z
      .record(z.string(), TestAnswer)
      .meta({ description: 'Por id de pregunta: los ids de las opciones elegidas, o el texto escrito.' }),
    saved_at: instant('Cuándo se guardó por última vez, o null.'),
    submitted_at: instant('Cuándo se envió, o null.'),
    feedback: AttemptFeedback.nullable(),
  })
  .meta({ id: 'AttemptView', description: 'Un intento, tal como lo lee su token.' });
export type AttemptView = z.infer<typeof AttemptView>;

/** POST …/attempts (201): the attempt and the token that is the only key to it. */
export const AttemptStarted = z
  .strictObject({
    token: z
      .string()
      .meta({ description: 'El secreto del intento: la única llave para continuarlo. Guárdelo.' }),
    ...AttemptView.shape,
  })
  .meta({ id: 'AttemptStarted', description: 'Un intento recién empezado.' });
export type AttemptStarted = z.infer<typeof AttemptStarted>;

/** POST …/attempts with an email: the start link is mailed; nothing says whether it was before. */
export const EMAIL_START_SENT =
  'Si la dirección puede responder a este test, recibirá en unos minutos un correo con el enlace para empezar. El enlace vale 24 horas.';

/** POST /api/tests/{id}/codes: how many single-use codes, and the extra minutes each one gives. */
export const TestCodesInput = z.strictObject({
  count: z
    .number({ error: 'Indique cuántos códigos quiere generar (de 1 a 5000).' })
    .int({ error: 'El número de códigos debe ser un número entero.' })
    .min(1, { error: 'Genere al menos 1 código.' })
    .max(TEST_LIMITS.codesPerBatch, { error: 'Como máximo 5000 códigos de una vez.' }),
  extra_minutes: z
    .number({ error: 'Los minutos extra deben ser un número entero.' })
    .int({ error: 'Los minutos extra deben ser un número entero.' })
    .min(0, { error: 'Los minutos extra deben ser de 0 a 600.' })
    .max(TEST_LIMITS.extraMinutes, { error: 'Los minutos extra deben ser de 0 a 600.' })
    .default(0),
});
export type TestCodesInput = z.infer<typeof TestCodesInput>;

/** The codes just made, each with the address that starts the test with it: shown this once. */
export interface TestCodesMade {
  codes: Array<{ code: string; url: string }>;
  extra_minutes: number;
}

/** A code as printed: three groups of four characters that cannot be mistaken for one another. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed (any case, spaces or dashes) in the one spelling it is kept under. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}
