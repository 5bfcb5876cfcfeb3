import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { applyTextPatch, changeExcerpt, makeTextPatch } from '../src/modules/resource/text-patch';

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
