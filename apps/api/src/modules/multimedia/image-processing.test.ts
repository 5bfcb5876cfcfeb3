import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ValidationError } from '../../lib/http-errors';
import { processImage, removeGpsData } from './image-processing';

// docs/areas.md#multimedia: WebP variants rotated by EXIF orientation; no stored image keeps GPS data.

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gestor-images-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function save(bytes: Buffer, extension = 'img'): Promise<string> {
  const path = join(dir, `file-${counter++}.${extension}`);
  await writeFile(path, bytes);
  return path;
}

const outputs = () => ({
  thumbnail: join(dir, `thumb-${counter++}.webp`),
  medium: join(dir, `medium-${counter++}.webp`),
});

/** A picture with some detail, so that JPEG has real entropy-coded data to compare. */
function picture(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + ((i / 97) | 0) * 13) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '40/1 25/1 7/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '3/1 42/1 11/1',
};

/** The latitude as EXIF stores it in either byte order: three RATIONALs, 40/1 25/1 7/1. */
function latitudeBytes(little: boolean): Buffer {
  const bytes = Buffer.alloc(24);
  [40, 1, 25, 1, 7, 1].forEach((value, i) => {
    if (little) bytes.writeUInt32LE(value, i * 4);
    else bytes.writeUInt32BE(value, i * 4);
  });
  return bytes;
}

/** Reads an EXIF block ("Exif\0\0" + TIFF) the way a viewer would: IFD0, then the GPS IFD. */
function readExif(exif: Buffer) {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  let gpsOffset: number | null = null;
  let gpsPointerAt: number | null = null;
  for (let i = 0; i < u16(ifd0); i++) {
    const at = ifd0 + 2 + i * 12;
    if (u16(at) === 0x8825) {
      gpsOffset = u32(at + 8);
      gpsPointerAt = at + 8;
    }
  }
  return {
    little,
    gpsPointerAt,
    gpsEntries: gpsOffset === null ? null : u16(gpsOffset),
    hasLatitude: tiff.includes(latitudeBytes(little)),
  };
}

/** The position of the first scan (SOS) in a JPEG, walking its marker segments. */
function startOfScan(jpeg: Buffer): number {
  let position = 2;
  while (jpeg[position + 1] !== 0xda) position += 2 + jpeg.readUInt16BE(position + 2);
  return position;
}

/** The position of the first APP1 Exif segment's TIFF header in a JPEG. */
function exifTiffStart(jpeg: Buffer): number {
  let position = 2;
  while (!(jpeg[position + 1] === 0xe1 && jpeg.toString('latin1', position + 4, position + 8) === 'Exif')) {
    position += 2 + jpeg.readUInt16BE(position + 2);
  }
  return position + 10;
}

async function jpegWithGps(width = 400, height = 200) {
  return picture(width, height)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Asociacion Gestor' }, IFD3: GPS })
    .toBuffer();
}

async function expectValidationError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).statusCode).toBe(422);
  expect((error as ValidationError).errors).toEqual({ file: [message] });
}

