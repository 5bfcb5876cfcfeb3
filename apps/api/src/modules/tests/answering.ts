import { randomInt } from 'node:crypto';
import {
  type AttemptFeedback,
  type AttemptState,
  type AttemptView,
  CODE_ALPHABET,
  normaliseCode,
  type PublicTest,
  type PublicTestListItem,
  type TestAnswer,
  type TestCodesInput,
  type TestCodesMade,
  type TestQuestion,
  type TestRecord,
  type TestScore,
} from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { keyedHash, randomToken } from '../../lib/tokens';
import type { Outbox } from '../webhooks/outbox';
import { alreadyAnsweredMail, START_LINK_MINUTES, startLinkMail } from './answering-mails';
import { emailKey } from './email-key';
import { fittingAnswers, isAnswered, reckonResponse } from './grading';
import { pinMatches } from './pin-hash';
import { answeredRight, checkAnswers } from './scoring';

// docs/public-api.md#questionnaires: how a test reaches the people it is for. The public API's routes
// and the answering page (/t/…) both call this; neither touches the tables. What it keeps:
// - an attempt is known by a random token, kept only as its keyed hash (the one key to it);
// - answers are saved as they come (a jsonb merged in one UPDATE), so a save survives a restart;
// - the deadline is the server's, fixed at the start: the time limit (plus a code's extra minutes),
//   and never past the test's closing time;
// - a submit happens once: the attempt's row is locked, and a second submit reads the first's result;
// - `max_responses` is counted in the submit's own UPDATE of the test's row, so it is never passed;
// - an anonymous test keeps no address, code or time of day with a response (docs: anonymity).

/** What every open-to-the-public look-up answers for a test that is not open: nothing tells them apart. */
export const TEST_NOT_FOUND = 'No encontrado.';
const notFound = () => new HttpError(404, TEST_NOT_FOUND);

/** A second mail to the same address within this many minutes is not sent (the first is on its way). */
const START_LINK_RESEND_MINUTES = 2;

/** The SQL condition (alias `t`) of a test open to the public right now. */
export const OPEN_TEST = `t.deleted_at IS NULL AND t.status = 'published' AND t.access <> 'closed'
  AND (t.opens_at IS NULL OR t.opens_at <= now()) AND (t.closes_at IS NULL OR t.closes_at > now())`;

interface TestRow {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  kind: 'quiz' | 'survey';
  status: string;
  access: 'closed' | 'link' | 'pin' | 'codes';
  pin_hash: string | null;
  opens_at: Date | null;
  closes_at: Date | null;
  max_responses: number | null;
  responses_count: number;
  identity: 'none' | 'email' | 'code';
  anonymous: boolean;
  time_limit_minutes: number | null;
  on_expiry: 'submit' | 'grace' | 'discard';
  grace_minutes: number | null;
  attempts: number;
  feedback: 'none' | 'score' | 'answers';
  show_correct_after_close: boolean;
  passing_score: number;
  consent_text: string | null;
  updated_at: Date;
  deleted_at: Date | null;
  is_open: boolean;
}

const TEST_COLUMNS = `t.id, t.slug, t.title, t.description, t.kind, t.status, t.access, t.pin_hash, t.opens_at,
  t.closes_at, t.max_responses, t.responses_count, t.identity, t.anonymous, t.time_limit_minutes,
  t.on_expiry, t.grace_minutes, t.attempts, t.feedback, t.show_correct_after_close, t.passing_score,
  t.consent_text, t.updated_at, t.deleted_at, (${OPEN_TEST}) AS is_open`;

interface AttemptRow {
  id: number;
  test_id: number;
  state: AttemptState;
  deadline: Date | null;
  submit_by: Date | null;
  answers: Record<string, TestAnswer>;
  saved_at: Date | null;
  submitted_at: Date | null;
  score: number | null;
  max_score: number | null;
  percent: string | null;
  passed: boolean | null;
  pending_grades: number;
  /** The database's clock, read with the row: deadlines are the server's. */
  now: Date;
}

