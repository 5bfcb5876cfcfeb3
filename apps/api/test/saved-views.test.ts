import { SAVED_VIEWS_PER_LIST_MAX } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// Issue 20 "Saved views" (decision 032): private and shared views of a list, who may see, change and
// delete them, the stored state checked against the list, and each person's default view.

let counter = 0;
const unique = (text: string) => `${text} ${++counter}`;

describe.each(testDatabases())('saved views (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let ana: TestClient;
  let anaId: number;
  let bea: TestClient;
  /** Someone without news.view (but with page.view). */
  let carla: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    ({
      client: ana,
      user: { id: anaId },
    } = await server.signIn({ name: 'Ana Editora', roles: ['editor'] }));
    ({ client: bea } = await server.signIn({ name: 'Bea Editora', roles: ['editor'] }));
    const role = unique('solo-paginas').replace(' ', '-');
    const created = await admin.post('/api/roles', {
      name: role,
      label: 'Solo páginas',
      permissions: ['page.view'],
    });
    expect(created.status, created.text).toBe(201);
    ({ client: carla } = await server.signIn({ roles: [role] }));
  });
  afterAll(() => server?.close());

  async function save(client: TestClient, body: Record<string, unknown>) {
    const response = await client.post('/api/saved-views', { area: 'news', ...body });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; name: string; shared: boolean; mine: boolean };
  }
  const names = async (client: TestClient, area = 'news') => {
    const response = await client.get(`/api/saved-views?area=${area}`);
    expect(response.status, response.text).toBe(200);
    return (response.body.data as Array<{ name: string }>).map((view) => view.name);
  };

  test('a private view is its owner’s alone: invisible, unchangeable and a 404 for anyone else', async () => {
    const name = unique('Mis borradores');
    const view = await save(ana, { name, state: { search: 'biblioteca', filters: { status: 'draft' } } });
    expect(view).toMatchObject({ name, shared: false, mine: true });

    const mine = await ana.get('/api/saved-views?area=news');
    expect(mine.body.data.find((v: { id: number }) => v.id === view.id)).toMatchObject({
      state: { search: 'biblioteca', filters: { status: 'draft' } },
      owner: { id: anaId, name: 'Ana Editora' },
    });
    expect(await names(bea)).not.toContain(name);
    expect(await names(admin)).not.toContain(name);
    expect((await bea.patch(`/api/saved-views/${view.id}`, { name: 'Robada' })).status).toBe(404);
    expect((await bea.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
    const asDefault = await bea.put('/api/saved-views/default', { area: 'news', view_id: view.id });
    expect(asDefault.status).toBe(422);
    expect(asDefault.body.errors.view_id).toEqual(['La vista no existe.']);
  });

  test('a shared view reaches everyone with the list’s view permission, and no one else', async () => {
    const name = unique('Publicadas');
    const view = await save(ana, { name, shared: true, state: { filters: { status: 'published' } } });
    const seen = (await bea.get('/api/saved-views?area=news')).body.data.find(
      (v: { id: number }) => v.id === view.id,
    );
    expect(seen).toMatchObject({ name, shared: true, mine: false, owner: { name: 'Ana Editora' } });

    // Without news.view: the list is forbidden, and the view does not exist as far as they know.
    expect((await carla.get('/api/saved-views?area=news')).status).toBe(403);
    expect((await carla.patch(`/api/saved-views/${view.id}`, { name: 'X' })).status).toBe(404);
    expect((await carla.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
    expect(await names(carla, 'page')).not.toContain(name);

    // Unshared: gone for the others.
    const unshared = await ana.patch(`/api/saved-views/${view.id}`, { shared: false });
    expect(unshared.status, unshared.text).toBe(200);
    expect(await names(bea)).not.toContain(name);
  });

  test('only the owner renames, shares or deletes a shared view', async () => {
    const view = await save(ana, { name: unique('Compartida'), shared: true, state: {} });
    for (const response of [
      await bea.patch(`/api/saved-views/${view.id}`, { name: 'Otra' }),
      await bea.patch(`/api/saved-views/${view.id}`, { shared: false }),
      await bea.delete(`/api/saved-views/${view.id}`),
      await admin.delete(`/api/saved-views/${view.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Solo quien creó la vista puede cambiarla o eliminarla.');
    }

    const renamed = await ana.patch(`/api/saved-views/${view.id}`, { name: '  Renombrada  ' });
    expect(renamed.body.data).toMatchObject({ name: 'Renombrada', shared: true });
    expect((await ana.delete(`/api/saved-views/${view.id}`)).status).toBe(204);
    expect((await ana.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
    expect(await names(bea)).not.toContain('Renombrada');
  });

  test('the state holds only what the list knows, refused in Spanish otherwise', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ columns: ['title'] }, 'state.columns', 'El campo state.columns no está permitido.'],
      [{ filters: { role: 'editor' } }, 'state.filters.role', 'La lista no tiene el filtro «role».'],
      [
        { filters: { status: 'archivado' } },
        'state.filters.status',
        'Estado desconocido: draft, review, published o scheduled.',
      ],
      [{ sort: '-password' }, 'state.sort', 'La lista no se puede ordenar por «-password».'],
      [{ per_page: 1000 }, 'state.per_page', 'Las filas por página no pueden ser más de 100.'],
      ['texto', 'state', 'La vista debe ser un objeto.'],
    ];
    for (const [state, field, message] of cases) {
      const response = await ana.post('/api/saved-views', { area: 'news', name: unique('Mala'), state });
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors[field]).toEqual([message]);
    }
    // The same rules when a view's state is changed, and each list has its own filters.
    const view = await save(ana, { name: unique('Buena'), state: { sort: '-published_at' } });
    const patched = await ana.patch(`/api/saved-views/${view.id}`, { state: { filters: { role: 'admin' } } });
    expect(patched.status).toBe(422);
    const users = await admin.post('/api/saved-views', {
      area: 'user',
      name: unique('Editores'),
      state: { filters: { role: 'editor' } },
    });
    expect(users.status, users.text).toBe(201);

    const badBody = await ana.post('/api/saved-views', { area: 'nada', name: '', state: {}, extra: 1 });
    expect(badBody.status).toBe(422);
    expect(Object.keys(badBody.body.errors).sort()).toEqual(['area', 'extra', 'name']);
  });

  test('names are unique per owner and list whatever their case; a person keeps a bounded number', async () => {
    const name = unique('Duplicada');
    await save(ana, { name, state: {} });
    const again = await ana.post('/api/saved-views', { area: 'news', name: name.toUpperCase(), state: {} });
    expect(again.status).toBe(422);
    expect(again.body.errors.name).toEqual(['Ya tiene una vista con ese nombre en esta lista.']);
    // Someone else, or another list, may use the name.
    await save(bea, { name, state: {} });
    expect((await ana.post('/api/saved-views', { area: 'page', name, state: {} })).status).toBe(201);

    const { client: dana } = await server.signIn({ roles: ['editor'] });
    for (let i = 0; i < SAVED_VIEWS_PER_LIST_MAX; i++) await save(dana, { name: `Vista ${i}`, state: {} });
    const over = await dana.post('/api/saved-views', { area: 'news', name: 'Una más', state: {} });
    expect(over.status).toBe(422);
    expect(over.body.message).toMatch(/^No puede guardar más de \d+ vistas/);
  });

  test('the default view is per person and list, and lapses when it is no longer visible', async () => {
    const shared = await save(ana, { name: unique('Por defecto'), shared: true, state: { search: 'feria' } });
    const set = await bea.put('/api/saved-views/default', { area: 'news', view_id: shared.id });
    expect(set.status, set.text).toBe(200);
    expect((await bea.get('/api/saved-views?area=news')).body.meta).toEqual({ default_view_id: shared.id });
    // Ana's own default is untouched, and so is Bea's on another list.
    expect((await ana.get('/api/saved-views?area=news')).body.meta.default_view_id).toBeNull();
    expect((await bea.get('/api/saved-views?area=page')).body.meta.default_view_id).toBeNull();

    // A view of another list cannot be a list's default.
    const page = await ana.post('/api/saved-views', { area: 'page', name: unique('Páginas'), state: {} });
    const wrongList = await ana.put('/api/saved-views/default', { area: 'news', view_id: page.body.data.id });
    expect(wrongList.status).toBe(422);
    expect(wrongList.body.errors.view_id).toEqual(['La vista es de otra lista.']);

    await ana.patch(`/api/saved-views/${shared.id}`, { shared: false });
    expect((await bea.get('/api/saved-views?area=news')).body.meta.default_view_id).toBeNull();
    await ana.patch(`/api/saved-views/${shared.id}`, { shared: true });
    expect((await bea.get('/api/saved-views?area=news')).body.meta.default_view_id).toBe(shared.id);

    const cleared = await bea.put('/api/saved-views/default', { area: 'news', view_id: null });
    expect(cleared.body.data).toEqual({ default_view_id: null });
    expect((await bea.get('/api/saved-views?area=news')).body.meta.default_view_id).toBeNull();
  });

  test('every route needs a session, and a list needs its own view permission', async () => {
    const guest = server.client();
    expect((await guest.get('/api/saved-views?area=news')).status).toBe(401);
    expect((await carla.post('/api/saved-views', { area: 'news', name: 'X', state: {} })).status).toBe(403);
    expect((await carla.put('/api/saved-views/default', { area: 'news', view_id: null })).status).toBe(403);
    expect((await ana.get('/api/saved-views')).status).toBe(422);
    expect((await ana.patch('/api/saved-views/abc', { name: 'X' })).status).toBe(404);
  });
});
