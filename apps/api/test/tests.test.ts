import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md#tests-questionnaires: the questions' rules (422 on the question they belong
// to), ids kept across edits, scoring by exact match (text left out), duplication as a draft, and the
// builder's optimistic locking under concurrent saves.

interface Option {
  id: number;
  position: number;
  text: string;
  correct: boolean;
}
interface Question {
  id: number;
  position: number;
  prompt: string;
  type: 'single' | 'multiple' | 'text';
  points: number;
  options: Option[];
  required: boolean;
  help: string | null;
  personal: boolean;
}

const single = (prompt: string, correct = 0, texts = ['Sí', 'No', 'Quizá']) => ({
  prompt,
  type: 'single',
  options: texts.map((text, index) => ({ text, correct: index === correct })),
});
const multiple = (prompt: string, correct: number[], texts = ['Rojo', 'Verde', 'Azul', 'Negro']) => ({
  prompt,
  type: 'multiple',
  points: 2,
  options: texts.map((text, index) => ({ text, correct: correct.includes(index) })),
});
const text = (prompt: string) => ({ prompt, type: 'text', points: 3 });

/** The questions as the API reads them, written back as they are (ids, positions and all). */
const asInput = (questions: Question[]) => questions.map((question) => ({ ...question }));

describe.each(testDatabases())('tests (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>, client = admin) => {
    const response = await client.post('/api/tests', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; updated_at: string; questions: Question[] } & Record<
      string,
      unknown
    >;
  };
  const roleWith = async (name: string, permissions: string[]) => {
    const role = await admin.post('/api/roles', { name, label: name, permissions });
    expect(role.status, role.text).toBe(201);
    return (await server.signIn({ roles: [name] })).client;
  };

  test('creates a test with its three kinds of question, in order, with defaults and ids', async () => {
    const created = await create({
      title: 'Prevención de riesgos',
      description: 'Cuestionario de la formación inicial.',
      questions: [
        single('¿Es obligatorio el casco?'),
        multiple('¿Qué colores señalizan?', [0, 2]),
        text('Explique'),
      ],
    });
    expect(created).toMatchObject({
      title: 'Prevención de riesgos',
      slug: 'prevencion-de-riesgos',
      status: 'draft',
      passing_score: 50,
      time_limit_minutes: null,
      questions_count: 3,
    });
    const questions = created.questions;
    expect(questions.map((q) => [q.position, q.type, q.points])).toEqual([
      [1, 'single', 1],
      [2, 'multiple', 2],
      [3, 'text', 3],
    ]);
    expect(questions[1]!.options.map((o) => [o.position, o.text, o.correct])).toEqual([
      [1, 'Rojo', true],
      [2, 'Verde', false],
      [3, 'Azul', true],
      [4, 'Negro', false],
    ]);
    expect(questions[2]!.options).toEqual([]);
    expect(questions.every((q) => Number.isInteger(q.id))).toBe(true);
    expect((await admin.get(`/api/tests/${created.id}`)).body.data).toEqual(created);

    // The audit of the creation names every question, by id.
    const audit = await admin.get(`/api/tests/${created.id}/audit`);
    expect(audit.body.data[0].action).toBe('created');
    expect(audit.body.data[0].changes.questions.to).toHaveLength(3);
    expect(audit.body.data[0].changes.questions.to[0]).toEqual({
      id: questions[0]!.id,
      prompt: '¿Es obligatorio el casco?',
      type: 'single',
      points: 1,
      required: true,
      help: null,
      personal: false,
      options: questions[0]!.options.map(({ id, text, correct }) => ({ id, text, correct })),
    });
  });

  test('a survey: optional questions with help, a text answer marked personal; no correct options, no score', async () => {
    const survey = await create({
      title: 'Satisfacción con la sede electrónica',
      kind: 'survey',
      questions: [
        {
          prompt: '¿Encontró lo que buscaba?',
          type: 'single',
          help: 'Piense en su última visita.',
          options: [{ text: 'Sí' }, { text: 'En parte' }, { text: 'No' }],
        },
        { prompt: '¿Qué mejoraría?', type: 'text', required: false, personal: true },
      ],
    });
    expect(survey.kind).toBe('survey');
    expect(survey.questions.map((q) => [q.required, q.help, q.personal])).toEqual([
      [true, 'Piense en su última visita.', false],
      [false, null, true],
    ]);
    // Nothing is scored in a survey, whatever is chosen.
    const first = survey.questions[0]!;
    const scored = await admin.post(`/api/tests/${survey.id}/score`, {
      answers: { [first.id]: [first.options[0]!.id] },
    });
    expect(scored.body.data).toEqual({ score: 0, max: 0, percent: null, passed: null });
    // The copy keeps what it is.
    const copy = await admin.post(`/api/tests/${survey.id}/duplicate`);
    expect(copy.body.data.kind).toBe('survey');
    expect(copy.body.data.questions[1]).toMatchObject({ required: false, personal: true });

    // A survey has no correct option; a help text has its limit; only a text question is personal.
    const refused = await admin.post('/api/tests', {
      title: 'Consulta',
      kind: 'survey',
      questions: [
        { prompt: 'Uno', type: 'single', options: [{ text: 'a', correct: true }, { text: 'b' }] },
        { prompt: 'Dos', type: 'multiple', help: 'x'.repeat(501), options: [{ text: 'a' }, { text: 'b' }] },
        { prompt: 'Tres', type: 'single', personal: true, options: [{ text: 'a' }, { text: 'b' }] },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'questions.0.options': ['Una encuesta no tiene respuestas correctas: desmarque las opciones marcadas.'],
      'questions.1.help': ['El campo ayuda no debe tener más de 500 caracteres.'],
      'questions.2.personal': [
        'Solo las respuestas de texto libre pueden contener datos personales: desmarque la casilla.',
      ],
    });

    // A quiz turned into a survey without sending its questions is checked against the stored ones,
    // and the other way round.
    const quiz = await create({ title: 'Evaluación corta', questions: [single('¿Sí?')] });
    const turned = await admin.put(`/api/tests/${quiz.id}`, { kind: 'survey', updated_at: quiz.updated_at });
    expect(turned.status).toBe(422);
    expect(turned.body.errors).toEqual({
      'questions.0.options': ['Una encuesta no tiene respuestas correctas: desmarque las opciones marcadas.'],
    });
    const back = await admin.put(`/api/tests/${survey.id}`, { kind: 'quiz', updated_at: survey.updated_at });
    expect(back.status).toBe(422);
    expect(back.body.errors).toEqual({ 'questions.0.options': ['Marque cuál es la opción correcta.'] });
    // Questions sent alone are checked against the stored kind.
    const marked = await admin.put(`/api/tests/${survey.id}`, {
      questions: [{ prompt: 'Uno', type: 'single', options: [{ text: 'a', correct: true }, { text: 'b' }] }],
      updated_at: survey.updated_at,
    });
    expect(marked.status).toBe(422);
    expect(Object.keys(marked.body.errors)).toEqual(['questions.0.options']);
    // Nothing was stored by the refused writes.
    expect((await admin.get(`/api/tests/${survey.id}`)).body.data).toEqual(survey);
  });

  test('lists count the questions and leave them out; filter by status, Spanish full-text search', async () => {
    const published = await create({
      title: 'Normativa de contratación pública',
      description: 'Evaluación sobre licitaciones.',
      status: 'published',
      passing_score: 70,
      time_limit_minutes: 30,
      questions: [single('¿Qué ley regula los contratos?'), single('¿Plazo?')],
    });
    await create({ title: 'Atención al ciudadano', description: 'Trato en ventanilla.' });
    const listed = await admin.get('/api/tests?filter[status]=published&per_page=100');
    expect(listed.status).toBe(200);
    const row = listed.body.data.find((t: { id: number }) => t.id === published.id);
    expect(row).toMatchObject({ questions_count: 2, passing_score: 70, time_limit_minutes: 30 });
    expect(row).not.toHaveProperty('questions');
    expect(listed.body.data.every((t: { status: string }) => t.status === 'published')).toBe(true);
    const drafts = await admin.get('/api/tests?filter[status]=draft&per_page=100');
    expect(drafts.body.data.map((t: { id: number }) => t.id)).not.toContain(published.id);
    expect((await admin.get('/api/tests?filter[status]=archivado')).status).toBe(422);

    const found = await admin.get(`/api/tests?search=${encodeURIComponent('licitaciones publica')}`);
    expect(found.body.data.map((t: { title: string }) => t.title)).toEqual([
      'Normativa de contratación pública',
    ]);
    const accents = await admin.get(`/api/tests?search=${encodeURIComponent('ATENCIÓN ciudadanos')}`);
    expect(accents.body.data.map((t: { title: string }) => t.title)).toEqual(['Atención al ciudadano']);
    const csv = await admin.get('/api/tests?format=csv&filter[status]=published');
    expect(csv.text).toContain('Normativa de contratación pública');
    // States as the screens name them.
    expect(csv.text).toMatch(/;Normativa de contratación pública;[^;]+;Publicado;/);
  });

  test('every rule of a question is a 422 on that question, and nothing is stored', async () => {
    const before = (await admin.get('/api/tests?per_page=1')).body.meta.total;
    const refused = async (body: Record<string, unknown>) => {
      const response = await admin.post('/api/tests', { title: 'Con errores', ...body });
      expect(response.status, response.text).toBe(422);
      return response.body.errors as Record<string, string[]>;
    };
    expect(
      await refused({
        questions: [
          single('Bien'),
          {
            prompt: 'Dos correctas',
            type: 'single',
            options: [
              { text: 'a', correct: true },
              { text: 'b', correct: true },
            ],
          },
          { prompt: 'Una opción', type: 'single', options: [{ text: 'a', correct: true }] },
          { prompt: 'Ninguna correcta', type: 'single', options: [{ text: 'a' }, { text: 'b' }] },
          { prompt: 'Múltiple sin correcta', type: 'multiple', options: [{ text: 'a' }, { text: 'b' }] },
          { prompt: 'Múltiple con una', type: 'multiple', options: [{ text: 'a', correct: true }] },
          { prompt: 'Texto con opciones', type: 'text', options: [{ text: 'a' }] },
          {
            prompt: 'Repetida',
            type: 'multiple',
            options: [{ text: 'Sí', correct: true }, { text: ' sí ' }],
          },
        ],
      }),
    ).toEqual({
      'questions.1.options': [
        'Una pregunta de respuesta única tiene una sola opción correcta, y hay 2 marcadas.',
      ],
      'questions.2.options': [
        'Una pregunta de respuesta única necesita al menos dos opciones; tiene 1 opción.',
      ],
      'questions.3.options': ['Marque cuál es la opción correcta.'],
      'questions.4.options': ['Marque al menos una opción correcta.'],
      'questions.5.options': [
        'Una pregunta de respuesta múltiple necesita al menos dos opciones; tiene 1 opción.',
      ],
      'questions.6.options': ['Una pregunta de texto libre no lleva opciones: quítelas o cambie el tipo.'],
      'questions.7.options.1.text': ['Repite el texto de la opción 1.'],
    });
    const fields = await refused({
      passing_score: 101,
      time_limit_minutes: 0,
      questions: [
        { prompt: '', type: 'single', points: 0, options: [{ text: 'a', correct: true }, { text: 'b' }] },
        { prompt: 'Tipo', type: 'abierta' },
        { prompt: 'Sin opciones', type: 'single' },
      ],
    });
    expect(fields).toMatchObject({
      passing_score: ['La nota para aprobar debe ser un porcentaje entre 0 y 100.'],
      time_limit_minutes: ['El tiempo límite debe ser de 1 a 600 minutos, o ninguno.'],
      'questions.0.prompt': ['El campo enunciado es obligatorio.'],
      'questions.0.points': ['Una pregunta vale al menos 1 punto.'],
      'questions.1.type': ['El tipo debe ser respuesta única, respuesta múltiple o texto libre.'],
      'questions.2.options': [
        'Una pregunta de respuesta única necesita al menos dos opciones; tiene ninguna.',
      ],
    });
    expect((await refused({ time_limit_minutes: 601 })).time_limit_minutes).toHaveLength(1);
    expect((await refused({ passing_score: 50.5 })).passing_score).toEqual([
      'La nota para aprobar debe ser un porcentaje entero.',
    ]);
    expect((await refused({ questions: [{ ...single('x'), color: 'rojo' }] }))['questions.0.color']).toEqual([
      'El campo questions.0.color no está permitido.',
    ]);
    expect(await refused({ status: 'published' })).toEqual({
      questions: ['Un test publicado necesita al menos una pregunta.'],
    });
    expect((await admin.get('/api/tests?per_page=1')).body.meta.total).toBe(before);
  });

  test('a published test keeps at least one question, whatever the body leaves out', async () => {
    const draft = await create({ title: 'Sin preguntas todavía' });
    const publish = await admin.patch(`/api/tests/${draft.id}`, {
      status: 'published',
      updated_at: draft.updated_at,
    });
    expect(publish.status).toBe(422);
    expect(publish.body.errors).toEqual({ questions: ['Un test publicado necesita al menos una pregunta.'] });

    const published = await create({ title: 'Publicado', status: 'published', questions: [single('Una')] });
    const emptied = await admin.patch(`/api/tests/${published.id}`, {
      questions: [],
      updated_at: published.updated_at,
    });
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors.questions).toEqual(['Un test publicado necesita al menos una pregunta.']);
    expect((await admin.get(`/api/tests/${published.id}`)).body.data.questions_count).toBe(1);
    // Back to a draft, it may be emptied.
    const unpublished = await admin.patch(`/api/tests/${published.id}`, {
      status: 'draft',
      questions: [],
      updated_at: published.updated_at,
    });
    expect(unpublished.status, unpublished.text).toBe(200);
    expect(unpublished.body.data.questions).toEqual([]);
  });

  test('edits keep the ids of the questions and options they name; the history names the changes', async () => {
    const created = await create({
      title: 'Ids estables',
      questions: [single('Primera'), multiple('Segunda', [1]), text('Tercera')],
    });
    const [first, second, third] = created.questions as [Question, Question, Question];
    // Reorder (third first), change the correct option of the first, edit the second's prompt and
    // drop one of its options, remove nothing else, add a fourth.
    const edited = await admin.put(`/api/tests/${created.id}`, {
      updated_at: created.updated_at,
      questions: [
        third,
        {
          ...first,
          options: first.options.map((option, index) => ({ ...option, correct: index === 2 })),
        },
        { ...second, prompt: 'Segunda (revisada)', options: second.options.slice(0, 3) },
        single('Cuarta'),
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    const after = edited.body.data.questions as Question[];
    expect(after.map((q) => q.id).slice(0, 3)).toEqual([third.id, first.id, second.id]);
    expect(after.map((q) => q.position)).toEqual([1, 2, 3, 4]);
    expect(after[1]!.options.map((o) => [o.id, o.correct])).toEqual(
      first.options.map((o, index) => [o.id, index === 2]),
    );
    expect(after[2]!.options.map((o) => o.id)).toEqual(second.options.slice(0, 3).map((o) => o.id));
    expect(after[2]!.prompt).toBe('Segunda (revisada)');
    expect(after[3]!.id).toBeGreaterThan(third.id);

    const [entry] = (await admin.get(`/api/tests/${created.id}/audit`)).body.data;
    expect(entry.action).toBe('updated');
    expect(Object.keys(entry.changes)).toEqual(['questions']);
    const { from, to } = entry.changes.questions as {
      from: Array<{ id: number; prompt: string }>;
      to: Array<{ id: number; prompt: string }>;
    };
    expect(from.map((q) => q.id)).toEqual([first.id, second.id, third.id]);
    expect(to.map((q) => q.prompt)).toEqual(['Tercera', 'Primera', 'Segunda (revisada)', 'Cuarta']);

    // Removing a question removes its options; the others keep their ids.
    const removed = await admin.put(`/api/tests/${created.id}`, {
      updated_at: edited.body.data.updated_at,
      questions: asInput(after).filter((q) => q.id !== first.id),
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.questions.map((q: Question) => q.id)).toEqual([
      third.id,
      second.id,
      after[3]!.id,
    ]);
    const orphans = await server.database.query('SELECT id FROM test_options WHERE question_id = $1', [
      first.id,
    ]);
    expect(orphans).toEqual([]);

    // Saving what was read, unchanged, records nothing.
    const same = await admin.put(`/api/tests/${created.id}`, {
      updated_at: removed.body.data.updated_at,
      questions: asInput(removed.body.data.questions),
    });
    expect(same.status).toBe(200);
    const entries = (await admin.get(`/api/tests/${created.id}/audit`)).body.data;
    expect(entries).toHaveLength(3);

    // Deleting the test for good takes its questions and options with it (the trash keeps them,
    // decision 026, so that restoring brings them back).
    expect((await admin.delete(`/api/tests/${created.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/tests/${created.id}?force=1`)).status).toBe(204);
    const left = await server.database.query(
      'SELECT count(*)::int AS n FROM test_options o JOIN test_questions q ON q.id = o.question_id WHERE q.test_id = $1',
      [created.id],
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  test('ids of another test’s questions or options, or repeated ones, are a 422 on their place', async () => {
    const mine = await create({ title: 'Mío', questions: [single('Mía')] });
    const theirs = await create({ title: 'Ajeno', questions: [single('Ajena')] });
    const foreign = theirs.questions[0]!;
    const stolen = await admin.put(`/api/tests/${mine.id}`, {
      updated_at: mine.updated_at,
      questions: [mine.questions[0], { ...foreign, prompt: 'Robada' }],
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ 'questions.1.id': ['El elemento 2 no pertenece a este elemento.'] });
    const option = await admin.put(`/api/tests/${mine.id}`, {
      updated_at: mine.updated_at,
      questions: [
        { ...mine.questions[0], options: [foreign.options[0], ...mine.questions[0]!.options.slice(1)] },
      ],
    });
    expect(option.status).toBe(422);
    expect(Object.keys(option.body.errors)).toEqual(['questions.0.options.0.id']);
    const twice = await admin.put(`/api/tests/${mine.id}`, {
      updated_at: mine.updated_at,
      questions: [mine.questions[0], mine.questions[0]],
    });
    expect(twice.body.errors).toEqual({ 'questions.1.id': ['El elemento 2 no pertenece a este elemento.'] });
    expect((await admin.get(`/api/tests/${theirs.id}`)).body.data).toEqual(theirs);
    expect((await admin.get(`/api/tests/${mine.id}`)).body.data.questions[0].prompt).toBe('Mía');
  });

  test('scores single and multiple questions by exact match, leaves text out, refuses foreign answers', async () => {
    const exam = await create({
      title: 'Examen',
      passing_score: 60,
      questions: [single('Uno'), multiple('Dos', [0, 2]), text('Tres'), single('Cuatro', 1)],
    });
    const [one, two, three, four] = exam.questions as [Question, Question, Question, Question];
    const score = (answers: Record<string, unknown>, client = admin) =>
      client.post(`/api/tests/${exam.id}/score`, { answers });
    const ids = (question: Question, ...indexes: number[]) => indexes.map((i) => question.options[i]!.id);

    // max = 1 + 2 + 1 (the text question's 3 points are left out).
    const perfect = await score({
      [one.id]: ids(one, 0),
      [two.id]: ids(two, 2, 0),
      [three.id]: 'Lo que sea',
      [four.id]: ids(four, 1),
    });
    expect(perfect.status, perfect.text).toBe(200);
    expect(perfect.body.data).toEqual({ score: 4, max: 4, percent: 100, passed: true });
    // A multiple question with one correct option missing, or one wrong one added, scores nothing.
    const partial = await score({ [one.id]: ids(one, 0), [two.id]: ids(two, 0), [four.id]: ids(four, 0) });
    expect(partial.body.data).toEqual({ score: 1, max: 4, percent: 25, passed: false });
    const extra = await score({
      [one.id]: ids(one, 0),
      [two.id]: ids(two, 0, 1, 2),
      [four.id]: ids(four, 1),
    });
    expect(extra.body.data).toEqual({ score: 2, max: 4, percent: 50, passed: false });
    // Three of four points: 75 % passes a 60 % mark. Nothing answered scores 0.
    expect((await score({ [two.id]: ids(two, 0, 2), [four.id]: ids(four, 1) })).body.data).toEqual({
      score: 3,
      max: 4,
      percent: 75,
      passed: true,
    });
    expect((await score({})).body.data).toEqual({ score: 0, max: 4, percent: 0, passed: false });
    expect((await admin.post(`/api/tests/${exam.id}/score`, {})).body.data.score).toBe(0);

    // What does not fit is a 422 on the answer, never a 500.
    const otherTest = await create({ title: 'Otro', questions: [single('Ajena')] });
    const [foreignQuestion] = otherTest.questions as [Question];
    const foreignOption = foreignQuestion.options[0]!.id;
    const refused = await score({
      999999: [1],
      [one.id]: [foreignOption],
      [two.id]: 'texto',
      [three.id]: [1],
      [four.id]: ids(four, 0, 1),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'answers.999999': ['La pregunta 999999 no pertenece a este test.'],
      [`answers.${one.id}`]: [`La opción ${foreignOption} no pertenece a esta pregunta.`],
      [`answers.${two.id}`]: ['Esta pregunta se responde con los ids de las opciones elegidas.'],
      [`answers.${three.id}`]: ['Una pregunta de texto libre se responde con un texto.'],
      [`answers.${four.id}`]: ['Esta pregunta admite una sola opción.'],
    });
    // An option of another question of the same test is foreign too.
    const crossed = await score({ [one.id]: ids(four, 0) });
    expect(crossed.body.errors[`answers.${one.id}`]).toHaveLength(1);
    for (const answers of [{ abc: [1] }, { [one.id]: [0] }, { [one.id]: [2 ** 31] }, { [one.id]: 5 }, []]) {
      const response = await score(answers as Record<string, unknown>);
      expect(response.status, JSON.stringify(answers)).toBe(422);
    }
    expect((await admin.post(`/api/tests/${exam.id}/score`, { answers: {}, extra: 1 })).status).toBe(422);
    expect((await admin.post('/api/tests/99999999/score', { answers: {} })).status).toBe(404);

    // Only text questions: nothing to score automatically.
    const essay = await create({ title: 'Redacción', questions: [text('Escriba')] });
    const essayScore = await admin.post(`/api/tests/${essay.id}/score`, {
      answers: { [essay.questions[0]!.id]: 'Mi texto' },
    });
    expect(essayScore.body.data).toEqual({ score: 0, max: 0, percent: null, passed: null });

    // 2 of 3 points is 66.67 %: not enough for a 67 % mark, enough for 66 %.
    const thirds = await create({
      title: 'Tercios',
      passing_score: 67,
      questions: [single('a'), single('b'), single('c')],
    });
    const twoOfThree = Object.fromEntries(
      thirds.questions.slice(0, 2).map((q) => [q.id, [q.options[0]!.id]]),
    );
    const result = await admin.post(`/api/tests/${thirds.id}/score`, { answers: twoOfThree });
    expect(result.body.data).toEqual({ score: 2, max: 3, percent: 66.67, passed: false });
  });

  test('scoring needs test.view; duplicating needs test.create and test.view', async () => {
    const source = await create({ title: 'Permisos', questions: [single('¿Sí?')] });
    // The seeded lector views tests: it may score them, not copy them.
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect((await reader.post(`/api/tests/${source.id}/score`, { answers: {} })).status).toBe(200);
    expect((await reader.post(`/api/tests/${source.id}/duplicate`)).status).toBe(403);
    const stranger = await roleWith('solo-noticias', ['news.view']);
    expect((await stranger.post(`/api/tests/${source.id}/score`, { answers: {} })).status).toBe(403);
    const blindCreator = await roleWith('crear-tests-sin-ver', ['test.create']);
    expect((await blindCreator.post(`/api/tests/${source.id}/score`, { answers: {} })).status).toBe(403);
    expect((await blindCreator.post(`/api/tests/${source.id}/duplicate`)).status).toBe(403);
    const creator = await roleWith('crear-tests', ['test.view', 'test.create']);
    expect((await creator.post(`/api/tests/${source.id}/duplicate`)).status).toBe(201);
    const anonymous = server.client();
    await anonymous.csrf();
    expect((await anonymous.post(`/api/tests/${source.id}/score`, { answers: {} })).status).toBe(401);
  });

  test('duplicating makes a draft copy titled "(copia)" with new ids and the same questions', async () => {
    const source = await create({
      title: 'Seguridad vial',
      description: 'Normas básicas.',
      status: 'published',
      passing_score: 80,
      time_limit_minutes: 15,
      questions: [single('¿Luz roja?', 1), multiple('Señales', [0, 1]), text('Comente')],
    });
    const response = await admin.post(`/api/tests/${source.id}/duplicate`);
    expect(response.status, response.text).toBe(201);
    const copy = response.body.data;
    expect(copy).toMatchObject({
      title: 'Seguridad vial (copia)',
      slug: 'seguridad-vial-copia',
      description: 'Normas básicas.',
      status: 'draft',
      passing_score: 80,
      time_limit_minutes: 15,
      questions_count: 3,
    });
    expect(copy.id).not.toBe(source.id);
    const shape = (questions: Question[]) =>
      questions.map(({ position, prompt, type, points, options }) => ({
        position,
        prompt,
        type,
        points,
        options: options.map(({ position: p, text: t, correct }) => ({ p, t, correct })),
      }));
    expect(shape(copy.questions)).toEqual(shape(source.questions));
    const sourceIds = new Set(source.questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]));
    const copyIds = (copy.questions as Question[]).flatMap((q) => [q.id, ...q.options.map((o) => o.id)]);
    expect(copyIds.some((id) => sourceIds.has(id))).toBe(false);
    expect((await admin.get(`/api/tests/${source.id}`)).body.data).toEqual(source);
    expect((await admin.get(`/api/tests/${copy.id}/audit`)).body.data[0].action).toBe('created');

    // A copy of a copy; a title at its longest still fits.
    const again = await admin.post(`/api/tests/${source.id}/duplicate`);
    expect(again.body.data.slug).toBe('seguridad-vial-copia-2');
    const long = await create({ title: 'L'.repeat(255) });
    const longCopy = await admin.post(`/api/tests/${long.id}/duplicate`);
    expect(longCopy.status, longCopy.text).toBe(201);
    expect(longCopy.body.data.title).toBe(`${'L'.repeat(247)} (copia)`);
    expect((await admin.post('/api/tests/99999999/duplicate')).status).toBe(404);
  });

  test('two saves of the builder from one version: one wins, the other is a 409, nothing mixed', async () => {
    const created = await create({ title: 'Concurrente', questions: [single('Original'), single('Otra')] });
    const [a, b] = created.questions as [Question, Question];
    // On PostgreSQL the second save goes through another API process, as behind a load balancer.
    const other = new TestClient(engine === 'pgsql' ? await server.startTwin() : server.url, {
      origin: admin.origin,
    });
    for (const [name, value] of admin.jar) other.jar.set(name, value);
    const saves = await Promise.all([
      admin.put(`/api/tests/${created.id}`, {
        updated_at: created.updated_at,
        questions: [{ ...a, prompt: 'Versión A' }, b, single('Nueva de A')],
      }),
      other.put(`/api/tests/${created.id}`, {
        updated_at: created.updated_at,
        questions: [{ ...b, prompt: 'Versión B' }],
      }),
    ]);
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409]);
    const winner = saves.find((s) => s.status === 200)!;
    const loser = saves.find((s) => s.status === 409)!;
    expect(loser.body.message).toBe('El registro ha sido modificado por otra persona.');
    const stored = (await admin.get(`/api/tests/${created.id}`)).body.data;
    expect(stored.questions).toEqual(winner.body.data.questions);
    expect(stored.updated_at).toBe(winner.body.data.updated_at);
    // A stale version after the fact is a 409 too.
    const stale = await admin.put(`/api/tests/${created.id}`, {
      updated_at: created.updated_at,
      title: 'Tarde',
    });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/tests/${created.id}/audit`)).body.meta.total).toBe(2);
  });

  test('a test of 200 questions with 6 options each saves in one request, and again with its ids', async () => {
    const questions = Array.from({ length: 200 }, (_, q) => ({
      prompt: `Pregunta número ${q + 1}: ¿cuál es la respuesta correcta?`,
      type: q % 2 ? 'multiple' : 'single',
      points: (q % 3) + 1,
      options: Array.from({ length: 6 }, (_, o) => ({ text: `Opción ${o + 1}`, correct: o === q % 6 })),
    }));
    const created = await create({ title: 'Test grande', questions });
    expect(created.questions).toHaveLength(200);
    expect(created.questions.flatMap((q) => q.options)).toHaveLength(1200);
    const reversed = [...created.questions].reverse().map((q, index) => ({
      ...q,
      prompt: index === 0 ? 'Última, ahora primera' : q.prompt,
    }));
    const saved = await admin.put(`/api/tests/${created.id}`, {
      updated_at: created.updated_at,
      questions: reversed,
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    const after = saved.body.data.questions as Question[];
    expect(after.map((q) => q.id)).toEqual(reversed.map((q) => q.id));
    expect(after[0]!.prompt).toBe('Última, ahora primera');
    expect(after.flatMap((q) => q.options.map((o) => o.id))).toEqual(
      reversed.flatMap((q) => q.options.map((o) => o.id)),
    );
  });
});
