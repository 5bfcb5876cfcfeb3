import { type FileHandle, open } from 'node:fs/promises';
import { inflateRawSync, inflateSync } from 'node:zlib';
import {
  ACCEPTED_MEDIA,
  DOCUMENTS_EXEMPT_BEFORE,
  type DocumentAccessibility,
  type DocumentIssue,
} from '@gestor/shared';
import { readAt } from '../../lib/read-at';

// docs/accessibility.md#documentos: what a PDF or office document uploaded to the library lacks for
// UNE-EN 301 549's chapter 10 (non-web documents), read once from its bytes when it is uploaded and
// stored on the item. A PDF: tags (a structure tree), a title, a language, and text rather than only
// scanned images. An office document (Office Open XML, OpenDocument): a title and a language; its
// structure is the format's own. The day the file says it was created decides the exemption of
// documents from before 20 September 2018.
//
// Neither format is parsed whole: the check reads what it needs (the PDF's catalog, information
// dictionary and metadata, its compressed object streams; the package's properties and styles), so
// a 50 MB scan costs one read of the file and no rendering.

/** How each checked type of the library is read, by its extension (ACCEPTED_MEDIA names the types). */
const FORMATS = {
  pdf: 'pdf',
  docx: 'word',
  xlsx: 'sheet',
  pptx: 'slides',
  odt: 'odf',
  ods: 'odf',
  odp: 'odf',
} as const;
type PackageFormat = Exclude<(typeof FORMATS)[keyof typeof FORMATS], 'pdf'>;

const formatOf = (mime: string) => {
  const extension = ACCEPTED_MEDIA.find((media) => media.mime === mime)?.extension;
  return extension && extension in FORMATS ? FORMATS[extension as keyof typeof FORMATS] : null;
};

/** The types of the library that checkDocument reads. */
export const CHECKED_DOCUMENT_TYPES: readonly string[] = ACCEPTED_MEDIA.filter(
  (media) => media.extension in FORMATS,
).map((media) => media.mime);

/** What a part of a package or a compressed stream may grow to once inflated (a zip bomb stops here). */
const MAX_INFLATED = 16 * 1024 * 1024;

/**
 * A PDF up to this size is read whole; a larger one by its first and last PDF_EDGE bytes, where its
 * catalog, information dictionary and cross-reference sections are (at the start when it is
 * linearized, at the end otherwise); when those ends show images and no font, it is passed over a
 * chunk at a time to tell a scan (looksScanned).
 * Reading costs about 5 ms a megabyte of the event loop's time and twice its size in memory: an upload
 * spends a few milliseconds and megabytes on it however large the file (bench/cases/media-upload.mjs).
 */
const PDF_WHOLE_MAX = 2 * 1024 * 1024;
const PDF_EDGE = 1024 * 1024;
const SCAN_CHUNK = 1024 * 1024;

/** The check of the document at `path`, of type `mime` (as sniffed), or null for other types. */
export async function checkDocument(path: string, mime: string): Promise<DocumentAccessibility | null> {
  const format = formatOf(mime);
  if (format === null) return null;
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let found: Found | null;
    if (format === 'pdf') {
      const whole = size <= PDF_WHOLE_MAX;
      const bytes = whole
        ? await readAt(file, 0, size)
        : Buffer.concat([
            await readAt(file, 0, PDF_EDGE),
            Buffer.from('\nendobj\n'),
            await readAt(file, size - PDF_EDGE, PDF_EDGE),
          ]);
      found = readPdf(bytes, whole);
      if (found?.scanned && !whole) found.scanned = await looksScanned(file, size);
    } else {
      found = await readPackage(await zipParts(file, size), format);
    }
    return found ? judged(found) : UNREADABLE;
  } catch {
    return UNREADABLE;
  } finally {
    await file.close();
  }
}

/** What marks an image, a font and a compressed object stream, in a dictionary or in raw bytes. */
const PDF_MARKS = {
  image: /\/Subtype\s*\/Image\b/,
  font: /\/Font\b/,
  objectStream: /\/Type\s*\/ObjStm\b/,
};
/** What one chunk keeps of the one before, so that a mark cut in two is still seen. */
const MARK_OVERLAP = 32;

/**
 * Whether a large PDF is a scan, from its raw bytes a chunk at a time: images, no font anywhere, and
 * no compressed object stream that could hold fonts unseen. Stops at the first font.
 */
