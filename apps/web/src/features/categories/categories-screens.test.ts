import { CATEGORY_DEFAULT_COLOR, type CategoryRecord, type Permission } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The category form derived from its field table (decision 018) sends what the hand-written one
// sent: the parent by slug (null at the top), the image by id, the slug only when not blank.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { categoryScreens } = await import('./categories-screens');
const { form } = categoryScreens;

const futbol = {
  id: 7,
  name: 'Fútbol',
  slug: 'futbol',
  description: null,
  parent: { id: 2, name: 'Deportes', slug: 'deportes' },
  color: '#112233',
  image: { id: 5, url: '/media/5.png', thumbnail_url: null, alt: null },
  path: 'Deportes › Fútbol',
  children_count: 0,
  news_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
} as unknown as CategoryRecord;

describe('the category form', () => {
  beforeEach(() => {
    permissions = ['category.view', 'category.create', 'category.update', 'multimedia.view'];
  });

  it('starts at the top of the tree with the default colour', () => {
    expect(form.empty()).toEqual({
      name: '',
      slug: '',
      description: '',
      parent: null,
      color: CATEGORY_DEFAULT_COLOR,
      image: null,
    });
  });

  it('creates with a blank slug left out (the server makes it from the name)', () => {
    expect(form.toBody({ ...form.empty(), name: 'Fútbol', slug: '  ' }, undefined)).toEqual({
      name: 'Fútbol',
      description: '',
      parent: null,
      color: CATEGORY_DEFAULT_COLOR,
      image: null,
    });
  });

  it('fills from a record with its parent by slug and its image by id, and sends them back', () => {
    const values = form.fromRecord(futbol);
    expect(values).toEqual({
      name: 'Fútbol',
      slug: 'futbol',
      description: '',
      parent: 'deportes',
      color: '#112233',
      image: 5,
    });
    expect(form.toBody({ ...values, slug: ' futbol-base ' }, futbol)).toEqual({
      ...values,
      slug: 'futbol-base',
    });
  });

  it('sends a removed image without multimedia.view (the picker still offers "Quitar")', () => {
    permissions = ['category.view', 'category.update'];
    expect(form.toBody({ ...form.fromRecord(futbol), image: null }, futbol)).toMatchObject({ image: null });
  });

  it('lets 422 messages land under every control, and names the fields in the history', () => {
    expect(form.fields).toEqual(['name', 'slug', 'description', 'parent', 'color', 'image']);
    expect(form.fieldLabels).toMatchObject({
      name: 'Nombre',
      slug: 'Dirección web (slug)',
      description: 'Descripción',
      parent: 'Categoría superior',
      color: 'Color',
      image: 'Imagen',
    });
  });
});
