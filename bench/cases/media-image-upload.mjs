import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { deleteMedia, uploadExpectingCreated } from '../lib/multipart-upload.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { percentile, round } from '../lib/stats.mjs';

// An uploaded photo gets its WebP variants without much more than the image work itself.
// Time per upload of a 12-megapixel JPEG (POST /api/multimedia: receive, sniff, GPS removal, two
// variants, storage, database), median of sequential uploads, against sharp alone in the bench
// process making the same two variants from the same file with processImage's options. Alternating.
// The image work does not depend on the database engine: measured once (on PGlite).

export const name = 'media-image-upload';
export const engines = 'once';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 10;
const WARM_UP_RUNS = 1;
const TARGET = 1.3;
const UPLOAD_PATH = '/api/multimedia?lang=es';

// sharp is the API's dependency, not the bench's: loaded from there, so it is the very same build.
/** @type {typeof import('sharp').default} */
const sharp = createRequire(path.join(repoRoot, 'apps/api/package.json'))('sharp');

// The options of apps/api/src/modules/multimedia/image-processing.ts (openImage, processImage).
const MAX_PIXELS = 100_000_000;
const VARIANT_SIZES = { thumbnail: 320, medium: 1280 };
const WEBP_QUALITY = 80;

/**
 * A 4000×3000 JPEG that compresses like a photo (3–6 MB): large soft shapes, mid-scale texture and
 * a little grain, with the EXIF a phone writes, GPS position included (so the API has it to remove).
 * @param {string} file
 */
async function writePhoto(file) {
  /** @param {number} width @param {number} height @param {number} sigma */
  const noiseLayer = (width, height, sigma) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  const [coarse, texture] = await Promise.all([noiseLayer(40, 30, 70), noiseLayer(800, 600, 40)]);
  const pixels = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  let seed = 20_240_607;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
    const value = (coarse[i] ?? 128) + ((texture[i] ?? 128) - 128) * 0.5 + ((seed >> 16) % 24) - 12;
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Gestor', Model: 'Banco de pruebas', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 2345/100',
      },
    })
    .toFile(file);
}

/**
 * What processImage does with a JPEG, timed: read the header, then both variants in parallel.
 * @param {string} source
 * @param {string} directory
 */
async function variantsWithSharp(source, directory) {
  const started = performance.now();
  const image = sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'warning' }).rotate();
  const metadata = await image.metadata();
  if (metadata.format !== 'jpeg') throw new Error(`sharp reads the photo as ${metadata.format}`);
  await Promise.all(
    Object.entries(VARIANT_SIZES).map(([variant, size]) =>
      image
        .clone()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toFile(path.join(directory, `${variant}.webp`)),
    ),
  );
  return performance.now() - started;
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gestor-bench-media-image-'));
  const removeDirectory = onCleanup(() => rm(directory, { recursive: true, force: true }));
  const photo = path.join(directory, 'fiesta-mayor.jpg');
  const info = await writePhoto(photo);
  log(`photo: ${info.width}×${info.height} JPEG, ${round(info.size / 1e6, 2)} MB`);

  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  /** @type {number[]} */
  let created = [];
  // Deleted through the API as the case goes, so the disk does not fill up; should the case stop
  // half-way, stopping the server removes its storage directory anyway.
  const removeCreated = async () => {
    const ids = created;
    created = [];
    if (ids.length) await deleteMedia(server.url, headers, ids);
  };
  const upload = async () => {
    const result = await uploadExpectingCreated({
      url: `${server.url}${UPLOAD_PATH}`,
      headers,
      file: photo,
      filename: 'fiesta-mayor.jpg',
      contentType: 'image/jpeg',
    });
    created.push(result.id);
    return result;
  };
  // Each sharp run reads a file of its own, as each upload does: a path sharp has already opened
  // could be answered from libvips' operation cache. The copy is not timed.
  let copies = 0;
  const baseline = async () => {
    const source = path.join(directory, `copy-${++copies}.jpg`);
    await copyFile(photo, source);
    try {
      return await variantsWithSharp(source, directory);
    } finally {
      await rm(source, { force: true });
    }
  };

  try {
    const first = await upload();
    const record = /** @type {{ kind?: string, width?: number, height?: number,
     *   variants?: { thumbnail?: { width: number, height: number } | null, medium?: { width: number, height: number } | null } }} */ (
      first.record
    );
    if (
      record?.kind !== 'image' ||
      record.width !== WIDTH ||
      record.height !== HEIGHT ||
      record.variants?.thumbnail?.width !== 320 ||
      record.variants?.medium?.width !== 1280
    ) {
      throw new Error(`the photo was stored as ${JSON.stringify(record)}`);
    }
    for (let i = 1; i < WARM_UP_RUNS; i++) await upload();
    for (let i = 0; i < WARM_UP_RUNS; i++) await baseline();

    /** @type {number[]} */
    const uploads = [];
    /** @type {number[]} */
    const sharpRuns = [];
    for (let i = 0; i < RUNS; i++) {
      uploads.push((await upload()).milliseconds);
      sharpRuns.push(await baseline());
    }
    const uploadMedian = percentile(uploads, 50);
    const sharpMedian = percentile(sharpRuns, 50);
    const ratio = uploadMedian / sharpMedian;
    log(
      `upload median ${round(uploadMedian)} ms (${uploads.map((t) => Math.round(t)).join(', ')}); sharp median ${round(sharpMedian)} ms (${sharpRuns.map((t) => Math.round(t)).join(', ')})`,
    );
    return [
      {
        measurement: 'POST /api/multimedia 12 MP JPEG, time per upload',
        engine: server.engine,
        figure: `${round(uploadMedian)} ms median`,
        baseline: `${round(sharpMedian)} ms (sharp alone, same variants)`,
        ratio: round(ratio),
        target: `ratio ≤ ${TARGET}`,
        met: ratio <= TARGET,
        data: { photoBytes: info.size, uploads, sharp: sharpRuns },
        notes: [
          `${RUNS} sequential uploads alternating with ${RUNS} sharp runs (after ${WARM_UP_RUNS} of each to warm up); photo ${WIDTH}×${HEIGHT}, ${round(info.size / 1e6, 2)} MB, with EXIF GPS`,
          `upload p90 ${round(percentile(uploads, 90))} ms, sharp p90 ${round(percentile(sharpRuns, 90))} ms`,
        ],
      },
    ];
  } finally {
    await removeCreated().catch((/** @type {Error} */ error) =>
      log(`could not delete the uploaded items: ${error.message}`),
    );
    await removeDirectory();
  }
}