async function looksScanned(file: FileHandle, size: number): Promise<boolean> {
  let image = false;
  // Compressed objects may hold the fonts out of sight: then it cannot be told.
  let compressed = false;
  let carry = '';
  for (let position = 0; position < size; position += SCAN_CHUNK) {
    const chunk = carry + (await readAt(file, position, SCAN_CHUNK)).toString('latin1');
    if (PDF_MARKS.font.test(chunk)) return false;
    image ||= PDF_MARKS.image.test(chunk);
    compressed ||= PDF_MARKS.objectStream.test(chunk);
    carry = chunk.slice(-MARK_OVERLAP);
  }
  return image && !compressed;
}

const UNREADABLE: DocumentAccessibility = { created_on: null, exempt: false, readable: false, issues: [] };

interface Found {
  created: string | null;
  title: string | null;
  language: string | null;
  /** Null where the format has no such notion (office files carry their structure; no scans). */
  tagged: boolean | null;
  scanned: boolean;
  /** False where a format has no document language to set (a spreadsheet). */
  hasLanguage: boolean;
}

function judged(found: Found): DocumentAccessibility {
  const issues: DocumentIssue[] = [];
  if (found.tagged === false) issues.push('untagged');
  if (!meaningfulTitle(found.title)) issues.push('no-title');
  if (found.hasLanguage && !found.language?.trim()) issues.push('no-language');
  if (found.scanned) issues.push('scanned');
  const created = found.created && /^\d{4}-\d{2}-\d{2}$/.test(found.created) ? found.created : null;
  return {
    created_on: created,
    exempt: created !== null && created < DOCUMENTS_EXEMPT_BEFORE,
    readable: true,
    issues,
  };
}

/**
 * A title that names the document: not empty, not a file's name («informe.docx»), not the name a
 * program writes by itself («Microsoft Word - informe.docx», «Documento1», «Presentación de PowerPoint»).
 */
function meaningfulTitle(title: string | null): boolean {
  const text = title?.replace(/\s+/g, ' ').trim() ?? '';
  if (!text) return false;
  if (/\.(pdf|docx?|xlsx?|pptx?|od[tsp]|rtf|txt)$/i.test(text)) return false;
  if (/^microsoft (word|excel|powerpoint) - /i.test(text)) return false;
  return !/^(documento|document|libro|book|presentación|presentation|untitled|sin título)\s*\d*$/i.test(text);
}

/** «2017-03-01» from a PDF date (D:20170301…) or an ISO date-time; null when it is neither. */
function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const pdf = /^D:(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (pdf) return `${pdf[1]}-${pdf[2]}-${pdf[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}

// --- PDF ------------------------------------------------------------------------------------

const OBJECT_START = /(\d+)\s+(\d+)\s+obj\b/g;
const REFERENCE = (key: string) => new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`);

/**
 * The parts of a PDF the check reads. Objects are found by scanning (a later definition of a number
 * wins, as an incremental update means), those in compressed object streams too; a cross-reference
 * table is not needed for that. An encrypted file's streams do not inflate: what they hold is unseen.
 */
