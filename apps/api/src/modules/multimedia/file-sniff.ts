import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { ACCEPTED_MEDIA, type MediaKind } from '@gestor/shared';
import { type FileTypeResult, fileTypeFromFile } from 'file-type';
import { readAt } from '../../lib/read-at';

// docs/areas.md#multimedia: the type comes from the file's bytes, never its name or Content-Type.
// The file-type package names the binary formats. What is ours: which of them ACCEPTED_MEDIA lets in,
// the checks below where its answer is looser than that list means, and the rule for text and CSV,
// which it does not detect. Everything else (SVG, HTML, executables, other archives, unknown binary)
// is null, and the upload is refused.

export interface SniffedType {
  mime: string;
  kind: MediaKind;
  extension: string;
}

/** How much of the head is read: enough for the checks below and for the text/CSV decision. */
const HEAD_BYTES = 64 * 1024;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65 535 bytes. */
const ZIP_TAIL_BYTES = 22 + 0xffff;

/** file-type's extensions that are, for us, an accepted type under another name. */
const SAME_AS: Readonly<Record<string, string>> = {
  m4v: 'mp4', // Apple's MP4 (major brand M4V): the same H.264 video in the same container
};

function typed(mime: string): SniffedType {
  const accepted = ACCEPTED_MEDIA.find((media) => media.mime === mime);
  // Text types are written from ACCEPTED_MEDIA's list; reaching this means the two drifted apart.
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
    // A file the library gives up on (malformed past its parsing limits) is one it did not recognise.
    const found = await fileTypeFromFile(path).catch(() => undefined);
    // A name the list refuses still falls to the text rule: file-type names some text formats
    // (iCalendar, vCard, RTF…) and mistakes text for a signature ("MAC …" for Monkey's Audio, "ID3…").
    // The text rule refuses every binary, so only what reads as text gets through.
    const mime = (found && (await binaryType(found, file, size, head))) ?? textType(head, size > head.length);
    return mime === null ? null : typed(mime);
  } finally {
    await file.close();
  }
}

/** Our type for what file-type found, or null when the list refuses it or a check below fails. */
async function binaryType(
  found: FileTypeResult,
  file: FileHandle,
  size: number,
  head: Buffer,
): Promise<string | null> {
  // file-type names an ISO file by its major brand only: HEIF's (mif1, msf1) with AVIF among the
  // compatible brands is an AVIF image.
  if (found.ext === 'heic')
    return isoBrands(head)?.some((brand) => AVIF_BRANDS.has(brand)) ? 'image/avif' : null;
  const extension = SAME_AS[found.ext] ?? found.ext;
  const media = ACCEPTED_MEDIA.find((accepted) => accepted.extension === extension);
  if (!media) return null;
  // Checks of what file-type takes on a few bytes: a signature alone does not make a whole file.
  switch (media.mime) {
    case 'image/webp': // RIFF…WEBP must go on with an image chunk
      return ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(head, 12, 4)) ? media.mime : null;
    case 'image/avif':
    case 'video/mp4': // the ftyp box must be whole
      return isoBrands(head) ? media.mime : null;
    case 'audio/mpeg': // two bytes of frame sync happen by chance
      return isMp3(head) ? media.mime : null;
  }
  // Office Open XML and OpenDocument are ZIP packages: file-type reads their first entries, and a
  // package whose central directory is lost or broken is a damaged file no office suite opens.
  if (ascii(head, 0, 4) === 'PK\x03\x04' && !(await zipDirectoryFound(file, size))) return null;
  return media.mime;
}

// --- ISO base media (AVIF, MP4) -------------------------------------------------------------

const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The major and compatible brands of the ftyp box that opens the file, or null when it is not whole. */
function isoBrands(head: Buffer): string[] | null {
  if (head.length < 16 || ascii(head, 4, 4) !== 'ftyp') return null;
  const boxSize = head.readUInt32BE(0);
  // An ftyp box holds a major brand, a minor version and whole 4-byte compatible brands.
  if (boxSize < 16 || boxSize > head.length || (boxSize - 16) % 4 !== 0) return null;
  const brands = [ascii(head, 8, 4)];
  for (let offset = 16; offset < boxSize; offset += 4) brands.push(ascii(head, offset, 4));
  return brands;
}

// --- ZIP (OOXML, OpenDocument) --------------------------------------------------------------

/** Whether the end-of-central-directory record is there and points at a central directory. */
async function zipDirectoryFound(file: FileHandle, size: number): Promise<boolean> {
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readAt(file, tailStart, size - tailStart);
  const eocd = tail.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  if (eocd < 0 || eocd + 22 > tail.length) return false;
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  // ZIP64: the classic record's offset is saturated and the real one sits in the ZIP64 record.
  if (directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) return false;
    const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
    if (recordOffset + 56 > size) return false;
    const record = await readAt(file, recordOffset, 56);
    if (record.readUInt32LE(0) !== 0x06064b50) return false;
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (directoryOffset + 4 > size) return false;
  return (await readAt(file, directoryOffset, 4)).readUInt32LE(0) === 0x02014b50;
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
  if (ascii(head, 0, 3) === 'ID3') {
    const version = head[3] ?? 0;
    const syncsafe = [6, 7, 8, 9].every((i) => (head[i] ?? 0x80) < 0x80);
    return version >= 2 && version <= 4 && (head[4] ?? 0xff) !== 0xff && syncsafe;
  }
  const length = layer3FrameLength(head, 0);
  if (length === null) return false;
  // When the next frame is within reach, it must be a frame too.
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

function ascii(buffer: Buffer, offset: number, length: number): string {
  return buffer.toString('latin1', offset, Math.min(buffer.length, offset + length));
}
