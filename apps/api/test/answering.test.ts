import { randomBytes } from 'node:crypto';
import {
  AttemptStartedOne,
  AttemptViewOne,
  EMAIL_START_SENT,
  PUBLIC_API_PREFIX,
  PublicTestList,
  PublicTestOne,
} from '@gestor/shared';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { createAnswering } from '../src/modules/tests/answering';
import { createProofOfWork } from '../src/modules/tests/proof-of-work';
import { anonymiseExpired } from '../src/modules/tests/retention';
import { startTestServer, type TestClient, type TestServer, testDatabases, waitFor } from './support';

// docs/public-api.md#questionnaires: a test answered by the public through the public API, as a
// website's script (or the answering page) does it: a proof of work, what the test asks (a PIN, a
// code, an address), saves as the person goes, one submit; limits answered in Spanish; nothing of
// who answered kept by an anonymous test; never a cookie, never a cached answer.

/** The proof of work's highest number here: solved in milliseconds (app option proofMaxNumber). */
const MAX_NUMBER = 2_000;
/** The address the anonymous answers come from (TRUST_PROXY reads it from X-Forwarded-For). */
const CLIENT_ADDRESS = '203.0.113.77';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by their schemas and expect()
  body: any;
}

interface Question {
  id: number;
  type: 'single' | 'multiple' | 'text';
  options: Array<{ id: number; correct: boolean }>;
}

