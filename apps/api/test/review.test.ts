import type { Permission } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  parseRawMail,
  type SmtpInbox,
  startSmtpInbox,
  startTestServer,
  type TestClient,
  type TestServer,
  type TestUser,
  testDatabases,
  waitFor,
} from './support';

// docs/review.md: from draft to published with a second pair of eyes. Every transition by the right
// permission and refused otherwise, the mails each sends (once, through a real SMTP exchange), the
// writer's lock, two reviewers at once, the dashboard and the thread.

describe.each(testDatabases())('review (%s)', (engine) => {
  let server: TestServer;
  let inbox: SmtpInbox;
  let admin: TestClient;
  let writer: { user: TestUser; client: TestClient };
  let ana: { user: TestUser; client: TestClient };
  let bruno: { user: TestUser; client: TestClient };
  let editorInChief: { user: TestUser; client: TestClient };

  const role = async (name: string, permissions: Permission[]) => {
    const made = await admin.post('/api/roles', { name, label: name, permissions });
    expect(made.status, made.text).toBe(201);
  };
  /** What the SMTP server received, parsed. */
  const parsed = () => inbox.received.map(parseRawMail);
  const mailsTo = (user: TestUser) => parsed().filter((mail) => mail.headers.to?.includes(user.email));

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer(engine, {
      MAIL_MAILER: 'smtp',
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(inbox.port),
      MAIL_FROM_ADDRESS: 'avisos@example.org',
      FRONTEND_URL: 'https://panel.example.org',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    ({ client: admin } = await server.signIn({ roles: ['admin'], name: 'Administración' }));
    await role('redaccion', [
      'news.view',
      'news.create',
      'news.update',
      'news.submit',
      'page.view',
      'page.update',
      'page.submit',
    ]);
    await role('revision', [
      'news.view',
      'news.update',
      'news.review',
      'news.publish',
      'page.view',
      'page.update',
      'page.review',
      'page.publish',
    ]);
    await role('jefatura', [
      'news.view',
      'news.create',
      'news.update',
      'news.submit',
      'news.review',
      'news.publish',
    ]);
    writer = await server.signIn({ roles: ['redaccion'], name: 'Wendy Redactora' });
    ana = await server.signIn({ roles: ['revision'], name: 'Ana Revisora' });
    bruno = await server.signIn({ roles: ['revision'], name: 'Bruno Revisor' });
    editorInChief = await server.signIn({ roles: ['jefatura'], name: 'Julia Jefa' });
    const hook = await admin.post('/api/webhooks', {
      name: 'Sitio web',
      url: 'http://127.0.0.1:9/hooks',
      events: ['news.submitted', 'news.returned', 'news.published'],
      active: true,
    });
    expect(hook.status, hook.text).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  const draft = async (title: string, body = '<p>Texto de la noticia.</p>') => {
    const made = await writer.client.post('/api/news', { title, body });
    expect(made.status, made.text).toBe(201);
    return made.body.data as { id: number; slug: string; updated_at: string; status: string };
  };
  const submit = (client: TestClient, record: { id: number; updated_at: string }, extra: object = {}) =>
    client.post(`/api/news/${record.id}/submit`, { updated_at: record.updated_at, ...extra });
  const deliveries = async (type: string) =>
    (
      await server.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM webhook_deliveries WHERE type = $1',
        [type],
      )
    )[0]!.count;

  test('a writer sends her draft to review: the reviewers are told once, by mail, and she can no longer set the status herself', async () => {
    const item = await draft('Convocatoria de ayudas');
    // `review` is reached only through «Enviar a revisión».
    const direct = await writer.client.put(`/api/news/${item.id}`, {
      status: 'review',
      updated_at: item.updated_at,
    });
    expect(direct.status).toBe(422);
    expect(direct.body.errors.status[0]).toContain('Enviar a revisión');

    const before = parsed().length;
    const sent = await submit(writer.client, item, { note: 'Revisad las fechas, por favor.' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({
      status: 'review',
      published_at: null,
      review: {
        submitted_by: { id: writer.user.id, name: 'Wendy Redactora' },
        reviewer: null,
        note: 'Revisad las fechas, por favor.',
      },
    });
    expect(Date.parse(sent.body.data.review.submitted_at)).not.toBeNaN();

    // Both reviewers and the editor in chief review news; the writer is not told of her own item.
    await waitFor(() => parsed().length - before >= 3, { what: 'the three mails' });
    const mails = parsed().slice(before);
    expect(mails.filter((mail) => mail.headers.to?.includes(writer.user.email))).toHaveLength(0);
    for (const reviewer of [ana, bruno, editorInChief]) {
      const [mail, ...more] = mails.filter((one) => one.headers.to?.includes(reviewer.user.email));
      expect(more).toHaveLength(0);
      expect(mail!.subject).toBe('Gestor: Noticia para revisar: «Convocatoria de ayudas»');
      expect(mail!.text).toContain(
        'Wendy Redactora ha enviado a revisión la noticia «Convocatoria de ayudas»',
      );
      expect(mail!.text).toContain('Revisad las fechas, por favor.');
      expect(mail!.text).toContain(`https://panel.example.org/news/${item.id}`);
    }
    expect(await deliveries('news.submitted')).toBeGreaterThanOrEqual(1);

    const history = await writer.client.get(`/api/news/${item.id}/audit`);
    expect(history.body.data[0]).toMatchObject({
      action: 'submitted',
      changes: {
        status: { from: 'draft', to: 'review' },
        note: { from: null, to: 'Revisad las fechas, por favor.' },
      },
    });

    // Sent twice: the second is a 409 that says why.
    const again = await submit(writer.client, sent.body.data);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La noticia ya está en revisión.');
  });

  test('the writer’s edit of an item in review takes it back to draft; a reviewer’s keeps it in review', async () => {
    const item = await draft('Horario de verano');
    const inReview = (await submit(writer.client, item)).body.data;
    const edited = await writer.client.put(`/api/news/${item.id}`, {
      title: 'Horario de verano 2027',
      status: 'review',
      updated_at: inReview.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'draft', review: null });

    const again = (await submit(writer.client, edited.body.data)).body.data;
    const fixed = await ana.client.put(`/api/news/${item.id}`, {
      excerpt: 'Del 1 de julio al 31 de agosto.',
      status: 'review',
      updated_at: again.updated_at,
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.data).toMatchObject({
      status: 'review',
      review: { submitted_by: { id: writer.user.id } },
    });
    // Back to draft takes comments.
    const silent = await ana.client.put(`/api/news/${item.id}`, {
      status: 'draft',
      updated_at: fixed.body.data.updated_at,
    });
    expect(silent.status).toBe(422);
    expect(silent.body.errors.status[0]).toContain('Devolver con comentarios');

    const thread = await writer.client.get(`/api/news/${item.id}/review`);
    expect(thread.status).toBe(200);
    expect(thread.body.data.map((step: { action: string }) => step.action)).toEqual([
      'submitted',
      'withdrawn',
      'submitted',
    ]);
    // Each step keeps the item as it was: the editor shows the changes since it was sent.
    const sentStep = thread.body.data.at(-1);
    expect(sentStep.has_version).toBe(true);
    const sentVersion = await ana.client.get(`/api/news/${item.id}/versions/${sentStep.id}`);
    expect(sentVersion.body.data).toMatchObject({ title: 'Horario de verano 2027', excerpt: null });

    // A version taken in review, restored with its publication state, comes back as a draft: review
    // is a hand-over between two people, not a state of the content.
    const current = (await admin.get(`/api/news/${item.id}`)).body.data;
    const returned = await ana.client.post(`/api/news/${item.id}/return`, {
      note: 'Vuelve a mirarlo.',
      updated_at: current.updated_at,
    });
    const restored = await ana.client.post(`/api/news/${item.id}/versions/${sentStep.id}/restore`, {
      updated_at: returned.body.data.updated_at,
      publication: true,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toMatchObject({ status: 'draft', excerpt: null });
  });

  test('sent to one reviewer: only she is told, and only her dashboard lists it', async () => {
    const item = await draft('Plazo de matrícula');
    const before = parsed().length;
    const refused = await submit(writer.client, item, { reviewer_id: writer.user.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.reviewer_id[0]).toContain('pueda revisar noticias');
    const notReviewer = await submit(writer.client, item, { reviewer_id: 999_999 });
    expect(notReviewer.status).toBe(422);

    const reviewers = await writer.client.get('/api/news/reviewers');
    expect(reviewers.status).toBe(200);
    const names = reviewers.body.data.map((person: { name: string }) => person.name);
    expect(names).toEqual(expect.arrayContaining(['Ana Revisora', 'Bruno Revisor', 'Julia Jefa']));
    expect(names).not.toContain('Wendy Redactora');

    const sent = await submit(writer.client, item, { reviewer_id: ana.user.id, note: 'Ana, ¿lo miras tú?' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.review.reviewer).toEqual({ id: ana.user.id, name: 'Ana Revisora' });
    await waitFor(() => mailsTo(ana.user).some((mail) => mail.subject.includes('Plazo de matrícula')), {
      what: 'Ana’s mail',
    });
    expect(
      parsed()
        .slice(before)
        .filter((mail) => mail.subject.includes('Plazo de matrícula')),
    ).toHaveLength(1);
    expect(mailsTo(ana.user).at(-1)!.text).toContain('le pide que la revise usted');

    const listed = (client: TestClient) =>
      client
        .get('/api/dashboard')
        .then((answer) =>
          (answer.body.data.pending_review ?? []).filter((entry: { id: number }) => entry.id === item.id),
        );
    expect(await listed(ana.client)).toEqual([
      expect.objectContaining({
        area: 'news',
        key: item.slug,
        submitted_by: 'Wendy Redactora',
        for_me: true,
        note: 'Ana, ¿lo miras tú?',
      }),
    ]);
    expect(await listed(bruno.client)).toEqual([]);
    // The writer reviews nothing: the widget is not hers.
    expect((await writer.client.get('/api/dashboard')).body.data.pending_review).toBeUndefined();
  });

  test('returned with comments: back to draft, the writer is told once with the comments', async () => {
    const item = await draft('Cierre de la biblioteca');
    const inReview = (await submit(writer.client, item)).body.data;
    // Returning is a reviewer's: the writer holds no news.review.
    expect(
      (
        await writer.client.post(`/api/news/${item.id}/return`, {
          note: 'x',
          updated_at: inReview.updated_at,
        })
      ).status,
    ).toBe(403);
    const writerAgain = await server.signIn({ roles: ['redaccion'] });
    expect((await writerAgain.client.get('/api/news')).status).toBe(200);

    const empty = await ana.client.post(`/api/news/${item.id}/return`, {
      note: '  ',
      updated_at: inReview.updated_at,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.note).toBeDefined();

    const before = mailsTo(writer.user).length;
    const returned = await ana.client.post(`/api/news/${item.id}/return`, {
      note: 'Falta decir desde qué día cierra.',
      updated_at: inReview.updated_at,
    });
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'draft', review: null });
    await waitFor(() => mailsTo(writer.user).length > before, { what: 'the writer’s mail' });
    const [mail, ...more] = mailsTo(writer.user).slice(before);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Gestor: Noticia devuelta con comentarios: «Cierre de la biblioteca»');
    expect(mail!.text).toContain('Ana Revisora ha devuelto a borrador la noticia «Cierre de la biblioteca»');
    expect(mail!.text).toContain('Falta decir desde qué día cierra.');
    expect(await deliveries('news.returned')).toBeGreaterThanOrEqual(1);

    const history = await writer.client.get(`/api/news/${item.id}/audit`);
    expect(history.body.data[0]).toMatchObject({
      action: 'returned',
      user: { name: 'Ana Revisora' },
      changes: { status: { from: 'review', to: 'draft' }, note: { to: 'Falta decir desde qué día cierra.' } },
    });
  });

  test('approved: a reviewer who publishes fixes the check’s finding first, and the writer is told', async () => {
    const item = await draft(
      'Nueva sede',
      '<p>Para más datos, <a href="https://example.org/sede">pinche aquí</a>.</p>',
    );
    const inReview = (await submit(writer.client, item)).body.data;
    // The writer cannot publish (no news.publish).
    expect(
      (
        await writer.client.put(`/api/news/${item.id}`, {
          status: 'published',
          updated_at: inReview.updated_at,
        })
      ).status,
    ).toBe(403);
    const flagged = await ana.client.put(`/api/news/${item.id}`, {
      status: 'published',
      updated_at: inReview.updated_at,
    });
    expect(flagged.status).toBe(422);
    expect(flagged.body.errors.body.join(' ')).toContain('9.2.4.4');

    const before = mailsTo(writer.user).length;
    const published = await ana.client.put(`/api/news/${item.id}`, {
      body: '<p>Para más datos, lea <a href="https://example.org/sede">la ficha de la nueva sede</a>.</p>',
      status: 'published',
      updated_at: inReview.updated_at,
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', review: null });
    await waitFor(() => mailsTo(writer.user).length > before, { what: 'the approval mail' });
    const [mail, ...more] = mailsTo(writer.user).slice(before);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Gestor: Noticia aprobada: «Nueva sede»');
    expect(mail!.text).toContain('y ya está publicada');

    const thread = await writer.client.get(`/api/news/${item.id}/review`);
    expect(thread.body.data.at(-1)).toMatchObject({
      action: 'approved',
      status: 'published',
      user: { name: 'Ana Revisora' },
    });
  });

  test('a writer cannot approve or return her own item, even holding the permissions', async () => {
    const made = await editorInChief.client.post('/api/news', {
      title: 'Editorial de otoño',
      body: '<p>Texto.</p>',
    });
    const inReview = (await submit(editorInChief.client, made.body.data)).body.data;
    const publish = await editorInChief.client.put(`/api/news/${inReview.id}`, {
      status: 'published',
      updated_at: inReview.updated_at,
    });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toBe(
      'No puede aprobar una noticia que ha enviado usted a revisión: la publica otra persona.',
    );
    const giveBack = await editorInChief.client.post(`/api/news/${inReview.id}/return`, {
      note: 'Me la devuelvo.',
      updated_at: inReview.updated_at,
    });
    expect(giveBack.status).toBe(403);
    // Her own item does not wait in her own widget.
    const mine = (await editorInChief.client.get('/api/dashboard')).body.data.pending_review;
    expect(mine.some((entry: { id: number }) => entry.id === inReview.id)).toBe(false);
    // Her edit takes it back to draft, as any writer's does.
    const edited = await editorInChief.client.put(`/api/news/${inReview.id}`, {
      title: 'Editorial de otoño (2)',
      updated_at: inReview.updated_at,
    });
    expect(edited.body.data.status).toBe('draft');
  });

  test('two reviewers at once: one wins, the other gets a clear 409', async () => {
    const item = await draft('Obras en la plaza');
    const inReview = (await submit(writer.client, item)).body.data;
    const [first, second] = await Promise.all([
      ana.client.post(`/api/news/${item.id}/return`, {
        note: 'Cambia el título.',
        updated_at: inReview.updated_at,
      }),
      bruno.client.put(`/api/news/${item.id}`, { status: 'published', updated_at: inReview.updated_at }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const stored = (await admin.get(`/api/news/${item.id}`)).body.data;
    expect(['draft', 'published']).toContain(stored.status);

    // Both return it: the second one is told it is no longer in review.
    const other = await draft('Fiestas patronales');
    const waiting = (await submit(writer.client, other)).body.data;
    const answers = await Promise.all(
      [ana, bruno].map((reviewer) =>
        reviewer.client.post(`/api/news/${other.id}/return`, {
          note: 'Revisa la fecha.',
          updated_at: waiting.updated_at,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const returnedOnce = await writer.client.get(`/api/news/${other.id}/review`);
    expect(
      returnedOnce.body.data.filter((step: { action: string }) => step.action === 'returned'),
    ).toHaveLength(1);
    const late = await ana.client.post(`/api/news/${other.id}/return`, {
      note: 'Otra vez.',
      updated_at: (await admin.get(`/api/news/${other.id}`)).body.data.updated_at,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'La noticia ya no está en revisión: otra persona la ha devuelto o la ha publicado.',
    );
  });

  test('pages are reviewed the same way; a reader may do none of it', async () => {
    const page = await admin.post('/api/pages', { title: 'Sede electrónica', body: '<p>Texto.</p>' });
    expect(page.status, page.text).toBe(201);
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect(
      (await reader.post(`/api/pages/${page.body.data.id}/submit`, { updated_at: page.body.data.updated_at }))
        .status,
    ).toBe(403);
    expect((await reader.get('/api/pages/reviewers')).status).toBe(403);
    const sent = await writer.client.post(`/api/pages/${page.body.data.id}/submit`, {
      updated_at: page.body.data.updated_at,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.status).toBe('review');
    const listed = await ana.client.get('/api/pages?filter[status]=review');
    expect(listed.body.data.map((one: { id: number }) => one.id)).toContain(page.body.data.id);
    const published = await ana.client.put(`/api/pages/${page.body.data.id}`, {
      status: 'published',
      updated_at: sent.body.data.updated_at,
    });
    expect(published.status, published.text).toBe(200);
    // Public only once approved; never while in review (the public API reads published pages).
    expect(published.body.data.status).toBe('published');
    // The agenda is not reviewed: its status knows no `review`.
    const event = await admin.post('/api/events', {
      title: 'Concierto',
      starts_at: '2027-05-01T18:00:00Z',
      status: 'review',
    });
    expect(event.status).toBe(422);
  });
});
