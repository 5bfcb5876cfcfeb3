import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { copyFile, open, rename, rm } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { ValidationError } from '../../lib/http-errors';
import { readAt } from '../../lib/read-at';

// docs/areas.md#multimedia: images get WebP variants (thumbnail within 320 px, medium within 1280 px)
// rotated by their EXIF orientation, and no stored or served image keeps EXIF GPS location data.

export interface VariantFile {
  path: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** As displayed, that is after the EXIF orientation. */
  width: number;
  height: number;
  thumbnail: VariantFile;
  medium: VariantFile;
}

const MAX_PIXELS = 100_000_000;
const THUMBNAIL_SIZE = 320;
const MEDIUM_SIZE = 1280;

const MESSAGES = {
  unreadable: 'La imagen está dañada o no se puede leer.',
  tooLarge: 'La imagen es demasiado grande: como máximo 100 megapíxeles.',
};

/** The decoder sharp must report for each accepted image type (AVIF is read by libheif). */
const SHARP_FORMATS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

function sharpFormat(mime: string): string {
  // Callers pass the sniffed type of an image; anything else is a bug in the caller, not the upload.
  if (!Object.hasOwn(SHARP_FORMATS, mime)) throw new Error(`image-processing: ${mime} is not an image type`);
  return SHARP_FORMATS[mime] as string;
}

/**
 * Opens an image for reading. The pixel limit is checked on the header, before any decoding, so a
 * small file that claims gigapixels never reaches memory. failOn "warning" is what sharp's docs ask
 * for untrusted input: libjpeg reports garbage scan data only as a warning, and a variant made of
 * it would show a broken picture as if it were fine.
 */
function openImage(path: string, animated = false) {
  return sharp(path, { limitInputPixels: MAX_PIXELS, failOn: 'warning', animated });
}

/**
 * What a person is told when sharp cannot read the image. Errors that are the server's own (a
 * missing source, an output that cannot be written) are not the upload's fault and stay 500.
 */
