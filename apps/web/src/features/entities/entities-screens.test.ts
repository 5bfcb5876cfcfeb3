import type { EntityRecord, Permission } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The entity form derived from its field table (decision 018) sends what the hand-written one sent:
// no type until one is chosen, missing details as empty texts, the logo by id.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { entityScreens } = await import('./entities-screens');
const { form } = entityScreens;

const club = {
  id: 7,
  name: 'Club Deportivo',
  slug: 'club-deportivo',
  type: 'asociacion',
  tax_id: 'G12345678',
  email: null,
  phone: null,
  website: null,
  address: null,
  logo: { id: 4, url: '/media/4.png', thumbnail_url: null, alt: null },
  description: null,
  active: false,
  spaces_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
} as unknown as EntityRecord;

describe('the entity form', () => {
  beforeEach(() => {
    permissions = ['entity.view', 'entity.create', 'entity.update', 'multimedia.view'];
  });

  it('starts with no type until one is chosen, empty details, active', () => {
    expect(form.empty()).toEqual({
      name: '',
      slug: '',
      type: null,
      tax_id: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      logo: null,
      description: '',
      active: true,
    });
    expect(form.toBody({ ...form.empty(), name: 'Club' }, undefined)).toEqual({
      name: 'Club',
      type: null,
      tax_id: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      logo: null,
      description: '',
      active: true,
    });
  });

  it('fills from a record, missing details as empty texts, and sends every field back', () => {
    const values = form.fromRecord(club);
    expect(values).toEqual({
      name: 'Club Deportivo',
      slug: 'club-deportivo',
      type: 'asociacion',
      tax_id: 'G12345678',
      email: '',
      phone: '',
      website: '',
      address: '',
      logo: 4,
      description: '',
      active: false,
    });
    expect(form.toBody(values, club)).toEqual(values);
  });

  it('sends the logo without multimedia.view (the picker still offers "Quitar")', () => {
    permissions = ['entity.view', 'entity.update'];
    expect(form.toBody({ ...form.fromRecord(club), logo: null }, club)).toMatchObject({ logo: null });
  });

  it('names the type in the history as people read it', () => {
    expect(form.auditItemLabel?.('type', 'asociacion')).toBe('Asociación');
    expect(form.fieldLabels).toMatchObject({ tax_id: 'NIF/CIF', logo: 'Logotipo', active: 'Activa' });
  });
});
