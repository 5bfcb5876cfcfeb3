import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client';
import { childList, childrenSql, writeChildren } from '../src/modules/resource/declared-fields';
import { openTestDatabase, type TestDatabase, testDatabases } from './support';

// Decision 008: ordered child records written as a whole (tests' questions and options use it). Tried
// here on tables of the test's own, since no area declares children yet.

const OPTIONS = childList({ table: 'f_options', own: 'question_id', columns: ['text', 'correct'] });
const QUESTIONS = childList({
  table: 'f_questions',
  own: 'quiz_id',
  columns: ['prompt'],
  children: { field: 'options', spec: OPTIONS },
});

describe.each(testDatabases())('ordered child records (%s)', (engine) => {
  let opened: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    opened = await openTestDatabase(engine);
    database = opened.database;
    await database.exec(`
      CREATE TABLE f_quizzes (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY);
      CREATE TABLE f_questions (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        quiz_id integer NOT NULL REFERENCES f_quizzes (id), position integer NOT NULL, prompt text NOT NULL,
        UNIQUE (quiz_id, position));
      CREATE TABLE f_options (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        question_id integer NOT NULL REFERENCES f_questions (id), position integer NOT NULL,
        text text NOT NULL, correct boolean NOT NULL, UNIQUE (question_id, position));
    `);
  });
  afterAll(() => opened?.drop());

  const read = async (quiz: number) => {
    const [row] = await database.query<{ questions: unknown }>(
      `SELECT ${childrenSql(QUESTIONS, 't.id')} AS questions FROM f_quizzes t WHERE t.id = $1`,
      [quiz],
    );
    return row!.questions as Array<{
      id: number;
      position: number;
      prompt: string;
      options: Array<{ id: number; position: number; text: string; correct: boolean }>;
    }>;
  };
  const write = (quiz: number, items: unknown[]) =>
    database.transaction((tx) =>
      writeChildren(tx, 'questions', QUESTIONS, quiz, items as Parameters<typeof writeChildren>[4]),
    );

  test('inserts, keeps ids on edit and reorder, deletes what is left out (with its children)', async () => {
    const [quiz] = await database.query<{ id: number }>('INSERT INTO f_quizzes DEFAULT VALUES RETURNING id');
    const id = quiz!.id;
    await write(id, [
      {
        prompt: 'Uno',
        options: [
          { text: 'a', correct: true },
          { text: 'b', correct: false },
        ],
      },
      { prompt: 'Dos', options: [{ text: 'c', correct: false }] },
      { prompt: 'Tres', options: [] },
    ]);
    const first = await read(id);
    expect(first.map((q) => [q.position, q.prompt])).toEqual([
      [1, 'Uno'],
      [2, 'Dos'],
      [3, 'Tres'],
    ]);
    expect(first[0]!.options.map((o) => o.text)).toEqual(['a', 'b']);

    // Reorder, edit one, add one, drop "Dos" and one option.
    const [uno, dos, tres] = first as [(typeof first)[0], (typeof first)[0], (typeof first)[0]];
    await write(id, [
      { id: tres.id, prompt: 'Tres', options: [] },
      {
        id: uno.id,
        prompt: 'Uno (editada)',
        options: [
          { id: uno.options[1]!.id, text: 'b', correct: true },
          { text: 'nueva', correct: false },
        ],
      },
      { prompt: 'Cuatro', options: [] },
    ]);
    const second = await read(id);
    expect(second.map((q) => [q.position, q.prompt])).toEqual([
      [1, 'Tres'],
      [2, 'Uno (editada)'],
      [3, 'Cuatro'],
    ]);
    expect(second[0]!.id).toBe(tres.id);
    expect(second[1]!.id).toBe(uno.id);
    expect(second[1]!.options).toMatchObject([
      { id: uno.options[1]!.id, position: 1, text: 'b', correct: true },
      { position: 2, text: 'nueva' },
    ]);
    const left = await database.query('SELECT id FROM f_options WHERE question_id = $1', [dos.id]);
    expect(left).toEqual([]);
  });

  test('an id that is not one of this record’s children is a 422 on its path, and nothing changes', async () => {
    const newQuiz = async () =>
      (await database.query<{ id: number }>('INSERT INTO f_quizzes DEFAULT VALUES RETURNING id'))[0] as {
        id: number;
      };
    const a = await newQuiz();
    const b = await newQuiz();
    await write(a.id, [{ prompt: 'De A', options: [{ text: 'x', correct: true }] }]);
    await write(b.id, [{ prompt: 'De B', options: [] }]);
    const foreign = (await read(a.id))[0]!;
    const attempt = write(b.id, [
      { prompt: 'Robada', options: [] },
      { id: foreign.id, prompt: 'Mía', options: [] },
    ]);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 422,
      errors: { 'questions.1.id': ['El elemento 2 no pertenece a este elemento.'] },
    });
    const nestedForeign = write(b.id, [
      { prompt: 'De B', options: [{ id: foreign.options[0]!.id, text: 'x', correct: true }] },
    ]);
    await expect(nestedForeign).rejects.toMatchObject({
      errors: { 'questions.0.options.0.id': expect.any(Array) },
    });
    expect((await read(b.id)).map((q) => q.prompt)).toEqual(['De B']);
    expect((await read(a.id))[0]!.prompt).toBe('De A');
  });
});
