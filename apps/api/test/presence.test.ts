import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TestClient, type TestServer, testDatabases } from './support';

// Issue 19 "Who is editing" (decision 027): the live channel (server-sent events), presence and the
// edit lock with take-over, expiry two minutes after the last sign of life, permissions, CSRF, saves
// reaching the other tabs, and all of it shared by two server processes on one database.

const newTab = () => randomBytes(12).toString('base64url');

// biome-ignore lint/suspicious/noExplicitAny: event bodies are whatever the server sent; tests check them with expect()
type EventData = any;

interface LiveEvent {
  event: string;
  data: unknown;
}

/** A tab's live channel read as a browser's EventSource would: events in order, awaited one by one. */
class LiveReader {
  readonly events: LiveEvent[] = [];
  private buffer = '';
  private waiters: Array<() => void> = [];
  private readonly abort = new AbortController();
  status = 0;
  contentType = '';
  cacheControl = '';
  raw = '';
  ended = false;

  async open(client: TestClient, baseUrl: string, tab: string) {
    const response = await fetch(new URL(`/api/live?lang=es&tab=${tab}`, baseUrl), {
      headers: {
        Accept: 'text/event-stream',
        'Accept-Encoding': 'gzip, br',
        Origin: client.origin ?? '',
        Cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      signal: this.abort.signal,
    });
    this.status = response.status;
    this.contentType = response.headers.get('content-type') ?? '';
    this.cacheControl = response.headers.get('cache-control') ?? '';
    if (response.status !== 200) {
      this.raw = await response.text();
      return this;
    }
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true });
          this.raw += text;
          this.buffer += text;
          let end = this.buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = this.buffer.slice(0, end);
            this.buffer = this.buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) this.events.push({ event, data: JSON.parse(data) });
            end = this.buffer.indexOf('\n\n');
          }
          for (const wake of this.waiters.splice(0)) wake();
        }
      } catch {
        // aborted
      }
      this.ended = true;
      for (const wake of this.waiters.splice(0)) wake();
    })();
    return this;
  }

  /** The first event (from `from` on) that matches, waiting up to 5 s for it. */
  async next(
    event: string,
    match: (data: EventData) => boolean = () => true,
    from = 0,
    timeoutMs = 5000,
  ): Promise<EventData> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find((e) => e.event === event && match(e.data));
      if (found) return found.data;
      if (this.ended || Date.now() > deadline)
        throw new Error(`No llegó el evento ${event}; llegaron: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Whether an event that matches arrives within `ms` (to show that one does not). */
  async arrives(event: string, match: (data: EventData) => boolean, from: number, ms = 400) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.events.slice(from).some((e) => e.event === event && match(e.data));
  }

  close() {
    this.abort.abort();
  }
}

describe.each(testDatabases())('who is editing (%s)', (engine) => {
  let server: TestServer;
  let ana: TestClient;
  let luis: TestClient;
  let lectora: TestClient;
  let anaId: number;
  let luisId: number;
  const readers: LiveReader[] = [];

  const live = async (client: TestClient, tab: string, baseUrl = server.url) => {
    const reader = await new LiveReader().open(client, baseUrl, tab);
    readers.push(reader);
    return reader;
  };

  const createNews = async (title: string) => {
    const response = await ana.post('/api/news', { title });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; slug: string; updated_at: string };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    const first = await server.signIn({ name: 'Ana Pérez', roles: ['editor'] });
    ({ client: ana } = first);
    anaId = first.user.id;
    const second = await server.signIn({ name: 'Luis Gómez', roles: ['editor'] });
    ({ client: luis } = second);
    luisId = second.user.id;
    ({ client: lectora } = await server.signIn({ name: 'Lola Lectora', roles: ['lector'] }));
  });
  afterAll(async () => {
    // The server ends the streams as it stops (a client aborting its reads first may leave undici
    // opening a connection that sends nothing, which a stopping server waits for).
    await server?.close();
    for (const reader of readers) reader.close();
  });

  test('the live channel needs a session and a valid tab, and is an uncompressed, uncached event stream', async () => {
    const anonymous = server.client();
    const refused = await new LiveReader().open(anonymous, server.url, newTab());
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.raw).message).toBe('No autenticado.');

    const bad = await new LiveReader().open(ana, server.url, 'x');
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.raw).errors.tab).toBeDefined();

    const reader = await live(ana, newTab());
    expect(reader.status).toBe(200);
    expect(reader.contentType).toBe('text/event-stream; charset=utf-8');
    expect(reader.cacheControl).toBe('no-store');
    await expect.poll(() => reader.raw).toMatch(/^retry: \d+\n/);
  });

  test('the first editor holds the lock; the second sees it and is read-only; take-over tells the first at once', async () => {
    const news = await createNews('Pleno municipal de noviembre');
    const anaTab = newTab();
    const luisTab = newTab();
    const anaLive = await live(ana, anaTab);
    const luisLive = await live(luis, luisTab);

    const first = await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ area: 'news', id: news.id, mine: true, editors: [] });
    expect(first.body.data.lock.user).toEqual({ id: anaId, name: 'Ana Pérez' });
    expect(first.body.data.updated_at).toBe(news.updated_at);

    const second = await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab });
    expect(second.body.data.mine).toBe(false);
    expect(second.body.data.lock.user.name).toBe('Ana Pérez');
    expect(second.body.data.editors).toEqual([
      {
        user: { id: anaId, name: 'Ana Pérez' },
        since: expect.any(String),
        holds_lock: true,
        same_user: false,
      },
    ]);

    // Ana's tab hears that Luis arrived, live.
    const arrived = await anaLive.next('presence', (data) =>
      data.editors.some((e: { user: { id: number } }) => e.user.id === luisId),
    );
    expect(arrived).toMatchObject({ area: 'news', id: news.id, mine: true });

    // A heartbeat does not take a lock someone else holds.
    const heartbeat = await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab });
    expect(heartbeat.body.data.mine).toBe(false);

    const from = anaLive.events.length;
    const taken = await luis.post(`/api/news/${news.id}/presence/take-over`, { tab: luisTab });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data.mine).toBe(true);
    expect(taken.body.data.lock.user.name).toBe('Luis Gómez');

    const told = await anaLive.next('presence', (data) => data.lock?.user.id === luisId, from);
    expect(told.mine).toBe(false);
    expect(told.editors).toEqual([
      {
        user: { id: luisId, name: 'Luis Gómez' },
        since: expect.any(String),
        holds_lock: true,
        same_user: false,
      },
    ]);
    await luisLive.next('presence', (data) => data.mine === true);

    // Ana's heartbeat does not take it back; when Luis leaves, the lock is free and hers on asking.
    expect((await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab })).body.data.mine).toBe(false);
    const left = await luis.delete(`/api/news/${news.id}/presence?tab=${luisTab}`);
    expect(left.status).toBe(204);
    const free = await anaLive.next(
      'presence',
      (data) => data.lock === null && data.editors.length === 0,
      from,
    );
    expect(free.mine).toBe(false);
    expect((await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab })).body.data.mine).toBe(true);
  });

  test('a presence and its lock expire two minutes after the last sign of life', async () => {
    const news = await createNews('Fiestas patronales');
    const anaTab = newTab();
    const luisTab = newTab();
    expect((await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab })).body.data.mine).toBe(true);
    const luisLive = await live(luis, luisTab);
    expect((await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab })).body.data.mine).toBe(false);

    // Ninety seconds of silence: still there.
    await server.database.query(
      `UPDATE edit_presence SET seen_at = now() - interval '90 seconds' WHERE user_id = $1`,
      [anaId],
    );
    expect((await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab })).body.data.mine).toBe(false);

    // Two minutes and a second: gone, and the lock with it; the waiting tab takes it on its heartbeat.
    await server.database.query(
      `UPDATE edit_presence SET seen_at = now() - interval '121 seconds' WHERE user_id = $1`,
      [anaId],
    );
    const from = luisLive.events.length;
    const after = await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab });
    expect(after.body.data).toMatchObject({ mine: true, editors: [] });
    expect(after.body.data.lock.user.name).toBe('Luis Gómez');
    await luisLive.next('presence', (data) => data.mine === true && data.editors.length === 0, from);

    // The expired tab coming back is a new arrival, without the lock.
    const back = await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab });
    expect(back.body.data.mine).toBe(false);
    expect(back.body.data.lock.user.name).toBe('Luis Gómez');
  });

  test('permissions: no view is 403; view alone sees the others but never takes the lock', async () => {
    const page = await server.database.query<{ id: number }>('SELECT id FROM pages ORDER BY id LIMIT 1');
    const pageId = page[0]!.id;
    const news = await createNews('Presupuestos participativos');
    const { client: nobody } = await server.signIn({ roles: [] });
    const refused = await nobody.post(`/api/news/${news.id}/presence`, { tab: newTab() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Esta acción no está autorizada.');

    const readerTab = newTab();
    const watching = await lectora.post(`/api/news/${news.id}/presence`, { tab: readerTab });
    expect(watching.status).toBe(200);
    // Nobody else there, and still no lock for someone who may only view.
    expect(watching.body.data).toMatchObject({ mine: false, lock: null, editors: [] });
    const takeOver = await lectora.post(`/api/news/${news.id}/presence/take-over`, { tab: readerTab });
    expect(takeOver.status).toBe(403);

    // The editor arriving takes the free lock and sees the reader among those present.
    const anaTab = newTab();
    const editor = await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab });
    expect(editor.body.data.mine).toBe(true);
    expect(editor.body.data.editors.map((e: { user: { name: string } }) => e.user.name)).toEqual([
      'Lola Lectora',
    ]);

    // `editing: false` (a record the person may not manage): present, never holding the lock.
    const otherNews = await createNews('Agenda cultural');
    const declined = await ana.post(`/api/news/${otherNews.id}/presence`, { tab: anaTab, editing: false });
    expect(declined.body.data).toMatchObject({ mine: false, lock: null });

    // Unknown records and bad input.
    expect((await ana.post('/api/news/999999/presence', { tab: anaTab })).status).toBe(404);
    const bad = await ana.post(`/api/news/${news.id}/presence`, { tab: 'no vale' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.tab).toEqual(['El identificador de la pestaña no es válido.']);
    expect((await ana.post(`/api/news/${news.id}/presence`, {})).status).toBe(422);
    // Every area has it: pages, by the page area's permissions.
    expect((await ana.post(`/api/pages/${pageId}/presence`, { tab: anaTab })).body.data.mine).toBe(true);
  });

  test('the POSTs and the DELETE pass the CSRF rule like any request', async () => {
    const news = await createNews('Obras en la plaza');
    const tab = newTab();
    for (const [method, path] of [
      ['POST', `/api/news/${news.id}/presence`],
      ['POST', `/api/news/${news.id}/presence/take-over`],
      ['DELETE', `/api/news/${news.id}/presence?tab=${tab}`],
    ] as const) {
      const response = await ana.request(method, path, {
        json: { tab },
        headers: { 'X-XSRF-TOKEN': 'falso' },
      });
      expect(response.status, `${method} ${path}`).toBe(419);
    }
    const rows = await server.database.query('SELECT 1 FROM edit_presence WHERE tab_id = $1', [tab]);
    expect(rows).toEqual([]);
  });

  test('a save reaches every other tab with the record open, with who saved and the new version', async () => {
    const news = await createNews('Mercado de Navidad');
    const anaTab = newTab();
    const luisTab = newTab();
    const readerTab = newTab();
    const strangerTab = newTab();
    const anaLive = await live(ana, anaTab);
    const luisLive = await live(luis, luisTab);
    const readerLive = await live(lectora, readerTab);
    const { client: stranger } = await server.signIn({ roles: ['editor'] });
    const strangerLive = await live(stranger, strangerTab);
    await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab });
    await luis.post(`/api/news/${news.id}/presence`, { tab: luisTab });
    await lectora.post(`/api/news/${news.id}/presence`, { tab: readerTab });

    // Luis saves without the lock: locks never block the API.
    const saved = await luis.put(`/api/news/${news.id}`, {
      excerpt: 'Del 1 al 6 de diciembre',
      updated_at: news.updated_at,
    });
    expect(saved.status, saved.text).toBe(200);
    const heard = await anaLive.next('saved', (data) => data.id === news.id);
    expect(heard).toEqual({
      area: 'news',
      id: news.id,
      user: { id: luisId, name: 'Luis Gómez' },
      updated_at: saved.body.data.updated_at,
    });
    await readerLive.next('saved', (data) => data.id === news.id);
    // Luis's own tab hears it too (the SPA knows the version it saved); someone without it open does not.
    await luisLive.next('saved', (data) => data.id === news.id);
    expect(await strangerLive.arrives('saved', (data) => data.id === news.id, 0)).toBe(false);

    // Ana's stale version still gets the 409: the final guard.
    const stale = await ana.put(`/api/news/${news.id}`, { excerpt: 'Otro', updated_at: news.updated_at });
    expect(stale.status).toBe(409);

    // A save that rolls back announces nothing.
    const from = anaLive.events.length;
    const refused = await luis.put(`/api/news/${news.id}`, {
      slug: 'NO VALE',
      updated_at: saved.body.data.updated_at,
    });
    expect(refused.status).toBe(422);
    expect(await anaLive.arrives('saved', () => true, from)).toBe(false);
  });

  test('a person who loses the view permission stops hearing the record; signing out ends the stream', async () => {
    const role = await ana.request('GET', '/api/user');
    expect(role.status).toBe(200);
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const created = await admin.post('/api/roles', {
      name: `temporal-${newTab()
        .slice(0, 6)
        .toLowerCase()
        .replace(/[^a-z]/g, 'x')}`,
      label: 'Temporal',
      permissions: ['news.view'],
    });
    expect(created.status, created.text).toBe(201);
    const { client: temporary } = await server.signIn({ roles: [created.body.data.name] });
    const news = await createNews('Ruta de senderismo');
    const tab = newTab();
    const stream = await live(temporary, tab);
    await temporary.post(`/api/news/${news.id}/presence`, { tab });
    const anaTab = newTab();
    await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab });
    await stream.next('presence', (data) => data.editors.length === 1);

    // The role loses news.view: the next announcement does not reach the stream.
    const revoked = await admin.put(`/api/roles/${created.body.data.id}`, {
      permissions: ['page.view'],
      updated_at: created.body.data.updated_at,
    });
    expect(revoked.status, revoked.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const from = stream.events.length;
    await ana.delete(`/api/news/${news.id}/presence?tab=${anaTab}`);
    expect(await stream.arrives('presence', () => true, from)).toBe(false);
    // …and its heartbeat is refused.
    expect((await temporary.post(`/api/news/${news.id}/presence`, { tab })).status).toBe(403);

    // Signing out closes the stream.
    expect((await temporary.post('/api/logout')).status).toBe(204);
    await expect.poll(() => stream.ended, { timeout: 5000 }).toBe(true);
  });

  test('a bounded number of streams per person; the same tab reconnecting replaces its stream', async () => {
    const { client: busy } = await server.signIn({ roles: ['editor'] });
    const tab = newTab();
    const first = await live(busy, tab);
    const again = await live(busy, tab);
    expect(again.status).toBe(200);
    await expect.poll(() => first.ended, { timeout: 5000 }).toBe(true);
    const more: LiveReader[] = [];
    for (let i = 0; i < 9; i++) more.push(await live(busy, newTab()));
    expect(more.every((reader) => reader.status === 200)).toBe(true);
    const refused = await live(busy, newTab());
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.raw).message).toMatch(/demasiadas conexiones/i);
  });

  test('locks and presence are shared by two server processes on one database', async () => {
    const twinUrl = await server.startTwin();
    const news = await createNews('Consejo de barrio');
    // Luis works against the second process with the same session cookie (sessions live in the database).
    const luisTwin = new TestClient(twinUrl, { origin: luis.origin });
    for (const [name, value] of luis.jar) luisTwin.jar.set(name, value);
    const anaTab = newTab();
    const luisTab = newTab();
    const anaLive = await live(ana, anaTab);
    const luisLive = await live(luisTwin, luisTab, twinUrl);

    expect((await ana.post(`/api/news/${news.id}/presence`, { tab: anaTab })).body.data.mine).toBe(true);
    const second = await luisTwin.post(`/api/news/${news.id}/presence`, { tab: luisTab });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.mine).toBe(false);
    expect(second.body.data.lock.user.name).toBe('Ana Pérez');
    await anaLive.next('presence', (data) =>
      data.editors.some((e: { user: { id: number } }) => e.user.id === luisId),
    );

    const from = anaLive.events.length;
    expect(
      (await luisTwin.post(`/api/news/${news.id}/presence/take-over`, { tab: luisTab })).body.data.mine,
    ).toBe(true);
    const told = await anaLive.next('presence', (data) => data.lock?.user.id === luisId, from);
    expect(told.mine).toBe(false);

    // A save on the first process reaches the tab whose stream is on the second.
    const saved = await ana.put(`/api/news/${news.id}`, {
      excerpt: 'Orden del día',
      updated_at: news.updated_at,
    });
    expect(saved.status).toBe(200);
    const heard = await luisLive.next('saved', (data) => data.id === news.id);
    expect(heard.user).toEqual({ id: anaId, name: 'Ana Pérez' });
  });
});
