import pg from 'pg';

// Many users for the list benchmarks, written straight into the server's PostgreSQL database with
// Spanish names (accents included, so the accent-folding search has work to do).

const FIRST = [
  'José',
  'María',
  'Ángel',
  'Lucía',
  'Óscar',
  'Inés',
  'Raúl',
  'Belén',
  'Iñigo',
  'Sofía',
  'Andrés',
  'Nuria',
];
const LAST = [
  'García',
  'Pérez',
  'Núñez',
  'Martínez',
  'López',
  'Sánchez',
  'Gómez',
  'Díaz',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Ibáñez',
];

/**
 * Adds users until the table holds `total`; each gets the lector role. Returns how many it added.
 * @param {string} databaseUrl
 * @param {number} total
 */
export async function fillUsers(databaseUrl, total) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n, coalesce(max(id), 0) AS last FROM users');
    const missing = total - rows[0].n;
    if (missing <= 0) return 0;
    const batch = 100_000;
    for (let done = 0; done < missing; done += batch) {
      const size = Math.min(batch, missing - done);
      const start = Number(rows[0].last) + done + 1;
      await client.query(
        `WITH created AS (
           INSERT INTO users (name, email, active, created_at, updated_at)
           SELECT ($3::text[])[1 + i % 12] || ' ' || ($4::text[])[1 + (i / 12) % 12] || ' ' || ($4::text[])[1 + (i / 144) % 12] || ' ' || i,
                  'persona' || i || '@example.org', i % 10 <> 0,
                  now() - make_interval(mins => i), now() - make_interval(mins => i)
             FROM generate_series($1::int, $2::int) AS i
           RETURNING id)
         INSERT INTO role_user (user_id, role_id) SELECT created.id, r.id FROM created, roles r WHERE r.name = 'lector'`,
        [start, start + size - 1, FIRST, LAST],
      );
    }
    await client.query('ANALYZE users; ANALYZE role_user');
    return missing;
  } finally {
    await client.end();
  }
}