describe('removeGpsData on JPEG: lossless, in place', () => {
  test('the GPS IFD is emptied, the pixels and the rest of EXIF stay', async () => {
    const original = await jpegWithGps();
    const before = readExif((await sharp(original).metadata()).exif as Buffer);
    expect(before.gpsEntries).toBeGreaterThanOrEqual(4);
    expect(before.hasLatitude).toBe(true);

    const path = await save(original, 'jpg');
    await removeGpsData(path, 'image/jpeg');
    const cleaned = await readFile(path);
    const metadata = await sharp(cleaned).metadata();
    const after = readExif(metadata.exif as Buffer);
    expect(after.gpsEntries).toBe(0);
    expect(after.hasLatitude).toBe(false);
    expect((metadata.exif as Buffer).includes('Asociacion Gestor')).toBe(true);
    // Browsers still rotate the original: the orientation survives.
    expect(metadata.orientation).toBe(6);
    // Not re-encoded: the entropy-coded data is byte for byte the same.
    expect(cleaned.length).toBe(original.length);
    expect(cleaned.subarray(startOfScan(cleaned)).equals(original.subarray(startOfScan(original)))).toBe(
      true,
    );
    // And the JPEG still decodes.
    expect((await sharp(cleaned).raw().toBuffer()).length).toBe(400 * 200 * 3);
  });

  test('big-endian (MM) EXIF is cleaned too', async () => {
    // sharp writes little-endian (II) EXIF; many cameras write big-endian (MM). This block is built by
    // hand: IFD0 with the GPS pointer, a GPS IFD with an inline ASCII value and out-of-line RATIONALs.
    const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 24 + 4 + 24);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(1, 8); // IFD0: one entry, GPSInfo
    tiff.writeUInt16BE(0x8825, 10);
    tiff.writeUInt16BE(4, 12);
    tiff.writeUInt32BE(1, 14);
    tiff.writeUInt32BE(26, 18);
    tiff.writeUInt32BE(0, 22); // no IFD1
    tiff.writeUInt16BE(2, 26); // GPS IFD: two entries
    tiff.writeUInt16BE(0x0001, 28); // GPSLatitudeRef, ASCII "N\0", inline
    tiff.writeUInt16BE(2, 30);
    tiff.writeUInt32BE(2, 32);
    tiff.write('N\0', 36, 'latin1');
    tiff.writeUInt16BE(0x0002, 40); // GPSLatitude, 3 RATIONALs out of line
    tiff.writeUInt16BE(5, 42);
    tiff.writeUInt32BE(3, 44);
    tiff.writeUInt32BE(56, 48);
    tiff.writeUInt32BE(0, 52);
    latitudeBytes(false).copy(tiff, 56);
    const plain = await picture(32, 16).jpeg().toBuffer();
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xffe1, 0);
    segment.writeUInt16BE(payload.length + 2, 2);
    const jpeg = Buffer.concat([plain.subarray(0, 2), segment, payload, plain.subarray(2)]);
    expect(readExif((await sharp(jpeg).metadata()).exif as Buffer)).toMatchObject({
      gpsEntries: 2,
      hasLatitude: true,
    });

    const path = await save(jpeg, 'jpg');
    await removeGpsData(path, 'image/jpeg');
    const after = readExif((await sharp(path).metadata()).exif as Buffer);
    expect(after).toMatchObject({ little: false, gpsEntries: 0, hasLatitude: false });
  });

  test('a 12-megapixel photo takes milliseconds', async () => {
    const path = await save(await jpegWithGps(4000, 3000), 'jpg');
    const started = performance.now();
    await removeGpsData(path, 'image/jpeg');
    const elapsed = performance.now() - started;
    expect(readExif((await sharp(path).metadata()).exif as Buffer).gpsEntries).toBe(0);
    // Re-encoding 12 MP takes hundreds of milliseconds; editing the header takes a few.
    expect(elapsed).toBeLessThan(150);
  });

  test('XMP (which can carry a location) is removed', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,25.1N"/></rdf:RDF></x:xmpmeta>';
    const original = await picture(64, 32).jpeg().withXmp(xmp).toBuffer();
    expect((await sharp(original).metadata()).xmpAsString).toContain('GPSLatitude');
    const path = await save(original, 'jpg');
    await removeGpsData(path, 'image/jpeg');
    const cleaned = await readFile(path);
    expect((await sharp(cleaned).metadata()).xmp).toBeUndefined();
    expect(cleaned.includes('GPSLatitude')).toBe(false);
    expect(cleaned.subarray(startOfScan(cleaned)).equals(original.subarray(startOfScan(original)))).toBe(
      true,
    );
  });

  test('a JPEG without GPS or XMP is left untouched', async () => {
    const path = await save(await picture(64, 32).jpeg().withMetadata({ orientation: 3 }).toBuffer(), 'jpg');
    const before = await stat(path);
    await removeGpsData(path, 'image/jpeg');
    const after = await stat(path);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  test('a GPS pointer that leads out of the EXIF block drops the whole EXIF, without throwing', async () => {
    const jpeg = Buffer.from(await jpegWithGps(64, 32));
    const tiffStart = exifTiffStart(jpeg);
    const pointerAt = readExif(jpeg.subarray(tiffStart - 6)).gpsPointerAt as number;
    jpeg.writeUInt32LE(0xfff0, tiffStart + pointerAt);
    const path = await save(jpeg, 'jpg');
    await removeGpsData(path, 'image/jpeg');
    const cleaned = await readFile(path);
    const metadata = await sharp(cleaned).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(cleaned.includes(latitudeBytes(true))).toBe(false);
    expect((await sharp(cleaned).raw().toBuffer()).length).toBe(64 * 32 * 3);
  });

  test('a GPS value offset past the block, or an unknown type, drops the whole EXIF', async () => {
    for (const corrupt of ['offset', 'type'] as const) {
      const jpeg = Buffer.from(await jpegWithGps(64, 32));
      const tiffStart = exifTiffStart(jpeg);
      const pointerAt = readExif(jpeg.subarray(tiffStart - 6)).gpsPointerAt as number;
      const gps = jpeg.readUInt32LE(tiffStart + pointerAt);
      const firstEntry = tiffStart + gps + 2;
      if (corrupt === 'type') jpeg.writeUInt16LE(99, firstEntry + 2);
      else {
        // Find the out-of-line latitude and point it past the end.
        for (let entry = firstEntry; ; entry += 12) {
          if (jpeg.readUInt16LE(entry) === 0x0002) {
            jpeg.writeUInt32LE(0x7fff0000, entry + 8);
            break;
          }
        }
      }
      const path = await save(jpeg, 'jpg');
      await removeGpsData(path, 'image/jpeg');
      expect((await sharp(path).metadata()).exif).toBeUndefined();
    }
  });

  test('a truncated or broken JPEG does not throw', async () => {
    const jpeg = await jpegWithGps(64, 32);
    for (const bytes of [jpeg.subarray(0, 40), Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01, 0x00])]) {
      const path = await save(bytes, 'jpg');
      await expect(removeGpsData(path, 'image/jpeg')).resolves.toBeUndefined();
    }
  });

  test('the secondary images an MPF index lists (gain maps, depth maps) lose their GPS too', async () => {
    const primary = await picture(64, 32).jpeg().toBuffer();
    const secondary = await jpegWithGps(32, 16);
    // APP2 "MPF\0" + TIFF: IFD0 with one MP Entry tag (0xB002, UNDEFINED, 2 × 16 bytes).
    const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 32);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(0xb002, 10);
    tiff.writeUInt16LE(7, 12);
    tiff.writeUInt32LE(32, 14);
    tiff.writeUInt32LE(26, 18);
    const header = Buffer.alloc(4);
    header.writeUInt16BE(0xffe2, 0);
    header.writeUInt16BE(2 + 4 + tiff.length, 2);
    const tiffStart = 2 + 4 + 4; // after SOI, the APP2 marker and length, and "MPF\0"
    const primaryLength = primary.length + header.length + 4 + tiff.length;
    tiff.writeUInt32LE(primaryLength, 26 + 4); // first image: size, offset 0
    tiff.writeUInt32LE(secondary.length, 26 + 16 + 4);
    tiff.writeUInt32LE(primaryLength - tiffStart, 26 + 16 + 8); // MPF offsets count from its TIFF header
    const mpfPayload = Buffer.concat([Buffer.from('MPF\0', 'latin1'), tiff]);
    const file = Buffer.concat([primary.subarray(0, 2), header, mpfPayload, primary.subarray(2), secondary]);
    expect(file.length).toBe(primaryLength + secondary.length);

    const path = await save(file, 'jpg');
    await removeGpsData(path, 'image/jpeg');
    const cleaned = await readFile(path);
    const cleanedSecondary = cleaned.subarray(primaryLength);
    const metadata = await sharp(cleanedSecondary).metadata();
    expect(readExif(metadata.exif as Buffer)).toMatchObject({ gpsEntries: 0, hasLatitude: false });
    expect(metadata.orientation).toBe(6);
    expect(cleaned.length).toBe(file.length);
  });
});