const ATTEMPT_COLUMNS = `a.id, a.test_id, a.state, a.deadline, a.submit_by, a.answers, a.saved_at, a.submitted_at,
  a.score, a.max_score, a.percent, a.passed, a.pending_grades, now() AS now`;

/** An attempt as a save reads it: with its test's version (for the questions) and anonymity. */
type SavingRow = AttemptRow & { updated_at: Date; anonymous: boolean };

/** Where a test stands for someone arriving at it (the answering page says which, in Spanish). */
export type TestStanding =
  | { state: 'open'; test: PublicTest }
  | { state: 'not_yet'; title: string; opens_at: string }
  | { state: 'closed'; title: string; slug: string; closes_at: string }
  | { state: 'full'; title: string }
  | { state: 'missing' };

/** What a start asks of the person, as read from a body or a form. */
export interface StartRequest {
  pin?: string;
  code?: string;
  email?: string;
  start?: string;
  consent?: boolean;
}

export type StartResult =
  | { kind: 'attempt'; token: string; view: AttemptView }
  /** identity `email`: a mail went (or was due already); nothing says which. */
  | { kind: 'mailed' };

export interface AnsweringOptions {
  database: Database;
  appKey: Buffer;
  appName: string;
  /** Where the answering page is served (APP_URL): codes' and start links' addresses. */
  appUrl: string;
  mailer: Mailer;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where `test.response_submitted` goes (docs/webhooks.md), in the submit's own transaction. */
  webhooks?: { outbox: Outbox; wake(): void };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function createAnswering({
  database,
  appKey,
  appName,
  appUrl,
  mailer,
  log,
  webhooks,
}: AnsweringOptions) {
  const hash = (purpose: string, value: string) => keyedHash(appKey, `${purpose}:${value}`);
  const pageUrl = (slug: string) => `${appUrl}/t/${encodeURIComponent(slug)}`;

  // A test's questions, read once per version of the test (its updated_at): the saves of 200 people
  // answering one test at once read its questions from here, not from the database.
  const questionCache = new Map<number, { version: number; questions: Promise<TestQuestion[]> }>();
  const questionsOf = (db: Connection, test: { id: number; updated_at: Date }) => {
    const version = test.updated_at.getTime();
    const kept = questionCache.get(test.id);
    if (kept && kept.version === version) return kept.questions;
    const questions = db
      .query<TestQuestion>(
        `SELECT q.id, q.position, q.prompt, q.type, q.points, q.required, q.help, q.personal,
                coalesce((SELECT json_agg(json_build_object('id', o.id, 'position', o.position,
                            'text', o.text, 'correct', o.correct) ORDER BY o.position)
                          FROM test_options o WHERE o.question_id = q.id), '[]'::json) AS options
           FROM test_questions q WHERE q.test_id = $1 ORDER BY q.position`,
        [test.id],
      )
      .catch((error) => {
        questionCache.delete(test.id);
        throw error;
      });
    if (questionCache.size > 500) questionCache.clear();
    questionCache.set(test.id, { version, questions });
    return questions;
  };

  const testBySlug = async (db: Connection, slug: string, lock = false) => {
    const [row] = await db.query<TestRow>(
      `SELECT ${TEST_COLUMNS} FROM tests t WHERE t.slug = $1 AND t.deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [slug],
    );
    return row ?? null;
  };

  const asks = (test: TestRow): PublicTest['start']['asks'] =>
    test.identity === 'email'
      ? 'email'
      : test.access === 'codes'
        ? 'code'
        : test.access === 'pin'
          ? 'pin'
          : 'nothing';

  const publicView = (test: TestRow, questions: readonly TestQuestion[]): PublicTest => ({
    slug: test.slug,
    title: test.title,
    description: test.description,
    kind: test.kind,
    identity: test.identity,
    anonymous: test.anonymous,
    time_limit_minutes: test.time_limit_minutes,
    opens_at: iso(test.opens_at),
    closes_at: iso(test.closes_at),
    start: { asks: asks(test), consent_text: test.identity === 'email' ? test.consent_text : null },
    questions: questions.map((question) => ({
      id: question.id,
      prompt: question.prompt,
      help: question.help,
      type: question.type,
      required: question.required,
      points: test.kind === 'quiz' ? question.points : null,
      // Never which options are correct.
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
  });

  /** The feedback a submitted attempt shows, as far as the test allows. */
  const feedbackOf = (
    test: TestRow,
    questions: readonly TestQuestion[],
    attempt: Pick<AttemptRow, 'answers' | 'score' | 'max_score' | 'percent' | 'passed' | 'pending_grades'>,
    closed: boolean,
  ): AttemptFeedback => {
    const quiz = test.kind === 'quiz';
    // Text answers a person has still to grade: the score may change.
    const pending = quiz && attempt.pending_grades > 0;
    const score: TestScore | null =
      quiz && test.feedback !== 'none' && attempt.max_score !== null
        ? {
            score: attempt.score ?? 0,
            max: attempt.max_score,
            percent: attempt.percent === null ? null : Number(attempt.percent),
            passed: attempt.passed,
          }
        : null;
    const answers =
      quiz && test.feedback === 'answers'
        ? Object.fromEntries(
            questions.map((question) => [
              String(question.id),
              question.type === 'text' ? null : answeredRight(question, attempt.answers[String(question.id)]),
            ]),
          )
        : null;
    const correct =
      quiz && test.show_correct_after_close && closed
        ? Object.fromEntries(
            questions
              .filter((question) => question.type !== 'text')
              .map((question) => [
                String(question.id),
                question.options.filter((option) => option.correct).map((option) => option.id),
              ]),
          )
        : null;
    return { score, pending_grading: pending, answers, correct };
  };

  const viewOf = async (db: Connection, attempt: AttemptRow): Promise<AttemptView> => {
    let feedback: AttemptFeedback | null = null;
    if (attempt.state === 'submitted') {
      const [test] = await db.query<TestRow>(`SELECT ${TEST_COLUMNS} FROM tests t WHERE t.id = $1`, [
        attempt.test_id,
      ]);
      if (test) {
        const closed = test.closes_at !== null && test.closes_at.getTime() <= attempt.now.getTime();
        feedback = feedbackOf(test, await questionsOf(db, test), attempt, closed);
      }
    }
    return {
      state: attempt.state,
      deadline: iso(attempt.deadline),
      submit_by: iso(attempt.submit_by),
      answers: attempt.answers,
      saved_at: iso(attempt.saved_at),
      submitted_at: iso(attempt.submitted_at),
      feedback,
    };
  };

  const attemptByToken = async (db: Connection, token: string, lock = false) => {
    if (token.length < 20 || token.length > 100) return null;
    const [row] = await db.query<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM test_attempts a WHERE a.token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [hash('attempt', token)],
    );
    return row ?? null;
  };

  /** The attempts this person has used on the test (by the keyed hash of their address or code). */
  const attemptsUsed = async (db: Connection, test: TestRow, personKey: string) => {
    // In an anonymous test no attempt carries who made it: the used start links say it instead.
    const [row] = await db.query<{ used: number }>(
      test.anonymous
        ? 'SELECT count(*)::int AS used FROM test_start_links WHERE test_id = $1 AND person_key = $2 AND used_at IS NOT NULL'
        : `SELECT count(*)::int AS used FROM test_attempts
            WHERE test_id = $1 AND person_key = $2`,
      [test.id, personKey],
    );
    return row?.used ?? 0;
  };

  const refuse = (status: number, field: string | null, message: string) =>
    field ? ValidationError.field(field, message, status) : new HttpError(status, message);

  /** The PIN a test asks, or a 422 on `pin`. */
  const checkPin = (test: TestRow, pin: string | undefined) => {
    if (!pin) throw refuse(422, 'pin', 'Escriba el PIN de este test.');
    if (!test.pin_hash || !pinMatches(appKey, test.pin_hash, pin)) {
      throw refuse(422, 'pin', 'El PIN no es correcto.');
    }
  };

  /** A test refuses new attempts once full; the message is the page's too. */
  const FULL = 'Este test ya ha recibido todas las respuestas que admitía.';

  /**
   * Opens an attempt in the transaction, the test's row locked: the deadline from the time limit,
   * the extra minutes of a code and the closing time. Anonymous: nothing of who starts it.
   */
  const openAttempt = async (
    tx: Connection,
    test: TestRow,
    who: { email: string | null; codeId: number | null; personKey: string | null; extraMinutes: number },
  ) => {
    const token = randomToken(32);
    const minutes = test.time_limit_minutes === null ? null : test.time_limit_minutes + who.extraMinutes;
    const grace = test.on_expiry === 'grace' ? (test.grace_minutes ?? 0) : 0;
    const [number] = who.personKey
      ? await tx.query<{ n: number }>(
          'SELECT count(*)::int + 1 AS n FROM test_attempts WHERE test_id = $1 AND person_key = $2',
          [test.id, who.personKey],
        )
      : [{ n: 1 }];
    const [attempt] = await tx.query<AttemptRow>(
      `WITH limits AS (
         SELECT CASE
                  WHEN $5::int IS NULL THEN $6::timestamptz
                  WHEN $6::timestamptz IS NULL THEN now() + make_interval(mins => $5::int)
                  ELSE least(now() + make_interval(mins => $5::int), $6::timestamptz)
                END AS deadline)
       INSERT INTO test_attempts AS a (test_id, token_hash, email, code_id, person_key, attempt_number,
                                       started_at, deadline, submit_by)
       SELECT $1, $2, $3, $4, $8, $9, CASE WHEN $10 THEN NULL ELSE now() END, deadline,
              deadline + make_interval(mins => $7::int)
         FROM limits
       RETURNING ${ATTEMPT_COLUMNS}`,
      [
        test.id,
        hash('attempt', token),
        test.anonymous ? null : who.email,
        test.anonymous ? null : who.codeId,
        minutes,
        test.closes_at,
        grace,
        test.anonymous ? null : who.personKey,
        number?.n ?? 1,
        test.anonymous,
      ],
    );
    return { token, view: await viewOf(tx, attempt!) };
  };

  /** A mailed start link: the address given, the link (or, when used up, a mail that says so). */
  const mailStartLink = async (test: TestRow, email: string) => {
    const personKey = hash(`test-person:${test.id}`, emailKey(email));
    const mail = await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [personKey]);
      const [recent] = await tx.query<{ id: number }>(
        `SELECT id FROM test_start_links WHERE test_id = $1 AND person_key = $2 AND used_at IS NULL
            AND expires_at > now() + make_interval(mins => $3)`,
        [test.id, personKey, START_LINK_MINUTES - START_LINK_RESEND_MINUTES],
      );
      if (recent) return null;
      if ((await attemptsUsed(tx, test, personKey)) >= test.attempts) {
        return alreadyAnsweredMail(appName, email, test.title);
      }
      const token = randomToken(32);
      await tx.query(
        `INSERT INTO test_start_links (test_id, token_hash, email, person_key, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
        [test.id, hash('start-link', token), test.anonymous ? null : email, personKey, START_LINK_MINUTES],
      );
      return startLinkMail(
        appName,
        email,
        test.title,
        `${pageUrl(test.slug)}?start=${encodeURIComponent(token)}`,
      );
    });
    // Sent after the commit; a failure is logged, never told (the answer is the same either way).
    if (mail) {
      mailer
        .send(mail)
        .catch((error) => log.error({ err: error, test: test.id }, 'Correo de inicio no enviado'));
    }
  };

