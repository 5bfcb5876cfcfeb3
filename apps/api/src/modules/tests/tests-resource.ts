import {
  copyTitle,
  markIssues,
  PUBLISHED_NEEDS_QUESTIONS,
  TESTS,
  type TestAnswer,
  TestInput,
  type TestRecord,
  type TestScore,
  TestScoreInput,
  type TestUpdateInput,
  type ValidationErrors,
} from '@gestor/shared';
import { forbidden, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { defineArea } from '../resource/area-declaration';
import { childList, childrenSql } from '../resource/declared-fields';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Tests, or questionnaires (docs/areas.md#tests-questionnaires): details and an ordered list of questions, each with
// its ordered options, written as one whole (decision 008's child lists keep the ids, so the history
// can say "Pregunta 3: opción correcta cambiada"). Beyond the standard routes: scoring a set of
// answers, and duplicating a test as a draft.

const OPTIONS = childList({ table: 'test_options', own: 'question_id', columns: ['text', 'correct'] });
const QUESTIONS = childList({
  table: 'test_questions',
  own: 'test_id',
  columns: ['prompt', 'type', 'points', 'required', 'help', 'personal'],
  children: { field: 'options', spec: OPTIONS },
});

type TestUpdate = Omit<TestUpdateInput, 'updated_at'>;

export function testsResource() {
  return defineArea<TestRecord, TestInput, TestUpdate>({
    contract: TESTS,
    table: 'tests',
    titleColumn: 'title',
    select: {
      // In order, with their options; list pages leave them out (the table's inList), a test may
      // have hundreds, and read only the count.
      questions: childrenSql(QUESTIONS, 't.id'),
      questions_count: '(SELECT count(*)::int FROM test_questions q WHERE q.test_id = t.id)',
    },
    storage: { questions: QUESTIONS },
    sortColumns: { title: spanishOrder('t.title'), status: 't.status', ...TIMESTAMP_SORTS },
    filterConditions: { status: (value) => `t.status = ${value}` },

    // docs/areas.md: a published test has at least one question, whether the body says so alone (the
    // schema) or together with what is stored (publishing without sending the questions). The row
    // is locked, and its questions only change through it, so the count cannot move meanwhile.
    // The options marked correct are checked against the kind in force after the write: a survey
    // turned from a quiz without sending its questions is checked against the stored ones.
    prepare(_ctx, input, current) {
      const status = input.status ?? current?.status ?? 'draft';
      const count = input.questions?.length ?? current?.questions_count ?? 0;
      if (status === 'published' && count === 0) {
        throw ValidationError.field('questions', PUBLISHED_NEEDS_QUESTIONS);
      }
      if (input.kind === undefined && input.questions === undefined) return;
      const issues = markIssues(
        input.kind ?? current?.kind ?? 'quiz',
        input.questions ?? current?.questions ?? [],
      );
      if (issues.length) {
        throw new ValidationError(
          Object.fromEntries(issues.map(({ path, message }) => [path.join('.'), [message]])),
        );
      }
    },

    csv: [
      'id',
      'title',
      'slug',
      'status',
      'kind',
      'questions_count',
      'passing_score',
      'time_limit_minutes',
      'updated_at',
    ],

    routes(app, service) {
      const key = (params: unknown) => service.resolveKey((params as { id: string }).id);

      // Whoever may view a test sees its correct options anyway: scoring reveals nothing more.
      app.post('/api/tests/:id/score', { config: { permission: 'test.view' } }, async (request) => {
        const test = await service.show(await key(request.params));
        const { answers } = validate(TestScoreInput, request.body);
        return { data: scoreTest(test, answers) };
      });

      // The copy shows the source's questions, so it takes seeing them as well as creating tests.
      app.post(
        '/api/tests/:id/duplicate',
        { config: { permission: 'test.create' } },
        async (request, reply) => {
          if (!request.can('test.view')) throw forbidden();
          const source = await service.show(await key(request.params));
          const copy = validate(TestInput, {
            title: copyTitle(source.title),
            description: source.description,
            kind: source.kind,
            status: 'draft',
            passing_score: source.passing_score,
            time_limit_minutes: source.time_limit_minutes,
            questions: (source.questions ?? []).map((question) => ({
              prompt: question.prompt,
              type: question.type,
              points: question.points,
              required: question.required,
              help: question.help,
              personal: question.personal,
              options: question.options.map((option) => ({ text: option.text, correct: option.correct })),
            })),
          });
          return reply.code(201).send({ data: await service.create(request.authUser(), copy) });
        },
      );
    },
  });
}

/**
 * docs/areas.md: a single or multiple question earns its points only when the chosen options are exactly
 * the correct ones; text questions are scored by a person, so they count for neither score nor max.
 * A survey is not scored (score and max 0, percent and passed null).
 * An answer that does not fit its question (an unknown question or option, a list for a text
 * question, two options for a single one) is a 422 on `answers.<question id>`.
 */
export function scoreTest(test: TestRecord, answers: Record<string, TestAnswer>): TestScore {
  const questions = new Map((test.questions ?? []).map((question) => [String(question.id), question]));
  const errors: ValidationErrors = {};
  for (const [id, answer] of Object.entries(answers)) {
    const question = questions.get(id);
    const refuse = (message: string) => {
      errors[`answers.${id}`] = [message];
    };
    if (!question) {
      refuse(`La pregunta ${id} no pertenece a este test.`);
    } else if (question.type === 'text') {
      if (typeof answer !== 'string') refuse('Una pregunta de texto libre se responde con un texto.');
    } else if (typeof answer === 'string') {
      refuse('Esta pregunta se responde con los ids de las opciones elegidas.');
    } else {
      const own = new Set(question.options.map((option) => option.id));
      const foreign = answer.filter((option) => !own.has(option));
      if (foreign.length) {
        refuse(
          foreign.length === 1
            ? `La opción ${foreign[0]} no pertenece a esta pregunta.`
            : `Las opciones ${foreign.join(', ')} no pertenecen a esta pregunta.`,
        );
      } else if (question.type === 'single' && new Set(answer).size > 1) {
        refuse('Esta pregunta admite una sola opción.');
      }
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  let score = 0;
  let max = 0;
  // A survey has no correct options: nothing is scored.
  const scored = test.kind === 'quiz' ? (test.questions ?? []) : [];
  for (const question of scored) {
    if (question.type === 'text') continue;
    max += question.points;
    const answer = answers[String(question.id)];
    const chosen = new Set(Array.isArray(answer) ? answer : []);
    const correct = question.options.filter((option) => option.correct).map((option) => option.id);
    if (chosen.size === correct.length && correct.every((option) => chosen.has(option))) {
      score += question.points;
    }
  }
  if (max === 0) return { score, max, percent: null, passed: null };
  return {
    score,
    max,
    percent: Math.round((score * 10_000) / max) / 100,
    // In whole numbers, so 2 of 3 (66.67 %) does not pass a 67 % mark by rounding.
    passed: score * 100 >= test.passing_score * max,
  };
}