describe('removeGpsData on PNG, WebP, GIF and AVIF: re-encoded only when they carry metadata', () => {
  test('a PNG with EXIF loses it, keeps its ICC profile and its exact pixels', async () => {
    const original = await picture(40, 20).png().withIccProfile('p3').withExif({ IFD3: GPS }).toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    const path = await save(original, 'png');
    await removeGpsData(path, 'image/png');
    const after = await sharp(path).metadata();
    expect(after.format).toBe('png');
    expect(after.exif).toBeUndefined();
    expect(after.icc?.equals(before.icc as Buffer)).toBe(true);
    const pixels = (input: Buffer | string) => sharp(input).raw().toBuffer();
    expect((await pixels(path)).equals(await pixels(original))).toBe(true);
  });

  test('an orientation kept only in EXIF is applied to the pixels before EXIF goes', async () => {
    const original = await picture(40, 20).png().withMetadata({ orientation: 6 }).toBuffer();
    const path = await save(original, 'png');
    await removeGpsData(path, 'image/png');
    const after = await sharp(path).metadata();
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  test('a lossless WebP stays lossless, a lossy one is re-encoded lossy, both without EXIF', async () => {
    for (const lossless of [true, false]) {
      const original = await picture(40, 20).webp({ lossless }).withExif({ IFD3: GPS }).toBuffer();
      const path = await save(original, 'webp');
      await removeGpsData(path, 'image/webp');
      const bytes = await readFile(path);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes('VP8L')).toBe(lossless);
    }
  });

  test('an AVIF with EXIF loses it', async () => {
    const path = await save(await picture(40, 20).avif().withExif({ IFD3: GPS }).toBuffer(), 'avif');
    await removeGpsData(path, 'image/avif');
    const after = await sharp(path).metadata();
    expect(after.format).toBe('heif');
    expect(after.exif).toBeUndefined();
  });

  test('a PNG or GIF without metadata is left untouched', async () => {
    for (const [format, mime] of [
      ['png', 'image/png'],
      ['gif', 'image/gif'],
    ] as const) {
      const path = await save(await picture(40, 20).toFormat(format).toBuffer(), format);
      const before = await stat(path);
      await removeGpsData(path, mime);
      expect((await stat(path)).ino).toBe(before.ino);
    }
  });
});

describe('processImage', () => {
  test('an orientation-6 photo of 400×200 is 200×400 as displayed, and so are its variants', async () => {
    const source = await save(await jpegWithGps(400, 200), 'jpg');
    const paths = outputs();
    const result = await processImage(source, 'image/jpeg', paths);
    expect(result).toEqual({
      width: 200,
      height: 400,
      thumbnail: { path: paths.thumbnail, width: 160, height: 320 },
      medium: { path: paths.medium, width: 200, height: 400 },
    });
    for (const [path, width, height] of [
      [paths.thumbnail, 160, 320],
      [paths.medium, 200, 400],
    ] as const) {
      const metadata = await sharp(path).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  test('a 2000×1000 image gives a 320×160 thumbnail and a 1280×640 medium', async () => {
    const source = await save(await picture(2000, 1000).png().toBuffer(), 'png');
    const result = await processImage(source, 'image/png', outputs());
    expect(result).toMatchObject({
      width: 2000,
      height: 1000,
      thumbnail: { width: 320, height: 160 },
      medium: { width: 1280, height: 640 },
    });
  });

  test('a tiny image is never enlarged', async () => {
    const source = await save(await picture(12, 8).webp().toBuffer(), 'webp');
    const result = await processImage(source, 'image/webp', outputs());
    expect(result).toMatchObject({ width: 12, height: 8, thumbnail: { width: 12, height: 8 } });
    expect(result.medium).toMatchObject({ width: 12, height: 8 });
  });

  test('GIF and AVIF are read too; an animated GIF gives its first frame', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#0000ff'].map((background) =>
        sharp({ create: { width: 60, height: 30, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const gifPaths = outputs();
    expect(await processImage(await save(gif, 'gif'), 'image/gif', gifPaths)).toMatchObject({
      width: 60,
      height: 30,
    });
    const { data } = await sharp(gifPaths.medium).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red: the first frame
    expect(data[2]).toBeLessThan(50);

    const avif = await picture(300, 600).avif().toBuffer();
    expect(await processImage(await save(avif, 'avif'), 'image/avif', outputs())).toMatchObject({
      width: 300,
      height: 600,
      thumbnail: { width: 160, height: 320 },
    });
  });

  test('a corrupt JPEG (a valid header, garbage after) is refused with a message, and no variant is left', async () => {
    const jpeg = await picture(200, 100).jpeg().toBuffer();
    const garbage = Buffer.alloc(4000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 31 + 7) & 0xff;
    const corrupt = Buffer.concat([jpeg.subarray(0, startOfScan(jpeg) + 20), garbage]);
    const paths = outputs();
    await expectValidationError(
      processImage(await save(corrupt, 'jpg'), 'image/jpeg', paths),
      'La imagen está dañada o no se puede leer.',
    );
    await expect(stat(paths.thumbnail)).rejects.toThrow();
    await expect(stat(paths.medium)).rejects.toThrow();
  });

  test('bytes that are not the type sniffed are refused as unreadable', async () => {
    const png = await picture(20, 10).png().toBuffer();
    await expectValidationError(
      processImage(await save(png, 'jpg'), 'image/jpeg', outputs()),
      'La imagen está dañada o no se puede leer.',
    );
  });

  test('over 100 megapixels is refused before decoding', async () => {
    // A PNG header that claims 20 000 × 6 000 (120 MP): only the header is ever read.
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(6_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.alloc(0)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const path = await save(png, 'png');
    await expectValidationError(
      processImage(path, 'image/png', outputs()),
      'La imagen es demasiado grande: como máximo 100 megapíxeles.',
    );
    await expectValidationError(
      removeGpsData(path, 'image/png'),
      'La imagen es demasiado grande: como máximo 100 megapíxeles.',
    );
  });
});
