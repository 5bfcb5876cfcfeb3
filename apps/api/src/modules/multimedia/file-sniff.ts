import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { ACCEPTED_MEDIA, type MediaKind } from '@gestor/shared';
import { readAt } from '../../lib/read-at';

// AREAS.md "Multimedia": the type comes from the file's bytes, never its name or Content-Type.
// Only what ACCEPTED_MEDIA lists is recognised; everything else (SVG, HTML, executables, other
// archives, unknown binary) is null, and the upload is refused.

export interface SniffedType {
  mime: string;
  kind: MediaKind;
  extension: string;
}

/** How much of the head is read: enough for every signature and for the text/CSV decision. */
const HEAD_BYTES = 64 * 1024;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65 535 bytes. */
const ZIP_TAIL_BYTES = 22 + 0xffff;
/** Office documents list hundreds of entries, not millions: a larger directory is not one of them. */
const ZIP_MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

function typed(mime: string): SniffedType {
  const accepted = ACCEPTED_MEDIA.find((media) => media.mime === mime);
  // Every mime below is written from ACCEPTED_MEDIA's list; reaching this means the two drifted apart.
  if (!accepted) throw new Error(`file-sniff: ${mime} is not in ACCEPTED_MEDIA`);
  return { mime: accepted.mime, kind: accepted.kind, extension: accepted.extension };
}

/** The file's type read from its bytes, or null when it is not one the server accepts. */
export async function sniffFile(path: string): Promise<SniffedType | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) return null;
    const head = await readAt(file, 0, Math.min(size, HEAD_BYTES));
    const mime = await sniff(file, size, head);
    return mime === null ? null : typed(mime);
  } finally {
    await file.close();
  }
}

async function sniff(file: FileHandle, size: number, head: Buffer): Promise<string | null> {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') {
    return ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(head, 12, 4)) ? 'image/webp' : null;
  }
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 4, 4) === 'ftyp') return isoMediaType(head);
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(head) === 'webm' ? 'video/webm' : null;
  if (ascii(head, 0, 4) === 'PK\x03\x04') return zipType(file, size, head);
  if (isMp3(head)) return 'audio/mpeg';
  return textType(head, size > head.length);
}

// --- ISO base media (AVIF, MP4) -------------------------------------------------------------

const AVIF_BRANDS = new Set(['avif', 'avis']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
]);
// A major brand that names a type outside the list: HEIF images, M4A/M4B/M4P audio, QuickTime.
// Their compatible brands often include isom/mp42, which must not make them pass as MP4 video.
const REFUSED_MAJOR_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'M4A ',
  'M4B ',
  'M4P ',
  'qt  ',
]);

