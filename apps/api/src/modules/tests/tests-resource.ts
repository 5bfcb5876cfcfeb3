import {
  copyTitle,
  markIssues,
  PUBLISHED_NEEDS_QUESTIONS,
  publicationIssues,
  rescoreSentence,
  responseImpact,
  TESTS,
  TestCodesInput,
  TestInput,
  type TestRecord,
  TestScoreInput,
  type TestUpdateInput,
} from '@gestor/shared';
import type { Database } from '../../db/client';
import { forbidden, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { defineArea, storedIn } from '../resource/area-declaration';
import { childList, childrenSql } from '../resource/declared-fields';
import type { ExportLimiter } from '../resource/export-limiter';
import { spanishOrder, TIMESTAMP_SORTS, type WriteContext } from '../resource/resource-definition';
import type { Answering } from './answering';
import { hashPin } from './pin-hash';
import { createResponses } from './responses';
import { responsesRoutes } from './responses-routes';
import { scoreTest } from './scoring';

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

export interface TestsAreaOptions {
  /** APP_KEY: the PIN is kept as a keyed hash (pin-hash.ts). */
  appKey: Buffer;
  /** What answers (codes' addresses, the answering page): the public side of tests (answering.ts). */
  answering?: Answering;
  /** What the answers say (responses.ts): their routes, exports and re-scoring. */
  results?: {
    database: Database;
    appUrl: string;
    tmpDir: string;
    exportLimiter: ExportLimiter;
    exportIdleTimeoutMs?: number;
  };
}

export function testsResource({ appKey, answering, results }: TestsAreaOptions) {
  const responses = results ? createResponses({ database: results.database }) : null;
  // The edits that re-score a test's responses, noted by `prepare` for `afterWrite`, which runs once
  // the new questions are stored (in the same transaction).
  const rescoring = new WeakMap<WriteContext, number>();
  // The history entry of a re-scoring is written by the area's service (known once it is mounted).
  let audit: ((ctx: WriteContext, testId: number, count: number) => Promise<void>) | null = null;
  return defineArea<TestRecord, TestInput, TestUpdate>({
    contract: TESTS,
    table: 'tests',
    titleColumn: 'title',
    select: {
      // In order, with their options; list pages leave them out (the table's inList), a test may
      // have hundreds, and read only the count.
      questions: childrenSql(QUESTIONS, 't.id'),
      questions_count: '(SELECT count(*)::int FROM test_questions q WHERE q.test_id = t.id)',
      has_pin: 't.pin_hash IS NOT NULL',
      anonymised_count:
        '(SELECT count(*)::int FROM test_attempts a WHERE a.test_id = t.id AND a.anonymised_at IS NOT NULL)',
      codes_available:
        '(SELECT count(*)::int FROM test_codes c WHERE c.test_id = t.id AND c.uses < t.attempts)',
    },
    storage: { questions: QUESTIONS, pin: storedIn('pin_hash') },
    sortColumns: { title: spanishOrder('t.title'), status: 't.status', ...TIMESTAMP_SORTS },
    filterConditions: { status: (value) => `t.status = ${value}` },

    // The PIN is hashed before the transaction; from here on `pin` is its keyed hash (or null).
    async beforeTransaction(input) {
      if (typeof input.pin === 'string') input.pin = hashPin(appKey, input.pin);
    },

    // docs/areas.md: a published test has at least one question, whether the body says so alone (the
    // schema) or together with what is stored (publishing without sending the questions). The row
    // is locked, and its questions only change through it, so the count cannot move meanwhile.
    // The options marked correct are checked against the kind in force after the write: a survey
    // turned from a quiz without sending its questions is checked against the stored ones.
    prepare(ctx, input, current) {
      const status = input.status ?? current?.status ?? 'draft';
      const count = input.questions?.length ?? current?.questions_count ?? 0;
      if (status === 'published' && count === 0) {
        throw ValidationError.field('questions', PUBLISHED_NEEDS_QUESTIONS);
      }
      // The publication settings as they will be after the write (docs/areas.md#opening-a-test-to-the-public).
      const after = { ...current, ...input };
      const settingsIssues = publicationIssues({
        ...after,
        has_pin: input.pin !== undefined ? input.pin !== null : (current?.has_pin ?? false),
      });
      if (current?.anonymous && input.anonymous === false && current.responses_count > 0) {
        settingsIssues.push({
          path: 'anonymous',
          message:
            'Este test ya tiene respuestas anónimas: no puede dejar de ser anónimo (nadie sabría de quién son).',
        });
      }
      // The questions whose results are public: questions with options of this test, saved already.
      if (input.results_fields) {
        const saved = new Map(
          (input.questions ?? current?.questions ?? []).flatMap((question) =>
            question.id ? [[question.id, question.type] as const] : [],
          ),
        );
        const foreign = input.results_fields.filter((id) => !saved.has(id) || saved.get(id) === 'text');
        if (foreign.length) {
          settingsIssues.push({
            path: 'results_fields',
            message:
              'Los resultados públicos solo pueden ser de preguntas con opciones ya guardadas en este test.',
          });
        }
      }
      if (settingsIssues.length) {
        throw new ValidationError(
          Object.fromEntries(settingsIssues.map(({ path, message }) => [path, [message]])),
        );
      }
      // docs/areas.md#what-the-answers-say: with responses given, the wording changes freely; what
      // scores them changes only when the person confirms re-scoring them all; and a change that
      // would leave them meaningless is refused.
      if (current && current.responses_count > 0) {
        const impact = responseImpact(
          { kind: current.kind, questions: current.questions ?? [] },
          {
            ...(input.kind ? { kind: input.kind } : {}),
            ...(input.questions ? { questions: input.questions } : {}),
          },
        );
        if (impact.refused.length) {
          throw ValidationError.field(
            input.kind && input.kind !== current.kind ? 'kind' : 'questions',
            impact.refused[0]!,
          );
        }
        if (impact.rescore.length) {
          if (input.rescore !== true) {
            throw ValidationError.field(
              'questions',
              `${impact.rescore[0]} ${rescoreSentence(current.responses_count)}: confírmelo para guardar (rescore: true).`,
            );
          }
          rescoring.set(ctx, current.id);
        }
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

    // After an edit that re-scores (noted by `prepare`): every submitted response scored against the
    // questions just stored, and the history says how many.
    async afterWrite(ctx, action) {
      const testId = rescoring.get(ctx);
      if (action !== 'updated' || testId === undefined || !responses) return;
      rescoring.delete(ctx);
      const [test] = await ctx.tx.query<Pick<TestRecord, 'kind' | 'passing_score'>>(
        'SELECT kind, passing_score FROM tests WHERE id = $1',
        [testId],
      );
      const questions = await ctx.tx.query<{ questions: TestRecord['questions'] }>(
        `SELECT ${childrenSql(QUESTIONS, 't.id')} AS questions FROM tests t WHERE t.id = $1`,
        [testId],
      );
      if (!test) return;
      const count = await responses.rescore(ctx.tx, {
        id: testId,
        kind: test.kind,
        passing_score: test.passing_score,
        questions: questions[0]?.questions ?? [],
      });
      await audit?.(ctx, testId, count);
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
      'access',
      'opens_at',
      'closes_at',
      'max_responses',
      'responses_count',
      'updated_at',
    ],

    routes(app, service) {
      const key = (params: unknown) => service.resolveKey((params as { id: string }).id);
      audit = (ctx, testId, count) =>
        service.audit(ctx.tx, ctx.actor, testId, 'updated', { rescored: { from: null, to: count } });
      if (results && responses) {
        responsesRoutes(app, service as never, { ...results, responses });
      }

      // Whoever may view a test sees its correct options anyway: scoring reveals nothing more.
      // docs/areas.md#opening-a-test-to-the-public: single-use codes, shown once (only their hashes are kept).
      app.post('/api/tests/:id/codes', { config: { permission: 'test.update' } }, async (request, reply) => {
        if (!answering) throw new Error('Los códigos necesitan el servicio de respuestas.');
        const test = await service.show(await key(request.params));
        const input = validate(TestCodesInput, request.body);
        reply.code(201);
        return { data: await answering.createCodes(request.authUser(), test, input) };
      });

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
            // The copy is closed to the public, with no PIN or codes of its own yet; the rest is kept.
            ...copiedPublication(source),
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

/** A duplicate's publication settings: closed, no PIN or codes; who answers and how, kept. */
function copiedPublication(source: TestRecord) {
  const identity = source.identity === 'code' ? 'none' : source.identity;
  return {
    access: 'closed' as const,
    identity,
    anonymous: source.anonymous,
    max_responses: source.max_responses,
    on_expiry: source.on_expiry,
    grace_minutes: source.grace_minutes,
    attempts: identity === 'none' ? 1 : source.attempts,
    grading: source.grading,
    feedback: source.feedback,
    show_correct_after_close: source.show_correct_after_close,
    consent_text: source.consent_text ?? null,
    retention_days: source.retention_days,
  };
}
