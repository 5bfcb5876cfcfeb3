import {
  ATTEMPT_STATES,
  type AttemptState,
  booleanFilter,
  type FreeAnswer,
  type PublicTestResults,
  type QuizStatistics,
  type ResourceContract,
  type ResponseAnswer,
  type ResponseGradesInput,
  type TestAnswer,
  type TestQuestion,
  type TestRecord,
  type TestResponseDetail,
  type TestResponseListItem,
  type TestStatistics,
} from '@gestor/shared';
import { z } from 'zod';
import type { Connection, Database } from '../../db/client';
import { conflict, HttpError, notFound, ValidationError } from '../../lib/http-errors';
import { dayFilter, madridDayStart } from '../../lib/madrid-days';
import { escapeLike, type ListQuery, Params } from '../resource/list-query';
import { fittingAnswers, isAnswered, markerOf, questionMarks, reckonResponse } from './grading';
import { NO_TEST_FIGURES, optionCounter, optionShares, statisticsOfColumns } from './statistics';

// docs/areas.md#what-the-answers-say: a test's responses as the back office reads them. A response
// is one attempt (test_attempts); its text answers' grades are test_grades. What it answers:
// - the list, filtered and paged as every list is, and the same rows for the exports;
// - one response with its answers as given, and the grading of its text answers, which completes
//   its score (a stale grade, after another grader's, is a 409);
// - erasure of one response (the person's right to it), recorded in the test's history;
// - the statistics of the first attempts, and the free answers of one question;
// - re-scoring every response after an edit of what they are scored against;
// - the published results, distributions only, once the test has closed.

/** The list's parameters, read by the machinery's parser (list-query.ts): the same 422s. */
export const RESPONSES_LIST: ResourceContract = {
  path: 'tests',
  area: 'test',
  label: { one: 'respuesta', many: 'respuestas', gender: 'feminine' },
  sortable: ['submitted_at', 'score', 'started_at'],
  defaultSort: '-submitted_at',
  filters: {
    state: z.enum(ATTEMPT_STATES, {
      error: `El filtro state debe ser uno de estos: ${ATTEMPT_STATES.join(', ')}.`,
    }),
    from: dayFilter('from'),
    to: dayFilter('to'),
    passed: booleanFilter,
    pending: booleanFilter,
  },
  fields: {},
};

export interface ResponseFilters {
  state?: AttemptState;
  from?: string;
  to?: string;
  passed?: boolean;
  pending?: boolean;
}

/** The test as a response is read against: its questions, kind and anonymity. */
export type ResponsesTest = Pick<
  TestRecord,
  'id' | 'slug' | 'title' | 'kind' | 'anonymous' | 'passing_score' | 'identity' | 'updated_at'
> & { questions?: TestQuestion[] };

interface ResponseRow {
  id: number;
  attempt_number: number;
  state: AttemptState;
  email: string | null;
  with_code: boolean;
  started_at: Date | null;
  submitted_at: Date | null;
  score: number | null;
  max_score: number | null;
  percent: string | null;
  passed: boolean | null;
  pending_grades: number;
  anonymised: boolean;
}

const RESPONSE_COLUMNS = `a.id, a.attempt_number, a.state, a.email, (a.code_id IS NOT NULL) AS with_code,
  a.started_at, a.submitted_at, a.score, a.max_score, a.percent, a.passed, a.pending_grades,
  (a.anonymised_at IS NOT NULL) AS anonymised`;

