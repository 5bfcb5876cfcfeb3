import cookie from '@fastify/cookie';
import type { AttemptView, PublicTest } from '@gestor/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpError, ValidationError } from '../../../lib/http-errors';
import clientAddressPlugin from '../../../plugins/client-address';
import securityPlugin from '../../../plugins/security';
import type { Answering, TestStanding } from '../answering';
import type { ProofOfWork } from '../proof-of-work';
import { answerPage } from './answer-page';
import { ANSWER_SCRIPT } from './answer-script';
import { brandColours, contrastRatio } from './brand';
import { html, raw } from './html';
import { createStartAllowance } from './start-allowance';

// The answering page's own rules, on a fake service (the service has its tests in apps/api/test):
// its headers, its pages for a test that is not open, escaping, the form's reading, the allowance of
// starts without a proof. The browser tests (e2e/tests/answer-page.spec.ts) take it end to end.

const TEST: PublicTest = {
  slug: 'repaso',
  title: 'Repaso <b>de</b> geografía',
  description: null,
  kind: 'quiz',
  identity: 'none',
  anonymous: false,
  time_limit_minutes: null,
  opens_at: null,
  closes_at: null,
  start: { asks: 'nothing', consent_text: null },
  questions: [
    {
      id: 11,
      prompt: 'Capital',
      help: null,
      type: 'single',
      required: true,
      points: 1,
      options: [
        { id: 1, text: 'Madrid' },
        { id: 2, text: 'Sevilla' },
      ],
    },
    {
      id: 12,
      prompt: 'Ríos',
      help: 'Varios',
      type: 'multiple',
      required: true,
      points: 1,
      options: [
        { id: 3, text: 'Tajo' },
        { id: 4, text: 'Ebro' },
      ],
    },
    { id: 13, prompt: 'Ciudad', help: null, type: 'text', required: false, points: null, options: [] },
  ],
};

const OPEN_VIEW: AttemptView = {
  state: 'open',
  deadline: null,
  submit_by: null,
  answers: {},
  saved_at: null,
  submitted_at: null,
  feedback: null,
};

const TOKEN = 'a'.repeat(43);

interface Calls {
  saved: Array<Record<string, unknown>>;
  started: number;
  proofs: string[];
}

async function pageApp(standing: TestStanding, overrides: Partial<Answering> = {}) {
  const calls: Calls = { saved: [], started: 0, proofs: [] };
  const answering = {
    standing: async () => standing,
    start: async () => {
      calls.started++;
      return { kind: 'attempt', token: TOKEN, view: OPEN_VIEW };
    },
    read: async (token: string) => {
      if (token !== TOKEN) throw new HttpError(404, 'No encontrado.');
      return OPEN_VIEW;
    },
    attemptWithTest: async (token: string) => {
      if (token !== TOKEN || standing.state !== 'open') throw new HttpError(404, 'No encontrado.');
      return { view: OPEN_VIEW, test: standing.test };
    },
    save: async (_token: string, answers: Record<string, unknown>) => {
      calls.saved.push(answers);
      return OPEN_VIEW;
    },
    submit: async () => {
      throw new ValidationError({
        'answers.12': ['Esta pregunta es obligatoria: respóndala antes de enviar.'],
      });
    },
    ...overrides,
  } as unknown as Answering;
  const proof: ProofOfWork = {
    challenge: async () => ({
      algorithm: 'SHA-256',
      challenge: 'c',
      maxnumber: 10,
      salt: 's',
      signature: 'x',
    }),
    verify: async (_slug, value) => {
      calls.proofs.push(value ?? '');
      if (value !== 'bueno') throw ValidationError.field('proof', 'La prueba anti-abuso no es válida.');
    },
  };
  const config = {
    appName: 'Ayuntamiento de Ejemplo',
    appUrl: 'https://gestor.example.org',
    frontendUrl: 'https://gestor.example.org',
    brandColor: '#ffd700',
    testsEmbedOrigins: ['https://www.example.org'],
  };
  const app = Fastify();
  await app.register(clientAddressPlugin, { clientAddress: () => '203.0.113.9' });
  // biome-ignore lint/suspicious/noExplicitAny: the security plugin reads only the URLs of a Config.
  await app.register(securityPlugin, { config: config as any });
  await app.register(cookie);
  await app.register(answerPage, {
    answering,
    proof,
    config,
    allowance: createStartAllowance({ perHour: 2 }),
  });
  apps.push(app);
  return { app, calls };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() };
};