  /**
   * Submits an open attempt, the row locked: scores it and counts it against `max_responses` in the
   * test's own UPDATE (never one more). `late`: after the deadline, what was saved is what counts,
   * and optional or not, nothing more is asked.
   */
  const submitLocked = async (tx: Connection, attempt: AttemptRow, late: boolean) => {
    const [test] = await tx.query<TestRow>(`SELECT ${TEST_COLUMNS} FROM tests t WHERE t.id = $1`, [
      attempt.test_id,
    ]);
    if (!test) throw notFound();
    const questions = await questionsOf(tx, test);
    if (!late) {
      const missing = questions.filter(
        (question) => question.required && !isAnswered(attempt.answers[String(question.id)]),
      );
      if (missing.length) {
        throw new ValidationError(
          Object.fromEntries(
            missing.map((question) => [
              `answers.${question.id}`,
              ['Esta pregunta es obligatoria: respóndala antes de enviar.'],
            ]),
          ),
        );
      }
    }
    const [counted] = await tx.query<{ id: number }>(
      `UPDATE tests SET responses_count = responses_count + 1
        WHERE id = $1 AND (max_responses IS NULL OR responses_count < max_responses) RETURNING id`,
      [test.id],
    );
    if (!counted) {
      if (late) {
        await tx.query(`UPDATE test_attempts SET state = 'expired' WHERE id = $1`, [attempt.id]);
        return;
      }
      throw new HttpError(409, `${FULL} Sus respuestas se han guardado, pero no se han podido enviar.`);
    }
    // The test may have changed since the attempt began: answers to questions or options it no
    // longer has are left out rather than refusing the person's submit.
    const fitting = fittingAnswers(questions, attempt.answers);
    const reckoned = reckonResponse({ ...test, questions }, fitting);
    // Anonymous: the day only, and nothing of when it was begun or saved.
    await tx.query(
      `UPDATE test_attempts
          SET state = 'submitted',
              submitted_at = CASE WHEN $2 THEN date_trunc('day', now()) ELSE now() END,
              saved_at = CASE WHEN $2 THEN NULL ELSE saved_at END,
              started_at = CASE WHEN $2 THEN NULL ELSE started_at END,
              deadline = CASE WHEN $2 THEN NULL ELSE deadline END,
              submit_by = CASE WHEN $2 THEN NULL ELSE submit_by END,
              score = $3, max_score = $4, percent = $5, passed = $6, pending_grades = $7
        WHERE id = $1`,
      [
        attempt.id,
        test.anonymous,
        reckoned.score,
        reckoned.max_score,
        reckoned.percent,
        reckoned.passed,
        reckoned.pending_grades,
      ],
    );
    // Once per response: the attempt is locked and only an open one gets here.
    await webhooks?.outbox.enqueue(tx, 'test.response_submitted', {
      area: 'test',
      id: test.id,
      slug: test.slug,
      response_id: attempt.id,
    });
  };