function isoMediaType(head: Buffer): string | null {
  if (head.length < 16) return null;
  const boxSize = head.readUInt32BE(0);
  // An ftyp box holds a major brand, a minor version and whole 4-byte compatible brands.
  if (boxSize < 16 || boxSize > head.length || (boxSize - 16) % 4 !== 0) return null;
  const major = ascii(head, 8, 4);
  const compatible: string[] = [];
  for (let offset = 16; offset < boxSize; offset += 4) compatible.push(ascii(head, offset, 4));
  // AVIF first: an AVIF file's major brand is often mif1, with avif among the compatible ones.
  if (AVIF_BRANDS.has(major) || compatible.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  if (MP4_BRANDS.has(major)) return 'video/mp4';
  if (REFUSED_MAJOR_BRANDS.has(major)) return null;
  return compatible.some((brand) => MP4_BRANDS.has(brand)) ? 'video/mp4' : null;
}

// --- EBML (WebM) ----------------------------------------------------------------------------

/** A variable-length integer of EBML: its length is given by the first set bit of the first byte. */
function readVint(
  buffer: Buffer,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number } | null {
  const first = buffer[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx … 8 for 0b00000001
  if (offset + length > buffer.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buffer[offset + i] ?? 0);
  return { value, length };
}

/** The DocType of the EBML header element that opens the file ("webm", "matroska"…). */
function ebmlDocType(head: Buffer): string | null {
  const headerSize = readVint(head, 4, false);
  if (!headerSize) return null;
  const start = 4 + headerSize.length;
  const end = Math.min(head.length, start + headerSize.value);
  let offset = start;
  while (offset < end) {
    const id = readVint(head, offset, true);
    if (!id) return null;
    const size = readVint(head, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (dataStart + size.value > end) return null;
    if (id.value === 0x4282)
      return head.toString('latin1', dataStart, dataStart + size.value).replace(/\0+$/, '');
    offset = dataStart + size.value;
  }
  return null;
}

// --- ZIP (OOXML, OpenDocument) --------------------------------------------------------------

const OPENDOCUMENT_TYPES = new Set([
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

const OOXML_TYPES: ReadonlyArray<[prefix: string, mime: string]> = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

async function zipType(file: FileHandle, size: number, head: Buffer): Promise<string | null> {
  const names = await zipEntryNames(file, size);
  if (!names) return null;
  // OpenDocument (ODF 1.2 §3.3): the first entry is "mimetype", stored uncompressed, holding the type.
  if (names[0] === 'mimetype' && head.length >= 30) {
    const method = head.readUInt16LE(8);
    const storedSize = head.readUInt32LE(18);
    const nameLength = head.readUInt16LE(26);
    const extraLength = head.readUInt16LE(28);
    const dataStart = 30 + nameLength + extraLength;
    if (method === 0 && ascii(head, 30, nameLength) === 'mimetype' && dataStart + storedSize <= head.length) {
      const declared = ascii(head, dataStart, storedSize);
      return OPENDOCUMENT_TYPES.has(declared) ? declared : null;
    }
    return null;
  }
  // Office Open XML (ECMA-376 part 2): a package with [Content_Types].xml and its main part's folder.
  if (!names.includes('[Content_Types].xml')) return null;
  for (const [prefix, mime] of OOXML_TYPES) if (names.some((name) => name.startsWith(prefix))) return mime;
  return null;
}

/** The entry names of the central directory, in order, or null when it cannot be found and read. */
async function zipEntryNames(file: FileHandle, size: number): Promise<string[] | null> {
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readAt(file, tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let entries = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  // ZIP64: the classic record's fields are saturated and the real ones sit in the ZIP64 record.
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) return null;
    const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
    if (recordOffset + 56 > size) return null;
    const record = await readAt(file, recordOffset, 56);
    if (record.readUInt32LE(0) !== 0x06064b50) return null;
    entries = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (entries === 0 || directorySize > ZIP_MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) {
    return null;
  }
  const directory = await readAt(file, directoryOffset, directorySize);
  const names: string[] = [];
  let offset = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > directory.length) return null;
    // Only ASCII names are compared, so the code page (CP437 or UTF-8) does not matter.
    names.push(directory.toString('latin1', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

// --- MP3 ------------------------------------------------------------------------------------

const LAYER3_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

function isMp3(head: Buffer): boolean {
  // ID3v2 (id3.org, "ID3 tag version 2.4.0 - Main Structure" §3.1): "ID3", version 2–4, a syncsafe size.
  if (ascii(head, 0, 3) === 'ID3' && head.length >= 10) {
    const version = head[3] ?? 0;
    const syncsafe = [6, 7, 8, 9].every((i) => (head[i] ?? 0x80) < 0x80);
    return version >= 2 && version <= 4 && (head[4] ?? 0xff) !== 0xff && syncsafe;
  }
  const length = layer3FrameLength(head, 0);
  if (length === null) return false;
  // Two bytes of sync happen by chance in random data: when the next frame is within reach, it must
  // be a frame too.
  return length + 4 > head.length || layer3FrameLength(head, length) !== null;
}

/** The length of the MPEG audio layer III frame whose header starts at offset, or null if none does. */
function layer3FrameLength(buffer: Buffer, offset: number): number | null {
  if (offset + 4 > buffer.length) return null;
  const header = buffer.readUInt32BE(offset);
  if (header >>> 21 !== 0x7ff) return null; // 11 bits of frame sync
  const version = (header >>> 19) & 3;
  const layer = (header >>> 17) & 3;
  const bitrateIndex = (header >>> 12) & 15;
  const rateIndex = (header >>> 10) & 3;
  const padding = (header >>> 9) & 1;
  const emphasis = header & 3;
  // Version 1 is reserved, layer 1 (binary 01) is layer III; free (0) and bad (15) bitrates are refused,
  // as are the reserved sample rate (3) and emphasis (2).
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  if (emphasis === 2) return null;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
  const kbps = (version === 3 ? LAYER3_KBPS.mpeg1 : LAYER3_KBPS.mpeg2)[bitrateIndex];
  if (!sampleRate || !kbps) return null;
  const samplesFactor = version === 3 ? 144_000 : 72_000;
  return Math.floor((samplesFactor * kbps) / sampleRate) + padding;
}

// --- Text and CSV ---------------------------------------------------------------------------

const textDecoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function textType(head: Buffer, truncated: boolean): string | null {
  let text: string;
  try {
    // stream: true leaves a multibyte sequence cut at the end of the sample pending instead of
    // failing on it; only a whole file read to its end must end on a complete character.
    text = textDecoder().decode(head, { stream: truncated });
  } catch {
    return null;
  }
  if (text.length === 0) return null;
  // Control characters other than tab, LF, FF and CR (C0, DEL, C1) mean binary data, not text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  if (/[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]/.test(text)) return null;
  const firstVisible = text.match(/\S/)?.[0];
  if (firstVisible === undefined) return 'text/plain';
  // A browser may read text that opens with "<" as HTML, SVG or XML: markup is refused.
  if (firstVisible === '<') return null;
  return looksLikeCsv(text, truncated) ? 'text/csv' : 'text/plain';
}

const CSV_SAMPLE_RECORDS = 20;

/** CSV when the first records (at least 2) have the same number (at least 2) of fields. */
function looksLikeCsv(text: string, truncated: boolean): boolean {
  return [',', ';'].some((delimiter) => {
    const counts = fieldCounts(text, delimiter, truncated);
    if (!counts || counts.length < 2) return false;
    const first = counts[0] as number;
    return first >= 2 && counts.every((count) => count === first);
  });
}

/**
 * The number of fields of each of the first records, honouring RFC 4180 quotes (a quoted field may
 * hold the delimiter or a line break). Null when a quote is left open in a text read to its end.
 */
function fieldCounts(text: string, delimiter: string, truncated: boolean): number[] | null {
  const counts: number[] = [];
  let fields = 1;
  let quoted = false;
  let atFieldStart = true;
  let recordHasContent = false;
  let i = 0;
  const endRecord = () => {
    if (recordHasContent) counts.push(fields);
    else if (counts.length > 0) counts.push(0); // A blank line inside the sample breaks the table.
    fields = 1;
    atFieldStart = true;
    recordHasContent = false;
  };
  while (i < text.length && counts.length < CSV_SAMPLE_RECORDS) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      recordHasContent = true;
    } else if (char === delimiter) {
      fields++;
      atFieldStart = true;
      recordHasContent = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      atFieldStart = false;
      recordHasContent = true;
    }
    i++;
  }
  if (i >= text.length) {
    // The last record of a sample cut short may be cut too: it does not count.
    if (quoted && !truncated) return null;
    if (!truncated && !quoted) endRecord();
  }
  // Blank lines at the end of the file are not records.
  while (counts.length > 0 && counts[counts.length - 1] === 0) counts.pop();
  return counts;
}

// --- Helpers --------------------------------------------------------------------------------

function startsWith(buffer: Buffer, bytes: number[]): boolean {
  return buffer.length >= bytes.length && bytes.every((byte, i) => buffer[i] === byte);
}

function ascii(buffer: Buffer, offset: number, length: number): string {
  return buffer.toString('latin1', offset, Math.min(buffer.length, offset + length));
}
