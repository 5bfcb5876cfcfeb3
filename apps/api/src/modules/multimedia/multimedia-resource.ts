import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ACCEPTED_MEDIA_SUMMARY,
  type DocumentAccessibility,
  detectedTypeNotice,
  type MediaKind,
  type MediaRecord,
  type MediaUpdateInput,
  type MediaUploadFields,
  MULTIMEDIA,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import type { Storage } from '../../lib/storage/storage';
import { dispositionFor } from '../../lib/storage/stored-object';
import { defineArea, storedIn } from '../resource/area-declaration';
import { csvDate } from '../resource/csv';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';
import type { ReceivedFile } from '../resource/uploads';
import { checkDocument } from './document-check';
import { sniffFile } from './file-sniff';
import { processImage, removeGpsData } from './image-processing';
import { IMAGES_ONLY, mediaKey, mediaKeys, mediaShape, mediaUrls, type StoredVariants } from './media-refs';
import { type UsageIndex, visibleTo } from './media-usages';

// The multimedia library (docs/areas.md#multimedia): files typed by their bytes, images with WebP
// variants and no GPS data, replaced in place keeping their usages, never deleted while in use.

/** What an accepted upload stores: the columns of the file, its variants included. */
interface StoredMedia {
  file: string;
  original_name: string;
  mime_type: string;
  kind: MediaKind;
  size: number;
  width: number | null;
  height: number | null;
  checksum: string;
  variants: StoredVariants;
  /** What a PDF or office document lacks (docs/accessibility.md#documentos); null for other types. */
  document_check: DocumentAccessibility | null;
}

// `file` is filled by the upload (never by the client: the text fields' schema does not know it).
type MediaCreate = MediaUploadFields & { file?: StoredMedia };
type MediaUpdate = Omit<MediaUpdateInput, 'updated_at'> & { file?: StoredMedia };

const sha256 = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

