import type { Permission, SpaceRecord } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The space form derived from its field table (decision 018) sends what the hand-written one sent:
// the entity by id and only with entity.view, the gallery as ids in its order.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { spaceScreens } = await import('./spaces-screens');
const { form } = spaceScreens;

const image = (id: number) => ({ id, url: `/media/${id}.png`, thumbnail_url: null, alt: null });
const sala = {
  id: 7,
  name: 'Sala de actos',
  slug: 'sala-de-actos',
  description: null,
  address: 'Plaza Mayor 1',
  capacity: null,
  entity: { id: 3, name: 'Club Deportivo' },
  images: [image(9), image(4)],
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
} as unknown as SpaceRecord;

describe('the space form', () => {
  beforeEach(() => {
    permissions = ['space.view', 'space.create', 'space.update', 'entity.view', 'multimedia.view'];
  });

  it('starts with no entity, an empty gallery and no capacity, active', () => {
    expect(form.empty()).toEqual({
      name: '',
      slug: '',
      description: '',
      address: '',
      capacity: null,
      entity: null,
      images: [],
      active: true,
    });
  });

  it('fills from a record with its entity by id and its gallery in order, and sends them back', () => {
    const values = form.fromRecord(sala);
    expect(values).toEqual({
      name: 'Sala de actos',
      slug: 'sala-de-actos',
      description: '',
      address: 'Plaza Mayor 1',
      capacity: null,
      entity: 3,
      images: [9, 4],
      active: true,
    });
    expect(form.toBody({ ...values, images: [4, 9], capacity: 120 }, sala)).toEqual({
      ...values,
      images: [4, 9],
      capacity: 120,
    });
  });

  it('leaves the entity as it is without entity.view; the gallery goes without multimedia.view', () => {
    permissions = ['space.view', 'space.update'];
    // The gallery still offers "Quitar", "Subir" and "Bajar": the change must reach the API.
    const body = form.toBody({ ...form.fromRecord(sala), images: [4] }, sala);
    expect(body).not.toHaveProperty('entity');
    expect(body).toMatchObject({ images: [4] });
  });

  it('tells a gallery change in the history: what came in, what went out, the new order', () => {
    expect(form.auditChange?.('images', { from: ['a', 'b'], to: ['b', 'a', 'c'] }, 'updated')).toEqual([
      'Añadidas: c',
      'Nuevo orden: b, a, c',
    ]);
    expect(form.fieldLabels).toMatchObject({ images: 'Galería de imágenes', capacity: 'Aforo' });
  });
});
