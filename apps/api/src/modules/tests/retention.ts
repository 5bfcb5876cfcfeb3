import type { Database } from '../../db/client';
import { periodic } from '../../lib/periodic';
import { writeAudit } from '../resource/audit-log';
import type { Answering } from './answering';

// docs/areas.md#opening-a-test-to-the-public: a test's `retention_days`. The running server anonymises older responses
// at start and then every hour, as the trash's purge does (decision 026): the address, the code, the
// link between one person's attempts and the free text of `personal` questions are removed; scores
// and choices stay for the statistics. Each test's pass is one transaction, audited as «Sistema».
// The same timer settles attempts whose time ran out unattended (docs: on_expiry).

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export const ANSWERS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SYSTEM_ACTOR = { id: null, name: 'Sistema' };

/** Anonymises what is older than each test's retention period; returns how many per test id. */
export async function anonymiseExpired(database: Database): Promise<Record<number, number>> {
  const tests = await database.query<{ id: number; retention_days: number }>(
    `SELECT t.id, t.retention_days FROM tests t
      WHERE t.retention_days IS NOT NULL
        AND EXISTS (SELECT 1 FROM test_attempts a WHERE a.test_id = t.id AND a.anonymised_at IS NULL
                      AND coalesce(a.submitted_at, a.started_at) < now() - make_interval(days => t.retention_days))`,
  );
  const done: Record<number, number> = {};
  for (const test of tests) {
    const count = await database.transaction(async (tx) => {
      const [before] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM test_attempts WHERE test_id = $1 AND anonymised_at IS NOT NULL',
        [test.id],
      );
      // Rows taken by no other process (two servers on one PostgreSQL never do a row twice).
      const rows = await tx.query<{ id: number }>(
        `WITH due AS (
           SELECT id FROM test_attempts
            WHERE test_id = $1 AND anonymised_at IS NULL
              AND coalesce(submitted_at, started_at) < now() - make_interval(days => $2)
            FOR UPDATE SKIP LOCKED),
         personal AS (
           SELECT coalesce(array_agg(id::text), '{}') AS ids FROM test_questions WHERE test_id = $1 AND personal)
         UPDATE test_attempts a
            SET email = NULL, code_id = NULL, person_key = NULL,
                answers = a.answers - (SELECT ids FROM personal),
                submitted_at = date_trunc('day', a.submitted_at),
                started_at = NULL, saved_at = NULL,
                anonymised_at = now()
           FROM due WHERE a.id = due.id
         RETURNING a.id`,
        [test.id, test.retention_days],
      );
      await tx.query(
        `UPDATE test_start_links SET email = NULL
          WHERE test_id = $1 AND email IS NOT NULL AND expires_at < now() - make_interval(days => $2)`,
        [test.id, test.retention_days],
      );
      if (rows.length) {
        const from = before?.n ?? 0;
        await writeAudit(
          tx,
          { resource: 'tests', recordId: test.id, action: 'updated', actor: SYSTEM_ACTOR },
          {
            anonymised_count: { from, to: from + rows.length },
          },
        );
      }
      return rows.length;
    });
    if (count) done[test.id] = count;
  }
  return done;
}

export function answersSweep({
  database,
  answering,
  log,
  intervalMs = ANSWERS_SWEEP_INTERVAL_MS,
}: {
  database: Database;
  answering: Answering;
  log: Log;
  intervalMs?: number;
}) {
  async function sweep() {
    try {
      const settled = await answering.settleOverdue();
      if (settled) log.info({ settled }, 'Tests: intentos con el tiempo agotado cerrados');
    } catch (error) {
      log.error({ err: error }, 'No se pudieron cerrar los intentos con el tiempo agotado');
    }
    try {
      const anonymised = await anonymiseExpired(database);
      if (Object.keys(anonymised).length) log.info({ anonymised }, 'Tests: respuestas anonimizadas');
    } catch (error) {
      log.error({ err: error }, 'No se pudieron anonimizar las respuestas caducadas');
    }
  }

  return { sweep, ...periodic(sweep, intervalMs) };
}