export function multimediaResource({
  storage,
  usages,
  tmpDir,
  maxBytes,
  appUrl,
}: {
  appUrl: string;
  storage: Storage;
  usages: UsageIndex;
  tmpDir: string;
  /** UPLOAD_MAX_MB in bytes, told to the SPA so it spares sending what would be refused. */
  maxBytes: number;
}) {
  const urls = mediaUrls(storage, appUrl);

  /** Sniffs, cleans and measures a received file, then stores it and its variants under new names. */
  async function accept(received: ReceivedFile) {
    const type = await sniffFile(received.path);
    if (!type) {
      throw ValidationError.field(
        'file',
        `Este tipo de archivo no está permitido. Se admiten ${ACCEPTED_MEDIA_SUMMARY}.`,
      );
    }
    const base = randomBytes(16).toString('hex');
    const file = `${base}.${type.extension}`;
    const stored: StoredMedia = {
      file,
      original_name: received.filename,
      mime_type: type.mime,
      kind: type.kind,
      size: received.size,
      width: null,
      height: null,
      checksum: received.checksum,
      variants: {},
      document_check: await checkDocument(received.path, type.mime),
    };
    const uploads: Array<[string, string, string]> = [[mediaKey(file), received.path, type.mime]];
    const scratch: string[] = [];
    try {
      if (type.kind === 'image') {
        await mkdir(tmpDir, { recursive: true });
        const thumbnail = path.join(tmpDir, `${base}-thumbnail.webp`);
        const medium = path.join(tmpDir, `${base}-medium.webp`);
        scratch.push(thumbnail, medium);
        // docs/areas.md: no stored or served image keeps EXIF GPS data; the bytes stored are the cleaned ones.
        await removeGpsData(received.path, type.mime);
        const [image] = await Promise.all([
          processImage(received.path, type.mime, { thumbnail, medium }),
          (async () => {
            stored.size = (await stat(received.path)).size;
            stored.checksum = await sha256(received.path);
          })(),
        ]);
        stored.width = image.width;
        stored.height = image.height;
        stored.variants = {
          thumbnail: {
            file: `${base}-thumbnail.webp`,
            width: image.thumbnail.width,
            height: image.thumbnail.height,
          },
          medium: { file: `${base}-medium.webp`, width: image.medium.width, height: image.medium.height },
        };
        uploads.push(
          [mediaKey(stored.variants.thumbnail!.file), thumbnail, 'image/webp'],
          [mediaKey(stored.variants.medium!.file), medium, 'image/webp'],
        );
      }
      const keys = uploads.map(([key]) => key);
      try {
        await Promise.all(
          uploads.map(([key, source, contentType]) =>
            storage.putFile(key, source, {
              contentType,
              disposition: dispositionFor(contentType),
              downloadName: key === mediaKey(file) ? received.filename : undefined,
            }),
          ),
        );
      } catch (error) {
        await storage.delete(keys).catch(() => {});
        throw error;
      }
      return { value: stored, remove: () => storage.delete(keys) };
    } finally {
      await Promise.all(scratch.map((name) => rm(name, { force: true })));
    }
  }

  return defineArea<MediaRecord, MediaCreate, MediaUpdate>({
    contract: MULTIMEDIA,
    table: 'multimedia',
    select: {
      uploaded_by: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.uploaded_by)`,
      usage_count: '(SELECT count(*)::int FROM media_usages mu WHERE mu.media_id = t.id)',
      url: null,
      type_notice: null,
    },
    storage: { uploaded_by: storedIn('uploaded_by') },
    read: {
      size: (row) => Number(row.size),
      url: (row) => urls.url(row.file as string),
      variants: (row) => {
        const variants = row.variants as StoredVariants;
        return { thumbnail: urls.variant(variants.thumbnail), medium: urls.variant(variants.medium) };
      },
      type_notice: (row) => detectedTypeNotice(row.original_name as string, row.mime_type as string),
    },
    // Another area's cover, logo or gallery: an image of the library, read with its addresses;
    // every such reference is a usage.
    asTarget: {
      countsAsUsage: true,
      accept: IMAGES_ONLY,
      shape: mediaShape,
      readValue: (raw) => urls.ref(raw),
    },
    // A new, edited, replaced or deleted file (the website may show it anywhere).
    sortColumns: {
      original_name: spanishOrder('t.original_name'),
      title: spanishOrder('t.title'),
      size: 't.size',
      mime_type: 't.mime_type',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      type: (value) => `t.kind = ${value}`,
      uploaded_by: (value) => `t.uploaded_by = ${value}`,
      file: (value) => `t.file = ANY(${value}::text[])`,
    },
    searchColumn: 't.search_text',
    titleColumn: 'original_name',
    upload: { field: 'file', accept },

    // The accepted file arrives as one object; it is stored as the columns it describes. A replaced
    // file's old objects go once the new ones are committed (a rollback keeps the old ones).
    async prepare({ tx, actor, afterCommit }, input, current) {
      const fields = input as Record<string, unknown>;
      const media = fields.file as StoredMedia | undefined;
      if (media) {
        if (current && media.kind !== current.kind) {
          // A replace keeps the item's usages: each must still take the new kind (a slide's image
          // replaced by a PDF would break the slide). The row is locked, so no new use slips in.
          const used = (await usages.of(tx, [current.id], visibleTo(actor))).get(current.id) ?? [];
          const refusing = usages.refusing(used, media.kind);
          if (refusing.length) {
            throw ValidationError.field(
              'file',
              `Este archivo se usa en ${usages.describe(refusing)}, que solo admite imágenes: sustitúyalo por otra imagen.`,
            );
          }
        }
        Object.assign(fields, media, {
          variants: JSON.stringify(media.variants),
          document_check: media.document_check && JSON.stringify(media.document_check),
        });
        if (current) {
          const old = await storedKeys(tx, [current.id]);
          afterCommit(() => storage.delete(old));
        }
      }
      if (!current) fields.uploaded_by = actor.id;
    },

    async beforeDelete({ tx, actor }, records) {
      const used = await usages.of(
        tx,
        records.map((record) => record.id),
        visibleTo(actor),
      );
      for (const record of records) {
        const list = used.get(record.id) ?? [];
        if (list.length) {
          throw ValidationError.field(
            'ids',
            `No se puede eliminar «${record.original_name}»: se usa en ${usages.describe(list)}.`,
          );
        }
      }
    },

    // The files go only when the items are deleted for good (decision 026), once that has committed.
    async onPurge({ tx, afterCommit }, records) {
      const keys = await storedKeys(
        tx,
        records.map((record) => record.id),
      );
      afterCommit(() => storage.delete(keys));
    },

    // What a person reads in the history (issue 16): no checksum, a hash means nothing to them; a
    // replaced file shows as its new name, type and size.
    auditSnapshot: (media) => ({
      original_name: media.original_name,
      alt: media.alt,
      title: media.title,
      file: media.file,
      mime_type: media.mime_type,
      size: media.size,
    }),

    csv: [
      ...(['id', 'original_name', 'title', 'alt', 'mime_type', 'size', 'width', 'height', 'url'] as const),
      ...(['usage_count', 'uploaded_by'] as const),
      { header: 'Subido', value: (m) => csvDate(m.created_at) },
    ],

    routes(app, service) {
      // Static, so it wins over /:id. Only uploaders need it.
      app.get('/api/multimedia/limits', { config: { permission: 'multimedia.create' } }, async () => ({
        data: { max_bytes: maxBytes },
      }));
      app.get('/api/multimedia/:id/usage', { config: { permission: 'multimedia.view' } }, async (request) => {
        const id = await service.resolveKey((request.params as { id: string }).id);
        await service.show(id);
        const used = await usages.of(service.database, [id], visibleTo(request.authUser()));
        return { data: used.get(id) ?? [] };
      });
    },
  });
}

/** The storage keys of items (files and variants), as the rows hold them now. */
async function storedKeys(tx: Connection, ids: number[]): Promise<string[]> {
  const rows = await tx.query<{ file: string; variants: StoredVariants }>(
    'SELECT file, variants FROM multimedia WHERE id = ANY($1::int[])',
    [ids],
  );
  return rows.flatMap(mediaKeys);
}
