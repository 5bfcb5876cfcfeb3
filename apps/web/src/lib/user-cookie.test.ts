import type { AuthUser } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { parseUserCookie, serializeUser } from './user-cookie';

const user: AuthUser = {
  id: 4,
  name: 'Ana Pérez',
  email: 'ana@example.org',
  email_verified_at: '2026-01-02T03:04:05Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-03T00:00:00Z',
  roles: [{ id: 2, name: 'editor', label: 'Editor' }],
  role: 'editor',
  roleName: 'Editor',
  permissions: ['news.view', 'news.create'],
  two_factor_enabled: false,
  two_factor_required: false,
};

describe('the gestor_user cookie (docs/http-api.md#sign-in-lifecycle)', () => {
  it('keeps id, name, email and permissions, and leaves out roles, dates, role and roleName', () => {
    const stored = JSON.parse(serializeUser(user)) as Record<string, unknown>;
    expect(stored).toEqual({
      id: 4,
      name: 'Ana Pérez',
      email: 'ana@example.org',
      permissions: ['news.view', 'news.create'],
    });
  });

  it('reads back what it wrote', () => {
    expect(parseUserCookie(serializeUser(user))).toEqual({
      id: 4,
      name: 'Ana Pérez',
      email: 'ana@example.org',
      permissions: ['news.view', 'news.create'],
    });
  });

  it.each([
    undefined,
    '',
    'not json',
    '{}',
    '{"id":"4","permissions":[]}',
    '{"id":4}',
    'null',
  ])('treats %j as no user', (value) => {
    expect(parseUserCookie(value)).toBeNull();
  });
});
