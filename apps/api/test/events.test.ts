import { PublicEventList, PublicEventOne } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { publicReader, startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// The agenda (issue 31): an area declared on the machinery, whose public side (list, record, feeds,
// calendar, sitemap) comes from its field table and its declaration. Through real HTTP, both engines.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('agenda (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let organiser: TestClient;
  let round = 0;
  const unique = (text: string) => `${text} ${++round}`;

  beforeAll(async () => {
    server = await startTestServer(engine, { PUBLIC_EVENT_URL: 'https://www.example.org/agenda/{slug}' });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    // Whoever runs the agenda: every event permission but publishing, and what the form picks from.
    const role = await admin.post('/api/roles', {
      name: 'agenda',
      label: 'Agenda',
      permissions: [
        'event.view',
        'event.create',
        'event.update',
        'event.delete',
        'space.view',
        'category.view',
      ],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: organiser } = await server.signIn({ roles: ['agenda'] }));
  });
  afterAll(() => server?.close());

  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const created = async (path: string, body: Record<string, unknown>, client = admin) => {
    const response = await client.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const event = (body: Record<string, unknown>) =>
    created('/api/events', {
      title: unique('Concierto'),
      starts_at: at(DAY),
      ends_at: at(DAY + 2 * HOUR),
      status: 'published',
      ...body,
    });
  const get = (path: string, headers: Record<string, string> = {}) => publicReader(server)(path, headers);
  const shaped = <S extends z.ZodType>(schema: S, body: unknown) => {
    const result = schema.safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  };

  test('the rules of a write: an end before the start and a missing start are Spanish 422s; publishing needs event.publish', async () => {
    const backwards = await admin.post('/api/events', {
      title: 'Al revés',
      starts_at: at(DAY),
      ends_at: at(DAY - HOUR),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toEqual(['El final debe ser igual o posterior al comienzo.']);
    const undated = await admin.post('/api/events', { title: 'Sin fecha', ends_at: at(DAY) });
    expect(undated.status).toBe(422);
    expect(undated.body.errors.starts_at).toEqual(['El campo comienzo es obligatorio.']);

    // One end moved alone is checked against the stored other.
    const stored = await created('/api/events', {
      title: 'Una tarde',
      starts_at: at(DAY),
      ends_at: at(DAY + HOUR),
    });
    const earlyEnd = await admin.patch(`/api/events/${stored.id}`, {
      ends_at: at(DAY - HOUR),
      updated_at: stored.updated_at,
    });
    expect(earlyEnd.status).toBe(422);
    expect(earlyEnd.body.errors.ends_at).toEqual(['El final debe ser igual o posterior al comienzo.']);
    const lateStart = await admin.patch(`/api/events/${stored.id}`, {
      starts_at: at(DAY + 2 * HOUR),
      updated_at: stored.updated_at,
    });
    expect(lateStart.status).toBe(422);
    expect(lateStart.body.errors.starts_at).toEqual(['El comienzo debe ser igual o anterior al final.']);

    const draft = await created(
      '/api/events',
      { title: 'Taller de lectura', starts_at: at(DAY), ends_at: at(DAY + HOUR) },
      organiser,
    );
    expect(draft).toMatchObject({ status: 'draft', space: null, categories: [] });
    const direct = await organiser.post('/api/events', {
      title: 'Directo',
      starts_at: at(DAY),
      ends_at: at(DAY + HOUR),
      status: 'published',
    });
    expect(direct.status).toBe(403);
    const publish = await organiser.patch(`/api/events/${draft.id}`, {
      status: 'published',
      updated_at: draft.updated_at,
    });
    expect(publish.status).toBe(403);
  });

  test('the public agenda: what is published and not over, soonest first, filtered by Madrid days and space', async () => {
    const hall = await created('/api/spaces', { name: unique('Auditorio'), address: 'Plaza Mayor, 1' });
    const later = await event({
      title: unique('Más tarde'),
      starts_at: at(3 * DAY),
      ends_at: at(3 * DAY + HOUR),
    });
    const now = await event({
      title: unique('Ahora'),
      starts_at: at(-HOUR),
      ends_at: at(HOUR),
      space: hall.id,
    });
    const soon = await event({ title: unique('Pronto'), space: hall.id });
    const over = await event({ title: unique('Pasado'), starts_at: at(-3 * HOUR), ends_at: at(-HOUR) });
    const draft = await event({ title: unique('Borrador'), status: 'draft' });
    const future = await event({ title: unique('Programado'), status: 'scheduled', published_at: at(DAY) });

    const list = await get('/events?per_page=50');
    expect(list.status).toBe(200);
    shaped(PublicEventList, list.body);
    const slugs = list.body.data.map((item: { slug: string }) => item.slug);
    expect(slugs.filter((slug: string) => [later.slug, now.slug, soon.slug].includes(slug))).toEqual([
      now.slug,
      soon.slug,
      later.slug,
    ]);
    for (const hidden of [over, draft, future]) {
      expect(slugs).not.toContain(hidden.slug);
      expect((await get(`/events/${hidden.slug}`)).status).toBe(404);
    }
    const first = list.body.data.find((item: { slug: string }) => item.slug === now.slug);
    expect(first).toMatchObject({
      title: now.title,
      space: { slug: hall.slug, name: hall.name, address: 'Plaza Mayor, 1' },
      url: `https://www.example.org/agenda/${now.slug}`,
    });
    expect(first.body).toBeUndefined();

    // Madrid's days: `from` the day after tomorrow leaves out what ends before it.
    const dayOf = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + offset));
    const fromLater = await get(`/events?from=${dayOf(3 * DAY)}&per_page=50`);
    const fromSlugs = fromLater.body.data.map((item: { slug: string }) => item.slug);
    expect(fromSlugs).toContain(later.slug);
    expect(fromSlugs).not.toContain(now.slug);
    const untilToday = await get(`/events?to=${dayOf(0)}&per_page=50`);
    const untilSlugs = untilToday.body.data.map((item: { slug: string }) => item.slug);
    expect(untilSlugs).toContain(now.slug);
    expect(untilSlugs).not.toContain(later.slug);
    const inHall = await get(`/events?space=${hall.slug}`);
    expect(inHall.body.data.map((item: { slug: string }) => item.slug)).toEqual([now.slug, soon.slug]);

    const one = await get(`/events/${soon.slug}`);
    shaped(PublicEventOne, one.body);
    expect(one.body.data).toMatchObject({ slug: soon.slug, body: '', starts_at: soon.starts_at });

    const refused = await get('/events?from=2026-02-30');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.from).toEqual(['El parámetro from no es una fecha que exista.']);
    const reversed = await get('/events?from=2026-12-10&to=2026-12-01');
    expect(reversed.body.errors.to).toEqual(['El parámetro to no puede ser anterior a from.']);
  });

  test('the calendar (RFC 5545): Madrid times with their zone, escaped text, folded lines; the feed and the sitemap', async () => {
    const summer = new Date(Date.UTC(2099, 6, 1, 17, 0)); // 19:00 in Madrid (summer time)
    const winter = new Date(Date.UTC(2099, 11, 1, 17, 0)); // 18:00 in Madrid
    const title = unique('Teatro; música, y danza');
    const long = await event({
      title,
      subtitle: 'Una noche con la banda municipal y el coro de la escuela de música, en la plaza porticada',
      starts_at: summer.toISOString(),
      ends_at: new Date(summer.getTime() + 2 * HOUR).toISOString(),
    });
    await event({
      title: unique('Invierno'),
      starts_at: winter.toISOString(),
      ends_at: winter.toISOString(),
    });

    const calendar = await get('/events.ics');
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = calendar.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/[^\r]\n/);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('TZID:Europe/Madrid');
    expect(unfolded).toContain('DTSTART;TZID=Europe/Madrid:20990701T190000');
    expect(unfolded).toContain('DTEND;TZID=Europe/Madrid:20990701T210000');
    expect(unfolded).toContain('DTSTART;TZID=Europe/Madrid:20991201T180000');
    expect(unfolded).toContain(`SUMMARY:${title.replace(';', '\\;').replace(',', '\\,')}`);
    expect(unfolded).toContain(`UID:${long.slug}@`);
    expect(unfolded.match(/BEGIN:VEVENT/g)?.length).toBe(unfolded.match(/END:VEVENT/g)?.length);

    const feed = await get('/rss/events.xml');
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(feed.text).toContain(`<link>https://www.example.org/agenda/${long.slug}</link>`);
    expect(feed.text).toContain('01/07/2099, 19:00');
    const map = await get('/sitemap.xml');
    expect(map.text).toContain(`<loc>https://www.example.org/agenda/${long.slug}</loc>`);
  });

  test('an event leaves the agenda when it ends, with no write (the cached answer is dropped at that moment)', async () => {
    const ending = await event({ title: unique('Acaba enseguida'), starts_at: at(-HOUR), ends_at: at(2500) });
    const shown = await get('/events?per_page=50');
    expect(shown.body.data.map((item: { slug: string }) => item.slug)).toContain(ending.slug);
    // Answered from memory now; its end is the next moment the answer changes.
    expect((await get('/events?per_page=50')).headers.get('etag')).toBe(shown.headers.get('etag'));
    await new Promise((resolve) => setTimeout(resolve, Date.parse(ending.ends_at) - Date.now() + 300));
    const after = await get('/events?per_page=50');
    expect(after.body.data.map((item: { slug: string }) => item.slug)).not.toContain(ending.slug);
    expect((await get(`/events/${ending.slug}`)).status).toBe(404);
  });

  test('the list total after a trash and a restore is right (the count the audit found wrong)', async () => {
    const total = async () => (await admin.get('/api/events?per_page=1')).body.meta.total as number;
    const before = await total();
    const one = await event({ title: unique('A la papelera') });
    expect(await total()).toBe(before + 1);
    expect((await admin.delete(`/api/events/${one.id}`)).status).toBe(204);
    expect(await total()).toBe(before);
    expect((await get(`/events/${one.slug}`)).status).toBe(404);
  });
});
