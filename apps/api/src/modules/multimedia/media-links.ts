import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import {
  type Attributes,
  externalImageSrc,
  positiveInteger,
  sanitizeRichText,
  withDefined,
} from '../../lib/rich-text';
import type { MediaLinks } from '../resource/media-links';
import type { MediaUrls, StoredVariant, StoredVariants } from './media-refs';

// Rich text points at the library by identity (docs/areas.md#rules-shared-by-the-content-areas, "Media in use"): a body stores
// `<img data-media-id="12" alt="…" />`, never a file's address, so replacing a file, moving the bucket
// or changing APP_URL breaks no body, and usages are kept from the ids. A body is resolved to the
// files' current addresses, sizes and srcset when it is read.

/** Ids as a body may carry them: what fits a PostgreSQL integer column, no leading zeros. */
const MEDIA_ID = /^[1-9]\d{0,8}$/;

// A stored body is sanitize-html's canonical output of the rule below: attributes double-quoted and
// escaped, in the order written, so a library image always reads exactly like this.
const STORED_IMAGE = /<img data-media-id="(\d{1,9})"( alt="[^"]*")?( data-decorative="true")? \/>/g;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a body's reader needs of an item (richTextMediaSql's JSON). */
interface BodyMedia {
  id: number;
  file: string;
  mime: string;
  width: number | null;
  height: number | null;
  variants: StoredVariants;
}

/** The images an item offers, narrowest first: its variants (not for GIFs, which they would freeze) and itself. */
function candidates(item: BodyMedia, url: (file: string) => string) {
  const original =
    item.width && item.height ? { file: item.file, width: item.width, height: item.height } : null;
  const variants =
    item.mime === 'image/gif' ? [] : [item.variants.thumbnail, item.variants.medium].filter(Boolean);
  const all = [...(variants as StoredVariant[]), ...(original ? [original] : [])];
  const unique = new Map(all.map((image) => [image.width, image]));
  return [...unique.values()]
    .sort((a, b) => a.width - b.width)
    .map((image) => ({ ...image, url: url(image.file) }));
}

/**
 * How a library image is shown: the medium variant (WebP within 1280 px) when the original is wider,
 * else the original (the SPA's picker chooses alike), with every size in `srcset` so a browser on a
 * dense screen takes a larger one.
 */
export function libraryImageAttributes(item: BodyMedia, url: (file: string) => string): Attributes {
  const images = candidates(item, url);
  const medium = item.variants.medium;
  const shown =
    medium && item.mime !== 'image/gif' && (item.width ?? 0) > medium.width
      ? { url: url(medium.file), width: medium.width, height: medium.height }
      : { url: url(item.file), width: item.width, height: item.height };
  const attributes: Attributes = { src: shown.url };
  if (shown.width && shown.height) {
    attributes.width = String(shown.width);
    attributes.height = String(shown.height);
  }
  if (images.length > 1 && shown.width) {
    attributes.srcset = images.map((image) => `${image.url} ${image.width}w`).join(', ');
    attributes.sizes = `(max-width: ${shown.width}px) 100vw, ${shown.width}px`;
  }
  return attributes;
}

export interface Found {
  ids: Set<number>;
  files: Set<string>;
}

/**
 * An image's text alternative in this use (docs/accessibility.md): what was written, or none and
 * `data-decorative="true"` when the person marked it decorative here (the library's alternative is
 * the default, not the only value).
 */
export function alternativeOf(attribs: Attributes): Attributes {
  return attribs['data-decorative']?.trim().toLowerCase() === 'true'
    ? { alt: '', 'data-decorative': 'true' }
    : { alt: attribs.alt ?? '' };
}

/**
 * The first look at each image of a body: a library image by id (what the SPA's editor sends) is kept
 * as `data-media-id` and its text alternative; one by its file's address (an API client, a body from
 * before ids) keeps its address and is noted in `found`, to be turned into its id; any other https
 * image is kept as it is.
 */
export function storedImageRule(fileOf: (src: string) => string | null, found: Found) {
  return (attribs: Attributes): Attributes | null => {
    const id = attribs['data-media-id']?.trim() ?? '';
    if (MEDIA_ID.test(id)) {
      found.ids.add(Number(id));
      return { 'data-media-id': id, ...alternativeOf(attribs) };
    }
    const src = attribs.src?.trim() ?? '';
    const file = fileOf(src);
    if (file) {
      found.files.add(file);
      return { src, ...alternativeOf(attribs) };
    }
    const external = externalImageSrc(src);
    if (external === null) return null;
    return withDefined([
      ['src', external],
      ...Object.entries(alternativeOf(attribs)),
      ['width', positiveInteger(attribs.width, 10000)],
      ['height', positiveInteger(attribs.height, 10000)],
    ]);
  };
}

/** The library items a stored body shows, each once. */
export const idsInRichText = (html: string) => [
  ...new Set([...html.matchAll(STORED_IMAGE)].map((match) => Number(match[1]))),
];

