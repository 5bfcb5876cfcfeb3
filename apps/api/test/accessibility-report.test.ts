import type { AccessibilityReport } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAccessibilityReport } from '../src/modules/accessibility/accessibility-report';
import { reportedAreas } from '../src/modules/accessibility/accessibility-routes';
import { registryOf, startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/accessibility.md#la-pantalla-accesibilidad: GET /api/accessibility, behind accessibility.view:
// the open findings of every body that is public now, by clause and level, with the items' SPA keys
// and website addresses; the latest reason each public item was published with despite errors. Drafts
// and the trash are not public, so they are not listed.

const FIRST_REASON = 'Texto del BOP reproducido literalmente; se corrige en la próxima edición.';
const LATEST_REASON = 'Enlace copiado del acta del pleno; se cambiará cuando se publique el acta.';
const EVENT_REASON = 'Programa enviado por la entidad organizadora, pendiente de su versión accesible.';
const NEWS_URL = 'https://www.ayuntamiento.example/noticias/{slug}';

const LINK = '<p>Las bases, <a href="/bases.pdf">pinche aquí</a>.</p>';
const IMAGE = '<p><img src="https://fotos.example/plano.jpg" alt=""></p>';
const BOLD = '<p><strong>Plazos</strong></p>';
const TABLE = '<table><tbody><tr><td>Día</td></tr></tbody></table>';
const CLEAN = '<h2>Sede</h2><p>Consulte las <a href="/bases.pdf">bases de la convocatoria</a>.</p>';

describe.each(testDatabases())('the «Accesibilidad» report (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let auditor: TestClient;
  let editor: TestClient;
  const ids = { news: 0, page: 0, event: 0, draft: 0, trashed: 0 };
  let newsSlug = '';
  let eventSlug = '';

  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const report = async (): Promise<AccessibilityReport> => {
    const response = await auditor.get('/api/accessibility');
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { PUBLIC_NEWS_URL: NEWS_URL });
    ({ client: admin } = await server.signIn({ name: 'Paula Publicadora', roles: ['admin'] }));
    const role = await admin.post('/api/roles', {
      name: 'accesibilidad',
      label: 'Accesibilidad',
      permissions: ['accessibility.view'],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: auditor } = await server.signIn({ roles: ['accesibilidad'] }));
    ({ client: editor } = await server.signIn({ roles: ['editor'] }));

    // A news item published with a reason, then edited with a second error and a second reason.
    const news = await created('/api/news', {
      title: 'Convocatoria de ayudas',
      status: 'published',
      body: `${LINK}${IMAGE}${BOLD}`,
      accessibility_reason: FIRST_REASON,
    });
    const edited = await admin.put(`/api/news/${news.id}`, {
      body: `${LINK}${IMAGE}${BOLD}<p>Y el formulario, <a href="/f.pdf">leer más</a>.</p>`,
      accessibility_reason: LATEST_REASON,
      updated_at: news.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    ids.news = news.id;
    newsSlug = news.slug;

    // A clean page; an event with a table without headers, published with a reason.
    ids.page = (
      await created('/api/pages', { title: 'Sede electrónica', status: 'published', body: CLEAN })
    ).id;
    const starts = Date.now() + 86_400_000;
    const event = await created('/api/events', {
      title: 'Feria del libro',
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 7_200_000).toISOString(),
      status: 'published',
      body: TABLE,
      accessibility_reason: EVENT_REASON,
    });
    ids.event = event.id;
    eventSlug = event.slug;

    // Not public: a draft with errors, and a page published with a reason and sent to the trash.
    ids.draft = (await created('/api/news', { title: 'Borrador con errores', body: `${LINK}${IMAGE}` })).id;
    ids.trashed = (
      await created('/api/pages', {
        title: 'Página en la papelera',
        status: 'published',
        body: LINK,
        accessibility_reason: FIRST_REASON,
      })
    ).id;
    expect((await admin.delete(`/api/pages/${ids.trashed}`)).status).toBe(204);
  });
  afterAll(() => server?.close());

  test('needs accessibility.view: 401 signed out, 403 for an editor, the administrator has it', async () => {
    expect((await server.client().get('/api/accessibility')).status).toBe(401);
    expect((await editor.get('/api/accessibility')).status).toBe(403);
    expect((await admin.get('/api/accessibility')).status).toBe(200);
  });

  test('groups the findings of what is public by clause and level, errors first, with links', async () => {
    const data = await report();
    expect(data.items_checked).toBe(3);
    expect(data.checked_by_area).toEqual([
      { area: 'news', count: 1 },
      { area: 'page', count: 1 },
      { area: 'event', count: 1 },
    ]);
    expect(data.totals).toEqual({ errors: 4, warnings: 1, items_with_errors: 2, items_with_warnings: 1 });
    expect(Date.parse(data.checked_at)).toBeLessThanOrEqual(Date.now());

    const news = {
      area: 'news',
      id: ids.news,
      key: newsSlug,
      title: 'Convocatoria de ayudas',
      public_url: NEWS_URL.replace('{slug}', newsSlug),
    };
    const event = {
      area: 'event',
      id: ids.event,
      key: eventSlug,
      title: 'Feria del libro',
      public_url: null,
    };
    expect(
      data.findings_by_clause.map(({ clause, label, level, count, items }) => ({
        clause,
        label,
        level,
        count,
        items: items.map(({ findings, ...item }) => ({ ...item, rules: findings.map((f) => f.rule) })),
      })),
    ).toEqual([
      {
        clause: '9.1.1.1',
        label: 'Contenido no textual',
        level: 'error',
        count: 1,
        items: [{ ...news, rules: ['image-alt-missing'] }],
      },
      {
        clause: '9.1.3.1',
        label: 'Información y relaciones',
        level: 'error',
        count: 1,
        items: [{ ...event, rules: ['table-no-headers'] }],
      },
      {
        clause: '9.2.4.4',
        label: 'Propósito de los enlaces (en contexto)',
        level: 'error',
        count: 2,
        items: [{ ...news, rules: ['link-generic-text', 'link-generic-text'] }],
      },
      {
        clause: '9.1.3.1',
        label: 'Información y relaciones',
        level: 'warning',
        count: 1,
        items: [{ ...news, rules: ['bold-as-heading'] }],
      },
    ]);
    // Each finding as the editor's panel says it.
    expect(data.findings_by_clause[2]?.items[0]?.findings[0]).toEqual({
      rule: 'link-generic-text',
      level: 'error',
      element: 'Enlace «pinche aquí»',
      message:
        '«pinche aquí» no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»).',
    });
    // Nothing of the draft, the clean page or the page in the trash.
    const listed = data.findings_by_clause.flatMap((group) =>
      group.items.map((item) => `${item.area}:${item.id}`),
    );
    expect(listed).not.toContain(`news:${ids.draft}`);
    expect(listed).not.toContain(`page:${ids.page}`);
    expect(listed).not.toContain(`page:${ids.trashed}`);
  });

  test('lists the latest reason of each item still public, newest first, with who gave it', async () => {
    const { overrides } = await report();
    expect(overrides.map(({ created_at, ...override }) => override)).toEqual([
      {
        area: 'event',
        id: ids.event,
        key: eventSlug,
        title: 'Feria del libro',
        reason: EVENT_REASON,
        user_name: 'Paula Publicadora',
        errors: 1,
      },
      {
        area: 'news',
        id: ids.news,
        key: newsSlug,
        title: 'Convocatoria de ayudas',
        reason: LATEST_REASON,
        user_name: 'Paula Publicadora',
        errors: 3,
      },
    ]);
    expect(Date.parse(overrides[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(overrides[1]!.created_at));
  });

  test('reads in batches and checks again only the bodies that changed', async () => {
    const areas = reportedAreas(registryOf(server), { news: NEWS_URL });
    const whole = createAccessibilityReport({ database: server.database, areas });
    const batched = createAccessibilityReport({ database: server.database, areas, batchSize: 1 });
    const first = await whole.report();
    expect(whole.checkedBodies()).toBe(3);
    // A batch of one row walks the same items (keyset pagination by id) to the same answer.
    const walked = await batched.report();
    expect({ ...walked, checked_at: null }).toEqual({ ...first, checked_at: null });

    await whole.report();
    expect(whole.checkedBodies()).toBe(3);
    const current = (await admin.get(`/api/pages/${ids.page}`)).body.data;
    const touched = await admin.patch(`/api/pages/${ids.page}`, {
      title: 'Sede electrónica municipal',
      updated_at: current.updated_at,
    });
    expect(touched.status, touched.text).toBe(200);
    await whole.report();
    expect(whole.checkedBodies()).toBe(4);
  });
});