  /** After the deadline (and any grace), what `on_expiry` says happens to an open attempt. */
  const expire = async (tx: Connection, attempt: AttemptRow, onExpiry: TestRow['on_expiry']) => {
    if (onExpiry === 'submit') return submitLocked(tx, attempt, true);
    await tx.query('UPDATE test_attempts SET state = $2 WHERE id = $1', [
      attempt.id,
      onExpiry === 'discard' ? 'discarded' : 'expired',
    ]);
  };

  const overdue = (attempt: AttemptRow) =>
    attempt.state === 'open' &&
    attempt.submit_by !== null &&
    attempt.submit_by.getTime() <= attempt.now.getTime();

  /** An attempt read by its token, settled first when its time is over (the deadline is the server's). */
  const settled = async (tx: Connection, token: string) => {
    const attempt = await attemptByToken(tx, token, true);
    if (!attempt) throw notFound();
    if (!overdue(attempt)) return attempt;
    const [test] = await tx.query<{ on_expiry: TestRow['on_expiry'] }>(
      'SELECT on_expiry FROM tests WHERE id = $1',
      [attempt.test_id],
    );
    await expire(tx, attempt, test?.on_expiry ?? 'submit');
    return (await attemptByToken(tx, token))!;
  };

  const expiredMessage = (state: AttemptState) =>
    state === 'submitted'
      ? 'Este intento ya se envió; no admite más cambios.'
      : state === 'discarded'
        ? 'El tiempo terminó y, como indica este test, sus respuestas no cuentan.'
        : 'El plazo para enviar terminó y sus respuestas no cuentan.';

