import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations/index';
import { type Resolver, systemResolver } from '../src/modules/webhooks/address-guard';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';
import {
  eventually,
  type ReceivedHook,
  startReceiver,
  type WebhookReceiver,
} from './support/webhook-receiver';

// docs/webhooks.md, against a real HTTP receiver: Standard Webhooks signatures checked with an
// independent implementation (the `standardwebhooks` package), the events of news' publication, a
// scheduled item announced at its time, retries, redirects not followed, a stop between commit and
// delivery, SSRF refused at save and at delivery, the secret shown once, permissions.

const FAST = { pollIntervalMs: 100, scheduleIntervalMs: 200, retryScheduleMs: [150, 150, 150] };

/** The payload of a received request, after checking its signature with the standardwebhooks library. */
function verified(secret: string, hook: ReceivedHook) {
  const headers = {
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(hook.body, headers) as {
    type: string;
    timestamp: string;
    data: { area: string; id: number; slug: string | null };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('webhooks (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer(engine, { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { webhooks: FAST });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  afterEach(async () => {
    // Each test's webhooks go with it, so the next one receives only its own events.
    await server.database.query('DELETE FROM webhooks');
    await receiver?.close();
  });

  async function subscribe(events: string[], extra: Record<string, unknown> = {}) {
    receiver = await startReceiver();
    const created = await admin.post('/api/webhooks', {
      name: 'Sitio web',
      url: `${receiver.url}/hooks`,
      events,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.data as { id: number; secret: string; updated_at: string };
  }

  test('the secret is answered once, at creation, and never again', async () => {
    const webhook = await subscribe(['news.published']);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(24);
    const answers = [
      await admin.get(`/api/webhooks/${webhook.id}`),
      await admin.get('/api/webhooks'),
      await admin.get('/api/webhooks?format=csv'),
      await admin.get(`/api/webhooks/${webhook.id}/audit`),
      await admin.patch(`/api/webhooks/${webhook.id}`, { name: 'Otro', updated_at: webhook.updated_at }),
      await admin.get(`/api/webhooks/${webhook.id}/deliveries`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(webhook.secret.slice(6));
      expect(answer.text).not.toContain('whsec_');
    }
    expect(answers[0]!.body.data).toMatchObject({
      name: 'Sitio web',
      url: `${receiver.url}/hooks`,
      events: ['news.published'],
      active: true,
      last_delivery_status: null,
    });
    expect(answers[0]!.body.data).not.toHaveProperty('secret');
    // The history says a secret was made, not what it is.
    expect(answers[3]!.body.data.at(-1).changes.secret).toEqual({ from: null, to: '[oculto]' });
  });

  test('fields are checked with Spanish messages', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: 'x', url: 'ftp://ejemplo.org', events: ['news.published'] }, 'url', /https:\/\//],
      [{ name: 'x', url: 'no es una url', events: ['news.published'] }, 'url', /https:\/\//],
      [{ name: 'x', url: 'https://u:p@ejemplo.org/', events: ['news.published'] }, 'url', /usuario/],
      [{ name: 'x', url: 'https://ejemplo.org', events: [] }, 'events', /al menos un evento/],
      [{ name: 'x', url: 'https://ejemplo.org', events: ['news.borrada'] }, 'events.0', /Evento desconocido/],
      [{ url: 'https://ejemplo.org', events: ['news.published'] }, 'name', /obligatorio/],
      [{ name: 'x', url: 'https://ejemplo.org', events: ['ping'] }, 'events.0', /Evento desconocido/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.post('/api/webhooks', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]?.[0]).toMatch(message);
    }
  });

  test('news: published, updated, unpublished, deleted, each signed; a draft says nothing', async () => {
    const webhook = await subscribe(['news.published', 'news.updated', 'news.unpublished', 'news.deleted']);
    const events = async (count: number) =>
      (await receiver.waitFor(count)).map((hook) => verified(webhook.secret, hook));

    const draft = await admin.post('/api/news', { title: 'Fiestas de agosto' });
    expect(draft.status).toBe(201);
    const id = draft.body.data.id as number;
    const edited = await admin.patch(`/api/news/${id}`, {
      excerpt: 'Programa',
      updated_at: draft.body.data.updated_at,
    });
    expect(edited.status).toBe(200);

    const published = await admin.patch(`/api/news/${id}`, {
      status: 'published',
      updated_at: edited.body.data.updated_at,
    });
    expect(published.status).toBe(200);
    const [first] = await events(1);
    expect(first).toMatchObject({
      type: 'news.published',
      data: { area: 'news', id, slug: 'fiestas-de-agosto' },
    });
    expect(Date.parse(first!.timestamp)).not.toBeNaN();

    const changed = await admin.patch(`/api/news/${id}`, {
      title: 'Fiestas de agosto 2025',
      updated_at: published.body.data.updated_at,
    });
    expect((await events(2))[1]).toMatchObject({ type: 'news.updated', data: { id } });

    const withdrawn = await admin.patch(`/api/news/${id}`, {
      status: 'draft',
      updated_at: changed.body.data.updated_at,
    });
    expect((await events(3))[2]).toMatchObject({ type: 'news.unpublished', data: { id } });

    // A draft's edits and its deletion say nothing.
    const draftAgain = await admin.patch(`/api/news/${id}`, {
      title: 'Borrador',
      updated_at: withdrawn.body.data.updated_at,
    });
    expect(draftAgain.status).toBe(200);
    const other = await admin.post('/api/news', { title: 'Nunca publicada' });
    expect((await admin.delete(`/api/news/${other.body.data.id}`)).status).toBe(204);

    const again = await admin.patch(`/api/news/${id}`, {
      status: 'published',
      updated_at: draftAgain.body.data.updated_at,
    });
    expect(again.status).toBe(200);
    expect((await events(4))[3]).toMatchObject({ type: 'news.published' });
    expect((await admin.delete(`/api/news/${id}`)).status).toBe(204);
    expect((await events(5))[4]).toMatchObject({ type: 'news.deleted', data: { area: 'news', id } });

    await sleep(400);
    expect(receiver.received).toHaveLength(5);
    // Every message its own webhook-id; the log shows them delivered at the first attempt.
    expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size).toBe(5);
    const log = await admin.get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(log.body.data).toHaveLength(5);
    expect(log.body.data[0]).toMatchObject({
      type: 'news.deleted',
      status: 'delivered',
      attempt: 1,
      http_status: 200,
      response_excerpt: 'respuesta 200',
      next_attempt_at: null,
    });
    expect(log.body.data[0].duration_ms).toBeGreaterThanOrEqual(0);
    expect((await admin.get(`/api/webhooks/${webhook.id}`)).body.data.last_delivery_status).toBe('delivered');
  });

  test('only subscribed, active webhooks receive; pages and the other areas announce too', async () => {
    const webhook = await subscribe(['page.published', 'category.changed']);
    const idle = await admin.post('/api/webhooks', {
      name: 'Inactivo',
      url: `${receiver.url}/inactivo`,
      events: ['page.published', 'category.changed'],
      active: false,
    });
    expect(idle.status).toBe(201);

    await admin.post('/api/news', { title: 'Noticia publicada', status: 'published' });
    const page = await admin.post('/api/pages', { title: 'Horario de verano', status: 'published' });
    expect(page.status).toBe(201);
    const category = await admin.post('/api/categories', { name: 'Deportes' });
    expect(category.status).toBe(201);
    const hooks = await receiver.waitFor(2);
    const types = hooks
      .map((hook) => verified(webhook.secret, hook))
      .map(({ type, data }) => ({ type, data }));
    expect(types).toEqual(
      expect.arrayContaining([
        { type: 'page.published', data: { area: 'page', id: page.body.data.id, slug: 'horario-de-verano' } },
        { type: 'category.changed', data: { area: 'category', id: category.body.data.id, slug: 'deportes' } },
      ]),
    );
    await sleep(400);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.every((hook) => hook.path === '/hooks')).toBe(true);
  });

  test('a scheduled news item is announced when its time comes, once', async () => {
    const webhook = await subscribe(['news.published']);
    const at = new Date(Date.now() + 1500);
    const scheduled = await admin.post('/api/news', {
      title: 'Programada',
      status: 'scheduled',
      published_at: at.toISOString(),
    });
    expect(scheduled.status).toBe(201);
    await sleep(500);
    expect(receiver.received).toHaveLength(0);
    const [hook] = await receiver.waitFor(1, 10_000);
    expect(hook!.at).toBeGreaterThanOrEqual(at.getTime());
    // Within the poll interval of its time here (docs/public-api.md: within a minute).
    expect(hook!.at - at.getTime()).toBeLessThan(3000);
    expect(verified(webhook.secret, hook!)).toMatchObject({
      type: 'news.published',
      data: { area: 'news', id: scheduled.body.data.id, slug: 'programada' },
    });
    await sleep(800);
    expect(receiver.received).toHaveLength(1);
  });

  test('slides: a write, a new order and a window opening by itself each send slide.changed', async () => {
    const webhook = await subscribe(['slide.changed']);
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const image = await admin.upload(
      '/api/multimedia',
      { name: 'portada.png', bytes: png },
      { alt: 'Fachada del ayuntamiento' },
    );
    expect(image.status).toBe(201);
    const first = await admin.post('/api/slides', { title: 'Verano', image: image.body.data.id });
    // Not shown during this test: its window opens in an hour.
    const later = await admin.post('/api/slides', {
      title: 'Navidad',
      image: image.body.data.id,
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // Room for a loaded machine: created well before its window opens.
    const opens = new Date(Date.now() + 4000);
    const soon = await admin.post('/api/slides', {
      title: 'Otoño',
      image: image.body.data.id,
      starts_at: opens.toISOString(),
    });
    expect([first.status, later.status, soon.status]).toEqual([201, 201, 201]);
    // The others are not shown before their windows open: their creation is no one's news.
    const [created] = await receiver.waitFor(1);
    expect(verified(webhook.secret, created!).data.id).toBe(first.body.data.id);
    const order = [later.body.data.id, first.body.data.id, soon.body.data.id];
    expect((await admin.put('/api/slides/order', { ids: order })).status).toBe(204);
    // One for each shown slide that moved: the first (the later one moved too, unseen).
    const [, moved] = await receiver.waitFor(2);
    expect(verified(webhook.secret, moved!).data.id).toBe(first.body.data.id);
    const [, , opened] = await receiver.waitFor(3, 15_000);
    expect(opened!.at).toBeGreaterThanOrEqual(opens.getTime());
    expect(verified(webhook.secret, opened!)).toMatchObject({
      type: 'slide.changed',
      data: { area: 'slide', id: soon.body.data.id, slug: null },
    });
    await sleep(800);
    expect(receiver.received).toHaveLength(3);
  }, 60_000);

  test('entities, spaces and slides: only writes a public reader can see are announced', async () => {
    const webhook = await subscribe(['entity.changed', 'space.changed', 'slide.changed']);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a50' } })
      .png()
      .toBuffer();
    const image = await admin.upload(
      '/api/multimedia',
      { name: 'oculta.png', bytes: png },
      { alt: 'Plaza mayor en fiestas' },
    );
    const entity = await admin.post('/api/entities', {
      name: 'Peña oculta',
      type: 'asociacion',
      active: false,
    });
    expect(entity.status, entity.text).toBe(201);
    let entityStamp = entity.body.data.updated_at;
    const patchEntity = async (body: Record<string, unknown>) => {
      const patched = await admin.patch(`/api/entities/${entity.body.data.id}`, {
        ...body,
        updated_at: entityStamp,
      });
      expect(patched.status, patched.text).toBe(200);
      entityStamp = patched.body.data.updated_at;
    };
    const space = await admin.post('/api/spaces', { name: 'Local de la peña', entity: entity.body.data.id });
    expect(space.status, space.text).toBe(201);
    let spaceStamp = space.body.data.updated_at;
    const renameSpace = async (name: string) => {
      const patched = await admin.patch(`/api/spaces/${space.body.data.id}`, {
        name,
        updated_at: spaceStamp,
      });
      expect(patched.status, patched.text).toBe(200);
      spaceStamp = patched.body.data.updated_at;
    };
    const hidden = await admin.post('/api/slides', {
      title: 'Borrador',
      image: image.body.data.id,
      active: false,
    });
    const later = await admin.post('/api/slides', {
      title: 'Navidad',
      image: image.body.data.id,
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([hidden.status, later.status]).toEqual([201, 201]);
    // Inactive, or not yet in its window, or in an inactive entity: nothing public changed.
    await patchEntity({ name: 'Peña oculta (borrador)' });
    await renameSpace('Local');
    const laterEdit = await admin.patch(`/api/slides/${later.body.data.id}`, {
      title: 'Navidad 2026',
      updated_at: later.body.data.updated_at,
    });
    expect(laterEdit.status).toBe(200);
    await sleep(600);
    expect(receiver.received).toHaveLength(0);

    await patchEntity({ active: true }); // it appears, and so does its space
    await renameSpace('Local social');
    await patchEntity({ active: false }); // it goes away: the website must hear it
    await renameSpace('Local cerrado');
    const shown = await admin.patch(`/api/slides/${hidden.body.data.id}`, {
      active: true,
      updated_at: hidden.body.data.updated_at,
    });
    const unshown = await admin.patch(`/api/slides/${hidden.body.data.id}`, {
      active: false,
      updated_at: shown.body.data.updated_at,
    });
    expect(unshown.status).toBe(200);
    const hooks = await receiver.waitFor(5);
    await sleep(600);
    expect(receiver.received).toHaveLength(5);
    expect(
      hooks.map((hook) => verified(webhook.secret, hook)).map(({ type, data }) => `${type} ${data.id}`),
    ).toEqual([
      `entity.changed ${entity.body.data.id}`,
      `space.changed ${space.body.data.id}`,
      `entity.changed ${entity.body.data.id}`,
      `slide.changed ${hidden.body.data.id}`,
      `slide.changed ${hidden.body.data.id}`,
    ]);
  });

  test('an edit of what the website does not read (an entity’s tax id) sends nothing; a public field’s does', async () => {
    const webhook = await subscribe(['entity.changed']);
    const entity = await admin.post('/api/entities', { name: 'Club de lectura', type: 'asociacion' });
    expect(entity.status, entity.text).toBe(201);
    const [created] = await receiver.waitFor(1);
    expect(verified(webhook.secret, created!).type).toBe('entity.changed');
    const taxId = await admin.patch(`/api/entities/${entity.body.data.id}`, {
      tax_id: 'P0501900E',
      updated_at: entity.body.data.updated_at,
    });
    expect(taxId.status, taxId.text).toBe(200);
    await sleep(600);
    expect(receiver.received).toHaveLength(1);
    const phone = await admin.patch(`/api/entities/${entity.body.data.id}`, {
      phone: '920 35 40 00',
      updated_at: taxId.body.data.updated_at,
    });
    expect(phone.status, phone.text).toBe(200);
    const [, edited] = await receiver.waitFor(2);
    expect(verified(webhook.secret, edited!)).toMatchObject({
      type: 'entity.changed',
      data: { area: 'entity', id: entity.body.data.id },
    });
  });

  test('a receiver that fails twice and then answers gets three attempts of one message', async () => {
    const webhook = await subscribe(['category.changed']);
    receiver.answer = (_hook, index) => (index < 2 ? 500 : 204);
    await admin.post('/api/categories', { name: 'Cultura' });
    const hooks = await receiver.waitFor(3);
    await sleep(500);
    expect(receiver.received).toHaveLength(3);
    // The same webhook-id and body every time, each attempt signed anew.
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(1);
    expect(new Set(hooks.map((hook) => hook.body)).size).toBe(1);
    for (const hook of hooks) expect(verified(webhook.secret, hook).type).toBe('category.changed');
    // The schedule's waits (150 ms here) were kept.
    expect(hooks[1]!.at - hooks[0]!.at).toBeGreaterThanOrEqual(140);
    expect(hooks[2]!.at - hooks[1]!.at).toBeGreaterThanOrEqual(140);
    const [delivery] = (await admin.get(`/api/webhooks/${webhook.id}/deliveries`)).body.data;
    expect(delivery).toMatchObject({ status: 'delivered', attempt: 3, http_status: 204, error: null });
  });

  test('after the last retry a delivery is failed', async () => {
    const webhook = await subscribe(['category.changed']);
    receiver.answer = () => 503;
    await admin.post('/api/categories', { name: 'Sin suerte' });
    // One attempt and the three retries of this server's schedule.
    await receiver.waitFor(4);
    const delivery = await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${webhook.id}/deliveries`)).body.data;
      return row.status === 'failed' ? row : null;
    });
    expect(delivery).toMatchObject({ attempt: 4, http_status: 503, next_attempt_at: null });
    await sleep(400);
    expect(receiver.received).toHaveLength(4);
  });

  test('redirects are not followed: a 3xx is a failed attempt', async () => {
    const webhook = await subscribe(['category.changed']);
    receiver.answer = (hook) =>
      hook.path === '/hooks'
        ? (response) => response.writeHead(302, { location: `${receiver.url}/otra` }).end()
        : 200;
    await admin.post('/api/categories', { name: 'Redirigida' });
    const delivery = await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${webhook.id}/deliveries`)).body.data;
      return row.attempt >= 1 && row.http_status ? row : null;
    });
    expect(delivery).toMatchObject({ http_status: 302 });
    expect(delivery.status).not.toBe('delivered');
    expect(delivery.error).toMatch(/Redirección no seguida/);
    expect(receiver.received.every((hook) => hook.path === '/hooks')).toBe(true);
  });

  test('"Enviar prueba" sends a ping; "Reenviar" sends the same message again', async () => {
    const webhook = await subscribe(['news.deleted']);
    const ping = await admin.post(`/api/webhooks/${webhook.id}/ping`);
    expect(ping.status).toBe(202);
    expect(ping.body.data).toMatchObject({
      type: 'ping',
      status: 'pending',
      attempt: 0,
      webhook_id: webhook.id,
    });
    const [hook] = await receiver.waitFor(1);
    expect(verified(webhook.secret, hook!)).toMatchObject({
      type: 'ping',
      data: { area: 'webhook', id: webhook.id, slug: null },
    });
    const delivered = await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${webhook.id}/deliveries`)).body.data;
      return row.status === 'delivered' ? row : null;
    });

    const resend = await admin.post(`/api/webhooks/${webhook.id}/deliveries/${delivered.id}/resend`);
    expect(resend.status).toBe(202);
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(hook!.headers['webhook-id']);
    expect(again!.body).toBe(hook!.body);
    verified(webhook.secret, again!);
    await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${webhook.id}/deliveries`)).body.data;
      return row.status === 'delivered' && row.attempt === 2;
    });

    expect((await admin.post(`/api/webhooks/${webhook.id}/deliveries/999999/resend`)).status).toBe(404);
    expect((await admin.post('/api/webhooks/999999/ping')).status).toBe(404);
    expect((await admin.get('/api/webhooks/999999/deliveries')).body.message).toBe(
      'El recurso solicitado no existe.',
    );
  });

  test('a server stopped between commit and delivery delivers after its restart', async () => {
    const webhook = await subscribe(['category.changed']);
    // The first request is never answered: the server stops while it is in flight.
    receiver.answer = (_hook, index) => (index === 0 ? 'hang' : 200);
    await admin.post('/api/categories', { name: 'Reinicio' });
    const [first] = await receiver.waitFor(1);
    await server.app.close();
    // Another server on the same data (the restarted one) sends the message again, same webhook-id.
    await server.startTwin();
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verified(webhook.secret, second!).type).toBe('category.changed');
    // Handed back by the stopped server, so the one attempt that counts is the restarted server's.
    const row = await eventually(async () => {
      const [found] = await server.database.query<{ status: string; attempt: number }>(
        'SELECT status, attempt FROM webhook_deliveries WHERE webhook_id = $1',
        [webhook.id],
      );
      return found?.status === 'delivered' ? found : null;
    });
    expect(row).toEqual({ status: 'delivered', attempt: 1 });
  });
});