function imageError(error: unknown): Error {
  if (error instanceof ValidationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return ValidationError.field('file', MESSAGES.tooLarge);
  if (/for write|write error|Input file is missing/i.test(message) || hasErrorCode(error)) {
    return error instanceof Error ? error : new Error(message);
  }
  return ValidationError.field('file', MESSAGES.unreadable);
}

function hasErrorCode(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/** Writes the thumbnail and medium WebP variants and measures the image as displayed. */
export async function processImage(
  source: string,
  mime: string,
  outputs: { thumbnail: string; medium: string },
): Promise<ProcessedImage> {
  const format = sharpFormat(mime);
  // rotate() with no angle applies the EXIF orientation. It is set once here and both clones inherit
  // it with the input and its limits; the two variants are then written in parallel. Animated GIF
  // and WebP give their first frame (sharp reads one page unless told otherwise).
  const image = openImage(source).rotate();
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    throw imageError(error);
  }
  // The bytes were sniffed as `mime`: a decoder that disagrees means the file is not what it claims.
  // libheif reads HEIC as well as AVIF; only AV1 is AVIF.
  if (metadata.format !== format || (mime === 'image/avif' && metadata.compression !== 'av1')) {
    throw ValidationError.field('file', MESSAGES.unreadable);
  }

  const variant = (size: number, path: string) =>
    image
      .clone()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(path)
      .then((info): VariantFile => ({ path, width: info.width, height: info.height }));
  // allSettled, not all: on a failure the other variant must have finished before its file is removed.
  const [thumbnail, medium] = await Promise.allSettled([
    variant(THUMBNAIL_SIZE, outputs.thumbnail),
    variant(MEDIUM_SIZE, outputs.medium),
  ]);
  if (thumbnail.status === 'fulfilled' && medium.status === 'fulfilled') {
    return {
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      thumbnail: thumbnail.value,
      medium: medium.value,
    };
  }
  await Promise.all([rm(outputs.thumbnail, { force: true }), rm(outputs.medium, { force: true })]);
  throw imageError(
    thumbnail.status === 'rejected' ? thumbnail.reason : (medium as PromiseRejectedResult).reason,
  );
}

/**
 * Leaves the file at `path` without EXIF GPS data or XMP (which can carry a location too).
 * JPEG is edited without re-encoding; the other image formats are re-encoded only when they carry
 * EXIF or XMP at all. Any other type is left as it is.
 */
export async function removeGpsData(path: string, mime: string): Promise<void> {
  // Documents, audio and video have no EXIF: nothing to do for them.
  if (!Object.hasOwn(SHARP_FORMATS, mime)) return;
  if (mime === 'image/jpeg') {
    await removeJpegGps(path);
    return;
  }
  try {
    await reencodeWithoutMetadata(path, mime);
  } catch (error) {
    throw imageError(error);
  }
}

// --- PNG, WebP, GIF, AVIF: re-encode ------------------------------------------------------------

async function reencodeWithoutMetadata(path: string, mime: string): Promise<void> {
  // The first frame's header tells whether there is metadata; only the re-encode reads every frame.
  const metadata = await openImage(path).metadata();
  if (!metadata.exif && !metadata.xmp) return;
  // sharp writes no EXIF or XMP unless asked; the ICC profile is kept so colours do not change.
  // Animated GIF and WebP keep every frame.
  const animated = mime === 'image/gif' || mime === 'image/webp';
  let image = openImage(path, animated).keepIccProfile();
  // Dropping EXIF drops its orientation: bake it into the pixels so the image still shows upright.
  if ((metadata.orientation ?? 1) > 1 && (metadata.pages ?? 1) === 1) image = image.rotate();
  if (mime === 'image/png') image = image.png({ compressionLevel: 9 });
  else if (mime === 'image/webp')
    image = (await isLosslessWebp(path)) ? image.webp({ lossless: true }) : image.webp({ quality: 90 });
  else if (mime === 'image/avif') image = image.avif({ quality: 70 });
  else image = image.gif();
  await replaceFile(path, async (temporary) => {
    await image.toFile(temporary);
  });
}

/** Whether a WebP's first image is VP8L (lossless) rather than VP8 (lossy), from its RIFF chunks. */
async function isLosslessWebp(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let offset = 12;
    for (let chunks = 0; offset + 8 <= size && chunks < 64; chunks++) {
      const header = await readAt(file, offset, 8);
      const fourcc = header.toString('latin1', 0, 4);
      if (fourcc === 'VP8L') return true;
      if (fourcc === 'VP8 ' || fourcc === 'ALPH') return false;
      // ANMF: 16 bytes of frame geometry, then the frame's own chunks.
      if (fourcc === 'ANMF') {
        offset += 8 + 16;
        continue;
      }
      offset += 8 + header.readUInt32LE(4) + (header.readUInt32LE(4) % 2); // chunks are padded to even
    }
    return false;
  } finally {
    await file.close();
  }
}

// --- JPEG: lossless, in place ------------------------------------------------------------------

const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const XMP_IDS = [
  Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'),
  Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'),
];
const MPF_ID = Buffer.from('MPF\0', 'latin1');
/** Enough for the MPF secondary images of any camera (a phone writes two or three). */
const MAX_MPF_IMAGES = 16;

/** A range of the file to overwrite with other bytes of the same length. */
interface Patch {
  position: number;
  bytes: Buffer;
}

/**
 * Every edit keeps the file's length and every byte's position: the GPS IFD and XMP are blanked,
 * not cut out. The entropy-coded data is not touched (the pixels stay byte-identical), the EXIF
 * offsets stay valid (orientation and the rest of EXIF survive), and so do the offsets of the MPF
 * index, which locates the secondary images (gain maps, depth maps) that phones append after the
 * first image and that carry EXIF of their own.
 */
