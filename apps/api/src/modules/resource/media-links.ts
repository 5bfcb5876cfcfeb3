import type { Connection } from '../../db/client';

// What the machinery needs from the media library, and nothing more (the multimedia module
// implements it: media-links.ts there). The machinery names no media table: it hands over rich text
// to store and read, and the ids of the media a record uses, and the library keeps its usages.

export interface MediaLinks {
  /**
   * A sanitized rich text field as it is stored: library images by id (`<img data-media-id="12"
   * alt="…" />`), whatever form they arrived in. Returns the body and the library items it shows,
   * locked so none is deleted or stops being an image before the write commits. A 422 on `field` names an image that is not
   * in the library or is not an image.
   */
  storeRichText(tx: Connection, field: string, html: string): Promise<{ html: string; ids: number[] }>;
  /** The library items a stored body shows. */
  idsInRichText(html: string): number[];
  /**
   * A SELECT expression (alias `t`) of what `readRichText` needs to know about the items that
   * record `recordId` of `area` uses.
   */
  richTextMediaSql(area: string, recordId: string): string;
  /** A stored body as it is read: each library image with its file's current address and sizes. */
  readRichText(html: string, media: unknown): string;
  /**
   * A stored body as it is read, whichever library items it shows (an earlier version's images may
   * no longer be the record's usages): each with its file's current address.
   */
  readStoredRichText(conn: Connection, html: string): Promise<string>;
  /** Records the items a record uses now (docs/areas.md#rules-shared-by-the-content-areas), replacing what was recorded. */
  syncUsages(tx: Connection, area: string, recordId: number, ids: number[]): Promise<void>;
  /** Forgets the usages of records that are being deleted. */
  forgetUsages(tx: Connection, area: string, recordIds: number[]): Promise<void>;
}