describe('webhooks: an existing installation', () => {
  test("migrating gives the administrator role the new area's permissions", async () => {
    const database = openPglite();
    try {
      // An installation from before webhooks: every migration up to 0017, which later ones build on.
      await migrate(
        database,
        MIGRATIONS.slice(
          0,
          MIGRATIONS.findIndex((migration) => migration.name === '0017-webhooks'),
        ),
      );
      const [role] = await database.query<{ id: number }>(
        "INSERT INTO roles (name, label) VALUES ('admin', 'Administrador') RETURNING id",
      );
      await database.query("INSERT INTO role_permissions (role_id, permission) VALUES ($1, 'news.view')", [
        role!.id,
      ]);
      expect((await migrate(database))[0]).toBe('0017-webhooks');
      const granted = await database.query<{ permission: string }>(
        "SELECT permission FROM role_permissions WHERE role_id = $1 AND permission LIKE 'webhook.%' ORDER BY 1",
        [role!.id],
      );
      expect(granted.map((row) => row.permission)).toEqual([
        'webhook.create',
        'webhook.delete',
        'webhook.update',
        'webhook.view',
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())('webhooks: permissions (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => server?.close());

  test('the editor and the reader see no webhooks; view alone may not change, test or resend', async () => {
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const created = await admin.post('/api/webhooks', {
      name: 'Sitio',
      url: 'http://127.0.0.1:9/hooks',
      events: ['news.published'],
      active: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    for (const role of ['editor', 'lector']) {
      const { client } = await server.signIn({ roles: [role] });
      expect((await client.get('/api/webhooks')).status).toBe(403);
      expect((await client.get(`/api/webhooks/${id}/deliveries`)).status).toBe(403);
    }
    const role = await admin.post('/api/roles', {
      name: 'integrador',
      label: 'Integrador',
      permissions: ['webhook.view'],
    });
    expect(role.status).toBe(201);
    const { client: viewer } = await server.signIn({ roles: ['integrador'] });
    expect((await viewer.get('/api/webhooks')).status).toBe(200);
    expect((await viewer.get(`/api/webhooks/${id}/deliveries`)).status).toBe(200);
    const refused = [
      await viewer.post('/api/webhooks', {
        name: 'x',
        url: 'http://127.0.0.1:9/',
        events: ['news.published'],
      }),
      await viewer.post(`/api/webhooks/${id}/ping`),
      await viewer.post(`/api/webhooks/${id}/deliveries/1/resend`),
      await viewer.delete(`/api/webhooks/${id}`),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Esta acción no está autorizada.');
    }
  });
});

describe.each(testDatabases())('webhooks: no SSRF (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let receiver: WebhookReceiver;
  // Names a test decides, and the system's resolver for the rest (localhost).
  const names = new Map<string, string>();
  const resolver: Resolver = async (hostname) => {
    const address = names.get(hostname);
    if (!address) return systemResolver(hostname);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(engine, {}, { webhooks: { ...FAST, resolver } });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const save = (url: string) =>
    admin.post('/api/webhooks', { name: 'Sitio', url, events: ['category.changed'] });

  test('loopback, private, link-local, metadata and other reserved addresses are refused at save', async () => {
    names.set('interno.example.test', '10.1.2.3');
    for (const url of [
      'http://localhost/hooks',
      `http://127.0.0.1:${receiver.port}/hooks`,
      'https://127.0.0.1/hooks',
      'http://10.0.0.1/',
      'https://172.16.5.4/',
      'https://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
      'http://2130706433/',
      'https://interno.example.test/hooks',
    ]) {
      const answer = await save(url);
      expect(answer.status, url).toBe(422);
      expect(answer.body.errors.url[0], url).toMatch(/dirección privada, local o reservada/);
    }
    const unknown = await save('https://no-existe.example.test/');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.url[0]).toBe(
      'No se encuentra el servidor «no-existe.example.test»: compruebe la dirección (URL).',
    );
    names.set('publico.example.test', '93.184.216.34');
    expect((await save('https://publico.example.test/hooks')).status).toBe(201);
    expect((await save('http://[2606:4700:4700::1111]/hooks')).status).toBe(201);
  });

  test('only ports 80, 443 and 1024–65535: refused at creation, at update and at delivery', async () => {
    names.set('puertos.example.test', '93.184.216.34');
    const refusal = (port: string) =>
      `La dirección (URL) usa el puerto ${port}: los webhooks solo se envían a los puertos 80 y 443 o a uno del 1024 al 65535.`;
    for (const port of ['25', '22', '0', '1023', '8']) {
      const answer = await save(`http://puertos.example.test:${port}/hooks`);
      expect(answer.status, port).toBe(422);
      expect(answer.body.errors.url, port).toEqual([refusal(port)]);
    }
    for (const url of [
      'http://puertos.example.test:80/hooks',
      'https://puertos.example.test:443/hooks',
      'http://puertos.example.test:443/hooks',
      'https://puertos.example.test:1024/hooks',
      'https://puertos.example.test:8443/hooks',
      'https://puertos.example.test:65535/hooks',
      'https://puertos.example.test/hooks',
    ]) {
      expect((await save(url)).status, url).toBe(201);
    }
    const kept = await save('https://puertos.example.test/otro');
    const moved = await admin.patch(`/api/webhooks/${kept.body.data.id}`, {
      url: 'https://puertos.example.test:25/otro',
      updated_at: kept.body.data.updated_at,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.url).toEqual([refusal('25')]);
    // One saved before the rule (written here as an older version would have) is refused when sent.
    const [old] = await server.database.query<{ id: number }>(
      `UPDATE webhooks SET url = 'http://puertos.example.test:25/hooks' WHERE id = $1 RETURNING id`,
      [kept.body.data.id],
    );
    await server.database.query('UPDATE webhooks SET active = false WHERE id <> $1', [old!.id]);
    await admin.post('/api/categories', { name: 'Puertos' });
    const delivery = await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${old!.id}/deliveries`)).body.data;
      return row?.attempt >= 1 && row.error ? row : null;
    });
    expect(delivery).toMatchObject({ http_status: null, error: refusal('25') });
    await server.database.query('UPDATE webhooks SET active = false');
  });

  test('a name that resolves to 127.0.0.1 by the time of delivery is refused then (no rebinding)', async () => {
    names.set('cambiante.example.test', '93.184.216.34');
    const created = await save(`http://cambiante.example.test:${receiver.port}/hooks`);
    expect(created.status).toBe(201);
    names.set('cambiante.example.test', '127.0.0.1');
    await admin.post('/api/categories', { name: 'Rebinding' });
    const delivery = await eventually(async () => {
      const [row] = (await admin.get(`/api/webhooks/${created.body.data.id}/deliveries`)).body.data;
      return row?.attempt >= 1 && row.error ? row : null;
    });
    expect(delivery).toMatchObject({ status: 'retrying', http_status: null });
    expect(delivery.error).toMatch(/127\.0\.0\.1.*direcciones públicas/);
    await sleep(300);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhooks: the address checked is the one connected to', () => {
  test('a name is resolved once and the request pinned to that address', async () => {
    const receiver = await startReceiver();
    let lookups = 0;
    const resolver: Resolver = async (hostname) => {
      if (hostname !== 'fijado.example.test') throw new Error('ENOTFOUND');
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const server = await startTestServer(
      'pglite',
      { WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { webhooks: { ...FAST, resolver } },
    );
    try {
      const { client } = await server.signIn({ roles: ['admin'] });
      const created = await client.post('/api/webhooks', {
        name: 'Fijado',
        url: `http://fijado.example.test:${receiver.port}/hooks`,
        events: ['category.changed'],
      });
      expect(created.status).toBe(201);
      await client.post('/api/categories', { name: 'Fijada' });
      // The system's resolver does not know the name: only the pinned address can have reached here.
      const [hook] = await receiver.waitFor(1);
      expect(hook!.headers.host).toBe(`fijado.example.test:${receiver.port}`);
      expect(lookups).toBe(2);
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});