  return {
    pageUrl,

    /** GET /api/public/v1/tests: the tests open now, newest first. */
    async openTests(): Promise<PublicTestListItem[]> {
      const rows = await database.query<TestRow & { questions_count: number }>(
        `SELECT ${TEST_COLUMNS}, (SELECT count(*)::int FROM test_questions q WHERE q.test_id = t.id) AS questions_count
           FROM tests t WHERE ${OPEN_TEST} ORDER BY coalesce(t.opens_at, t.updated_at) DESC, t.id DESC LIMIT 100`,
      );
      return rows.map((test) => {
        const { questions: _questions, start: _start, ...item } = publicView(test, []);
        return { ...item, questions_count: test.questions_count };
      });
    },

    /** GET /api/public/v1/tests/{slug}: an open test, or null (closed, outside its window, missing). */
    async publicTest(slug: string): Promise<PublicTest | null> {
      const test = await testBySlug(database, slug);
      if (!test?.is_open) return null;
      return publicView(test, await questionsOf(database, test));
    },

    /** Where a test stands, for the answering page: open, not yet, closed (with its date), full. */
    async standing(slug: string): Promise<TestStanding> {
      const test = await testBySlug(database, slug);
      if (!test || test.status !== 'published' || test.access === 'closed') return { state: 'missing' };
      const now = Date.now();
      if (test.opens_at && test.opens_at.getTime() > now) {
        return { state: 'not_yet', title: test.title, opens_at: test.opens_at.toISOString() };
      }
      if (test.closes_at && test.closes_at.getTime() <= now) {
        return {
          state: 'closed',
          title: test.title,
          slug: test.slug,
          closes_at: test.closes_at.toISOString(),
        };
      }
      if (test.max_responses !== null && test.responses_count >= test.max_responses) {
        return { state: 'full', title: test.title };
      }
      return { state: 'open', test: publicView(test, await questionsOf(database, test)) };
    },

    /**
     * POST /api/public/v1/tests/{slug}/attempts (the proof of work checked by the caller): a PIN, a
     * code, an address (the link is mailed: `mailed`) or a mailed link's secret (`start`).
     */
    async start(slug: string, input: StartRequest): Promise<StartResult> {
      const first = await testBySlug(database, slug);
      if (!first?.is_open) throw notFound();
      if (first.identity === 'email' && input.start === undefined) {
        if (!input.email)
          throw refuse(422, 'email', 'Escriba su correo electrónico: le enviaremos el enlace para empezar.');
        if (input.consent !== true) {
          throw refuse(422, 'consent', 'Para participar debe aceptar el tratamiento de sus datos.');
        }
        await mailStartLink(first, input.email);
        return { kind: 'mailed' };
      }
      return database.transaction(async (tx) => {
        // The test's row locked: its settings and count cannot move while the attempt is opened.
        const test = await testBySlug(tx, slug, true);
        if (!test?.is_open) throw notFound();
        if (test.max_responses !== null && test.responses_count >= test.max_responses)
          throw new HttpError(409, FULL);
        let who = {
          email: null as string | null,
          codeId: null as number | null,
          personKey: null as string | null,
          extraMinutes: 0,
        };
        if (test.identity === 'email') {
          const [link] = await tx.query<{ email: string | null; person_key: string }>(
            `UPDATE test_start_links SET used_at = CASE WHEN $3 THEN date_trunc('day', now()) ELSE now() END
              WHERE token_hash = $1 AND test_id = $2 AND used_at IS NULL AND expires_at > now()
              RETURNING email, person_key`,
            [hash('start-link', input.start ?? ''), test.id, test.anonymous],
          );
          if (!link) {
            throw refuse(
              422,
              'start',
              'El enlace para empezar no es válido, ya se usó o ha caducado: pida otro con su correo.',
            );
          }
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [link.person_key]);
          // The link being used counts already in an anonymous test (that is where it is kept).
          const used = (await attemptsUsed(tx, test, link.person_key)) - (test.anonymous ? 1 : 0);
          if (used >= test.attempts) {
            throw refuse(409, 'start', 'Ya ha respondido a este test con esta dirección.');
          }
          who = { ...who, email: link.email, personKey: link.person_key };
        } else if (test.access === 'codes') {
          const code = normaliseCode(input.code ?? '');
          if (!code) throw refuse(422, 'code', 'Escriba el código que le han dado.');
          const codeHash = hash('test-code', code);
          const [spent] = await tx.query<{ id: number; extra_minutes: number }>(
            `UPDATE test_codes SET uses = uses + 1
              WHERE code_hash = $1 AND test_id = $2 AND uses < $3 RETURNING id, extra_minutes`,
            [codeHash, test.id, test.attempts],
          );
          if (!spent) {
            const [known] = await tx.query('SELECT 1 FROM test_codes WHERE code_hash = $1 AND test_id = $2', [
              codeHash,
              test.id,
            ]);
            throw known
              ? refuse(409, 'code', 'Este código ya se ha usado: cada código sirve para una sola persona.')
              : refuse(422, 'code', 'El código no es válido para este test. Revise que lo ha escrito bien.');
          }
          who = {
            ...who,
            codeId: spent.id,
            personKey: hash(`test-person:${test.id}`, `code:${spent.id}`),
            extraMinutes: spent.extra_minutes,
          };
        } else if (test.access === 'pin') {
          checkPin(test, input.pin);
        }
        const { token, view } = await openAttempt(tx, test, who);
        return { kind: 'attempt' as const, token, view };
      });
    },

