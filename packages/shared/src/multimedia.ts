import { z } from 'zod';
import type { DocumentAccessibility } from './accessibility';
import { optionalText } from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, type ResourceContract } from './resource';

// docs/areas.md#multimedia: files uploaded on the list itself (no create screen), typed by their bytes.

export const MEDIA_KINDS = ['image', 'document', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_KIND_LABELS: Record<MediaKind, string> = {
  image: 'Imagen',
  document: 'Documento',
  video: 'Vídeo',
  audio: 'Audio',
};

/** What the server accepts, by the type it reads from the bytes (never the name or Content-Type). */
export const ACCEPTED_MEDIA: ReadonlyArray<{
  mime: string;
  kind: MediaKind;
  label: string;
  extension: string;
}> = [
  { mime: 'image/jpeg', kind: 'image', label: 'JPEG', extension: 'jpg' },
  { mime: 'image/png', kind: 'image', label: 'PNG', extension: 'png' },
  { mime: 'image/webp', kind: 'image', label: 'WebP', extension: 'webp' },
  { mime: 'image/gif', kind: 'image', label: 'GIF', extension: 'gif' },
  { mime: 'image/avif', kind: 'image', label: 'AVIF', extension: 'avif' },
  { mime: 'application/pdf', kind: 'document', label: 'PDF', extension: 'pdf' },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
    label: 'Word (docx)',
    extension: 'docx',
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'document',
    label: 'Excel (xlsx)',
    extension: 'xlsx',
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'document',
    label: 'PowerPoint (pptx)',
    extension: 'pptx',
  },
  {
    mime: 'application/vnd.oasis.opendocument.text',
    kind: 'document',
    label: 'OpenDocument (odt)',
    extension: 'odt',
  },
  {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    kind: 'document',
    label: 'OpenDocument (ods)',
    extension: 'ods',
  },
  {
    mime: 'application/vnd.oasis.opendocument.presentation',
    kind: 'document',
    label: 'OpenDocument (odp)',
    extension: 'odp',
  },
  { mime: 'text/plain', kind: 'document', label: 'Texto', extension: 'txt' },
  { mime: 'text/csv', kind: 'document', label: 'CSV', extension: 'csv' },
  { mime: 'video/mp4', kind: 'video', label: 'MP4', extension: 'mp4' },
  { mime: 'video/webm', kind: 'video', label: 'WebM', extension: 'webm' },
  { mime: 'audio/mpeg', kind: 'audio', label: 'MP3', extension: 'mp3' },
];

/** Other endings people give these types, beside each one's own `extension`. */
const EXTENSION_ALIASES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  text: 'text/plain',
};

/** The type a file's name claims by its ending, when it is one of ACCEPTED_MEDIA's. */
function claimedMime(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ending = name.slice(dot + 1).toLowerCase();
  return (
    EXTENSION_ALIASES[ending] ?? ACCEPTED_MEDIA.find((media) => media.extension === ending)?.mime ?? null
  );
}

/** "una imagen JPEG", "un documento de texto": a type as a Spanish noun phrase, with its article. */
function typePhrase(mime: string): { article: 'un' | 'una'; noun: string } {
  const media = ACCEPTED_MEDIA.find((accepted) => accepted.mime === mime);
  if (!media) return { article: 'un', noun: `archivo ${mime}` };
  if (mime === 'text/plain') return { article: 'un', noun: 'documento de texto' };
  if (mime === 'text/csv') return { article: 'una', noun: 'tabla CSV' };
  switch (media.kind) {
    case 'image':
      return { article: 'una', noun: `imagen ${media.label}` };
    case 'video':
      return { article: 'un', noun: `vídeo ${media.label}` };
    case 'audio':
      return { article: 'un', noun: `audio ${media.label}` };
    default:
      return { article: 'un', noun: `documento ${media.label}` };
  }
}

/**
 * Issue 16: the type is read from the bytes (docs/areas.md), so a `.jpg` holding text is kept as text.
 * When the name's ending claims another accepted type, this says what the file was taken as:
 * "Se ha subido como documento de texto: su contenido no es una imagen JPEG." Null otherwise.
 */
export function detectedTypeNotice(originalName: string, mime: string): string | null {
  const claimed = claimedMime(originalName);
  if (claimed === null || claimed === mime) return null;
  const expected = typePhrase(claimed);
  return `Se ha subido como ${typePhrase(mime).noun}: su contenido no es ${expected.article} ${expected.noun}.`;
}

export const ACCEPTED_MEDIA_SUMMARY =
  'imágenes JPEG, PNG, WebP, GIF o AVIF; PDF; documentos de Office u OpenDocument; texto o CSV; vídeo MP4 o WebM; audio MP3';

export interface MediaVariant {
  url: string;
  width: number;
  height: number;
}

