import type { Connection } from '../../db/client';

/**
 * Decision 026: the files of a media item in the trash are not served (`/storage/media/<name>`),
 * whether its original or a variant. Answered from the trash's partial index (only trashed rows).
 */
export function trashedMediaFiles(database: Connection) {
  return async (name: string): Promise<boolean> => {
    const rows = await database.query(
      `SELECT 1 FROM multimedia
        WHERE deleted_at IS NOT NULL
          AND (file = $1 OR variants->'thumbnail'->>'file' = $1 OR variants->'medium'->>'file' = $1)
        LIMIT 1`,
      [name],
    );
    return rows.length > 0;
  };
}
