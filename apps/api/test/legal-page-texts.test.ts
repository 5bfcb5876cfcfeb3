import { afterEach, describe, expect, test } from 'vitest';
import { migrate } from '../src/db/migrate';
import {
  ACCESSIBILITY_STATEMENT,
  COOKIE_POLICY,
  LEGAL_NOTICE,
  name as legalTextsMigration,
  PRIVACY_POLICY,
} from '../src/db/migrations/0013-legal-page-texts';
import { MIGRATIONS } from '../src/db/migrations/index';
import { sanitizeRichText } from '../src/lib/rich-text';
import { openTestDatabase, type TestDatabase, testDatabases } from './support';

// Issue 16: the four legal pages get Spanish model texts with marked gaps, but only where nobody has
// written (or deliberately emptied) a page before the migration runs.

const bodies = async (db: TestDatabase) =>
  Object.fromEntries(
    (await db.database.query<{ slug: string; body: string }>('SELECT slug, body FROM pages')).map((row) => [
      row.slug,
      row.body,
    ]),
  );

describe.each(testDatabases())('legal page texts (%s)', (engine) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  test('a fresh database has the four model texts, each with its gaps marked', async () => {
    db = await openTestDatabase(engine);
    await migrate(db.database);
    const seeded = await bodies(db);
    expect(seeded['aviso-legal']).toBe(LEGAL_NOTICE);
    expect(seeded['politica-de-privacidad']).toBe(PRIVACY_POLICY);
    expect(seeded['politica-de-cookies']).toBe(COOKIE_POLICY);
    expect(seeded['declaracion-de-accesibilidad']).toBe(ACCESSIBILITY_STATEMENT);
    for (const body of Object.values(seeded)) {
      expect(body).toContain('[NOMBRE DE LA ORGANIZACIÓN]');
      expect(body).toContain('[CORREO DE CONTACTO');
      expect(body).toContain('[FECHA');
    }
    // What each law asks for is there.
    expect(LEGAL_NOTICE).toContain('[NIF]');
    expect(LEGAL_NOTICE).toContain('[DIRECCIÓN]');
    const required: Array<[string, string[]]> = [
      [
        PRIVACY_POLICY,
        [
          'Delegado de protección de datos',
          'Base jurídica',
          'Destinatarios',
          'conservamos',
          'portabilidad',
          'Agencia Española de Protección de Datos',
        ],
      ],
      [
        COOKIE_POLICY,
        ['Qué son las cookies', '<th>Duración</th>', 'XSRF-TOKEN', 'Cómo rechazarlas o borrarlas'],
      ],
      [
        ACCESSIBILITY_STATEMENT,
        [
          'Situación de cumplimiento',
          'Contenido no accesible',
          'Preparación de esta declaración',
          'Procedimiento de aplicación',
        ],
      ],
    ];
    for (const [text, parts] of required) for (const part of parts) expect(text).toContain(part);
    // Stored as the editor would store them: the rich text allowlist changes nothing.
    for (const body of Object.values(seeded))
      expect(sanitizeRichText(body, { image: () => null })).toBe(body);
  });

  test('a page written, or emptied, before the migration keeps what its editor left', async () => {
    db = await openTestDatabase(engine);
    const { database } = db;
    await migrate(
      database,
      MIGRATIONS.filter((migration) => migration.name !== legalTextsMigration),
    );
    // Someone wrote the legal notice; someone else renamed the cookie policy and left its body empty.
    await database.query(
      "UPDATE pages SET body = '<p>Nuestro aviso</p>', updated_at = now() + interval '1 second' WHERE slug = 'aviso-legal'",
    );
    const [cookies] = await database.query<{ id: number }>(
      "UPDATE pages SET title = 'Cookies', updated_at = now() + interval '1 second' WHERE slug = 'politica-de-cookies' RETURNING id",
    );
    await database.query(
      `INSERT INTO audits (resource, record_id, action, user_name, changes) VALUES ('pages', $1, 'updated', 'Ana', '{}')`,
      [cookies!.id],
    );

    expect(await migrate(database)).toContain(legalTextsMigration);
    const after = await bodies(db);
    expect(after['aviso-legal']).toBe('<p>Nuestro aviso</p>');
    expect(after['politica-de-cookies']).toBe('');
    expect(after['politica-de-privacidad']).toBe(PRIVACY_POLICY);
    expect(after['declaracion-de-accesibilidad']).toBe(ACCESSIBILITY_STATEMENT);
  });
});
