import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md#opening-a-test-to-the-public: the publication settings of a test as the admin API
// takes them: the rules between them (a Spanish 422 on the field to change), the PIN written and never
// read back, anonymity that cannot be undone once there are responses, codes made only for a test
// with codes, and a duplicate closed to the public.

const quiz = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  status: 'published',
  questions: [
    {
      prompt: '¿Es obligatorio el casco?',
      type: 'single',
      options: [
        { text: 'Sí', correct: true },
        { text: 'No', correct: false },
      ],
    },
  ],
  ...extra,
});

describe.each(testDatabases())('test publication settings (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/tests', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as Record<string, unknown> & { id: number; updated_at: string; slug: string };
  };

  test('a new test is closed to the public, with the defaults of every setting', async () => {
    const created = await create(quiz('Valores por defecto'));
    expect(created).toMatchObject({
      access: 'closed',
      has_pin: false,
      opens_at: null,
      closes_at: null,
      max_responses: null,
      identity: 'none',
      anonymous: false,
      on_expiry: 'submit',
      grace_minutes: null,
      attempts: 1,
      grading: 'first',
      feedback: 'score',
      show_correct_after_close: false,
      consent_text: null,
      retention_days: null,
      responses_count: 0,
      codes_available: 0,
      anonymised_count: 0,
    });
    expect(created).not.toHaveProperty('pin');
  });

  test('each rule between the settings is a Spanish 422 on the field to change', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ access: 'pin' }, 'pin', /PIN de 4 a 8 cifras/],
      [{ access: 'link', pin: '12ab' }, 'pin', /de 4 a 8 cifras/],
      [{ access: 'codes' }, 'identity', /código de cada persona/],
      [{ access: 'link', identity: 'code' }, 'identity', /Códigos de un solo uso/],
      [{ access: 'pin', pin: '1234', identity: 'email', consent_text: 'Texto' }, 'identity', /cada enlace/],
      [
        { opens_at: '2026-12-02T10:00:00+01:00', closes_at: '2026-12-01T10:00:00+01:00' },
        'closes_at',
        /posterior a la apertura/,
      ],
      [{ on_expiry: 'grace' }, 'grace_minutes', /minutos de cortesía/],
      [{ attempts: 3 }, 'attempts', /saber quién responde/],
      [{ identity: 'email', attempts: 2, anonymous: true, consent_text: 'Texto' }, 'attempts', /anónimo/],
      [{ identity: 'email' }, 'consent_text', /consentimiento es obligatorio/],
      [{ max_responses: 0 }, 'max_responses', /al menos 1/],
      [{ retention_days: 4000 }, 'retention_days', /de 1 a 3650 días/],
    ];
    for (const [settings, field, message] of cases) {
      const response = await admin.post('/api/tests', quiz(`Regla ${field}`, settings));
      expect(response.status, JSON.stringify(settings)).toBe(422);
      expect(response.body.errors[field]?.[0], JSON.stringify(settings)).toMatch(message);
    }
  });

  test('the PIN is written and never read back; an update is checked against what is stored', async () => {
    const created = await create(quiz('Con PIN', { access: 'pin', pin: '4821' }));
    expect(created.has_pin).toBe(true);
    expect(JSON.stringify(created)).not.toContain('4821');
    const [row] = await server.database.query<{ pin_hash: string }>(
      'SELECT pin_hash FROM tests WHERE id = $1',
      [created.id],
    );
    expect(row?.pin_hash).toBeTruthy();
    expect(row?.pin_hash).not.toContain('4821');

    // Another setting alone keeps the stored PIN; taking the PIN away while asking for it is refused.
    const renamed = await admin.put(`/api/tests/${created.id}`, {
      title: 'Con PIN (2)',
      updated_at: created.updated_at,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.has_pin).toBe(true);
    const cleared = await admin.put(`/api/tests/${created.id}`, {
      pin: null,
      updated_at: renamed.body.data.updated_at,
    });
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors.pin[0]).toMatch(/PIN/);

    // The history says the PIN changed, never its value.
    const history = await admin.get(`/api/tests/${created.id}/audit`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body.data)).toContain('"pin"');
    expect(JSON.stringify(history.body)).not.toContain('4821');
  });

  test('anonymity cannot be turned off once there are responses', async () => {
    const created = await create(quiz('Anónimo', { access: 'link', anonymous: true }));
    await server.database.query('UPDATE tests SET responses_count = 1 WHERE id = $1', [created.id]);
    const [fresh] = await server.database.query<{ updated_at: Date }>(
      'SELECT updated_at FROM tests WHERE id = $1',
      [created.id],
    );
    const response = await admin.put(`/api/tests/${created.id}`, {
      anonymous: false,
      updated_at: fresh!.updated_at.toISOString(),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.anonymous[0]).toMatch(/no puede dejar de ser anónimo/);
  });

  test('codes: only for a test with codes, shown once, with the permission to update tests', async () => {
    const open = await create(quiz('Con enlace', { access: 'link' }));
    const refused = await admin.post(`/api/tests/${open.id}/codes`, { count: 2 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.count[0]).toMatch(/Códigos de un solo uso/);

    const withCodes = await create(quiz('Con códigos', { access: 'codes', identity: 'code' }));
    for (const [body, field] of [
      [{ count: 0 }, 'count'],
      [{ count: 5001 }, 'count'],
      [{ count: 2, extra_minutes: 601 }, 'extra_minutes'],
    ] as const) {
      const response = await admin.post(`/api/tests/${withCodes.id}/codes`, body);
      expect(response.status).toBe(422);
      expect(response.body.errors[field]).toBeDefined();
    }
    const made = await admin.post(`/api/tests/${withCodes.id}/codes`, { count: 3, extra_minutes: 15 });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.extra_minutes).toBe(15);
    const codes = made.body.data.codes as Array<{ code: string; url: string }>;
    expect(codes).toHaveLength(3);
    for (const { code, url } of codes) {
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(url).toMatch(new RegExp(`/t/${withCodes.slug}\\?code=${code}$`));
    }
    const stored = await server.database.query<{ code_hash: string }>('SELECT code_hash FROM test_codes');
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.code);
    const read = await admin.get(`/api/tests/${withCodes.id}`);
    expect(read.body.data.codes_available).toBe(3);

    // Viewing and creating tests is not enough to make codes.
    const role = await admin.post('/api/roles', {
      name: 'lector-tests',
      label: 'Lector de tests',
      permissions: ['test.view', 'test.create'],
    });
    expect(role.status, role.text).toBe(201);
    const { client: reader } = await server.signIn({ roles: ['lector-tests'] });
    expect((await reader.post(`/api/tests/${withCodes.id}/codes`, { count: 1 })).status).toBe(403);
  });

  test('a duplicate is closed to the public and has no PIN or codes of its own', async () => {
    const source = await create(
      quiz('Origen', {
        access: 'pin',
        pin: '9876',
        max_responses: 40,
        feedback: 'answers',
        retention_days: 90,
      }),
    );
    const copy = await admin.post(`/api/tests/${source.id}/duplicate`, {});
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.data).toMatchObject({
      access: 'closed',
      has_pin: false,
      max_responses: 40,
      feedback: 'answers',
      retention_days: 90,
      status: 'draft',
    });
  });
});
