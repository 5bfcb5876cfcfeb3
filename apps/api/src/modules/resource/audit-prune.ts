import type { Database } from '../../db/client';
import { pruneRecordHistory } from './versions';

// `npm run artisan -- audit:prune` (issue 19, AUDIT_RETENTION_DAYS): history entries older than the
// retention go. Each record is pruned in a transaction of its own under the lock its new entries are
// written under, so it is safe while the server writes: the oldest entry that stays first takes the
// whole version (when it held a delta from an entry about to go), so every remaining version can
// still be rebuilt and restored (decision 025).

const DAY_MS = 86_400_000;

export async function pruneAudits(
  database: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ entries: number; records: number }> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const records = await database.query<{ resource: string; record_id: number }>(
    'SELECT DISTINCT resource, record_id FROM audits WHERE created_at < $1',
    [before],
  );
  let entries = 0;
  for (const { resource, record_id } of records) {
    entries += await database.transaction((tx) => pruneRecordHistory(tx, resource, record_id, before));
  }
  return { entries, records: records.length };
}