const single = (prompt: string) => ({
  prompt,
  type: 'single',
  options: [
    { text: 'Sí', correct: true },
    { text: 'No', correct: false },
  ],
});
const multiple = (prompt: string) => ({
  prompt,
  type: 'multiple',
  points: 2,
  options: [
    { text: 'Rojo', correct: true },
    { text: 'Verde', correct: false },
    { text: 'Azul', correct: true },
  ],
});
const text = (prompt: string, extra: Record<string, unknown> = {}) => ({
  prompt,
  type: 'text',
  points: 3,
  ...extra,
});

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter} ${randomBytes(3).toString('hex')}`;

const CONSENT =
  'Responsable: la organización. Finalidad: sus respuestas. Derechos: escriba a dpd@example.org.';

describe.each(testDatabases())('tests answered by the public (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { PUBLIC_API_RATE_LIMIT: '100000', TRUST_PROXY: 'true' },
      { proofMaxNumber: MAX_NUMBER },
    );
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  /**
   * A call as a website's script makes it (JSON, no cookie). Every answer of these routes is checked
   * for what they all share: never stored by a cache, never a cookie, CORS for any origin.
   */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${server.url}${PUBLIC_API_PREFIX}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const raw = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const what = `${method} ${path} → ${response.status}`;
    expect(response.headers.get('cache-control'), what).toBe('no-store');
    expect(response.headers.get('set-cookie'), what).toBeNull();
    expect(response.headers.get('access-control-allow-origin'), what).toBe('*');
    expect(response.headers.get('access-control-allow-credentials'), what).toBeNull();
    return { status: response.status, headers: response.headers, text: raw, body: parsed };
  };

  /** Creates a test as the admin: published, open by link, two questions, unless told otherwise. */
  const createTest = async (settings: Record<string, unknown> = {}) => {
    const response = await admin.post('/api/tests', {
      title: unique('Cuestionario'),
      status: 'published',
      access: 'link',
      questions: [single('¿Es obligatorio el casco?'), multiple('¿Qué colores señalizan?')],
      ...settings,
    });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; slug: string; questions: Question[] } & Record<
      string,
      unknown
    >;
  };

  /** The right answers to a test's single and multiple questions, as a save sends them. */
  const rightAnswers = (questions: Question[]) =>
    Object.fromEntries(
      questions
        .filter((question) => question.type !== 'text')
        .map((question) => [
          String(question.id),
          question.options.filter((option) => option.correct).map((option) => option.id),
        ]),
    );

  /** A proof for a challenge as the browser solves it: the solution's JSON in base64. */
  const solved = async (challenge: {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  }) => {
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    expect(solution).not.toBeNull();
    const { algorithm, challenge: hash, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: hash, number: solution!.number, salt, signature }),
    ).toString('base64');
  };

  /** A proof asked of the API for an open test. */
  const proofFor = async (slug: string) => {
    const challenge = await call('GET', `/tests/${slug}/challenge`);
    expect(challenge.status, challenge.text).toBe(200);
    expect(challenge.body.maxnumber).toBe(MAX_NUMBER);
    return solved(challenge.body);
  };

  /** A proof the API would never hand out (the test is not open): signed with the server's key all the same. */
  const mintedProof = async (slug: string) =>
    solved(
      await createProofOfWork({
        database: server.database,
        appKey: server.config.appKey,
        maxNumber: MAX_NUMBER,
      }).challenge(slug),
    );

  const start = async (
    slug: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => call('POST', `/tests/${slug}/attempts`, { proof: await proofFor(slug), ...body }, headers);

  /** Starts an attempt that must start: its token. */
  const started = async (
    slug: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const answer = await start(slug, body, headers);
    expect(answer.status, answer.text).toBe(201);
    AttemptStartedOne.parse(answer.body);
    return answer.body.data.token as string;
  };

  const save = (token: string, answers: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call('PUT', `/attempts/${token}/answers`, { answers }, headers);
  const submit = (token: string, headers: Record<string, string> = {}) =>
    call('POST', `/attempts/${token}/submit`, undefined, headers);

  const stored = async (id: number) => {
    const response = await admin.get(`/api/tests/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as Record<string, unknown>;
  };
  const attemptsOf = (testId: number) =>
    server.database.query<{
      id: number;
      state: string;
      email: string | null;
      code_id: number | null;
      person_key: string | null;
      started_at: Date | null;
      saved_at: Date | null;
    }>(
      'SELECT id, state, email, code_id, person_key, started_at, saved_at FROM test_attempts WHERE test_id = $1 ORDER BY id',
      [testId],
    );

  /** Every row of every table, as text: what a search for a secret or a person must not find. */
  const dump = async () => {
    const tables = await server.database.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((table) => table.name)).toContain('test_attempts');
    const rows: string[] = [];
    for (const { schema, name } of tables) {
      const found = await server.database.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t`,
      );
      rows.push(...found.map(({ row }) => row));
    }
    return rows.join('\n');
  };

  /** The start link's secret in the last mail to an address, or null when the mail holds none. */
  const startLinkIn = (body: string) => {
    const match = body.match(/\?start=([^\s"<>&]+)/);
    return match ? decodeURIComponent(match[1]!) : null;
  };

  test('a test not open now is the same 404 as a missing slug: the test, its challenge, a start', async () => {
    const hour = 3_600_000;
    const open = await createTest();
    const closed = await createTest({ access: 'closed' });
    const draft = await createTest({ status: 'draft' });
    const trashed = await createTest();
    expect((await admin.delete(`/api/tests/${trashed.id}`)).status).toBe(204);
    const early = await createTest({ opens_at: new Date(Date.now() + hour).toISOString() });
    const late = await createTest();
    await server.database.query(
      `UPDATE tests SET opens_at = now() - interval '2 hours', closes_at = now() - interval '1 hour' WHERE id = $1`,
      [late.id],
    );

    const missing = 'no-existe-nunca';
    const answersFor = async (slug: string) => [
      await call('GET', `/tests/${slug}`),
      await call('GET', `/tests/${slug}/challenge`),
      await call('POST', `/tests/${slug}/attempts`, { proof: await mintedProof(slug) }),
    ];
    const expected = await answersFor(missing);
    for (const answer of expected) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'No encontrado.' });
    }
    for (const test of [closed, draft, trashed, early, late]) {
      const answers = await answersFor(test.slug);
      expect(
        answers.map(({ status, text }) => ({ status, text })),
        test.slug,
      ).toEqual(expected.map(({ status, text }) => ({ status, text })));
    }
    // Not a slug at all: the same.
    expect((await call('GET', '/tests/No%20vale')).text).toBe(expected[0]!.text);

    // The list holds the open one only.
    const list = await call('GET', '/tests');
    expect(list.status).toBe(200);
    PublicTestList.parse(list.body);
    const slugs = list.body.data.map((item: { slug: string }) => item.slug);
    expect(slugs).toContain(open.slug);
    for (const test of [closed, draft, trashed, early, late]) expect(slugs).not.toContain(test.slug);
    expect(list.body.data.find((item: { slug: string }) => item.slug === open.slug)).toMatchObject({
      title: open.title,
      questions_count: 2,
    });
  });

  test('the public test never says which options are correct', async () => {
    const quiz = await createTest({
      questions: [single('¿Uno?'), multiple('¿Dos?'), text('Explique', { required: false })],
    });
    const answer = await call('GET', `/tests/${quiz.slug}`);
    expect(answer.status).toBe(200);
    PublicTestOne.parse(answer.body);
    expect(answer.text).not.toContain('correct');
    expect(answer.body.data).toMatchObject({
      slug: quiz.slug,
      kind: 'quiz',
      identity: 'none',
      start: { asks: 'nothing', consent_text: null },
    });
    expect(answer.body.data.questions.map((question: { points: number }) => question.points)).toEqual([
      1, 2, 3,
    ]);
    expect((await call('GET', '/tests')).text).not.toContain('correct');
    // Nor does an attempt before it is submitted.
    const token = await started(quiz.slug);
    expect((await call('GET', `/attempts/${token}`)).text).not.toContain('correct');
  });

  test('PIN: missing or wrong is a 422 on pin; the right one starts', async () => {
    const quiz = await createTest({ access: 'pin', pin: '4821' });
    expect((await call('GET', `/tests/${quiz.slug}`)).body.data.start.asks).toBe('pin');
    const none = await start(quiz.slug);
    expect(none.status).toBe(422);
    expect(none.body.errors.pin).toEqual(['Escriba el PIN de este test.']);
    const wrong = await start(quiz.slug, { pin: '4822' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.pin).toEqual(['El PIN no es correcto.']);
    const right = await start(quiz.slug, { pin: '4821' });
    expect(right.status, right.text).toBe(201);
    AttemptStartedOne.parse(right.body);
    expect(right.body.data).toMatchObject({ state: 'open', answers: {}, feedback: null });
    expect(right.body.data.token.length).toBeGreaterThanOrEqual(40);
    // Only its hash is kept.
    expect(await dump()).not.toContain(right.body.data.token);
  });

  test('codes: made once by the admin, kept hashed, one use each, typed any way', async () => {
    const quiz = await createTest({ access: 'codes', identity: 'code' });
    const other = await createTest({ access: 'codes', identity: 'code' });
    const made = await admin.post(`/api/tests/${quiz.id}/codes`, { count: 3 });
    expect(made.status, made.text).toBe(201);
    const codes = made.body.data.codes.map((item: { code: string }) => item.code) as string[];
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(made.body.data.codes[0].url).toBe(`${server.config.appUrl}/t/${quiz.slug}?code=${codes[0]}`);
    const [mine, typed, spent] = codes as [string, string, string];
    const elsewhere = (await admin.post(`/api/tests/${other.id}/codes`, { count: 1 })).body.data.codes[0]
      .code as string;
    // Shown once: a second batch is new codes, and the database holds none of them as written.
    const again = await admin.post(`/api/tests/${quiz.id}/codes`, { count: 1 });
    expect(codes).not.toContain(again.body.data.codes[0].code);
    const everything = await dump();
    for (const code of [...codes, elsewhere]) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replaceAll('-', ''));
    }

    expect((await call('GET', `/tests/${quiz.slug}`)).body.data.start.asks).toBe('code');
    const none = await start(quiz.slug);
    expect(none.status).toBe(422);
    expect(none.body.errors.code).toEqual(['Escriba el código que le han dado.']);
    for (const wrong of ['ZZZZ-ZZZZ-ZZZZ', elsewhere]) {
      const refused = await start(quiz.slug, { code: wrong });
      expect(refused.status, wrong).toBe(422);
      expect(refused.body.errors.code).toEqual([
        'El código no es válido para este test. Revise que lo ha escrito bien.',
      ]);
    }
    // Lower case, spaces, no dashes: the same code.
    await started(quiz.slug, { code: ` ${typed.toLowerCase().replaceAll('-', ' ')} ` });
    await started(quiz.slug, { code: mine });
    await started(quiz.slug, { code: spent });
    const twice = await start(quiz.slug, { code: spent.toLowerCase() });
    expect(twice.status).toBe(409);
    expect(twice.body.errors.code).toEqual([
      'Este código ya se ha usado: cada código sirve para una sola persona.',
    ]);
    expect(await attemptsOf(quiz.id)).toHaveLength(3);
  });

  test('identity email: the link is mailed; one response per address however it is spelt; the same answer each time', async () => {
    const survey = await createTest({ identity: 'email', consent_text: CONSENT });
    const read = (await call('GET', `/tests/${survey.slug}`)).body.data;
    expect(read.start).toEqual({ asks: 'email', consent_text: CONSENT });
    const noConsent = await start(survey.slug, { email: 'ana.perez@example.com' });
    expect(noConsent.status).toBe(422);
    expect(noConsent.body.errors.consent).toEqual([
      'Para participar debe aceptar el tratamiento de sus datos.',
    ]);
    const noEmail = await start(survey.slug, { consent: true });
    expect(noEmail.status).toBe(422);
    expect(Object.keys(noEmail.body.errors)).toEqual(['email']);
    const badEmail = await start(survey.slug, { email: 'ana', consent: true });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toEqual([
      'Escriba un correo electrónico válido, como nombre@ejemplo.es.',
    ]);

    const first = await start(survey.slug, { email: 'ana.perez@example.com', consent: true });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ message: EMAIL_START_SENT });
    const mail = await waitFor(() => server.mails.to('ana.perez@example.com')[0], { what: 'the start link' });
    expect(mail.subject).toContain(survey.title as string);
    const link = startLinkIn(mail.text);
    expect(link).not.toBeNull();
    expect(mail.text).toContain(`${server.config.appUrl}/t/${survey.slug}?start=`);
    const token = await started(survey.slug, { start: link });
    expect((await call('GET', `/attempts/${token}`)).body.data.state).toBe('open');
    // The link counts once.
    const reused = await start(survey.slug, { start: link });
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.body.errors)).toEqual(['start']);

    // The same mailbox spelt otherwise: the same 202, and a mail that says it has answered, with no link.
    const second = await start(survey.slug, { email: 'Ana.Perez@Example.com', consent: true });
    expect({ status: second.status, text: second.text, type: second.headers.get('content-type') }).toEqual({
      status: first.status,
      text: first.text,
      type: first.headers.get('content-type'),
    });
    const mails = await waitFor(() => {
      const sent = server.mails.to('ana.perez@example.com');
      return sent.length === 2 && sent;
    });
    expect(mails[1]!.to).toBe('Ana.Perez@Example.com');
    expect(mails[1]!.text).toContain('ya ha usado los intentos');
    expect(startLinkIn(mails[1]!.text)).toBeNull();
    expect(startLinkIn(mails[1]!.html)).toBeNull();
    // Nobody else can start for that address: the only link there was is spent.
    expect(await attemptsOf(survey.id)).toHaveLength(1);
  });

  test('max_responses 3 and 20 submits at once: exactly 3 count, the rest a Spanish 409', async () => {
    const quiz = await createTest({ max_responses: 3 });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => started(quiz.slug)));
    const answers = rightAnswers(quiz.questions);
    for (const token of tokens) expect((await save(token, answers)).status).toBe(200);
    const submitted = await Promise.all(tokens.map((token) => submit(token)));
    const counted = submitted.filter((answer) => answer.status === 200);
    expect(counted).toHaveLength(3);
    for (const answer of counted) {
      AttemptViewOne.parse(answer.body);
      expect(answer.body.data.state).toBe('submitted');
    }
    const refused = submitted.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(17);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'Este test ya ha recibido todas las respuestas que admitía. Sus respuestas se han guardado, pero no se han podido enviar.',
      );
    }
    expect((await stored(quiz.id)).responses_count).toBe(3);
    expect((await attemptsOf(quiz.id)).filter((attempt) => attempt.state === 'submitted')).toHaveLength(3);
    // A refused one kept its answers, and a new start is refused.
    const kept = tokens[submitted.findIndex((answer) => answer.status === 409)]!;
    expect((await call('GET', `/attempts/${kept}`)).body.data).toMatchObject({ state: 'open', answers });
    const full = await start(quiz.slug);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Este test ya ha recibido todas las respuestas que admitía.');
  });

  test('a second submit, one after the other or at once, is the same response', async () => {
    const quiz = await createTest({ feedback: 'answers' });
    const answers = rightAnswers(quiz.questions);
    const one = await started(quiz.slug);
    await save(one, answers);
    const first = await submit(one);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.feedback).toEqual({
      score: { score: 3, max: 3, percent: 100, passed: true },
      pending_grading: false,
      answers: Object.fromEntries(quiz.questions.map((question) => [String(question.id), true])),
      correct: null,
    });
    const again = await submit(one);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await stored(quiz.id)).responses_count).toBe(1);

    const two = await started(quiz.slug);
    await save(two, answers);
    const [a, b] = await Promise.all([submit(two), submit(two)]);
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body).toEqual(b!.body);
    expect((await stored(quiz.id)).responses_count).toBe(2);
    expect((await attemptsOf(quiz.id)).map((attempt) => attempt.state)).toEqual(['submitted', 'submitted']);
    // Submitted is final.
    const late = await save(two, answers);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Este intento ya se envió; no admite más cambios.');
  });

  test('after the deadline: a save is a 409 and a submit does what on_expiry says; abandoned ones are settled', async () => {
    const answering = createAnswering({
      database: server.database,
      appKey: server.config.appKey,
      appName: server.config.appName,
      appUrl: server.config.appUrl,
      mailer: server.mails,
      log: { info() {}, error() {} },
    });
    const limited = (onExpiry: string) =>
      createTest({
        time_limit_minutes: 10,
        on_expiry: onExpiry,
        ...(onExpiry === 'grace' ? { grace_minutes: 5 } : {}),
      });
    /** Moves the newest attempt's deadline (and the end of its grace) by SQL intervals from now. */
    const timeTo = async (testId: number, deadline: string, submitBy = deadline) => {
      const [attempt] = await server.database.query<{ id: number }>(
        `UPDATE test_attempts SET deadline = now() + $2::interval, submit_by = now() + $3::interval
          WHERE id = (SELECT max(id) FROM test_attempts WHERE test_id = $1) RETURNING id`,
        [testId, deadline, submitBy],
      );
      return attempt!.id;
    };
    const stateOf = async (id: number) =>
      (
        await server.database.query<{ state: string }>('SELECT state FROM test_attempts WHERE id = $1', [id])
      )[0]!.state;

    // submit: what was saved is submitted, however incomplete.
    const submits = await limited('submit');
    /** The first question answered right, the rest not at all. */
    const partialOf = (test: { questions: Question[] }) => {
      const first = String(test.questions[0]!.id);
      return { [first]: rightAnswers(test.questions)[first] };
    };
    const partial = partialOf(submits);
    const one = await started(submits.slug);
    const view = (await save(one, partial)).body.data;
    expect(Date.parse(view.deadline) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(view.submit_by).toBe(view.deadline);
    await timeTo(submits.id, '-1 minute');
    const refused = await save(one, rightAnswers(submits.questions));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este intento ya se envió; no admite más cambios.');
    const done = await submit(one);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ state: 'submitted', answers: partial });
    expect(done.body.data.feedback.score).toMatchObject({ score: 1, max: 3 });

    // grace: after the deadline, within the grace (docs: "after the deadline plus grace a save is a
    // 409"), saving and submitting still count, however incomplete…
    const graced = await limited('grace');
    const two = await started(graced.slug);
    const twoView = (await save(two, {})).body.data;
    expect(Date.parse(twoView.submit_by) - Date.parse(twoView.deadline)).toBe(5 * 60_000);
    await timeTo(graced.id, '-1 minute', '4 minutes');
    expect((await save(two, partialOf(graced))).status).toBe(200);
    const onTime = await submit(two);
    expect(onTime.status).toBe(200);
    expect(onTime.body.data).toMatchObject({ state: 'submitted', answers: partialOf(graced) });
    // …and past the grace nothing counts.
    const three = await started(graced.slug);
    await save(three, rightAnswers(graced.questions));
    const threeId = await timeTo(graced.id, '-6 minutes', '-1 minute');
    const afterGrace = await save(three, partialOf(graced));
    expect(afterGrace.status).toBe(409);
    expect(afterGrace.body.message).toBe('El plazo para enviar terminó y sus respuestas no cuentan.');
    const tooLate = await submit(three);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe('El plazo para enviar terminó y sus respuestas no cuentan.');
    expect(await stateOf(threeId)).toBe('expired');

    // discard: nothing counts.
    const discards = await limited('discard');
    const four = await started(discards.slug);
    await save(four, rightAnswers(discards.questions));
    const fourId = await timeTo(discards.id, '-1 minute');
    const gone = await submit(four);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('El tiempo terminó y, como indica este test, sus respuestas no cuentan.');
    expect((await save(four, partialOf(discards))).status).toBe(409);
    expect(await stateOf(fourId)).toBe('discarded');
    expect((await call('GET', `/attempts/${four}`)).body.data.state).toBe('discarded');
    expect((await stored(discards.id)).responses_count).toBe(0);

    // Abandoned attempts whose time is over are settled by the sweep, as each test says.
    const abandoned: Array<[number, string]> = [];
    for (const [test, state] of [
      [submits, 'submitted'],
      [graced, 'expired'],
      [discards, 'discarded'],
    ] as const) {
      const token = await started(test.slug);
      expect((await save(token, partialOf(test))).status).toBe(200);
      abandoned.push([await timeTo(test.id, '-10 minutes', '-1 minute'), state]);
    }
    expect(await answering.settleOverdue()).toBeGreaterThanOrEqual(3);
    for (const [id, state] of abandoned) expect(await stateOf(id)).toBe(state);
    expect((await stored(submits.id)).responses_count).toBe(2);
  });

  test('the answering page shows an attempt under its own test only, and the correct options once closed', async () => {
    const test = await createTest({ feedback: 'answers', show_correct_after_close: true });
    const other = await createTest();
    const token = await started(test.slug);
    const page = (slug: string) => fetch(`${server.url}/t/${slug}/r/${token}`);
    // Another test's address with this token: the page's 404, not this attempt under another title.
    expect((await page(other.slug)).status).toBe(404);
    expect((await page(test.slug)).status).toBe(200);

    const wrong = Object.fromEntries(
      test.questions.map((question) => [String(question.id), [question.options.find((o) => !o.correct)!.id]]),
    );
    expect((await call('PUT', `/attempts/${token}/answers`, { answers: wrong })).status).toBe(200);
    const submitted = await call('POST', `/attempts/${token}/submit`);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.data.feedback.correct).toBeNull();
    const open = await (await page(test.slug)).text();
    expect(open).not.toContain('Respuesta correcta');

    // The test closes: the result now names the correct options, in the API and on the page.
    await server.database.query(
      `UPDATE tests SET opens_at = now() - interval '2 days', closes_at = now() - interval '1 second' WHERE id = $1`,
      [test.id],
    );
    const read = await call('GET', `/attempts/${token}`);
    const single = test.questions.find((question) => question.type === 'single')!;
    expect(read.body.data.feedback.correct[String(single.id)]).toEqual([
      single.options.find((option) => option.correct)!.id,
    ]);
    const closed = await page(test.slug);
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain('Respuesta correcta: Sí');
  });

  test('retention: older responses lose who gave them and their personal text, keep their choices; audited', async () => {
    const quiz = await createTest({
      access: 'codes',
      identity: 'code',
      retention_days: 30,
      questions: [
        single('¿Es obligatorio el casco?'),
        text('Su nombre y su teléfono', { personal: true, required: false }),
        text('Comentarios', { required: false }),
      ],
    });
    const [code, recent] = (
      await admin.post(`/api/tests/${quiz.id}/codes`, { count: 2 })
    ).body.data.codes.map((item: { code: string }) => item.code) as [string, string];
    const [choice, personal, comment] = quiz.questions as [Question, Question, Question];
    const answer = async (code: string) => {
      const token = await started(quiz.slug, { code });
      const answers = {
        [choice.id]: [choice.options[0]!.id],
        [personal.id]: 'Ana Pérez, 600 000 000',
        [comment.id]: 'Muy útil',
      };
      expect((await call('PUT', `/attempts/${token}/answers`, { answers })).status).toBe(200);
      expect((await call('POST', `/attempts/${token}/submit`)).status).toBe(200);
    };
    await answer(code);
    await answer(recent);
    const [old] = await server.database.query<{ id: number }>(
      `UPDATE test_attempts SET submitted_at = now() - interval '31 days', started_at = now() - interval '31 days'
        WHERE id = (SELECT min(id) FROM test_attempts WHERE test_id = $1) RETURNING id`,
      [quiz.id],
    );

    const anonymised = await anonymiseExpired(server.database);
    expect(anonymised[quiz.id]).toBe(1);
    expect(await anonymiseExpired(server.database)).toEqual({});
    const rows = await server.database.query<{
      id: number;
      code_id: number | null;
      person_key: string | null;
      answers: Record<string, unknown>;
      submitted_at: Date;
      anonymised_at: Date | null;
      score: number;
    }>('SELECT * FROM test_attempts WHERE test_id = $1 ORDER BY id', [quiz.id]);
    const [gone, kept] = rows;
    expect(gone!.id).toBe(old!.id);
    expect(gone).toMatchObject({ code_id: null, person_key: null, score: 1 });
    expect(gone!.anonymised_at).not.toBeNull();
    expect(gone!.answers).toEqual({ [choice.id]: [choice.options[0]!.id], [comment.id]: 'Muy útil' });
    expect(gone!.submitted_at.getUTCHours() * 60 + gone!.submitted_at.getUTCMinutes()).toBe(0);
    // The newer response is untouched.
    expect(kept!.code_id).not.toBeNull();
    expect(kept!.answers[personal.id]).toBe('Ana Pérez, 600 000 000');

    const history = await admin.get(`/api/tests/${quiz.id}/audit`);
    expect(history.body.data[0]).toMatchObject({
      action: 'updated',
      user: { id: null, name: 'Sistema' },
      changes: { anonymised_count: { from: 0, to: 1 } },
    });
    expect((await admin.get(`/api/tests/${quiz.id}`)).body.data.anonymised_count).toBe(1);
  });

  test('an anonymous test keeps no address, code or client address anywhere', async () => {
    const from = { 'X-Forwarded-For': CLIENT_ADDRESS };
    const email = `anonima-${engine}@example.com`;
    const byEmail = await createTest({ identity: 'email', consent_text: CONSENT, anonymous: true });
    expect((await start(byEmail.slug, { email, consent: true }, from)).status).toBe(202);
    const mail = await waitFor(() => server.mails.to(email)[0], { what: 'the start link' });
    const emailToken = await started(byEmail.slug, { start: startLinkIn(mail.text) }, from);
    expect((await save(emailToken, rightAnswers(byEmail.questions), from)).status).toBe(200);
    expect((await submit(emailToken, from)).status).toBe(200);
    // One response per address still holds.
    expect((await start(byEmail.slug, { email: email.toUpperCase(), consent: true }, from)).status).toBe(202);
    const told = await waitFor(() => server.mails.to(email)[1], { what: 'the second mail' });
    expect(told.text).toContain('ya ha usado los intentos');

    const byCode = await createTest({ access: 'codes', identity: 'code', anonymous: true });
    const code = (await admin.post(`/api/tests/${byCode.id}/codes`, { count: 1 })).body.data.codes[0]
      .code as string;
    const codeToken = await started(byCode.slug, { code }, from);
    expect((await save(codeToken, rightAnswers(byCode.questions), from)).status).toBe(200);
    const result = await submit(codeToken, from);
    expect(result.status).toBe(200);
    // The day only (midnight where the database keeps its clock).
    expect(Date.parse(result.body.data.submitted_at) % (15 * 60_000)).toBe(0);

    for (const test of [byEmail, byCode]) {
      const [attempt] = await attemptsOf(test.id);
      expect(attempt).toMatchObject({ state: 'submitted', email: null, code_id: null, person_key: null });
      expect(attempt!.started_at).toBeNull();
      expect(attempt!.saved_at).toBeNull();
    }
    // The control: where the server does keep an address (a sign-in's, behind the same proxy), the
    // dump finds it.
    const control = '198.51.100.23';
    const user = await server.createUser();
    const browser = server.client();
    await browser.request('GET', '/sanctum/csrf-cookie', { headers: { 'X-Forwarded-For': control } });
    const login = await browser.request('POST', '/api/login', {
      json: { email: user.email, password: user.password },
      headers: { 'X-Forwarded-For': control },
    });
    expect(login.status, login.text).toBe(204);

    const everything = await dump();
    expect(everything).toContain(byEmail.slug as string);
    expect(everything).toContain(control);
    for (const secret of [email, email.toUpperCase(), code, code.replaceAll('-', ''), CLIENT_ADDRESS]) {
      expect(everything.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
  });

  test('the proof of work is refused missing, malformed, for another test, or spent', async () => {
    const quiz = await createTest();
    const other = await createTest();
    const refusedOn = async (body: Record<string, unknown>) => {
      const answer = await call('POST', `/tests/${quiz.slug}/attempts`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['proof']);
      return answer.body.errors.proof[0] as string;
    };
    expect(await refusedOn({})).toBe('Falta la prueba anti-abuso: recargue la página e inténtelo de nuevo.');
    expect(await refusedOn({ proof: '' })).toBe(
      'Falta la prueba anti-abuso: recargue la página e inténtelo de nuevo.',
    );
    const refused =
      'La prueba anti-abuso no es válida o ha caducado: recargue la página e inténtelo de nuevo.';
    const good = JSON.parse(Buffer.from(await proofFor(quiz.slug), 'base64').toString('utf8'));
    for (const proof of [
      'no es base64 ni JSON',
      Buffer.from('null').toString('base64'),
      Buffer.from('[]').toString('base64'),
      Buffer.from('{}').toString('base64'),
      Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64'),
      Buffer.from(JSON.stringify({ ...good, signature: '0'.repeat(64) })).toString('base64'),
      Buffer.from(JSON.stringify({ ...good, salt: `${good.salt}&x=1` })).toString('base64'),
      await proofFor(other.slug),
    ]) {
      expect(await refusedOn({ proof })).toBe(refused);
    }
    expect(await refusedOn({ proof: 7 })).toBe(
      'Falta la prueba anti-abuso: recargue la página e inténtelo de nuevo.',
    );
    // The same solution twice: once only.
    const proof = await proofFor(quiz.slug);
    expect((await call('POST', `/tests/${quiz.slug}/attempts`, { proof })).status).toBe(201);
    expect(await refusedOn({ proof })).toBe(refused);
    // The good one above was never used, so it still counts once.
    const unused = Buffer.from(JSON.stringify(good)).toString('base64');
    expect((await call('POST', `/tests/${quiz.slug}/attempts`, { proof: unused })).status).toBe(201);
  });

  test('CORS for any origin with a preflight for the writes; no cookie and no CSRF; Spanish 422s', async () => {
    const quiz = await createTest({ questions: [single('¿Uno?'), text('Explique', { required: false })] });
    const [choice, free] = quiz.questions as [Question, Question];
    const site = { Origin: 'https://www.example.org' };
    for (const [path, method] of [
      [`/tests/${quiz.slug}/attempts`, 'POST'],
      ['/attempts/x/answers', 'PUT'],
      ['/attempts/x/submit', 'POST'],
    ] as const) {
      const preflight = await fetch(`${server.url}${PUBLIC_API_PREFIX}${path}`, {
        method: 'OPTIONS',
        headers: {
          ...site,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const methods = preflight.headers.get('access-control-allow-methods')!.split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['POST', 'PUT']));
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      expect(preflight.headers.get('set-cookie')).toBeNull();
    }
    // Elsewhere in the public API the preflight and the 405 are as they were.
    const news = await fetch(`${server.url}${PUBLIC_API_PREFIX}/news`, {
      method: 'OPTIONS',
      headers: { ...site, 'Access-Control-Request-Method': 'POST' },
    });
    expect(news.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect((await fetch(`${server.url}${PUBLIC_API_PREFIX}/news`, { method: 'POST' })).status).toBe(405);
    // A method an answering path does not take: 405 with its own Allow.
    const wrong = await fetch(`${server.url}${PUBLIC_API_PREFIX}/attempts/x/answers`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('PUT, OPTIONS');
    expect(
      (await fetch(`${server.url}${PUBLIC_API_PREFIX}/tests/${quiz.slug}`, { method: 'DELETE' })).status,
    ).toBe(405);

    // From another site, and from a browser that holds the admin's session cookie without its
    // XSRF header: no CSRF check, no session read, no cookie set.
    const session = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = await started(quiz.slug, {}, site);
    expect((await started(quiz.slug, {}, { Cookie: session, Origin: server.origin })).length).toBeGreaterThan(
      20,
    );
    const saved = await save(
      token,
      { [choice.id]: [choice.options[0]!.id] },
      { Cookie: session, Origin: server.origin },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.answers).toEqual({ [choice.id]: [choice.options[0]!.id] });

    // Bodies that do not fit: Spanish 422s on the field.
    const unknown = await save(token, { 999999: [1] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      'answers.999999': ['La pregunta 999999 no pertenece a este test.'],
    });
    const asText = await save(token, { [choice.id]: 'Sí' });
    expect(asText.status).toBe(422);
    expect(asText.body.errors).toEqual({
      [`answers.${choice.id}`]: ['Esta pregunta se responde con los ids de las opciones elegidas.'],
    });
    const nul = await save(token, { [free.id]: 'Hola\u0000mundo' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({
      [`answers.${free.id}`]: [`El campo answers.${free.id} contiene caracteres no válidos.`],
    });
    const notAnObject = await call('PUT', `/attempts/${token}/answers`, { answers: [1, 2] });
    expect(notAnObject.status).toBe(422);
    expect(notAnObject.body.errors.answers).toEqual([
      'El campo respuestas debe ser un objeto {id de pregunta: respuesta}.',
    ]);
    const extra = await call('POST', `/tests/${quiz.slug}/attempts`, { proof: 'x', nombre: 'Ana' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors.nombre).toEqual(['El campo nombre no está permitido.']);
    const notJson = await call('PUT', `/attempts/${token}/answers`, '{no es json');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('El cuerpo de la petición no es un JSON válido.');
    // None of it touched what was saved; a token that is not one is the same 404 as a missing test.
    expect((await call('GET', `/attempts/${token}`)).body.data.answers).toEqual({
      [choice.id]: [choice.options[0]!.id],
    });
    for (const bad of ['x', 'a'.repeat(43), 'a'.repeat(150)]) {
      const missing = await call('GET', `/attempts/${bad}`);
      expect(missing.status, bad).toBe(404);
      expect(missing.body).toEqual({ message: 'No encontrado.' });
    }
  });

  test('the OpenAPI document describes the answering routes', async () => {
    // The document itself is cacheable: read as any other public answer.
    const fetched = await fetch(`${server.url}${PUBLIC_API_PREFIX}/openapi.json`);
    expect(fetched.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the document is checked by expect()
    const spec: any = await fetched.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/tests',
        '/tests/{slug}',
        '/tests/{slug}/challenge',
        '/tests/{slug}/attempts',
        '/attempts/{token}',
        '/attempts/{token}/answers',
        '/attempts/{token}/submit',
      ]),
    );
    const startOperation = spec.paths['/tests/{slug}/attempts'].post;
    expect(Object.keys(startOperation.responses)).toEqual(
      expect.arrayContaining(['201', '202', '404', '409', '422']),
    );
    expect(startOperation.requestBody.content['application/json'].schema.properties).toHaveProperty('proof');
    expect(spec.paths['/attempts/{token}/answers'].put.responses['405'].headers.Allow.schema).toEqual({
      type: 'string',
    });
    expect(spec.components.schemas.PublicTestQuestion.properties).not.toHaveProperty('correct');
  });

  // Last: it closes the server's app.
  test('saved answers survive a restart: a new process resumes the attempt by its token', async () => {
    const quiz = await createTest({ questions: [single('¿Uno?'), multiple('¿Dos?'), text('Explique')] });
    const token = await started(quiz.slug);
    const [first, second, third] = quiz.questions as [Question, Question, Question];
    expect((await save(token, { [first.id]: [first.options[0]!.id] })).status).toBe(200);
    expect(
      (await save(token, { [second.id]: [second.options[2]!.id], [third.id]: 'Con casco y botas.' })).status,
    ).toBe(200);
    const before = (await call('GET', `/attempts/${token}`)).body.data;

    await server.app.close();
    const restarted = await buildApp({
      config: server.config,
      database: server.database,
      mailer: server.mails,
      webDist: null,
      proofMaxNumber: MAX_NUMBER,
    });
    try {
      await restarted.ready();
      const resumed = await restarted.inject({
        method: 'GET',
        url: `${PUBLIC_API_PREFIX}/attempts/${token}`,
      });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.headers['cache-control']).toBe('no-store');
      const data = resumed.json().data;
      expect(data).toEqual(before);
      expect(data.answers).toEqual({
        [first.id]: [first.options[0]!.id],
        [second.id]: [second.options[2]!.id],
        [third.id]: 'Con casco y botas.',
      });
      const finished = await restarted.inject({
        method: 'POST',
        url: `${PUBLIC_API_PREFIX}/attempts/${token}/submit`,
      });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json().data.feedback).toMatchObject({
        // The text question's 3 points count in the maximum; until a person grades it the score
        // is provisional (docs/areas.md#what-the-answers-say).
        score: { score: 1, max: 6, percent: null, passed: null },
        pending_grading: true,
      });
    } finally {
      await restarted.close();
    }
  });
});