describe('the answering page', () => {
  test('its own headers: embeddable by the listed origins only, never cached, never indexed', async () => {
    const { app } = await pageApp({ state: 'open', test: TEST });
    const answer = await app.inject({ url: '/t/repaso' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self' https://www.example.org",
    );
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    // What a person typed is text: the title's markup is escaped.
    expect(answer.body).toContain('<h1>Repaso &lt;b&gt;de&lt;/b&gt; geografía</h1>');
    expect(answer.body).toContain('Solo se admite una respuesta por navegador.');
    expect(answer.body).toContain('<html lang="es">');
    expect(answer.body).toContain('Ayuntamiento de Ejemplo');
    expect(answer.body).not.toContain('<script>');

    const script = await app.inject({ url: ANSWER_SCRIPT.path });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(() => new Function(script.body)).not.toThrow();
    expect((await app.inject({ url: '/t/assets/answer-000000000000.js' })).statusCode).toBe(404);
  });

  test('every other /t/ address is its 404 page, in Spanish', async () => {
    const { app } = await pageApp({ state: 'missing' });
    for (const url of ['/t/repaso', '/t/repaso/otra/cosa', '/t', `/t/repaso/r/${'b'.repeat(43)}`]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).toContain('Cuestionario no encontrado');
      expect(answer.headers['content-security-policy']).toContain('frame-ancestors');
    }
    const json = await app.inject({ method: 'POST', url: '/t/repaso', payload: { code: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('a test not open says why, with the date and time on Madrid’s clock', async () => {
    const closed = await pageApp({
      state: 'closed',
      title: 'Repaso',
      slug: 'repaso',
      closes_at: '2026-11-12T13:00:00.000Z',
    });
    expect((await closed.app.inject({ url: '/t/repaso' })).body).toContain(
      'Este cuestionario se cerró el 12/11/2026 a las 14:00.',
    );
    const early = await pageApp({ state: 'not_yet', title: 'Repaso', opens_at: '2026-07-01T08:30:00.000Z' });
    expect((await early.app.inject({ url: '/t/repaso' })).body).toContain(
      'se abrirá el 01/07/2026 a las 10:30.',
    );
    const full = await pageApp({ state: 'full', title: 'Repaso' });
    expect((await full.app.inject({ url: '/t/repaso' })).body).toContain(
      'Este cuestionario ya ha recibido todas las respuestas que admitía.',
    );
  });

  test('a start: a proof is checked; without one, two per address here, then a 429 in Spanish', async () => {
    const { app, calls } = await pageApp({ state: 'open', test: TEST });
    const refused = await app.inject({ method: 'POST', url: '/t/repaso', ...form({ proof: 'malo' }) });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('La prueba anti-abuso no es válida.');
    const proved = await app.inject({ method: 'POST', url: '/t/repaso', ...form({ proof: 'bueno' }) });
    expect(proved.statusCode).toBe(303);
    expect(proved.headers.location).toBe(`/t/repaso/r/${TOKEN}`);
    // The browser's one attempt at a test open by link (Path=/t/, HttpOnly, SameSite=Lax, Secure under https).
    expect(proved.headers['set-cookie']).toMatch(
      new RegExp(`^gestor_t_repaso=${TOKEN}; Max-Age=31536000; Path=/t/; HttpOnly; Secure; SameSite=Lax$`),
    );
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'POST', url: '/t/repaso', ...form({}) })).statusCode).toBe(303);
    }
    const third = await app.inject({ method: 'POST', url: '/t/repaso', ...form({}) });
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain('Active JavaScript');
    expect(calls.started).toBe(3);
  });

  test('by email: the address and the consent, then «Revise su correo»; the mailed link starts it', async () => {
    const byEmail: PublicTest = {
      ...TEST,
      identity: 'email',
      start: { asks: 'email', consent_text: 'Responsable: el Ayuntamiento.\nDerechos: dpd@example.org.' },
    };
    const { app } = await pageApp(
      { state: 'open', test: byEmail },
      { start: async () => ({ kind: 'mailed' as const }) },
    );
    const intro = (await app.inject({ url: '/t/repaso' })).body;
    expect(intro).toContain('<input id="email" name="email" value="" type="email" autocomplete="email"');
    expect(intro).toContain('Responsable: el Ayuntamiento.\nDerechos: dpd@example.org.');
    expect(intro).toContain('<input type="checkbox" id="consent" name="consent" value="1">');
    expect(intro).not.toContain('Solo se admite una respuesta por navegador.');
    const invalid = await app.inject({
      method: 'POST',
      url: '/t/repaso',
      ...form({ email: 'no-es-correo', proof: 'bueno' }),
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Escriba un correo electrónico válido');
    expect(invalid.body).toContain('aria-describedby="email-ayuda email-error" aria-invalid="true"');
    const mailed = await app.inject({
      method: 'POST',
      url: '/t/repaso',
      ...form({ email: 'ana@example.org', consent: '1', proof: 'bueno' }),
    });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.body).toContain('<h1>Revise su correo</h1>');
    expect(mailed.headers['set-cookie']).toBeUndefined();
    const link = (await app.inject({ url: '/t/repaso?start=secreto-del-correo' })).body;
    expect(link).toContain('<input type="hidden" name="start" value="secreto-del-correo">');
    expect(link).not.toContain('id="email"');
  });

  test('the answers form is read as the service reads answers; a refused submit shows them again', async () => {
    const { app, calls } = await pageApp({ state: 'open', test: TEST });
    const saved = await app.inject({
      method: 'POST',
      url: `/t/repaso/r/${TOKEN}`,
      ...form({ q11: '2', q13: '  ', action: 'save' }),
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/t/repaso/r/${TOKEN}?guardado=1`);
    expect(calls.saved.at(-1)).toEqual({ '11': [2], '12': null, '13': null });

    const refused = await app.inject({
      method: 'POST',
      url: `/t/repaso/r/${TOKEN}`,
      ...form({ q11: '1', q13: 'Granada <script>', action: 'submit' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(calls.saved.at(-1)).toEqual({ '11': [1], '12': null, '13': 'Granada <script>' });
    expect(refused.body).toContain('<div class="summary" id="errores" role="alert" tabindex="-1" autofocus');
    expect(refused.body).toContain('href="#q12-3">Pregunta 2: Esta pregunta es obligatoria');
    expect(refused.body).toContain('aria-describedby="q12-ayuda q12-error"');
    expect(refused.body).toContain('value="1" checked');
    expect(refused.body).toContain('>Granada &lt;script&gt;</textarea>');
    expect(refused.body).toContain('<span class="optional">(opcional)</span>');
  });
});

describe('its parts', () => {
  test('html escapes every interpolation unless it is markup already', () => {
    const name = '"><img src=x onerror=alert(1)>';
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(html`<ul>${['a&b', html`<li>c</li>`]}</ul>${null}${false}${raw('<hr>')}`.value).toBe(
      '<ul>a&amp;b<li>c</li></ul><hr>',
    );
  });

  test('the brand colour keeps text readable: dark text on a light colour, a darker accent on white', () => {
    const gold = brandColours('#ffd700');
    expect(gold.onBrand).toBe('#111111');
    expect(contrastRatio(gold.onBrand, gold.brand)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(gold.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const indigo = brandColours('#4f46e5');
    expect(indigo).toEqual({ brand: '#4f46e5', onBrand: '#ffffff', accent: '#4f46e5' });
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });

  test('the allowance of starts without a proof counts per key and hour', () => {
    let now = 0;
    const allowance = createStartAllowance({ perHour: 2, now: () => now });
    expect([allowance.take('a'), allowance.take('a'), allowance.take('a'), allowance.take('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now += 3_600_000;
    expect(allowance.take('a')).toBe(true);
  });
});