export function mediaLinks(urls: MediaUrls): MediaLinks {
  return {
    async storeRichText(tx: Connection, field: string, html: string) {
      const found: Found = { ids: new Set(), files: new Set() };
      const stored = sanitizeRichText(html, { image: storedImageRule(urls.fileOf, found) });
      if (!found.ids.size && !found.files.size) return { html: stored, ids: [] };
      const files = [...found.files];
      const rows = await tx.query<{
        id: number;
        name: string;
        kind: string;
        file: string;
        thumbnail: string | null;
        medium: string | null;
      }>(
        `SELECT id, original_name AS name, kind, file,
                variants->'thumbnail'->>'file' AS thumbnail, variants->'medium'->>'file' AS medium
           FROM multimedia
          WHERE (id = ANY($1::int[]) OR file = ANY($2::text[])
             OR variants->'thumbnail'->>'file' = ANY($2::text[]) OR variants->'medium'->>'file' = ANY($2::text[]))
            AND deleted_at IS NULL -- a trashed item cannot be picked (decision 026)
          ORDER BY id FOR SHARE`,
        [[...found.ids], files],
      );
      const byFile = new Map<string, number>();
      for (const row of rows)
        for (const file of [row.file, row.thumbnail, row.medium]) if (file) byFile.set(file, row.id);
      const missingId = [...found.ids].find((id) => !rows.some((row) => row.id === id));
      if (missingId !== undefined) {
        throw ValidationError.field(field, `La imagen n.º ${missingId} no está en la biblioteca multimedia.`);
      }
      const missingFile = files.find((file) => !byFile.has(file));
      if (missingFile !== undefined) {
        throw ValidationError.field(field, `La imagen «${missingFile}» no está en la biblioteca multimedia.`);
      }
      const used = new Set([...found.ids, ...files.map((file) => byFile.get(file)!)]);
      const notImage = rows.find((row) => used.has(row.id) && row.kind !== 'image');
      if (notImage) {
        throw ValidationError.field(
          field,
          `«${notImage.name}» no es una imagen: el texto solo admite imágenes.`,
        );
      }
      if (!files.length) return { html: stored, ids: [...used] };
      // Images named by address become the same image by id.
      const byId = sanitizeRichText(stored, {
        image: (attribs) => {
          const id = byFile.get(urls.fileOf(attribs.src ?? '') ?? '');
          return id === undefined ? attribs : { 'data-media-id': String(id), ...alternativeOf(attribs) };
        },
      });
      return { html: byId, ids: [...used] };
    },

    idsInRichText,

    richTextMediaSql(area: string, recordId: string) {
      return `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'file', m.file, 'mime', m.mime_type,
                 'width', m.width, 'height', m.height, 'variants', m.variants)), '[]'::json)
               FROM media_usages mu JOIN multimedia m ON m.id = mu.media_id
              WHERE mu.area = '${area.replace(/'/g, "''")}' AND mu.record_id = ${recordId})`;
    },

    readRichText(html: string, media: unknown) {
      if (!html.includes('<img data-media-id="')) return html;
      const items = new Map((media as BodyMedia[]).map((item) => [item.id, item]));
      return html.replace(STORED_IMAGE, (tag, id: string, alt: string | undefined, decorative = '') => {
        const item = items.get(Number(id));
        if (!item) return tag;
        const attributes = Object.entries(libraryImageAttributes(item, urls.url))
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join('');
        return `<img data-media-id="${id}"${attributes}${alt ?? ' alt=""'}${decorative} />`;
      });
    },

    async readStoredRichText(conn: Connection, html: string) {
      const ids = idsInRichText(html);
      if (!ids.length) return html;
      const [row] = await conn.query<{ media: BodyMedia[] }>(
        `SELECT coalesce(json_agg(json_build_object('id', m.id, 'file', m.file, 'mime', m.mime_type,
                'width', m.width, 'height', m.height, 'variants', m.variants)), '[]'::json) AS media
           FROM multimedia m WHERE m.id = ANY($1::int[])`,
        [ids],
      );
      return this.readRichText(html, row?.media ?? []);
    },

    async syncUsages(tx: Connection, area: string, recordId: number, ids: number[]) {
      await tx.query('DELETE FROM media_usages WHERE area = $1 AND record_id = $2', [area, recordId]);
      if (!ids.length) return;
      await tx.query(
        `INSERT INTO media_usages (media_id, area, record_id)
         SELECT DISTINCT media_id, $1::text, $2::int FROM unnest($3::int[]) AS used (media_id)`,
        [area, recordId, ids],
      );
    },

    async forgetUsages(tx: Connection, area: string, recordIds: number[]) {
      await tx.query('DELETE FROM media_usages WHERE area = $1 AND record_id = ANY($2::int[])', [
        area,
        recordIds,
      ]);
    },
  };
}