async function removeJpegGps(path: string): Promise<void> {
  const patches: Patch[] = [];
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const secondary = await scanJpegHeader(file, 0, size, patches);
    for (const position of secondary.slice(0, MAX_MPF_IMAGES))
      await scanJpegHeader(file, position, size, patches);
  } finally {
    await file.close();
  }
  if (patches.length === 0) return;
  await replaceFile(path, async (temporary) => {
    // copyFile lets the kernel copy (or clone) the bytes: a 20 MB photo costs milliseconds.
    await copyFile(path, temporary);
    const copy = await open(temporary, 'r+');
    try {
      for (const patch of patches) await copy.write(patch.bytes, 0, patch.bytes.length, patch.position);
    } finally {
      await copy.close();
    }
  });
}

/**
 * Walks the marker segments of the JPEG that starts at `start`, up to its first scan, adding a patch
 * for each Exif segment with GPS data and each XMP segment. Returns the file positions of the
 * secondary images its MPF segment lists. A structure it cannot follow ends the walk: a decoder
 * could not follow it either.
 */
async function scanJpegHeader(
  file: FileHandle,
  start: number,
  size: number,
  patches: Patch[],
): Promise<number[]> {
  const soi = await readAt(file, start, 2);
  if (soi.length < 2 || soi[0] !== 0xff || soi[1] !== 0xd8) return [];
  const secondary: number[] = [];
  let position = start + 2;
  while (position + 4 <= size) {
    const head = await readAt(file, position, 4);
    if (head[0] !== 0xff) break;
    const marker = head[1] as number;
    if (marker === 0xff) {
      position++; // fill byte before a marker
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // start of scan, end of image
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      position += 2; // markers without a length
      continue;
    }
    const length = head.readUInt16BE(2);
    if (length < 2 || position + 2 + length > size) break;
    const payloadStart = position + 4;
    if (marker === 0xe1 || marker === 0xe2) {
      const payload = await readAt(file, payloadStart, length - 2);
      if (marker === 0xe1) {
        const cleaned = cleanApp1(payload);
        if (cleaned) patches.push({ position: payloadStart, bytes: cleaned });
      } else if (start === 0 && startsWith(payload, MPF_ID)) {
        const tiffStart = payloadStart + MPF_ID.length;
        for (const offset of mpfImageOffsets(payload.subarray(MPF_ID.length))) {
          if (tiffStart + offset < size) secondary.push(tiffStart + offset);
        }
      }
    }
    position += 2 + length;
  }
  return secondary;
}

/** The payload of an APP1 segment as it must be written, or null when it may stay as it is. */
function cleanApp1(payload: Buffer): Buffer | null {
  if (XMP_IDS.some((id) => startsWith(payload, id))) return Buffer.alloc(payload.length);
  if (!startsWith(payload, EXIF_ID)) return null;
  const copy = Buffer.from(payload);
  const result = removeGpsIfd(copy.subarray(EXIF_ID.length));
  if (result === 'unchanged') return null;
  // An EXIF block that cannot be followed safely may hide a location: it goes, whole.
  if (result === 'malformed') return Buffer.alloc(payload.length);
  return copy;
}

// TIFF 6.0 §2 field types and their sizes in bytes; 13 is the IFD type of the EXIF specification.
const TIFF_TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};
const GPS_INFO_TAG = 0x8825;
const MAX_IFDS = 8;

/** A TIFF structure read with its byte order, every read checked against its bounds. */
class Tiff {
  private constructor(
    readonly bytes: Buffer,
    private readonly little: boolean,
  ) {}

  static parse(bytes: Buffer): Tiff | null {
    if (bytes.length < 8) return null;
    const order = bytes.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return null;
    const tiff = new Tiff(bytes, order === 'II');
    return tiff.u16(2) === 42 ? tiff : null;
  }

  u16(offset: number): number {
    return this.little ? this.bytes.readUInt16LE(offset) : this.bytes.readUInt16BE(offset);
  }

  u32(offset: number): number {
    return this.little ? this.bytes.readUInt32LE(offset) : this.bytes.readUInt32BE(offset);
  }

