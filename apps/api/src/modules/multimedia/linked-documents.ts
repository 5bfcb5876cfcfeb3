import type { DocumentAccessibility, LinkedDocument } from '@gestor/shared';
import type { Connection } from '../../db/client';
import type { Storage } from '../../lib/storage/storage';
import { mediaUrls } from './media-refs';

// docs/accessibility.md#documentos: a body that links to a document of the library carries that
// document's issues, as its upload's check found them, as warnings of the link. The check of bodies
// (shared with the editor) is told which addresses are such documents through `documentOf`.

/** The library's documents with something to report, as the check of a body reads them. */
export interface LinkedDocuments {
  /**
   * Changes whenever a document is uploaded, replaced, trashed, restored or checked for the first
   * time (media:check-documents): findings read before are stale.
   */
  version: string;
  documentOf(href: string): LinkedDocument | null;
}

export function linkedDocuments({ storage, appUrl }: { storage: Storage; appUrl: string }) {
  const { fileOf } = mediaUrls(storage, appUrl);
  /** Loads every document whose check reports something (exempt ones report nothing). */
  return async function load(connection: Connection): Promise<LinkedDocuments> {
    const [rows, [stamp]] = await Promise.all([
      connection.query<{ file: string; original_name: string; document_check: DocumentAccessibility }>(
        `SELECT file, original_name, document_check FROM multimedia
          WHERE deleted_at IS NULL AND document_check IS NOT NULL
            AND jsonb_array_length(document_check->'issues') > 0
            AND NOT (document_check->>'exempt')::boolean`,
      ),
      connection.query<{ version: string }>(
        `SELECT count(*)::text || ':' || coalesce(max(updated_at)::text, '') || ':' ||
                count(*) FILTER (WHERE deleted_at IS NULL)::text || ':' || count(document_check)::text AS version
           FROM multimedia WHERE kind = 'document'`,
      ),
    ]);
    const byFile = new Map(
      rows.map((row) => [row.file, { name: row.original_name, check: row.document_check }] as const),
    );
    return {
      version: stamp?.version ?? '',
      documentOf: (href) => {
        const file = fileOf(href);
        return file ? (byFile.get(file) ?? null) : null;
      },
    };
  };
}