    /** GET /api/public/v1/attempts/{token}: resumes (or reads the result of) an attempt. */
    async read(token: string): Promise<AttemptView> {
      return database.transaction(async (tx) => viewOf(tx, await settled(tx, token)));
    },

    /**
     * The answering page's look at an attempt: its view and its test as the person sees it, whatever
     * the test's state now (a result shows the correct options once the test has closed); a 404 for a
     * test in the trash. The page checks the slug against the test's.
     */
    async attemptWithTest(token: string): Promise<{ view: AttemptView; test: PublicTest }> {
      return database.transaction(async (tx) => {
        const attempt = await settled(tx, token);
        const [test] = await tx.query<TestRow>(`SELECT ${TEST_COLUMNS} FROM tests t WHERE t.id = $1`, [
          attempt.test_id,
        ]);
        if (!test || test.deleted_at) throw notFound();
        return { view: await viewOf(tx, attempt), test: publicView(test, await questionsOf(tx, test)) };
      });
    },

    /** PUT …/answers: merges what is sent (null takes an answer back); a 409 once time is up. */
    async save(token: string, answers: Record<string, TestAnswer | null>): Promise<AttemptView> {
      // One statement to find the attempt and its test's version; the questions come from memory.
      const [attempt] =
        token.length < 20 || token.length > 100
          ? []
          : await database.query<SavingRow>(
              `SELECT ${ATTEMPT_COLUMNS}, t.updated_at, t.anonymous
                 FROM test_attempts a JOIN tests t ON t.id = a.test_id WHERE a.token_hash = $1`,
              [hash('attempt', token)],
            );
      if (!attempt) throw notFound();
      const test = { id: attempt.test_id, updated_at: attempt.updated_at, anonymous: attempt.anonymous };
      checkAnswers(await questionsOf(database, test), answers);
      const given = Object.fromEntries(Object.entries(answers).filter(([, answer]) => isAnswered(answer)));
      const removed = Object.keys(answers).filter((id) => !isAnswered(answers[id]));
      const [saved] = await database.query<AttemptRow>(
        `UPDATE test_attempts a SET answers = (a.answers || $2::jsonb) - $3::text[],
                saved_at = CASE WHEN $4 THEN NULL ELSE now() END
          WHERE a.id = $1 AND a.state = 'open' AND (a.submit_by IS NULL OR a.submit_by > now())
          RETURNING ${ATTEMPT_COLUMNS}`,
        [attempt.id, JSON.stringify(given), removed, test.anonymous],
      );
      if (saved) return viewOf(database, saved);
      // Not saved: time is up (settled now, as on_expiry says) or it was submitted already.
      const now = await database.transaction((tx) => settled(tx, token));
      throw new HttpError(
        409,
        now.state === 'open' ? 'El tiempo para responder ha terminado.' : expiredMessage(now.state),
      );
    },

