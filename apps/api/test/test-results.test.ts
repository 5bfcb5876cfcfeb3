import { randomBytes } from 'node:crypto';
import {
  type Permission,
  PUBLIC_API_PREFIX,
  PublicTestResultsOne,
  type TestResponseDetail,
} from '@gestor/shared';
import { solveChallenge } from 'altcha-lib/v1';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver';

// docs/areas.md#what-the-answers-say: what a test's answers say to the back office. Responses are
// given through the public API as people give them; then they are listed, graded, exported,
// re-scored after an edit, erased, and published once the test has closed. Who may do each is
// checked with roles holding only what the job needs.

const MAX_NUMBER = 2_000;

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter} ${randomBytes(3).toString('hex')}`;

interface Question {
  id: number;
  prompt: string;
  type: 'single' | 'multiple' | 'text';
  points: number;
  options: Array<{ id: number; text: string; correct: boolean }>;
}
interface Created {
  id: number;
  slug: string;
  updated_at: string;
  questions: Question[];
}

const QUIZ = [
  {
    prompt: '¿Es obligatorio el casco?',
    type: 'single',
    options: [
      { text: 'Sí', correct: true },
      { text: 'No', correct: false },
    ],
  },
  {
    prompt: '¿Qué colores señalizan?',
    type: 'multiple',
    points: 2,
    options: [
      { text: 'Rojo', correct: true },
      { text: 'Verde', correct: false },
      { text: 'Azul', correct: true },
    ],
  },
  { prompt: 'Describa el plan de evacuación', type: 'text', points: 3 },
  { prompt: '¿Qué haría ante un corte?', type: 'text', points: 2 },
  { prompt: 'Observaciones', type: 'text', points: 1, required: false },
];

describe.each(testDatabases())('what the answers say (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let receiver: WebhookReceiver;
  let roleCount = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(
      engine,
      { PUBLIC_API_RATE_LIMIT: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { proofMaxNumber: MAX_NUMBER, webhooks: { pollIntervalMs: 100 } },
    );
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const signedInWith = async (permissions: Permission[]) => {
    const name = `resultados_${++roleCount}`;
    const made = await admin.post('/api/roles', { name, label: `Resultados ${roleCount}`, permissions });
    expect(made.status, made.text).toBe(201);
    return (await server.signIn({ roles: [name] })).client;
  };

  const createTest = async (settings: Record<string, unknown> = {}): Promise<Created> => {
    const response = await admin.post('/api/tests', {
      title: unique('Evaluación'),
      status: 'published',
      access: 'link',
      questions: QUIZ,
      ...settings,
    });
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  const publicCall = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${PUBLIC_API_PREFIX}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
  };

  /** One person answering: a proof of work, the answers saved, one submit. */
  const respond = async (slug: string, answers: Record<string, unknown>) => {
    const challenge = (await publicCall('GET', `/tests/${slug}/challenge`)).body;
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    const { algorithm, challenge: hash, salt, signature } = challenge;
    const proof = Buffer.from(
      JSON.stringify({ algorithm, challenge: hash, number: solution!.number, salt, signature }),
    ).toString('base64');
    const started = await publicCall('POST', `/tests/${slug}/attempts`, { proof });
    expect(started.status, started.text).toBe(201);
    const token = started.body.data.token as string;
    const saved = await publicCall('PUT', `/attempts/${token}/answers`, { answers });
    expect(saved.status, saved.text).toBe(200);
    const submitted = await publicCall('POST', `/attempts/${token}/submit`);
    expect(submitted.status, submitted.text).toBe(200);
    return token;
  };

  const [single, multiple, plan, outage, remarks] = [0, 1, 2, 3, 4];
  const q = (test: Created, index: number) => test.questions[index]!;
  const correctOf = (question: Question) => question.options.filter((o) => o.correct).map((o) => o.id);
  const wrongOf = (question: Question) => [question.options.find((o) => !o.correct)!.id];
  /** Answers to the quiz: the options right or wrong, the two required texts written. */
  const answersFor = (test: Created, right: boolean) => ({
    [q(test, single).id]: right ? correctOf(q(test, single)) : wrongOf(q(test, single)),
    [q(test, multiple).id]: right ? correctOf(q(test, multiple)) : wrongOf(q(test, multiple)),
    [q(test, plan).id]: 'Salir por la escalera norte;\nreunirse en el parque.',
    [q(test, outage).id]: 'Avisar a mantenimiento',
  });

  const responsesOf = async (client: TestClient, testId: number, query = '') => {
    const response = await client.get(`/api/tests/${testId}/responses${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as Array<{ id: number } & Record<string, unknown>>;
  };

  test('who may read, grade and erase: test.view alone sees no response; grading takes both permissions', async () => {
    const quiz = await createTest();
    await respond(quiz.slug, answersFor(quiz, true));
    const [response] = await responsesOf(admin, quiz.id);

    const viewer = await signedInWith(['test.view']);
    for (const path of [
      'responses',
      `responses/${response!.id}`,
      'statistics',
      `text-answers?question=${q(quiz, plan).id}`,
    ]) {
      expect((await viewer.get(`/api/tests/${quiz.id}/${path}`)).status, path).toBe(403);
    }
    expect((await viewer.delete(`/api/tests/${quiz.id}/responses/${response!.id}`)).status).toBe(403);

    const reader = await signedInWith(['test.view', 'test.results']);
    const detail = (await reader.get(`/api/tests/${quiz.id}/responses/${response!.id}`)).body.data;
    const grading = await reader.put(`/api/tests/${quiz.id}/responses/${response!.id}/grades`, {
      grades: { [q(quiz, plan).id]: { points: 3, comment: null } },
      updated_at: detail.updated_at,
    });
    expect(grading.status).toBe(403);

    // Grading without reading the responses is no role at all: said when the role is saved.
    const refused = await admin.post('/api/roles', {
      name: 'solo_corregir',
      label: 'Solo corregir',
      permissions: ['test.view', 'test.grade'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('«Tests: Corregir» necesita también «Tests: Ver respuestas».');

    // An API token may hold the responses without the test (a role cannot): its questions stay unseen.
    const made = await admin.post('/api/user/tokens', {
      name: 'Solo respuestas',
      abilities: ['test.results'],
    });
    expect(made.status, made.text).toBe(201);
    const token = server.client({ origin: null });
    const asToken = { headers: { Authorization: `Bearer ${made.body.data.token}` } };
    expect((await token.get(`/api/tests/${quiz.id}/responses`, asToken)).status).toBe(403);

    // Another test's response through this test's address is not there.
    const other = await createTest();
    expect((await admin.get(`/api/tests/${other.id}/responses/${response!.id}`)).status).toBe(404);
  });

  test('a grader completes the score: each text answer graded up to its points, the last one sets percent and passed', async () => {
    const quiz = await createTest({ passing_score: 60 });
    await respond(quiz.slug, answersFor(quiz, true));
    const grader = await signedInWith(['test.view', 'test.results', 'test.grade']);
    const [listed] = await responsesOf(grader, quiz.id, '?filter[pending]=true');
    expect(listed).toMatchObject({
      state: 'submitted',
      score: 3,
      max_score: 9,
      percent: null,
      pending_grades: 2,
    });

    const url = `/api/tests/${quiz.id}/responses/${listed!.id}`;
    let detail: TestResponseDetail = (await grader.get(url)).body.data;
    const byQuestion = (id: number) => detail.answers.find((answer) => answer.question_id === id)!;
    expect(byQuestion(q(quiz, plan).id)).toMatchObject({
      answer: 'Salir por la escalera norte;\nreunirse en el parque.',
      needs_grade: true,
      earned: null,
    });
    // Left unanswered: worth 0, nothing to grade.
    expect(byQuestion(q(quiz, remarks).id)).toMatchObject({ answer: null, needs_grade: false, earned: 0 });
    expect(byQuestion(q(quiz, multiple).id).options.filter((o) => o.chosen).length).toBe(2);

    const tooMany = await grader.put(`${url}/grades`, {
      grades: { [q(quiz, plan).id]: { points: 4, comment: 'Muy bien' } },
      updated_at: detail.updated_at,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[`grades.${q(quiz, plan).id}.points`]).toEqual([
      'Esta pregunta vale como máximo 3 puntos.',
    ]);
    const optionQuestion = await grader.put(`${url}/grades`, {
      grades: { [q(quiz, single).id]: { points: 1 } },
      updated_at: detail.updated_at,
    });
    expect(optionQuestion.status).toBe(422);

    const first = await grader.put(`${url}/grades`, {
      grades: { [q(quiz, plan).id]: { points: 2, comment: 'Falta el punto de reunión alternativo.' } },
      updated_at: detail.updated_at,
    });
    expect(first.status, first.text).toBe(200);
    detail = first.body.data;
    expect(detail).toMatchObject({ score: 5, max_score: 9, percent: null, passed: null, pending_grades: 1 });
    expect(byQuestion(q(quiz, plan).id).grade).toMatchObject({
      points: 2,
      comment: 'Falta el punto de reunión alternativo.',
    });

    const last = await grader.put(`${url}/grades`, {
      grades: { [q(quiz, outage).id]: { points: 1, comment: null } },
      updated_at: detail.updated_at,
    });
    expect(last.status, last.text).toBe(200);
    expect(last.body.data).toMatchObject({
      score: 6,
      max_score: 9,
      percent: 66.67,
      passed: true,
      pending_grades: 0,
    });
    expect(await responsesOf(grader, quiz.id, '?filter[pending]=true')).toHaveLength(0);
    expect(await responsesOf(grader, quiz.id, '?filter[passed]=true')).toHaveLength(1);
  });

  test('two graders at once on one response: one saves, the other gets a 409, and no grade is lost', async () => {
    const quiz = await createTest();
    await respond(quiz.slug, answersFor(quiz, false));
    const [listed] = await responsesOf(admin, quiz.id);
    const url = `/api/tests/${quiz.id}/responses/${listed!.id}`;
    const graders = [
      await signedInWith(['test.view', 'test.results', 'test.grade']),
      await signedInWith(['test.view', 'test.results', 'test.grade']),
    ];
    const read = (await graders[0]!.get(url)).body.data as TestResponseDetail;
    const answers = await Promise.all(
      graders.map((grader, index) =>
        grader.put(`${url}/grades`, {
          grades: { [q(quiz, index === 0 ? plan : outage).id]: { points: 1, comment: null } },
          updated_at: read.updated_at,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The one refused reads again and saves: both grades stand.
    const loser = answers.findIndex((answer) => answer.status === 409);
    const again = (await graders[loser]!.get(url)).body.data as TestResponseDetail;
    const retried = await graders[loser]!.put(`${url}/grades`, {
      grades: { [q(quiz, loser === 0 ? plan : outage).id]: { points: 1, comment: null } },
      updated_at: again.updated_at,
    });
    expect(retried.status, retried.text).toBe(200);
    const graded = (retried.body.data as TestResponseDetail).answers.filter((answer) => answer.grade);
    expect(graded).toHaveLength(2);
    expect(retried.body.data).toMatchObject({ score: 2, pending_grades: 0 });
  });

  test('changing which option is correct re-scores every response, once confirmed, in the history', async () => {
    const quiz = await createTest();
    await respond(quiz.slug, answersFor(quiz, true));
    await respond(quiz.slug, answersFor(quiz, false));
    const before = await responsesOf(admin, quiz.id);
    expect(before.map((row) => row.score).sort()).toEqual([0, 3]);

    const stored = (await admin.get(`/api/tests/${quiz.id}`)).body.data as Created;
    // "No" becomes the right answer to the first question.
    const questions = stored.questions.map((question, index) => ({
      ...question,
      options: question.options.map((option) => ({
        ...option,
        correct: index === single ? !option.correct : option.correct,
      })),
    }));
    const unconfirmed = await admin.patch(`/api/tests/${quiz.id}`, {
      questions,
      updated_at: stored.updated_at,
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.questions[0]).toBe(
      'Pregunta 1: cambia cuál es la opción correcta. Este cambio vuelve a puntuar las 2 respuestas ya enviadas: confírmelo para guardar (rescore: true).',
    );
    // Wording alone needs no confirmation.
    const reworded = await admin.patch(`/api/tests/${quiz.id}`, {
      questions: stored.questions.map((question) => ({
        ...question,
        prompt: `${question.prompt} (revisada)`,
      })),
      updated_at: stored.updated_at,
    });
    expect(reworded.status, reworded.text).toBe(200);

    const confirmed = await admin.patch(`/api/tests/${quiz.id}`, {
      questions,
      rescore: true,
      updated_at: reworded.body.data.updated_at,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).not.toHaveProperty('rescore');
    const after = await responsesOf(admin, quiz.id);
    expect(after.map((row) => row.score).sort()).toEqual([1, 2]);
    const history = (await admin.get(`/api/tests/${quiz.id}/audit`)).body.data as Array<{
      changes: Record<string, unknown>;
    }>;
    expect(history[0]!.changes).toEqual({ rescored: { from: null, to: 2 } });

    // A question's type cannot change under its responses.
    const retyped = await admin.patch(`/api/tests/${quiz.id}`, {
      questions: questions.map((question, index) =>
        index === plan ? question : { ...question, type: index === single ? 'multiple' : question.type },
      ),
      rescore: true,
      updated_at: confirmed.body.data.updated_at,
    });
    expect(retyped.status).toBe(422);
    expect(retyped.body.errors.questions[0]).toMatch(/^Pregunta 1: no puede cambiar de tipo/);
  });

  test('statistics of the first attempts, and the free answers of a text question', async () => {
    const quiz = await createTest();
    await respond(quiz.slug, answersFor(quiz, true));
    await respond(quiz.slug, answersFor(quiz, false));
    const reader = await signedInWith(['test.view', 'test.results']);
    const stats = await reader.get(`/api/tests/${quiz.id}/statistics`);
    expect(stats.status, stats.text).toBe(200);
    // Text answers not graded yet: no response is analysed, but the options are counted.
    expect(stats.body.data.test).toMatchObject({ n: 0, mean: null });
    const first = stats.body.data.questions[single];
    expect(first.answered).toBe(2);
    expect(first.options.map((o: { count: number; percent: number }) => [o.count, o.percent])).toEqual([
      [1, 50],
      [1, 50],
    ]);
    // Kept between requests, and worked out again as soon as what they read changes: a grade, an erasure.
    const [graded, erased] = await responsesOf(admin, quiz.id);
    const detail = (await admin.get(`/api/tests/${quiz.id}/responses/${graded!.id}`)).body.data;
    const grading = await admin.put(`/api/tests/${quiz.id}/responses/${graded!.id}/grades`, {
      grades: { [q(quiz, plan).id]: { points: 3 }, [q(quiz, outage).id]: { points: 2 } },
      updated_at: detail.updated_at,
    });
    expect(grading.status, grading.text).toBe(200);
    const again = (await reader.get(`/api/tests/${quiz.id}/statistics`)).body.data;
    expect(again.test).toMatchObject({ n: 1 });
    expect(again.questions[plan]).toMatchObject({ n: 1, facility: 100 });
    expect((await admin.delete(`/api/tests/${quiz.id}/responses/${erased!.id}`)).status).toBe(204);
    expect((await reader.get(`/api/tests/${quiz.id}/statistics`)).body.data.questions[single].answered).toBe(
      1,
    );

    const free = await reader.get(
      `/api/tests/${quiz.id}/text-answers?question=${q(quiz, outage).id}&search=manten`,
    );
    expect(free.status, free.text).toBe(200);
    expect(free.body.meta.total).toBe(1);
    expect(free.body.data[0].text).toBe('Avisar a mantenimiento');
    expect(
      (await reader.get(`/api/tests/${quiz.id}/text-answers?question=${q(quiz, single).id}`)).status,
    ).toBe(422);
  });

  test('exports: CSV in Spanish Excel’s dialect, XLSX with the same cells, and no identity column for an anonymous test', async () => {
    const quiz = await createTest({ anonymous: true, passing_score: 30 });
    await respond(quiz.slug, answersFor(quiz, true));
    const [listed] = await responsesOf(admin, quiz.id);
    const detail = (await admin.get(`/api/tests/${quiz.id}/responses/${listed!.id}`)).body.data;
    await admin.put(`/api/tests/${quiz.id}/responses/${listed!.id}/grades`, {
      grades: { [q(quiz, plan).id]: { points: 3 }, [q(quiz, outage).id]: { points: 0 } },
      updated_at: detail.updated_at,
    });

    const download = async (format: string) => {
      const response = await fetch(`${server.url}/api/tests/${quiz.id}/responses?format=${format}`, {
        headers: {
          cookie: [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; '),
          origin: admin.origin ?? '',
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="respuestas-/);
      return Buffer.from(await response.arrayBuffer());
    };
    const csv = await download('csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split(/\r?\n/);
    const header = lines[0]!.split(';');
    expect(header.slice(0, 6)).toEqual(['Id', 'Estado', 'Inicio', 'Envío', 'Duración (min)', 'Puntuación']);
    expect(header.join(';')).not.toMatch(/correo|código|dirección/i);
    expect(lines[1]).toContain(';66,67;');

    const xlsx = await download('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    const row = sheet.getRow(2);
    expect(row.getCell(header.indexOf('Puntuación') + 1).value).toBe(6);
    expect(row.getCell(header.indexOf('Porcentaje') + 1).value).toBe(66.67);
    expect(row.getCell(header.indexOf('P3. Describa el plan de evacuación') + 1).value).toBe(
      'Salir por la escalera norte;\nreunirse en el parque.',
    );
  });

  test('erasing one response: gone, no longer counted, and the history says so without what it held', async () => {
    const quiz = await createTest({ max_responses: 5 });
    await respond(quiz.slug, answersFor(quiz, true));
    const [listed] = await responsesOf(admin, quiz.id);
    const eraser = await signedInWith(['test.view', 'test.results']);
    expect((await eraser.delete(`/api/tests/${quiz.id}/responses/${listed!.id}`)).status).toBe(204);
    expect((await eraser.get(`/api/tests/${quiz.id}/responses/${listed!.id}`)).status).toBe(404);
    expect((await admin.get(`/api/tests/${quiz.id}`)).body.data.responses_count).toBe(0);
    const [entry] = (await admin.get(`/api/tests/${quiz.id}/audit`)).body.data;
    expect(entry.changes).toEqual({
      response_deleted: { from: `Respuesta n.º ${listed!.id} (enviada)`, to: null },
    });
    expect(JSON.stringify(entry)).not.toContain('escalera');
  });

  test('published results: nothing before the closing time; distributions only after it, in the API and on the page', async () => {
    const closesAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const quiz = await createTest({ results_public: true, closes_at: closesAt });
    await respond(quiz.slug, answersFor(quiz, true));
    await respond(quiz.slug, answersFor(quiz, false));
    expect((await publicCall('GET', `/tests/${quiz.slug}/results`)).status).toBe(404);

    // Only the first question's results are public; a text question can never be chosen.
    const stored = (await admin.get(`/api/tests/${quiz.id}`)).body.data;
    const textChosen = await admin.patch(`/api/tests/${quiz.id}`, {
      results_fields: [q(quiz, plan).id],
      updated_at: stored.updated_at,
    });
    expect(textChosen.status).toBe(422);
    const chosen = await admin.patch(`/api/tests/${quiz.id}`, {
      results_fields: [q(quiz, single).id],
      updated_at: stored.updated_at,
    });
    expect(chosen.status, chosen.text).toBe(200);
    // The closing time passes.
    await server.database.query(
      `UPDATE tests SET opens_at = now() - interval '2 days', closes_at = now() - interval '1 minute' WHERE id = $1`,
      [quiz.id],
    );
    const results = await publicCall('GET', `/tests/${quiz.slug}/results`);
    expect(results.status, results.text).toBe(200);
    PublicTestResultsOne.parse(results.body);
    expect(results.body.data.responses).toBe(2);
    expect(results.body.data.questions).toHaveLength(1);
    expect(results.body.data.questions[0].options).toEqual([
      { id: q(quiz, single).options[0]!.id, text: 'Sí', count: 1, percent: 50 },
      { id: q(quiz, single).options[1]!.id, text: 'No', count: 1, percent: 50 },
    ]);
    expect(results.text).not.toContain('escalera');
    const page = await fetch(`${server.url}/t/${quiz.slug}`);
    const html = await page.text();
    expect(html).toContain('<h2>Resultados</h2>');
    expect(html).toContain('<th scope="row">Sí</th><td>1</td><td>50 %</td>');

    // Not public: the same 404 however closed.
    const hidden = await createTest({ closes_at: closesAt });
    await server.database.query(`UPDATE tests SET closes_at = now() - interval '1 minute' WHERE id = $1`, [
      hidden.id,
    ]);
    expect((await publicCall('GET', `/tests/${hidden.slug}/results`)).status).toBe(404);
  });

  test('test.response_submitted reaches the website once per response, naming it', async () => {
    const hook = await admin.post('/api/webhooks', {
      name: unique('Respuestas'),
      url: `${receiver.url}/respuestas`,
      events: ['test.response_submitted'],
    });
    expect(hook.status, hook.text).toBe(201);
    const quiz = await createTest();
    const token = await respond(quiz.slug, answersFor(quiz, true));
    // A second submit answers what the first did, and announces nothing.
    expect((await publicCall('POST', `/attempts/${token}/submit`)).status).toBe(200);
    const [listed] = await responsesOf(admin, quiz.id);
    const [delivered] = await receiver.waitFor(1);
    expect(JSON.parse(delivered!.body)).toMatchObject({
      type: 'test.response_submitted',
      data: { area: 'test', id: quiz.id, slug: quiz.slug, response_id: listed!.id },
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(1);
    await admin.delete(`/api/webhooks/${hook.body.data.id}`);
  });
});