function readPdf(bytes: Buffer, whole: boolean): Found | null {
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return null;
  const objects = new Map<number, string>();
  const streams: string[] = [];
  for (const match of text.matchAll(OBJECT_START)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) continue;
    const body = text.slice(start, end);
    objects.set(Number(match[1]), body);
    if (PDF_MARKS.objectStream.test(dictionaryPart(body))) streams.push(body);
  }
  // Compressed objects (PDF 1.5+): the catalog and the fonts often live there.
  for (const body of streams) {
    const data = streamData(body);
    if (!data) continue;
    const dictionary = dictionaryPart(body);
    const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
    const count = Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
    if (!Number.isInteger(first) || !Number.isInteger(count)) continue;
    const header = data.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < count && 2 * i + 1 < header.length; i++) {
      const number = header[2 * i]!;
      const offset = first + header[2 * i + 1]!;
      const next = 2 * i + 3 < header.length ? first + header[2 * i + 3]! : data.length;
      if (!objects.has(number)) objects.set(number, data.slice(offset, next));
    }
  }
  // The last trailer (or cross-reference stream) that names the catalog is the file's own.
  const trailers = [...text.matchAll(/trailer\s*<<([\s\S]*?)>>\s*startxref/g)].map((m) => m[1]!);
  for (const body of objects.values()) {
    const dictionary = dictionaryPart(body);
    if (/\/Type\s*\/XRef\b/.test(dictionary)) trailers.push(dictionary);
  }
  const trailer = trailers.filter((candidate) => REFERENCE('Root').test(candidate)).at(-1);
  if (!trailer) return null;
  const catalog = objects.get(Number(REFERENCE('Root').exec(trailer)![1]));
  if (catalog === undefined) return null;
  const resolve = (dictionary: string, key: string): string | null => {
    const reference = REFERENCE(key).exec(dictionary);
    if (reference) return objects.get(Number(reference[1]))?.trim() ?? null;
    const inline = new RegExp(
      `/${key}\\s*(<<[\\s\\S]*?>>|\\([^)]*\\)|<[0-9a-fA-F\\s]*>|/\\w+|true|false)`,
    ).exec(dictionary);
    return inline ? inline[1]! : null;
  };
  const catalogDictionary = dictionaryPart(catalog);
  const info = (() => {
    const reference = REFERENCE('Info').exec(trailer);
    return reference ? dictionaryPart(objects.get(Number(reference[1])) ?? '') : '';
  })();
  const metadataObject = resolve(catalogDictionary, 'Metadata');
  const xmp = metadataObject ? (streamData(metadataObject) ?? '') : '';
  const markInfo = resolve(catalogDictionary, 'MarkInfo') ?? '';

  const everything = [...objects.values()].map(dictionaryPart);
  const hasImages = everything.some((dictionary) => PDF_MARKS.image.test(dictionary));
  const hasFonts = everything.some((dictionary) => PDF_MARKS.font.test(dictionary));
  return {
    created: isoDay(pdfText(resolve(info, 'CreationDate'))) ?? isoDay(xmpValue(xmp, 'xmp:CreateDate')),
    title: pdfText(resolve(info, 'Title')) || xmpAlternative(xmp, 'dc:title'),
    language: pdfText(resolve(catalogDictionary, 'Lang')),
    tagged: resolve(catalogDictionary, 'StructTreeRoot') !== null && !/\/Marked\s+false/.test(markInfo),
    // Read whole, this is the answer; read by its ends, only a hint (images, no font, nothing
    // compressed there) that checkDocument confirms by passing over the whole file.
    scanned: hasImages && !hasFonts && (whole || streams.length === 0),
    hasLanguage: true,
  };
}

/** An object's dictionary, without its stream's bytes. */
function dictionaryPart(body: string): string {
  const stream = body.search(/\bstream\r?\n/);
  return stream < 0 ? body : body.slice(0, stream);
}

/** A stream object's data, inflated when it is Flate-encoded; null when it cannot be read. */
function streamData(body: string): string | null {
  const match = /\bstream\r?\n/.exec(body);
  if (!match) return null;
  const dictionary = body.slice(0, match.index);
  let raw = body.slice(match.index + match[0].length);
  const end = raw.lastIndexOf('endstream');
  if (end >= 0) raw = raw.slice(0, end);
  const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1] ?? Number.NaN);
  if (Number.isInteger(length) && length <= raw.length) raw = raw.slice(0, length);
  const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
  if (!filter) return raw;
  if (filter !== 'FlateDecode') return null;
  try {
    return inflateSync(Buffer.from(raw, 'latin1'), { maxOutputLength: MAX_INFLATED }).toString('latin1');
  } catch {
    return null;
  }
}

/** A PDF text string's characters (literal or hexadecimal, PDFDocEncoding or UTF-16BE). */
function pdfText(value: string | null): string | null {
  if (!value) return null;
  let bytes: string;
  if (value.startsWith('(')) {
    bytes = value
      .slice(1, value.endsWith(')') ? -1 : undefined)
      .replace(/\\(\r\n|\r|\n|[0-7]{1,3}|.)/g, (_, escaped: string) => {
        if (/^[0-7]/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8) & 0xff);
        return (
          ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escaped] ??
          (/^[\r\n]/.test(escaped) ? '' : escaped)
        );
      });
  } else if (value.startsWith('<')) {
    const hex = value.slice(1, -1).replace(/\s/g, '');
    bytes = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
  } else {
    return null;
  }
  if (bytes.startsWith('\xfe\xff')) {
    const buffer = Buffer.from(bytes.slice(2), 'latin1');
    let decoded = '';
    for (let i = 0; i + 1 < buffer.length; i += 2) decoded += String.fromCharCode(buffer.readUInt16BE(i));
    return decoded;
  }
  return bytes;
}

