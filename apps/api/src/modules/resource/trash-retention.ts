// Decision 026: TRASH_RETENTION_DAYS. The running server deletes for good what has been in the trash
// longer, at start and then every hour: no job runner. Several processes on one PostgreSQL may do it
// at once: each batch takes the rows no other process holds (FOR UPDATE SKIP LOCKED), so none waits
// and none fails. Audited as `force_deleted` by "Sistema".

import { periodic } from '../../lib/periodic';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

interface Purging {
  definition: { contract: { path: string } };
  trashable: boolean;
  purgeExpired(days: number): Promise<number>;
}

export function trashRetention({
  services,
  days,
  log,
  intervalMs = TRASH_PURGE_INTERVAL_MS,
}: {
  services: Purging[];
  days: number;
  log: Log;
  intervalMs?: number;
}) {
  /** One pass over every area with a trash; an area that fails does not stop the others. */
  async function purge(): Promise<Record<string, number>> {
    const purged: Record<string, number> = {};
    for (const service of services) {
      if (!service.trashable) continue;
      const area = service.definition.contract.path;
      try {
        const count = await service.purgeExpired(days);
        if (count) purged[area] = count;
      } catch (error) {
        log.error({ err: error, area }, 'No se pudo vaciar la papelera caducada');
      }
    }
    if (Object.keys(purged).length)
      log.info({ purged }, 'Papelera: eliminados definitivamente los caducados');
    return purged;
  }

  return { purge, ...periodic(purge, intervalMs) };
}
