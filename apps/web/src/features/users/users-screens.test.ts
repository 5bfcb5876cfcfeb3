import type { Permission, UserRecord } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The user form derived from its field table (decision 018) sends what the hand-written one sent:
// roles by name and only with role.view, the password only when typed and as typed, the invitation
// only on create.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { userScreens } = await import('./users-screens');
const { form } = userScreens;

const ana: UserRecord = {
  id: 7,
  name: 'Ana Pérez',
  email: 'ana@example.com',
  email_verified_at: null,
  active: true,
  last_login_at: null,
  roles: [
    { id: 2, name: 'editor', label: 'Editor' },
    { id: 3, name: 'redactor', label: 'Redactor' },
  ],
  permissions: ['news.view'],
  two_factor_enabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('the user form', () => {
  beforeEach(() => {
    permissions = ['user.view', 'user.create', 'user.update', 'role.view'];
  });

  it('starts empty, active, with no password and no invitation', () => {
    expect(form.empty()).toEqual({
      name: '',
      email: '',
      active: true,
      roles: [],
      password: '',
      send_invitation: false,
    });
  });

  it('fills from a record with its roles by name and no password', () => {
    expect(form.fromRecord(ana)).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      active: true,
      roles: ['editor', 'redactor'],
      password: '',
      send_invitation: false,
    });
  });

  it('creates with the invitation, and a password only when typed, as typed', () => {
    const values = { ...form.empty(), name: 'Eva', email: 'eva@example.com', roles: ['editor'] };
    expect(form.toBody({ ...values, send_invitation: true }, undefined)).toEqual({
      name: 'Eva',
      email: 'eva@example.com',
      active: true,
      roles: ['editor'],
      send_invitation: true,
    });
    expect(form.toBody({ ...values, password: ' clave segura ' }, undefined)).toEqual({
      name: 'Eva',
      email: 'eva@example.com',
      active: true,
      roles: ['editor'],
      password: ' clave segura ',
      send_invitation: false,
    });
  });

  it('edits without the invitation, and keeps the password unless a new one is typed', () => {
    expect(form.toBody(form.fromRecord(ana), ana)).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      active: true,
      roles: ['editor', 'redactor'],
    });
    expect(form.toBody({ ...form.fromRecord(ana), password: 'otra clave' }, ana)).toMatchObject({
      password: 'otra clave',
    });
  });

  it('leaves the roles as they are without role.view (the form could not list them)', () => {
    permissions = ['user.view', 'user.update'];
    expect(form.toBody(form.fromRecord(ana), ana)).not.toHaveProperty('roles');
  });

  it('lets 422 messages land under every control, and names the fields in the history', () => {
    expect([...form.fields].sort()).toEqual(
      ['active', 'email', 'name', 'password', 'roles', 'send_invitation'].sort(),
    );
    expect(form.fieldLabels).toMatchObject({
      name: 'Nombre',
      email: 'Correo electrónico',
      roles: 'Roles',
      active: 'Activo',
      password: 'Contraseña',
    });
  });

  it('lets the person manage only users whose every permission they hold (docs/http-api.md)', () => {
    permissions = ['user.view', 'user.update'];
    expect(userScreens.canManage?.({ ...ana, permissions: ['user.view'] })).toBe(true);
    expect(userScreens.canManage?.(ana)).toBe(false);
  });
});
