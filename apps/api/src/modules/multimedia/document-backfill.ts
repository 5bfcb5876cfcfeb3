import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Connection } from '../../db/client';
import type { Storage } from '../../lib/storage/storage';
import { CHECKED_DOCUMENT_TYPES, checkDocument } from './document-check';
import { mediaKey } from './media-refs';

// `npm run artisan -- media:check-documents` (docs/accessibility.md#documentos): the documents
// uploaded before uploads were checked have no `document_check`; this reads each from storage once
// and records what it finds. A document replaced meanwhile keeps the check its upload made.

const BATCH = 100;

export interface BackfillResult {
  checked: number;
  /** Items whose file is not in storage (nothing recorded for them). */
  missing: string[];
}

export async function checkUncheckedDocuments(
  database: Connection,
  storage: Storage,
  tmpDir: string,
): Promise<BackfillResult> {
  const result: BackfillResult = { checked: 0, missing: [] };
  await mkdir(tmpDir, { recursive: true });
  let after = 0;
  for (;;) {
    const rows = await database.query<{ id: number; file: string; mime_type: string; original_name: string }>(
      `SELECT id, file, mime_type, original_name FROM multimedia
        WHERE document_check IS NULL AND mime_type = ANY($1::text[]) AND id > $2
        ORDER BY id LIMIT ${BATCH}`,
      [CHECKED_DOCUMENT_TYPES, after],
    );
    for (const row of rows) {
      const stored = await storage.read(mediaKey(row.file));
      if (!stored) {
        result.missing.push(`${row.id} ${row.original_name}`);
        continue;
      }
      const copy = path.join(tmpDir, `check-${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(stored.stream, createWriteStream(copy));
        const check = await checkDocument(copy, row.mime_type);
        const updated = await database.query(
          'UPDATE multimedia SET document_check = $1 WHERE id = $2 AND file = $3 AND document_check IS NULL RETURNING id',
          [JSON.stringify(check), row.id, row.file],
        );
        result.checked += updated.length;
      } finally {
        await rm(copy, { force: true });
      }
    }
    if (rows.length < BATCH) return result;
    after = rows[rows.length - 1]!.id;
  }
}
