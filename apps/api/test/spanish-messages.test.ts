import * as shared from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';
import { rawRequest } from './support/raw-http';

// Every message a person reads is Spanish (docs/http-api.md), whatever is sent. A walk over
// every area's filters and fields with values of the wrong type, size and shape, and over what Node's
// HTTP parser refuses on its own (no Host, an unknown Expect), collecting every message answered.

/** Words of zod's and Node's English answers; none is part of a Spanish sentence of ours. */
const ENGLISH =
  /\b(expected|received|invalid|too (big|small)|must|should|unrecognized|characters|string|number|object|array|input|required|bad request|expectation)\b/i;

const CONTRACTS = (Object.values(shared) as unknown[]).filter(
  (value): value is shared.ResourceContract =>
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    'filters' in value &&
    'sortable' in value,
);

/** The create schema of each area, for the names of the fields a body may carry. */
const CREATE_INPUTS: Record<string, z.ZodType> = {
  users: shared.UserInput,
  roles: shared.RoleInput,
  categories: shared.CategoryInput,
  news: shared.NewsInput,
  pages: shared.PageInput,
  slides: shared.SlideInput,
  entities: shared.EntityInput,
  spaces: shared.SpaceInput,
  tests: shared.TestInput,
  multimedia: shared.MediaUpdateInput,
};

/** An object schema's keys, through the refinements and pipes wrapped around it. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

const LONG = 'x'.repeat(5000);
const BAD_VALUES: unknown[] = [
  null,
  12,
  -1,
  1.5,
  true,
  {},
  [],
  [null],
  [12],
  [{}],
  { a: 1 },
  LONG,
  [LONG],
  '2026-13-45',
];
const BAD_FILTERS = ['x'.repeat(300), 'x'.repeat(3000), '-1', '2147483648', 'ñ', '0x10', '1e3'];

/** Every message in an error body: `message` and each field's list. */
function messagesOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  const found = typeof message === 'string' ? [message] : [];
  for (const list of Object.values(errors ?? {})) if (Array.isArray(list)) found.push(...list.map(String));
  return found;
}

describe.each(testDatabases())('every message is Spanish (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  test('zod never speaks English, whatever the type or size sent', () => {
    const samples = z.object({
      text: z.string().max(3),
      list: z.array(z.object({ a: z.string() })).max(1),
      count: z.number().int().min(2).max(5),
      kind: z.enum(['uno', 'dos']),
      mail: z.email(),
    });
    const bad = [
      {},
      { text: 5, list: [null], count: 1.5, kind: 'tres', mail: 'no' },
      { text: 'larga', count: 9 },
    ];
    for (const input of bad) {
      const result = samples.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) expect(issue.message).not.toMatch(ENGLISH);
    }
  });

  test('list filters and bodies of every area answer in Spanish', async () => {
    expect(CONTRACTS.length).toBeGreaterThanOrEqual(10);
    const english: string[] = [];
    const check = (what: string, status: number, body: unknown) => {
      expect(status, what).toBeLessThan(500);
      for (const message of messagesOf(body)) if (ENGLISH.test(message)) english.push(`${what}: ${message}`);
    };

    for (const contract of CONTRACTS) {
      for (const filter of Object.keys(contract.filters)) {
        for (const value of BAD_FILTERS) {
          const query = `filter[${filter}]=${encodeURIComponent(value)}`;
          const response = await admin.get(`/api/${contract.path}?${query}`);
          check(`GET /api/${contract.path}?${query.slice(0, 60)}`, response.status, response.body);
        }
      }
      const fields = fieldsOf(CREATE_INPUTS[contract.path] ?? z.object({}));
      for (const field of fields) {
        for (const value of BAD_VALUES) {
          const body = { [field]: value };
          const created = await admin.post(`/api/${contract.path}`, body);
          check(
            `POST /api/${contract.path} ${JSON.stringify(body).slice(0, 60)}`,
            created.status,
            created.body,
          );
        }
      }
    }

    // Nested lists: a question or an option that is not an object, or not a whole one.
    const nested: unknown[] = [
      [null],
      [12],
      [{ prompt: 'P', type: 'single', options: [null] }],
      [{ prompt: 'P', type: 'single', options: [12, {}] }],
      [{ prompt: null, type: 'nada', options: [{ label: LONG, correct: 'sí' }] }],
    ];
    for (const questions of nested) {
      const response = await admin.post('/api/tests', { title: 'Cuestionario', questions });
      check(`POST /api/tests ${JSON.stringify(questions).slice(0, 60)}`, response.status, response.body);
    }
    expect(english).toEqual([]);
  });

  test("what Node's HTTP parser refuses on its own is Spanish JSON too", async () => {
    const requests: Array<[string, number]> = [
      // HTTP/1.1 requires a Host header (RFC 9112 §3.2).
      ['GET /api/user HTTP/1.1\r\nAccept: application/json\r\n\r\n', 400],
      // An expectation the server does not meet (RFC 9110 §10.1.1).
      ['GET /api/user HTTP/1.1\r\nHost: localhost\r\nExpect: pan-con-tomate\r\n\r\n', 417],
      ['POST /api/login HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}', 417],
      ['GARBAGE\r\n\r\n', 400],
      ['GET /api/user HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n', 400],
      ['GET /api/user HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n', 400],
    ];
    for (const [request, status] of requests) {
      const answer = await rawRequest(server.port, request);
      const what = JSON.stringify(request);
      expect(answer.status, what).toBe(status);
      expect(answer.headers['content-type'], what).toContain('application/json');
      const { message } = JSON.parse(answer.body) as { message: string };
      expect(message, what).not.toMatch(ENGLISH);
      expect(message.length, what).toBeGreaterThan(5);
    }
  });
});
