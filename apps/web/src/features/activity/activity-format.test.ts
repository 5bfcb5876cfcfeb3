import type { ActivityEntry } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { areaLabel, detailLines, kindLabel, recordTitle } from './activity-format';

const base: ActivityEntry = {
  id: 'audit-1',
  source: 'audit',
  kind: 'updated',
  created_at: '2026-11-27T10:00:00.000Z',
  user: { id: 1, name: 'Ana' },
  area: 'news',
  record: { id: 7, key: 'fiesta', title: 'Fiesta', exists: true, trashed: false },
  fields: ['Título', 'Estado'],
  subject: null,
  details: {},
  ip: null,
  user_agent: null,
};

describe('a row of the activity log', () => {
  it('reads a history entry: area, kind, title and the fields changed', () => {
    expect(areaLabel(base)).toBe('Noticias');
    expect(kindLabel(base)).toBe('Modificado');
    expect(recordTitle(base)).toBe('Fiesta');
    expect(detailLines(base)).toEqual(['Campos: Título, Estado']);
    expect(recordTitle({ ...base, record: { ...base.record!, title: null } })).toBe('Registro n.º 7');
  });

  it('names a review step by its kind and its note and reviewer in Spanish (docs/review.md)', () => {
    const submitted: ActivityEntry = { ...base, kind: 'submitted', fields: ['Estado', 'note', 'reviewer'] };
    expect(kindLabel(submitted)).toBe('Enviado a revisión');
    expect(detailLines(submitted)).toEqual(['Campos: Estado, Nota, Revisor']);
    expect(kindLabel({ ...base, kind: 'returned' })).toBe('Devuelto con comentarios');
  });

  it('reads a refused sign-in with its account, reason, address and browser', () => {
    const refused: ActivityEntry = {
      ...base,
      id: 'security-3',
      source: 'security',
      kind: 'login_failed',
      area: null,
      record: null,
      fields: [],
      subject: { id: 2, name: 'Bea', email: 'bea@example.com' },
      details: { reason: 'credentials' },
      ip: '10.0.0.9',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    };
    expect(areaLabel(refused)).toBe('Seguridad');
    expect(kindLabel(refused)).toBe('Inicio de sesión fallido');
    expect(detailLines(refused)).toEqual([
      'Cuenta: Bea (bea@example.com)',
      'Motivo: contraseña o correo incorrectos',
      'Dirección IP: 10.0.0.9',
      'Navegador: Firefox en Linux',
    ]);
  });

  it("reads a role's permissions changed by their Spanish names", () => {
    const changed: ActivityEntry = {
      ...base,
      source: 'security',
      kind: 'permissions_changed',
      area: null,
      record: null,
      subject: { id: null, name: null, email: null },
      details: { role: { label: 'Prensa' }, permissions: { added: ['news.update'], removed: ['page.view'] } },
    };
    expect(detailLines(changed)).toEqual([
      'Rol: Prensa',
      'Añadidos: Noticias: Editar',
      'Retirados: Páginas: Ver',
    ]);
  });

  it('names the API token an administrator revoked', () => {
    const revoked: ActivityEntry = {
      ...base,
      source: 'security',
      kind: 'token_revoked',
      area: null,
      record: null,
      subject: { id: 2, name: 'Bea', email: 'bea@example.com' },
      details: { token_id: 7, name: 'Sitio web' },
    };
    expect(kindLabel(revoked)).toBe('Token de API revocado');
    expect(detailLines(revoked)).toEqual(['Cuenta: Bea (bea@example.com)', 'Token: «Sitio web»']);
  });
});
