import {
  RESPONSE_STATE_LABELS,
  ResponseGradesInput,
  responseIdOf,
  type TestAnswer,
  type TestRecord,
  type TestResponseListItem,
} from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rowsFromBatches } from '../../lib/batches';
import { forbidden, notFound } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import type { ExportLimiter } from '../resource/export-limiter';
import { sendExport } from '../resource/export-reply';
import { EXPORT_IDLE_TIMEOUT_MS } from '../resource/export-spool';
import { parseListQuery } from '../resource/list-query';
import { paginate } from '../resource/pagination';
import type { AreaService } from '../resource/resource-definition';
import { RESPONSES_LIST, type Responses } from './responses';
import { EXPORT_CONTENT_TYPES, type ExportCell, type ExportFormat, spoolResponses } from './responses-export';

// docs/http-api.md#a-tests-responses: the routes of what a test's answers say, behind `test.results`
// (and `test.grade` to grade). The test is read first: a test in the trash, or another's id, is a 404.

export interface ResponsesRoutesOptions {
  responses: Responses;
  appUrl: string;
  tmpDir: string;
  exportLimiter: ExportLimiter;
  exportIdleTimeoutMs?: number;
}

type TestsService = AreaService<TestRecord, unknown, unknown>;

export function responsesRoutes(
  app: FastifyInstance,
  service: TestsService,
  {
    responses,
    appUrl,
    tmpDir,
    exportLimiter,
    exportIdleTimeoutMs = EXPORT_IDLE_TIMEOUT_MS,
  }: ResponsesRoutesOptions,
) {
  // The responses show the test's questions: reading them takes seeing the test too (a role cannot
  // hold one without the other; an API token's abilities might).
  const testOf = async (request: FastifyRequest) => {
    if (!request.can('test.view')) throw forbidden();
    return service.show(await service.resolveKey((request.params as { id: string }).id));
  };
  const responseId = (request: FastifyRequest) => {
    const id = responseIdOf((request.params as { rid: string }).rid);
    if (id === null) throw notFound();
    return id;
  };
  const results = { config: { permission: 'test.results' as const } };

  app.get('/api/tests/:id/responses', results, async (request, reply) => {
    const test = await testOf(request);
    const query = request.query as Record<string, unknown>;
    const list = parseListQuery(RESPONSES_LIST, query);
    if (query.format === 'csv' || query.format === 'xlsx') {
      const format: ExportFormat = query.format;
      const { header, cells } = exportColumns(test);
      const date = new Date().toISOString().slice(0, 10);
      // Decision 012 and 041, as every export: the whole file spooled first, within the shared slots.
      return sendExport(request, reply, {
        limiter: exportLimiter,
        idleTimeoutMs: exportIdleTimeoutMs,
        type: EXPORT_CONTENT_TYPES[format],
        filename: `respuestas-${test.slug}-${date}.${format}`,
        spool: (stillWanted) =>
          spoolResponses({
            format,
            tmpDir,
            sheetName: test.title,
            header,
            rows: rowsFromBatches((onBatch) =>
              responses.each(test, list, async (rows) => {
                stillWanted();
                await onBatch(rows.map(cells));
              }),
            ),
          }),
      });
    }
    const { items, total } = await responses.list(test, list);
    return paginate(items, {
      page: list.page,
      perPage: list.perPage,
      total,
      path: `${appUrl}/api/tests/${test.id}/responses`,
      query: new URLSearchParams(request.url.split('?')[1] ?? ''),
    });
  });

  app.get('/api/tests/:id/responses/:rid', results, async (request) => {
    const test = await testOf(request);
    return { data: await responses.show(test, responseId(request)) };
  });

  // Grading completes the score: it takes reading the responses as well as grading them.
  app.put(
    '/api/tests/:id/responses/:rid/grades',
    { config: { permission: 'test.grade' } },
    async (request) => {
      if (!request.can('test.results')) throw forbidden();
      const test = await testOf(request);
      const id = responseId(request);
      const input = validate(ResponseGradesInput, request.body);
      return { data: await responses.grade(request.authUser(), test, id, input) };
    },
  );

  // The right to erasure: the response goes for good, and the test's history says so (not what it held).
  app.delete('/api/tests/:id/responses/:rid', results, async (request, reply) => {
    const test = await testOf(request);
    const id = responseId(request);
    await responses.remove(test, id, (tx, removed) =>
      service.audit(tx, request.authUser(), test.id, 'updated', {
        response_deleted: { from: describeResponse(removed), to: null },
      }),
    );
    return reply.code(204).send();
  });

  app.get('/api/tests/:id/statistics', results, async (request) => {
    const test = await testOf(request);
    return { data: await responses.statistics(test) };
  });

  app.get('/api/tests/:id/text-answers', results, async (request) => {
    const test = await testOf(request);
    const query = request.query as Record<string, unknown>;
    const raw = typeof query.question === 'string' ? query.question : '';
    const questionId = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    const { question: _question, ...rest } = query;
    const list = parseListQuery({ ...RESPONSES_LIST, filters: {} }, rest);
    const { items, total } = await responses.freeAnswers(test, questionId, list);
    return paginate(items, {
      page: list.page,
      perPage: list.perPage,
      total,
      path: `${appUrl}/api/tests/${test.id}/text-answers`,
      query: new URLSearchParams(request.url.split('?')[1] ?? ''),
    });
  });
}

/** How the history names an erased response: its number and state, nothing it held. */
function describeResponse(response: TestResponseListItem): string {
  return `Respuesta n.º ${response.id} (${RESPONSE_STATE_LABELS[response.state].toLowerCase()})`;
}

/**
 * The export's columns: one row per response, one column per question (docs/areas.md). An anonymous
 * test's export has no column that could say who answered.
 */
function exportColumns(test: TestRecord) {
  const questions = test.questions ?? [];
  const quiz = test.kind === 'quiz';
  const identity = !test.anonymous && test.identity === 'email';
  const header = [
    'Id',
    ...(identity ? ['Correo electrónico'] : []),
    ...(test.attempts > 1 ? ['Intento'] : []),
    'Estado',
    'Inicio',
    'Envío',
    'Duración (min)',
    ...(quiz ? ['Puntuación', 'Máximo', 'Porcentaje', 'Aprobado', 'Pendientes de corregir'] : []),
    ...questions.map((question, index) => `P${index + 1}. ${question.prompt}`),
  ];
  const cells = (row: TestResponseListItem & { answers: Record<string, TestAnswer> }): ExportCell[] => [
    row.id,
    ...(identity ? [row.email] : []),
    ...(test.attempts > 1 ? [row.attempt_number] : []),
    RESPONSE_STATE_LABELS[row.state],
    row.started_at ? new Date(row.started_at) : null,
    row.submitted_at ? new Date(row.submitted_at) : null,
    row.duration_seconds === null ? null : Math.round(row.duration_seconds / 6) / 10,
    ...(quiz ? [row.score, row.max_score, row.percent, row.passed, row.pending_grades] : []),
    ...questions.map((question) => {
      const answer = row.answers[String(question.id)];
      if (answer === undefined || answer === null) return null;
      if (typeof answer === 'string') return answer;
      const chosen = new Set(answer);
      return question.options
        .filter((option) => chosen.has(option.id))
        .map((option) => option.text)
        .join(' | ');
    }),
  ];
  return { header, cells };
}