    /** POST …/submit: once; a second submit answers what the first did. */
    async submit(token: string): Promise<AttemptView> {
      const view = await database.transaction(async (tx) => {
        const attempt = await attemptByToken(tx, token, true);
        if (!attempt) throw notFound();
        if (attempt.state === 'open') {
          if (overdue(attempt)) {
            const [test] = await tx.query<{ on_expiry: TestRow['on_expiry'] }>(
              'SELECT on_expiry FROM tests WHERE id = $1',
              [attempt.test_id],
            );
            await expire(tx, attempt, test?.on_expiry ?? 'submit');
          } else {
            // Past the deadline but within the grace: submitted as is, nothing more asked.
            const late = attempt.deadline !== null && attempt.deadline.getTime() <= attempt.now.getTime();
            await submitLocked(tx, attempt, late);
          }
        }
        const now = (await attemptByToken(tx, token))!;
        if (now.state === 'expired' || now.state === 'discarded') {
          return Promise.reject(new HttpError(409, expiredMessage(now.state)));
        }
        return viewOf(tx, now);
      });
      // A response submitted: its webhook is queued; the worker need not wait for its next look.
      webhooks?.wake();
      return view;
    },

    /** POST /api/tests/{id}/codes: `count` new codes, shown once; only their hashes are kept. */
    async createCodes(
      _actor: { id: number },
      test: Pick<TestRecord, 'id' | 'slug' | 'access'>,
      { count, extra_minutes }: TestCodesInput,
    ): Promise<TestCodesMade> {
      if (test.access !== 'codes') {
        throw ValidationError.field(
          'count',
          'Los códigos sirven con el acceso «Códigos de un solo uso»: elíjalo y guarde antes.',
        );
      }
      const codes = Array.from({ length: count }, () => makeCode());
      await database.query(
        `INSERT INTO test_codes (test_id, code_hash, extra_minutes)
         SELECT $1, unnest($2::text[]), $3`,
        [test.id, codes.map((code) => hash('test-code', normaliseCode(code))), extra_minutes],
      );
      return {
        codes: codes.map((code) => ({ code, url: `${pageUrl(test.slug)}?code=${code}` })),
        extra_minutes,
      };
    },