/** The text of an XMP property written as an element or as an attribute. */
function xmpValue(xmp: string, name: string): string | null {
  return (
    new RegExp(`<${name}>([^<]*)</${name}>`).exec(xmp)?.[1] ??
    new RegExp(`${name}="([^"]*)"`).exec(xmp)?.[1] ??
    null
  );
}

/** The first alternative of an XMP language alternative (dc:title's rdf:Alt). */
function xmpAlternative(xmp: string, name: string): string | null {
  const property = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xmp)?.[1];
  return property ? (/<rdf:li[^>]*>([^<]*)<\/rdf:li>/.exec(property)?.[1] ?? null) : null;
}

// --- Office packages (ZIP) ------------------------------------------------------------------

/** What a part of a package may be compressed to: a properties or styles part is a few kilobytes. */
const MAX_PART_BYTES = 4 * 1024 * 1024;

/** The parts of a ZIP package, by name, each read from the file on demand (none larger than MAX_PART_BYTES). */
async function zipParts(file: FileHandle, size: number): Promise<Map<string, () => Promise<string | null>>> {
  const parts = new Map<string, () => Promise<string | null>>();
  const tailStart = Math.max(0, size - (22 + 0xffff));
  const tail = await readAt(file, tailStart, size - tailStart);
  const eocd = tail.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  if (eocd < 0 || eocd + 22 > tail.length) return parts;
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return parts;
  const directory = await readAt(file, directoryOffset, directorySize);
  let offset = 0;
  for (let i = 0; i < count && offset + 46 <= directory.length; i++) {
    if (directory.readUInt32LE(offset) !== 0x02014b50) break;
    const method = directory.readUInt16LE(offset + 10);
    const compressed = directory.readUInt32LE(offset + 20);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const local = directory.readUInt32LE(offset + 42);
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    parts.set(name, async () => {
      if (compressed > MAX_PART_BYTES) return null;
      const header = await readAt(file, local, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) return null;
      const start = local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const data = await readAt(file, start, compressed);
      try {
        if (method === 0) return data.toString('utf8');
        if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_INFLATED }).toString('utf8');
      } catch {}
      return null;
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** An XML element's text (the first one of that name), without its markup. */
function elementText(xml: string | null | undefined, name: string): string | null {
  if (!xml) return null;
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]!.replace(/<[^>]*>/g, '')) : null;
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The first value of an attribute (`w:val` of `<w:lang …>`, `fo:language`…) in an XML part. */
const attributeValue = (xml: string | null | undefined, pattern: RegExp) =>
  (xml && pattern.exec(xml)?.[1]) || null;

async function readPackage(
  parts: Map<string, () => Promise<string | null>>,
  format: PackageFormat,
): Promise<Found | null> {
  const part = async (name: string) => (await parts.get(name)?.()) ?? null;
  if (format === 'odf') {
    const meta = await part('meta.xml');
    const styles = await part('styles.xml');
    if (meta === null && styles === null) return null;
    return {
      created: isoDay(elementText(meta, 'meta:creation-date')),
      title: elementText(meta, 'dc:title'),
      language:
        elementText(meta, 'dc:language') ??
        attributeValue(styles, /<style:default-style[^>]*>[\s\S]*?fo:language="([^"]+)"/) ??
        attributeValue(styles, /fo:language="([^"]+)"/),
      tagged: null,
      scanned: false,
      hasLanguage: true,
    };
  }
  const core = await part('docProps/core.xml');
  if (core === null && !parts.has('[Content_Types].xml')) return null;
  const declared = elementText(core, 'dc:language');
  const language =
    format === 'word'
      ? (declared ??
        attributeValue(
          await part('word/styles.xml'),
          /<w:docDefaults>[\s\S]*?<w:lang\b[^>]*w:val="([^"]+)"/,
        ) ??
        attributeValue(await part('word/settings.xml'), /<w:themeFontLang\b[^>]*w:val="([^"]+)"/))
      : format === 'slides'
        ? (declared ?? attributeValue(await part('ppt/presentation.xml'), /\blang="([^"]+)"/))
        : declared;
  return {
    created: isoDay(elementText(core, 'dcterms:created')),
    title: elementText(core, 'dc:title'),
    language,
    tagged: null,
    scanned: false,
    // A workbook has no language of its own to set (Excel and Calc keep none per file).
    hasLanguage: format !== 'sheet',
  };
}
