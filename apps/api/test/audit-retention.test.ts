import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { applyTextPatch, changeExcerpt, makeTextPatch } from '../src/modules/resource/text-patch';
import { openTestDatabase } from './support';
import { artisan } from './support/artisan';

// Issue 19: AUDIT_RETENTION_DAYS (unset: forever) and the text patches a version's long texts are
// stored as (decision 025). No database here.

describe('AUDIT_RETENTION_DAYS', () => {
  test('unset or empty keeps the history forever; a number of days is read', () => {
    expect(loadConfig({}).auditRetentionDays).toBeNull();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBeNull();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: ' 365 ' }).auditRetentionDays).toBe(365);
  });

  test.each([
    '0',
    '-3',
    'un año',
    '1.5',
    '36501',
  ])('«%s» stops the start with a Spanish line naming it', (value) => {
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(
      /^Configuración no válida: AUDIT_RETENTION_DAYS debe (ser un número entero positivo|estar entre 1 y 36500)/,
    );
  });
});

describe('text patches', () => {
  const body = Array.from(
    { length: 300 },
    (_, i) => `<p>Frase ${i} del cuerpo, con acentos: ñandú.</p>`,
  ).join('');

  test('an edit of one sentence is a short exact script, applied only to the text it was made from', () => {
    const edited = body.replace('Frase 150 del cuerpo', 'Frase 150 corregida 🎉 del cuerpo');
    const patch = makeTextPatch(body, edited);
    expect(patch).not.toBeNull();
    expect(JSON.stringify(patch).length).toBeLessThan(100);
    expect(applyTextPatch(body, patch!)).toBe(edited);
    expect(() => applyTextPatch(`${body}x`, patch!)).toThrow();
  });

  test('a rewrite is stored whole (no patch)', () => {
    expect(makeTextPatch(body, 'Otro texto.'.repeat(200))).toBeNull();
  });

  test('the history keeps an excerpt around the change, as plain text', () => {
    const edited = body.replace('Frase 150 del cuerpo', 'Frase 150 corregida del cuerpo');
    const excerpt = changeExcerpt(body, edited);
    expect(excerpt.to).toContain('corregida');
    expect(excerpt.to).not.toContain('<p>');
    expect(excerpt.to.length).toBeLessThan(200);
    expect(excerpt.from).toMatch(/^….*…$/);
  });
});

describe('npm run artisan -- audit:prune', () => {
  let storage: string;
  beforeAll(() => {
    storage = mkdtempSync(path.join(tmpdir(), 'gestor-audit-prune-'));
  });
  afterAll(() => rmSync(storage, { recursive: true, force: true }));

  test('says the history is kept forever when AUDIT_RETENTION_DAYS is unset, and prunes by it when set', async () => {
    // The run's migrated snapshot in STORAGE_PATH/db (migrating through the CLI: embedded-database.test.ts).
    await (await openTestDatabase('pglite', { seeded: true, dataDir: path.join(storage, 'db') })).drop();
    const forever = artisan(storage, 'audit:prune');
    expect(forever.status, forever.stderr).toBe(0);
    expect(forever.stdout).toContain(
      'AUDIT_RETENTION_DAYS no está definido: el historial se conserva siempre.',
    );
    writeFileSync(path.join(storage, '.env'), 'AUDIT_RETENTION_DAYS=30\n');
    const pruned = artisan(storage, 'audit:prune');
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('No hay entradas del historial anteriores a 30 días.');
    writeFileSync(path.join(storage, '.env'), 'AUDIT_RETENTION_DAYS=treinta\n');
    const refused = artisan(storage, 'audit:prune');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('AUDIT_RETENTION_DAYS debe ser un número entero positivo de días');
  }, 120_000);
});
