import type { RoleRecord } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { roleScreens } from './roles-screens';

// The role form derived from its field table (decision 018) sends what the hand-written one sent,
// its permissions in one order so an edit that ends where it began is not a change.

const { form } = roleScreens;

const editor: RoleRecord = {
  id: 2,
  name: 'editor',
  label: 'Editor',
  permissions: ['news.view', 'category.view', 'news.create'],
  users_count: 3,
  requires_two_factor: false,
  permissions_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('the role form', () => {
  it('starts empty, with no permissions', () => {
    expect(form.empty()).toEqual({ name: '', label: '', permissions: [], requires_two_factor: false });
  });

  it('fills from a record with its permissions sorted', () => {
    expect(form.fromRecord(editor)).toEqual({
      name: 'editor',
      label: 'Editor',
      permissions: ['category.view', 'news.create', 'news.view'],
      requires_two_factor: false,
    });
  });

  it('sends the name, the label and the permissions', () => {
    expect(form.toBody(form.fromRecord(editor), editor)).toEqual({
      name: 'editor',
      label: 'Editor',
      permissions: ['category.view', 'news.create', 'news.view'],
      requires_two_factor: false,
    });
    expect(
      form.toBody({ name: 'nuevo', label: 'Nuevo', permissions: [], requires_two_factor: true }, undefined),
    ).toEqual({
      name: 'nuevo',
      label: 'Nuevo',
      permissions: [],
      requires_two_factor: true,
    });
  });

  it('lets 422 messages land under every control, and names the fields in the history', () => {
    // Issue 30: the name people read comes first; the identifier is derived from it.
    expect(form.fields).toEqual(['label', 'name', 'permissions', 'requires_two_factor']);
    expect(form.fieldLabels).toMatchObject({
      label: 'Nombre',
      name: 'Identificador',
      permissions: 'Permisos',
    });
  });
});