const SORT_COLUMNS: Record<string, string> = {
  submitted_at: 'a.submitted_at',
  started_at: 'a.started_at',
  score: 'a.percent',
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** How many tests' statistics a process keeps at once. */
const STATISTICS_KEPT = 32;

type Answers = Record<string, TestAnswer>;

/**
 * The answers of many responses are read as text and parsed here: the driver's own jsonb reading
 * took about four times as long for 10 000 responses to 50 questions (500 against 140 ms).
 */
const ANSWERS_TEXT = 'a.answers::text AS answers';
const answersOf = <R extends { answers: string }>(rows: R[]) =>
  rows.map((row) => ({ ...row, answers: JSON.parse(row.answers) as Answers }));

function listItem(row: ResponseRow): TestResponseListItem {
  const duration =
    row.started_at && row.submitted_at
      ? Math.max(0, Math.round((row.submitted_at.getTime() - row.started_at.getTime()) / 1000))
      : null;
  return {
    id: row.id,
    attempt_number: row.attempt_number,
    state: row.state,
    email: row.email,
    with_code: row.with_code,
    started_at: iso(row.started_at),
    submitted_at: iso(row.submitted_at),
    duration_seconds: duration,
    score: row.score,
    max_score: row.max_score,
    percent: row.percent === null ? null : Number(row.percent),
    passed: row.passed,
    pending_grades: row.pending_grades,
    anonymised: row.anonymised,
  };
}

/** The WHERE of a test's responses under the list's filters (and search, by address). */
export function responsesWhere(
  testId: number,
  filters: ResponseFilters,
  search: string | null,
  params: Params,
): string {
  const conditions = [`a.test_id = ${params.add(testId)}`];
  if (filters.state) conditions.push(`a.state = ${params.add(filters.state)}`);
  if (filters.from) conditions.push(`a.submitted_at >= ${params.add(madridDayStart(filters.from))}`);
  if (filters.to) conditions.push(`a.submitted_at < ${params.add(madridDayStart(filters.to, 1))}`);
  if (filters.passed !== undefined) conditions.push(`a.passed = ${params.add(filters.passed)}`);
  if (filters.pending !== undefined) {
    conditions.push(filters.pending ? 'a.pending_grades > 0' : 'a.pending_grades = 0');
  }
  if (search) conditions.push(`a.email ILIKE '%' || ${params.add(escapeLike(search))} || '%'`);
  return conditions.join(' AND ');
}

/** The filters of a parsed list query, with `from` no later than `to`. */
export function responseFilters(list: ListQuery): ResponseFilters {
  const filters = list.filters as ResponseFilters;
  if (filters.from && filters.to && filters.from > filters.to) {
    throw ValidationError.field('filter.to', 'La fecha final no puede ser anterior a la inicial.');
  }
  return filters;
}

/** The sort of a parsed list query, unsent responses last whichever way. */
function orderOf(list: ListQuery): string {
  const keys = list.sort.map(
    ({ key, descending }) =>
      `${SORT_COLUMNS[key] ?? 'a.submitted_at'} ${descending ? 'DESC' : 'ASC'} NULLS LAST`,
  );
  return [...keys, 'a.id DESC'].join(', ');
}

/** A grade as read with its grader's name. */
interface GradeRow {
  question_id: number;
  points: number;
  comment: string | null;
  graded_by: string | null;
  graded_at: Date;
}

export function createResponses({ database }: { database: Database }) {
  const gradesOf = async (db: Connection, attemptIds: readonly number[]) => {
    const rows = await db.query<GradeRow & { attempt_id: number }>(
      `SELECT g.attempt_id, g.question_id, g.points, g.comment, u.name AS graded_by, g.graded_at
         FROM test_grades g LEFT JOIN users u ON u.id = g.graded_by
        WHERE g.attempt_id = ANY ($1::int[])`,
      [attemptIds],
    );
    const byAttempt = new Map<number, Map<number, GradeRow>>();
    for (const row of rows) {
      const grades = byAttempt.get(row.attempt_id) ?? new Map<number, GradeRow>();
      grades.set(row.question_id, row);
      byAttempt.set(row.attempt_id, grades);
    }
    return byAttempt;
  };

  const pointsOf = (grades: ReadonlyMap<number, GradeRow> | undefined) =>
    new Map(
      [...(grades ?? new Map<number, GradeRow>()).values()].map((grade) => [grade.question_id, grade.points]),
    );

  /** One response whole: its row, answers and grades; 404 when it is not this test's. */
  const detail = async (db: Connection, test: ResponsesTest, id: number, lock = false) => {
    const [row] = await db.query<
      ResponseRow & { answers: Record<string, TestAnswer>; graded_at: Date | null }
    >(
      `SELECT ${RESPONSE_COLUMNS}, a.answers, a.graded_at FROM test_attempts a
        WHERE a.id = $1 AND a.test_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, test.id],
    );
    if (!row) throw notFound();
    const grades = (await gradesOf(db, [id])).get(id) ?? new Map<number, GradeRow>();
    return { row, grades };
  };

  /** The version a grader's write starts from: the last grading, else the submission. */
  const versionOf = (row: { graded_at: Date | null; submitted_at: Date | null; started_at: Date | null }) =>
    (row.graded_at ?? row.submitted_at ?? row.started_at ?? new Date(0)).toISOString();

  const toDetail = (
    test: ResponsesTest,
    row: ResponseRow & { answers: Record<string, TestAnswer>; graded_at: Date | null },
    grades: ReadonlyMap<number, GradeRow>,
  ): TestResponseDetail => {
    const quiz = test.kind === 'quiz';
    const questions = test.questions ?? [];
    const marks = questionMarks({ ...test, questions }, row.answers, pointsOf(grades));
    const answers: ResponseAnswer[] = questions.map((question) => {
      const given = row.answers[String(question.id)] ?? null;
      const grade = grades.get(question.id);
      const chosen = new Set(Array.isArray(given) ? given : []);
      return {
        question_id: question.id,
        prompt: question.prompt,
        type: question.type,
        points: quiz ? question.points : null,
        answer: given,
        options: question.options.map((option) => ({
          id: option.id,
          text: option.text,
          chosen: chosen.has(option.id),
          correct: quiz && option.correct,
        })),
        earned: quiz && row.state === 'submitted' ? (marks.get(question.id) ?? null) : null,
        needs_grade:
          quiz && row.state === 'submitted' && question.type === 'text' && isAnswered(given) && !grade,
        grade: grade
          ? {
              points: grade.points,
              comment: grade.comment,
              graded_by: grade.graded_by,
              graded_at: grade.graded_at.toISOString(),
            }
          : null,
      };
    });
    return { ...listItem(row), answers, updated_at: versionOf(row) };
  };

  /** Every submitted response of a test scored again against its questions now (in `tx`). */
  const rescore = async (
    tx: Connection,
    test: Pick<TestRecord, 'id' | 'kind' | 'passing_score'> & { questions: TestQuestion[] },
  ) => {
    const rows = answersOf(
      await tx.query<{ id: number; answers: string }>(
        `SELECT a.id, ${ANSWERS_TEXT} FROM test_attempts a WHERE a.test_id = $1 AND a.state = 'submitted'
          ORDER BY a.id FOR UPDATE`,
        [test.id],
      ),
    );
    if (!rows.length) return 0;
    const grades = await gradesOf(
      tx,
      rows.map((row) => row.id),
    );
    const reckoned = rows.map((row) => ({
      id: row.id,
      ...reckonResponse(test, fittingAnswers(test.questions, row.answers), pointsOf(grades.get(row.id))),
    }));
    await tx.query(
      `UPDATE test_attempts a
          SET score = r.score, max_score = r.max_score, percent = r.percent, passed = r.passed,
              pending_grades = r.pending_grades, graded_at = now()
         FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::boolean[], $6::int[])
              AS r (id, score, max_score, percent, passed, pending_grades)
        WHERE a.id = r.id`,
      [
        reckoned.map((r) => r.id),
        reckoned.map((r) => r.score),
        reckoned.map((r) => r.max_score),
        reckoned.map((r) => r.percent),
        reckoned.map((r) => r.passed),
        reckoned.map((r) => r.pending_grades),
      ],
    );
    return rows.length;
  };

  /**
   * docs/areas.md#what-the-answers-say: over each person's first attempt that was submitted (as
   * Moodle), the options chosen and, for a quiz, the item analysis and test statistics.
   */
  const computeStatistics = async (test: ResponsesTest): Promise<TestStatistics> => {
    const questions = test.questions ?? [];
    const rows = answersOf(
      await database.query<{ id: number; answers: string }>(
        `SELECT a.id, ${ANSWERS_TEXT} FROM test_attempts a
            WHERE a.test_id = $1 AND a.state = 'submitted' AND a.attempt_number = 1`,
        [test.id],
      ),
    );
    const counter = optionCounter(questions);
    for (const row of rows) counter.add(row.answers);
    const distribution = counter.distribution();
    let items: QuizStatistics | null = null;
    if (test.kind === 'quiz') {
      const grades = questions.some((question) => question.type === 'text')
        ? await gradesOf(
            database,
            rows.map((row) => row.id),
          )
        : new Map<number, Map<number, GradeRow>>();
      // Each question's marks laid out as a column; a response with a text answer still to grade
      // has no total yet and is left out of every figure (statistics.ts).
      const keys = questions.map((question) => String(question.id));
      const markers = questions.map(markerOf);
      const columns = questions.map(() => new Float64Array(rows.length));
      let complete = 0;
      for (const row of rows) {
        const graded = grades.get(row.id);
        let whole = true;
        for (let p = 0; p < questions.length && whole; p++) {
          const mark = markers[p]!(row.answers[keys[p]!], graded?.get(questions[p]!.id)?.points);
          if (mark === null) whole = false;
          else columns[p]![complete] = mark;
        }
        if (whole) complete++;
      }
      items = statisticsOfColumns(
        questions,
        columns.map((column) => column.subarray(0, complete)),
      );
    }
    const none = { facility: null, sd: null, discrimination_index: null, discriminative_efficiency: null };
    return {
      // A survey: only how many responded.
      test: items?.test ?? { ...NO_TEST_FIGURES, n: rows.length },
      questions: questions.map((question, index) => {
        const item = items?.questions[index];
        const options = distribution[index];
        return {
          ...(item ?? { id: question.id, n: rows.length, ...none, flagged: false }),
          answered: options?.answered ?? 0,
          options: options?.options ?? [],
        };
      }),
    };
  };

  const statisticsKept = new Map<number, { key: string; value: Promise<TestStatistics> }>();

  return {
    rescore,

    async list(test: ResponsesTest, list: ListQuery) {
      const filters = responseFilters(list);
      const params = new Params();
      // An anonymous test keeps no address: there is nothing to search.
      const where = responsesWhere(test.id, filters, test.anonymous ? null : list.search, params);
      const offset = (list.page - 1) * list.perPage;
      const [rows, counted] = await Promise.all([
        database.query<ResponseRow>(
          `SELECT ${RESPONSE_COLUMNS} FROM test_attempts a WHERE ${where}
            ORDER BY ${orderOf(list)} LIMIT ${list.perPage} OFFSET ${offset}`,
          params.values,
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM test_attempts a WHERE ${where}`,
          params.values,
        ),
      ]);
      return { items: rows.map(listItem), total: counted[0]?.total ?? 0 };
    },

    /**
     * The responses under the list's filters, in its order, batch by batch from one snapshot (the
     * exports), each with its answers: `onBatch` writes them to the spooled file.
     */
    async each(
      test: ResponsesTest,
      list: ListQuery,
      onBatch: (rows: Array<TestResponseListItem & { answers: Record<string, TestAnswer> }>) => Promise<void>,
    ) {
      const filters = responseFilters(list);
      const params = new Params();
      const where = responsesWhere(test.id, filters, test.anonymous ? null : list.search, params);
      await database.snapshot<ResponseRow & { answers: string }>(
        `SELECT ${RESPONSE_COLUMNS}, ${ANSWERS_TEXT} FROM test_attempts a WHERE ${where} ORDER BY ${orderOf(list)}`,
        params.values,
        500,
        async (rows) =>
          onBatch(rows.map((row) => ({ ...listItem(row), answers: JSON.parse(row.answers) as Answers }))),
      );
    },

    async show(test: ResponsesTest, id: number): Promise<TestResponseDetail> {
      const { row, grades } = await detail(database, test, id);
      return toDetail(test, row, grades);
    },

    /**
     * Grades text answers of a submitted response, from the version the grader read (409 when another
     * grade came first): each at most its question's points. The score is reckoned again with them.
     */
    async grade(
      actor: { id: number },
      test: ResponsesTest,
      id: number,
      input: ResponseGradesInput,
    ): Promise<TestResponseDetail> {
      return database.transaction(async (tx) => {
        // The questions graded against are the test's as read: an edit of the test meanwhile (which
        // may re-score) is waited for and then refused, rather than scoring against what it replaced.
        const [current] = await tx.query<{ updated_at: Date }>(
          'SELECT updated_at FROM tests WHERE id = $1 FOR SHARE',
          [test.id],
        );
        if (!current || current.updated_at.toISOString() !== new Date(test.updated_at).toISOString()) {
          throw new HttpError(
            409,
            'El test ha cambiado mientras corregía: recargue la respuesta y vuelva a guardar.',
          );
        }
        const { row } = await detail(tx, test, id, true);
        if (versionOf(row) !== new Date(input.updated_at).toISOString()) throw conflict();
        if (row.state !== 'submitted') {
          throw new HttpError(409, 'Solo se corrigen las respuestas enviadas.');
        }
        const questions = new Map((test.questions ?? []).map((question) => [String(question.id), question]));
        const errors: Record<string, string[]> = {};
        for (const [questionId, { points }] of Object.entries(input.grades)) {
          const question = questions.get(questionId);
          if (!question || question.type !== 'text' || test.kind !== 'quiz') {
            errors[`grades.${questionId}`] = [
              'Solo se corrigen las preguntas de texto libre de esta evaluación.',
            ];
          } else if (!isAnswered(row.answers[questionId])) {
            errors[`grades.${questionId}`] = ['Esta pregunta se dejó sin responder: vale 0 sin corregirla.'];
          } else if (points > question.points) {
            errors[`grades.${questionId}.points`] = [
              `Esta pregunta vale como máximo ${question.points} ${question.points === 1 ? 'punto' : 'puntos'}.`,
            ];
          }
        }
        if (Object.keys(errors).length) throw new ValidationError(errors);
        const entries = Object.entries(input.grades);
        await tx.query(
          `INSERT INTO test_grades (attempt_id, question_id, points, comment, graded_by, graded_at)
           SELECT $1, g.question_id, g.points, g.comment, $5, now()
             FROM unnest($2::int[], $3::int[], $4::text[]) AS g (question_id, points, comment)
           ON CONFLICT (attempt_id, question_id) DO UPDATE
              SET points = excluded.points, comment = excluded.comment,
                  graded_by = excluded.graded_by, graded_at = excluded.graded_at`,
          [
            id,
            entries.map(([questionId]) => Number(questionId)),
            entries.map(([, grade]) => grade.points),
            entries.map(([, grade]) => grade.comment),
            actor.id,
          ],
        );
        const grades = (await gradesOf(tx, [id])).get(id);
        const reckoned = reckonResponse(
          { ...test, questions: test.questions ?? [] },
          fittingAnswers(test.questions ?? [], row.answers),
          pointsOf(grades),
        );
        await tx.query(
          `UPDATE test_attempts
              SET score = $2, max_score = $3, percent = $4, passed = $5, pending_grades = $6,
                  graded_at = greatest(now(), coalesce(graded_at, now()) + interval '1 millisecond')
            WHERE id = $1`,
          [
            id,
            reckoned.score,
            reckoned.max_score,
            reckoned.percent,
            reckoned.passed,
            reckoned.pending_grades,
          ],
        );
        const after = await detail(tx, test, id);
        return toDetail(test, after.row, after.grades);
      });
    },

    /**
     * Erases one response (the right to erasure): its answers and grades go; a submitted one no longer
     * counts against `max_responses`. `record` writes the test's history entry in the same transaction.
     */
    async remove(
      test: ResponsesTest,
      id: number,
      record: (tx: Connection, removed: TestResponseListItem) => Promise<void>,
    ): Promise<void> {
      await database.transaction(async (tx) => {
        const { row } = await detail(tx, test, id, true);
        await tx.query('DELETE FROM test_attempts WHERE id = $1', [id]);
        if (row.state === 'submitted') {
          await tx.query(
            'UPDATE tests SET responses_count = greatest(responses_count - 1, 0) WHERE id = $1',
            [test.id],
          );
        }
        await record(tx, listItem(row));
      });
    },

    /**
     * The statistics, reused while nothing they read has changed: the test (its questions, by
     * `updated_at`) and its first attempts (how many and which; their grading times, which every
     * grade and re-scoring moves forward; how many are anonymised), checked on every request by one
     * cheap statement. Working them out reads every
     * response (10 000 of 50 answers: about a third of a second); a results screen reopened, or read
     * by several people, should not pay for it again. Moodle keeps its quiz statistics the same way.
     */
    async statistics(test: ResponsesTest): Promise<TestStatistics> {
      const [seen] = await database.query<{ fingerprint: string }>(
        `SELECT concat_ws('/', count(*), sum(a.id), sum(extract(epoch FROM a.graded_at)), count(a.anonymised_at)) AS fingerprint
           FROM test_attempts a WHERE a.test_id = $1 AND a.state = 'submitted' AND a.attempt_number = 1`,
        [test.id],
      );
      const key = `${new Date(test.updated_at).toISOString()}/${seen?.fingerprint ?? ''}`;
      const kept = statisticsKept.get(test.id);
      if (kept?.key === key) return kept.value;
      const value = computeStatistics(test);
      statisticsKept.delete(test.id);
      statisticsKept.set(test.id, { key, value });
      // The oldest first out, past a few dozen tests.
      for (const id of statisticsKept.keys()) {
        if (statisticsKept.size <= STATISTICS_KEPT) break;
        statisticsKept.delete(id);
      }
      value.catch(() => {
        if (statisticsKept.get(test.id)?.value === value) statisticsKept.delete(test.id);
      });
      return value;
    },

    /** The free answers to one text question, newest first, searched by their words. */
    async freeAnswers(test: ResponsesTest, questionId: number, list: ListQuery) {
      const question = (test.questions ?? []).find((candidate) => candidate.id === questionId);
      if (!question || question.type !== 'text') {
        throw ValidationError.field('question', 'Elija una pregunta de texto libre de este test.');
      }
      const params = new Params();
      const key = params.add(String(questionId));
      const conditions = [
        `a.test_id = ${params.add(test.id)}`,
        `a.state = 'submitted'`,
        `coalesce(btrim(a.answers ->> ${key}), '') <> ''`,
      ];
      if (list.search) {
        conditions.push(`a.answers ->> ${key} ILIKE '%' || ${params.add(escapeLike(list.search))} || '%'`);
      }
      const where = conditions.join(' AND ');
      const offset = (list.page - 1) * list.perPage;
      const [rows, counted] = await Promise.all([
        database.query<{ id: number; text: string; submitted_at: Date | null }>(
          `SELECT a.id, a.answers ->> ${key} AS text, a.submitted_at FROM test_attempts a WHERE ${where}
            ORDER BY a.submitted_at DESC NULLS LAST, a.id DESC LIMIT ${list.perPage} OFFSET ${offset}`,
          params.values,
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM test_attempts a WHERE ${where}`,
          params.values,
        ),
      ]);
      const items: FreeAnswer[] = rows.map((row) => ({
        response_id: row.id,
        text: row.text,
        submitted_at: iso(row.submitted_at),
      }));
      return { items, total: counted[0]?.total ?? 0 };
    },

    /**
     * GET /api/public/v1/tests/{slug}/results: a test whose results are public, once its closing time
     * has passed; the distributions of its chosen option questions, never a response. Null otherwise
     * (the route's 404 says nothing of why).
     */
    async publicResults(slug: string): Promise<PublicTestResults | null> {
      const [test] = await database.query<{
        id: number;
        slug: string;
        title: string;
        closes_at: Date;
        results_fields: number[] | null;
        responses_count: number;
      }>(
        `SELECT t.id, t.slug, t.title, t.closes_at, t.results_fields, t.responses_count FROM tests t
          WHERE t.slug = $1 AND t.deleted_at IS NULL AND t.status = 'published' AND t.results_public
            AND t.closes_at IS NOT NULL AND t.closes_at <= now()`,
        [slug],
      );
      if (!test) return null;
      const questions = await database.query<{
        id: number;
        prompt: string;
        type: 'single' | 'multiple';
        options: Array<{ id: number; text: string }>;
      }>(
        `SELECT q.id, q.prompt, q.type,
                coalesce((SELECT json_agg(json_build_object('id', o.id, 'text', o.text) ORDER BY o.position, o.id)
                            FROM test_options o WHERE o.question_id = q.id), '[]') AS options
           FROM test_questions q
          WHERE q.test_id = $1 AND q.type <> 'text' AND ($2::int[] IS NULL OR q.id = ANY ($2::int[]))
          ORDER BY q.position, q.id`,
        [test.id, test.results_fields],
      );
      const counts = await database.query<{ question_id: number; option_id: number; count: number }>(
        `SELECT q.key::int AS question_id, o.value::int AS option_id, count(DISTINCT a.id)::int AS count
           FROM test_attempts a, jsonb_each(a.answers) q, jsonb_array_elements_text(
                  CASE WHEN jsonb_typeof(q.value) = 'array' THEN q.value ELSE '[]' END) o
          WHERE a.test_id = $1 AND a.state = 'submitted' AND q.key = ANY ($2::text[])
          GROUP BY 1, 2`,
        [test.id, questions.map((question) => String(question.id))],
      );
      const answered = await database.query<{ question_id: number; count: number }>(
        `SELECT q.key::int AS question_id, count(*)::int AS count
           FROM test_attempts a, jsonb_each(a.answers) q
          WHERE a.test_id = $1 AND a.state = 'submitted' AND q.key = ANY ($2::text[])
            AND jsonb_typeof(q.value) = 'array' AND jsonb_array_length(q.value) > 0
          GROUP BY 1`,
        [test.id, questions.map((question) => String(question.id))],
      );
      const countOf = new Map(counts.map((row) => [`${row.question_id}:${row.option_id}`, row.count]));
      const answeredOf = new Map(answered.map((row) => [row.question_id, row.count]));
      return {
        title: test.title,
        slug: test.slug,
        closes_at: test.closes_at.toISOString(),
        responses: test.responses_count,
        questions: questions.map((question) => {
          const total = answeredOf.get(question.id) ?? 0;
          return {
            id: question.id,
            prompt: question.prompt,
            type: question.type,
            answered: total,
            options: optionShares(
              question.options,
              (option) => countOf.get(`${question.id}:${option.id}`) ?? 0,
              total,
            ).map((share, index) => ({ ...share, text: question.options[index]?.text ?? '' })),
          };
        }),
      };
    },
  };
}

export type Responses = ReturnType<typeof createResponses>;