/** `GET /api/multimedia/limits`: what the server accepts (UPLOAD_MAX_MB in bytes). */
export interface MediaLimits {
  max_bytes: number;
}

/**
 * Where a media item is used (`GET /api/multimedia/{id}/usage`). `title` is null for a record of an
 * area the person may not view: the use is counted, the record not named.
 */
/** How a use in an area the person may not view is named, on screen and in the API's refusals. */
export const HIDDEN_USAGE = 'un elemento que no puede ver';

export interface MediaUsage {
  area: string;
  id: number;
  title: string | null;
}

/** A file name the server gives a stored file: 32 hexadecimal digits and the type's extension. */
const STORED_NAME = '[0-9a-f]{32}\\.[a-z0-9]{2,5}';
/** Files one `filter[file]` may name. */
export const MEDIA_FILE_FILTER_MAX = 50;

/** The stored name an address of a library file ends with («…/storage/media/<name>»), or null. */
export function storedMediaName(href: string): string | null {
  const match = new RegExp(`/(${STORED_NAME})(?:[?#].*)?$`).exec(href);
  return match ? match[1]! : null;
}

const mediaFields = {
  /** The server-made name the file is stored under. */
  file: readOnly(reads<string>(), { label: 'Archivo' }),
  original_name: readOnly(reads<string>(), { label: 'Nombre' }),
  mime_type: readOnly(reads<string>(), { label: 'Tipo' }),
  kind: readOnly(reads<MediaKind>(), { label: 'Clase', options: MEDIA_KIND_LABELS }),
  size: readOnly(reads<number>(), { label: 'Tamaño (bytes)' }),
  width: readOnly(reads<number | null>(), { label: 'Ancho' }),
  height: readOnly(reads<number | null>(), { label: 'Alto' }),
  alt: field(optionalText('texto alternativo', { max: 500 }), { label: 'Texto alternativo', optional: true }),
  title: field(optionalText('título', { max: 255 }), { label: 'Título', optional: true }),
  checksum: readOnly(reads<string>(), { label: 'Suma de control' }),
  url: readOnly(reads<string>(), { label: 'URL' }),
  variants: readOnly(reads<{ thumbnail: MediaVariant | null; medium: MediaVariant | null }>(), {
    label: 'Variantes',
  }),
  uploaded_by: readOnly(reads<{ id: number; name: string } | null>(), { label: 'Subido por' }),
  usage_count: readOnly(reads<number>(), { label: 'Usos' }),
  /** When the bytes are of another type than the name's ending says: what it was taken as. */
  type_notice: readOnly(reads<string | null>(), { label: 'Aviso de tipo' }),
  /**
   * A PDF's or office document's accessibility, as read from its bytes when it was uploaded
   * (docs/accessibility.md#documentos); null for other types and for documents not checked yet.
   */
  document_check: readOnly(reads<DocumentAccessibility | null>(), { label: 'Accesibilidad del documento' }),
};

export const MULTIMEDIA: ResourceContract<
  'original_name' | 'title' | 'size' | 'mime_type' | 'created_at' | 'updated_at',
  'type' | 'uploaded_by' | 'file',
  typeof mediaFields
> = areaContract({
  area: 'multimedia',
  lookup: 'id',
  sortable: ['original_name', 'title', 'size', 'mime_type', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  filters: {
    type: z.enum(MEDIA_KINDS, { error: 'Tipo desconocido: image, document, video o audio.' }),
    uploaded_by: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Indique el id de un usuario.' })
      .transform(Number),
    /**
     * The items stored under these names (`a1b2….pdf,c3d4….docx`, at most MEDIA_FILE_FILTER_MAX):
     * how the editor finds the library documents a body links to by their addresses.
     */
    file: z
      .string()
      .regex(new RegExp(`^${STORED_NAME}(,${STORED_NAME}){0,${MEDIA_FILE_FILTER_MAX - 1}}$`), {
        error: `Indique hasta ${MEDIA_FILE_FILTER_MAX} nombres de archivo de la biblioteca, separados por comas.`,
      })
      .transform((value) => value.split(',')),
  },
  fields: mediaFields,
});

/** The text parts of an upload (multipart fields beside `file`). */
export const MediaUploadFields = createInputOf(MULTIMEDIA);
export type MediaUploadFields = z.infer<typeof MediaUploadFields>;

/** What an upload is created from, once the server has stored and measured the file. */
export type MediaInput = MediaUploadFields;

export const MediaUpdateInput = updateInputOf(MULTIMEDIA);
export type MediaUpdateInput = z.infer<typeof MediaUpdateInput>;
export type MediaRecord = RecordOf<typeof MULTIMEDIA.fields>;

// Zod-free, so the home page's dashboard may import it alone (`@gestor/shared/file-size`).
export { formatFileSize } from './file-size';