    /**
     * Settles every attempt whose time is over (as on_expiry says) and forgets spent proofs and old
     * start links; run at start and hourly with the anonymisation (retention.ts).
     */
    async settleOverdue(): Promise<number> {
      const due = await database.query<{ id: number; token_hash: string }>(
        `SELECT id, token_hash FROM test_attempts WHERE state = 'open' AND submit_by <= now() ORDER BY id LIMIT 1000`,
      );
      for (const { id } of due) {
        await database.transaction(async (tx) => {
          const [attempt] = await tx.query<AttemptRow>(
            `SELECT ${ATTEMPT_COLUMNS} FROM test_attempts a WHERE a.id = $1 FOR UPDATE`,
            [id],
          );
          if (!attempt || !overdue(attempt)) return;
          const [test] = await tx.query<{ on_expiry: TestRow['on_expiry'] }>(
            'SELECT on_expiry FROM tests WHERE id = $1',
            [attempt.test_id],
          );
          await expire(tx, attempt, test?.on_expiry ?? 'submit');
        });
      }
      await database.query('DELETE FROM spent_proofs WHERE expires_at < now()');
      await database.query(
        `DELETE FROM test_start_links WHERE used_at IS NULL AND expires_at < now() - interval '1 day'`,
      );
      if (due.length) webhooks?.wake();
      return due.length;
    },
  };
}

export type Answering = ReturnType<typeof createAnswering>;

/** ABCD-EFGH-JKLM from an alphabet with no 0/O, 1/I/L: about 59 bits. */
function makeCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) {
    if (i && i % 4 === 0) code += '-';
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}