  /** The entries of the IFD at `offset`, or null when the IFD does not fit in the block. */
  entries(offset: number): Array<{ at: number; tag: number; type: number; count: number }> | null {
    if (offset < 8 || offset + 2 > this.bytes.length) return null;
    const count = this.u16(offset);
    if (offset + 2 + count * 12 > this.bytes.length) return null;
    return Array.from({ length: count }, (_, i) => {
      const at = offset + 2 + i * 12;
      return { at, tag: this.u16(at), type: this.u16(at + 2), count: this.u32(at + 4) };
    });
  }
}

/**
 * Empties the GPS IFD of an EXIF block in place (CIPA DC-008 §4.6.2: IFD0 tag 0x8825 points to it):
 * zeroes the values its entries point to, zeroes the entries and sets their count to 0. No length
 * changes, so no offset elsewhere in the block moves.
 */
function removeGpsIfd(block: Buffer): 'unchanged' | 'changed' | 'malformed' {
  const tiff = Tiff.parse(block);
  if (!tiff) return 'malformed';
  const gpsOffsets = new Set<number>();
  const visited = new Set<number>();
  // IFD0 holds the GPS pointer; IFD1 (the thumbnail) should not, but a pointer there is cleaned too.
  let ifd = tiff.u32(4);
  while (ifd !== 0 && visited.size < MAX_IFDS) {
    if (visited.has(ifd)) return 'malformed';
    visited.add(ifd);
    const entries = tiff.entries(ifd);
    if (!entries) return 'malformed';
    for (const entry of entries) {
      if (entry.tag !== GPS_INFO_TAG) continue;
      if ((entry.type !== 4 && entry.type !== 13) || entry.count !== 1) return 'malformed';
      gpsOffsets.add(tiff.u32(entry.at + 8));
    }
    const next = ifd + 2 + entries.length * 12;
    ifd = next + 4 <= block.length ? tiff.u32(next) : 0;
  }

  const fills: Array<[start: number, end: number]> = [];
  for (const gps of gpsOffsets) {
    const entries = tiff.entries(gps);
    if (!entries) return 'malformed';
    if (entries.length === 0) continue;
    for (const entry of entries) {
      const typeSize = TIFF_TYPE_SIZES[entry.type];
      // An unknown type hides where its value is: nothing can be zeroed with certainty.
      if (typeSize === undefined) return 'malformed';
      const length = typeSize * entry.count;
      if (length > 4) {
        const valueOffset = tiff.u32(entry.at + 8);
        if (valueOffset < 8 || valueOffset + length > block.length) return 'malformed';
        fills.push([valueOffset, valueOffset + length]);
      }
    }
    fills.push([gps, gps + 2 + entries.length * 12]); // the count and the entries
  }
  if (fills.length === 0) return 'unchanged';
  for (const [from, to] of fills) block.fill(0, from, to);
  return 'changed';
}

/**
 * The offsets, from the MPF block's TIFF header, of the images its MP Entry (tag 0xB002, CIPA
 * DC-007 §5.2.3.3) lists after the first one.
 */
function mpfImageOffsets(block: Buffer): number[] {
  const tiff = Tiff.parse(block);
  if (!tiff) return [];
  const entries = tiff.entries(tiff.u32(4));
  const mpEntry = entries?.find((entry) => entry.tag === 0xb002 && entry.type === 7);
  if (!mpEntry || mpEntry.count % 16 !== 0) return [];
  const listOffset = tiff.u32(mpEntry.at + 8);
  if (listOffset + mpEntry.count > block.length) return [];
  const offsets: number[] = [];
  for (let at = listOffset; at < listOffset + mpEntry.count; at += 16) {
    const offset = tiff.u32(at + 8);
    if (offset > 0) offsets.push(offset); // 0 is the first image itself
  }
  return offsets;
}

// --- Helpers ------------------------------------------------------------------------------------

/** Writes the new content next to the file, then renames it over: readers never see half a file. */
async function replaceFile(path: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function startsWith(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}
