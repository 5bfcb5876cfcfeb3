import type { Connection } from '../../db/client';
import type { ListedObject, Storage } from '../../lib/storage/storage';
import { mediaKeys, type StoredVariants } from './media-refs';

// `npm run artisan -- storage:prune`: stored media files no `multimedia` row names — an upload whose row
// never committed (the server died between storing the files and the INSERT), a replace whose old
// files were not deleted after its commit. Listed by default, deleted only with --force.

/**
 * An upload stores its files before its row commits, and a replace stores the new files before the
 * row names them: an unnamed file younger than this may be one on its way, so it is kept.
 */
export const PRUNE_GRACE_MS = 60 * 60 * 1000;

/** The stored media objects no multimedia row names (file or variant) and older than the grace. */
export async function unreferencedMedia(
  database: Connection,
  storage: Storage,
  now = Date.now(),
): Promise<ListedObject[]> {
  // Listed before the rows are read: an object listed here that a row names by the time the rows are
  // read is kept. One named only later is younger than the grace (new files get new names).
  const objects = await storage.list('media/');
  const rows = await database.query<{ file: string; variants: StoredVariants | null }>(
    'SELECT file, variants FROM multimedia',
  );
  const referenced = new Set(
    rows.flatMap((row) => mediaKeys({ file: row.file, variants: row.variants ?? {} })),
  );
  return objects
    .filter((object) => !referenced.has(object.key) && now - object.modified.getTime() > PRUNE_GRACE_MS)
    .sort((a, b) => a.key.localeCompare(b.key));
}
