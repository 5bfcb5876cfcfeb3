import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MESSAGES } from '@gestor/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3rver } from '../../../test/support/s3';
import { loadConfig } from '../../config/config';
import errorsPlugin from '../../plugins/errors';
import noStorePlugin, { isApiUrl } from '../../plugins/no-store';
import spaPlugin, { isPageUrl } from '../../plugins/spa';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { createStorage, type Storage } from './storage';
import { storageRoutes } from './storage-routes';

// docs/areas.md#multimedia: the same behaviour from both drivers, the local disk and an S3-compatible
// server (s3rver, started here on a free port), and the public route that serves what they store.

const APP_URL = 'http://gestor.test';
const BUCKET = 'gestor-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let work: string;
let s3rver: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'gestor-storage-'));
  ({ s3rver, endpoint: s3Endpoint } = await startS3rver(path.join(work, 's3rver'), BUCKET));
});

afterAll(async () => {
  await s3rver?.close();
  await rm(work, { recursive: true, force: true });
});

const s3Options = (publicUrl?: string) => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: s3Endpoint,
  ...CREDENTIALS,
  publicUrl,
  appUrl: APP_URL,
});

const drivers: [string, () => Storage][] = [
  ['local', () => createLocalStorage({ root: path.join(work, 'app', 'public'), appUrl: APP_URL })],
  ['s3', () => createS3Storage(s3Options())],
];

let sourceCounter = 0;
/** A file on disk with these bytes, as an upload leaves it before it is stored. */
async function sourceFile(content: Buffer | string): Promise<string> {
  sourceCounter += 1;
  const file = path.join(work, `source-${sourceCounter}`);
  await writeFile(file, content);
  return file;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

// A full collection on demand, so a high reading can be told apart from garbage awaiting collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Above this much new Buffer memory a sample collects garbage and looks again. */
const SUSPICIOUS = 4 * 1024 * 1024;

/**
 * How far RSS and Buffer memory rose above their level at the start while `work` ran, sampled every
 * 2 ms. A reading above SUSPICIOUS is taken again after a full collection: what remains is held.
 */
async function peakMemoryDuring(work: () => Promise<unknown>) {
  collectGarbage();
  const before = process.memoryUsage();
  let rss = 0;
  let buffers = 0;
  let samples = 0;
  let collections = 0;
  const sample = () => {
    let now = process.memoryUsage();
    if (now.arrayBuffers - before.arrayBuffers > SUSPICIOUS) {
      collectGarbage();
      collections += 1;
      now = process.memoryUsage();
    }
    rss = Math.max(rss, now.rss - before.rss);
    buffers = Math.max(buffers, now.arrayBuffers - before.arrayBuffers);
    samples += 1;
  };
  const sampler = setInterval(sample, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { rss, buffers, samples, collections };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const uniqueKey = (extension = 'txt') => `media/${randomBytes(8).toString('hex')}.${extension}`;
const textMeta = { contentType: 'text/plain', disposition: 'attachment' as const };
const videoMeta = { contentType: 'video/mp4', disposition: 'inline' as const };

describe.each(drivers)('%s storage', (driver, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  test('stores a file and reads it back whole, with its size', async () => {
    expect(storage.driver).toBe(driver);
    const key = uniqueKey();
    await storage.putFile(key, await sourceFile('Hola, mundo: ñandú'), textMeta);
    const object = await storage.read(key);
    expect(object).not.toBeNull();
    const bytes = await readAll(object!.stream);
    expect(bytes.toString('utf8')).toBe('Hola, mundo: ñandú');
    expect(object!.size).toBe(bytes.length);
    expect(object!.totalSize).toBe(bytes.length);
  });

  test('putting a key again replaces its content', async () => {
    const key = uniqueKey();
    await storage.putFile(key, await sourceFile('primera versión'), textMeta);
    await storage.putFile(key, await sourceFile('segunda'), textMeta);
    expect((await readAll((await storage.read(key))!.stream)).toString()).toBe('segunda');
  });

  test('reads a byte range, clamps its end, and reports a range past the end as empty', async () => {
    const key = uniqueKey();
    await storage.putFile(key, await sourceFile('0123456789'), textMeta);

    const middle = (await storage.read(key, { start: 2, end: 5 }))!;
    expect(middle).toMatchObject({ size: 4, totalSize: 10 });
    expect((await readAll(middle.stream)).toString()).toBe('2345');

    const tail = (await storage.read(key, { start: 7, end: Number.MAX_SAFE_INTEGER }))!;
    expect(tail).toMatchObject({ size: 3, totalSize: 10 });
    expect((await readAll(tail.stream)).toString()).toBe('789');

    const past = (await storage.read(key, { start: 10, end: 20 }))!;
    expect(past).toMatchObject({ size: 0, totalSize: 10 });
    expect((await readAll(past.stream)).length).toBe(0);
  });

  test('a missing key reads as null, with or without a range', async () => {
    expect(await storage.read(uniqueKey())).toBeNull();
    expect(await storage.read(uniqueKey(), { start: 0, end: 10 })).toBeNull();
  });

  test('deletes keys; missing ones are not an error', async () => {
    const kept = uniqueKey();
    const gone = [uniqueKey(), uniqueKey()];
    for (const key of [kept, ...gone]) await storage.putFile(key, await sourceFile(key), textMeta);
    await storage.delete([...gone, uniqueKey()]);
    for (const key of gone) expect(await storage.read(key)).toBeNull();
    const still = await storage.read(kept);
    expect(still).not.toBeNull();
    // Unread, the stream would hold the file open until garbage collection (a kept worker runs on).
    still?.stream.destroy();
    await storage.delete([]);
    await storage.delete([gone[0]!]);
  });

  test('deletes more keys than one request takes (S3 batches of 1000)', async () => {
    const first = uniqueKey();
    const last = uniqueKey();
    await storage.putFile(first, await sourceFile('a'), textMeta);
    await storage.putFile(last, await sourceFile('b'), textMeta);
    const keys = [first, ...Array.from({ length: 1000 }, () => uniqueKey()), last];
    await storage.delete(keys);
    expect(await storage.read(first)).toBeNull();
    expect(await storage.read(last)).toBeNull();
  });

  test('the public URL is APP_URL/storage/<key>', () => {
    expect(storage.url('media/abc-thumb.webp')).toBe(`${APP_URL}/storage/media/abc-thumb.webp`);
  });

  test.each([
    '../secret.txt',
    'media/../../secret.txt',
    '/etc/passwd',
    'media/..',
    '..',
    '',
    'Media/Foto.JPG',
    'media//x.txt',
    'media/./x.txt',
    'media\\x.txt',
    'media/x.txt\u0000',
  ])('refuses the key %j', async (key) => {
    const source = await sourceFile('no');
    await expect(storage.putFile(key, source, textMeta)).rejects.toThrow(/storage key/);
    await expect(storage.read(key)).rejects.toThrow(/storage key/);
    await expect(storage.delete([uniqueKey(), key])).rejects.toThrow(/storage key/);
    expect(() => storage.url(key)).toThrow(/storage key/);
  });

  test('streams a 20 MB file in and out without holding it in memory', async () => {
    const size = 20 * 1024 * 1024;
    const source = path.join(work, `large-${driver}.bin`);
    const hash = createHash('sha256');
    const out = createWriteStream(source);
    for (let written = 0; written < size; written += 1024 * 1024) {
      const chunk = randomBytes(1024 * 1024);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    out.end();
    await finished(out);
    const expected = hash.digest('hex');

    // Buffers live outside the JS heap (arrayBuffers, part of RSS). Sampled while the upload runs, each
    // sample after a full collection, so what counts is what the upload holds, not garbage.
    const smallKey = uniqueKey('mp4');
    const small = await sourceFile(randomBytes(64 * 1024));
    const baseline = await peakMemoryDuring(() => storage.putFile(smallKey, small, videoMeta));
    const key = uniqueKey('mp4');
    const large = await peakMemoryDuring(() => storage.putFile(key, source, videoMeta));
    console.info(
      `[${driver}] put 64 KB: RSS +${mb(baseline.rss)} MB, buffers +${mb(baseline.buffers)} MB; ` +
        `put 20 MB: RSS +${mb(large.rss)} MB, buffers +${mb(large.buffers)} MB (${large.samples} samples, ${large.collections} collections)`,
    );
    // Holding the file whole would hold 20 MB of buffers at once; streaming holds a few 64 KB chunks.
    expect(large.buffers - baseline.buffers).toBeLessThan(10 * 1024 * 1024);
    expect(large.rss - baseline.rss).toBeLessThan(40 * 1024 * 1024);

    const object = (await storage.read(key))!;
    expect(object.size).toBe(size);
    const readHash = createHash('sha256');
    for await (const chunk of object.stream) readHash.update(chunk as Uint8Array);
    expect(readHash.digest('hex')).toBe(expected);
    await storage.delete([key, smallKey]);
  });
});

describe('local storage on disk', () => {
  const root = () => path.join(work, 'disk', 'app', 'public');

  test('files sit under STORAGE_PATH/app/public/<key>, with no temporary file left behind', async () => {
    const storagePath = path.join(work, 'disk');
    const storage = createStorage(loadConfig({ STORAGE_PATH: storagePath, APP_URL: `${APP_URL}/` }));
    expect(storage.driver).toBe('local');
    await storage.putFile('media/abc.txt', await sourceFile('en disco'), textMeta);
    expect(await readFile(path.join(root(), 'media', 'abc.txt'), 'utf8')).toBe('en disco');
    expect(await readdir(path.join(root(), 'media'))).toEqual(['abc.txt']);
    expect(storage.url('media/abc.txt')).toBe(`${APP_URL}/storage/media/abc.txt`);
  });

  test('a failed put leaves the stored file as it was and no temporary file', async () => {
    const storage = createLocalStorage({ root: root(), appUrl: APP_URL });
    await storage.putFile('media/kept.txt', await sourceFile('intacto'), textMeta);
    await expect(
      storage.putFile('media/kept.txt', path.join(work, 'no-such-source'), textMeta),
    ).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(root(), 'media', 'kept.txt'), 'utf8')).toBe('intacto');
    expect((await readdir(path.join(root(), 'media'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  test('a directory is not a stored object', async () => {
    const storage = createLocalStorage({ root: root(), appUrl: APP_URL });
    await mkdir(path.join(root(), 'media', 'folder.txt'), { recursive: true });
    expect(await storage.read('media/folder.txt')).toBeNull();
    expect(await storage.read('media/abc.txt/below')).toBeNull();
  });
});

describe('s3 storage', () => {
  test('objects carry their type, disposition (download name) and a year of immutable cache', async () => {
    const storage = createS3Storage(s3Options());
    const key = uniqueKey('docx');
    await storage.putFile(key, await sourceFile('PK…'), {
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      disposition: 'attachment',
      downloadName: 'Memoria año 2024 "final".docx',
    });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    client.destroy();
    expect(head.ContentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(head.ContentDisposition).toBe(
      `attachment; filename="Memoria ano 2024 _final_.docx"; filename*=UTF-8''Memoria%20a%C3%B1o%202024%20%22final%22.docx`,
    );
  });

  test('with S3_PUBLIC_URL the URL is the bucket’s public address; without, the API’s', () => {
    const config = loadConfig({
      APP_URL,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_PUBLIC_URL: 'https://cdn.example.org/gestor/',
    });
    const storage = createStorage(config);
    expect(storage.driver).toBe('s3');
    expect(storage.url('media/abc.jpg')).toBe('https://cdn.example.org/gestor/media/abc.jpg');
    expect(createS3Storage(s3Options()).url('media/abc.jpg')).toBe(`${APP_URL}/storage/media/abc.jpg`);
  });

  test('a bucket that does not exist is an error, not a missing file', async () => {
    const storage = createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' });
    await expect(storage.putFile(uniqueKey(), await sourceFile('x'), textMeta)).rejects.toThrow();
    await expect(storage.read(uniqueKey())).rejects.toThrow(/bucket/i);
  });
});

describe('GET /storage/media/:name', () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1000)]);
  const files: Record<string, { content: Buffer; contentType: string }> = {
    'foto.jpg': { content: jpeg, contentType: 'image/jpeg' },
    'foto-thumb.webp': { content: randomBytes(300), contentType: 'image/webp' },
    'informe.pdf': { content: Buffer.from('%PDF-1.7 …'), contentType: 'application/pdf' },
    'acta.docx': {
      content: Buffer.from('PK docx'),
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    'notas.txt': { content: Buffer.from('Año nuevo'), contentType: 'text/plain; charset=utf-8' },
    'datos.csv': { content: Buffer.from('a;b\n1;2\n'), contentType: 'text/csv; charset=utf-8' },
    'clip.mp4': { content: Buffer.from('0123456789'), contentType: 'video/mp4' },
    'tema.mp3': { content: Buffer.from('ID3 audio'), contentType: 'audio/mpeg' },
    'vacio.txt': { content: Buffer.alloc(0), contentType: 'text/plain; charset=utf-8' },
  };

  let local: FastifyInstance;
  let s3: FastifyInstance;
  let s3Storage: Storage;

  /** The route inside the app's own plugins: errors, no-store and the SPA with its history fallback. */
  async function appWith(storage: Storage): Promise<FastifyInstance> {
    const webDist = path.join(work, 'web-dist');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    // The router options app.ts uses (a long name still reaches the route, which refuses it).
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 } });
    await app.register(errorsPlugin);
    storageRoutes(app, { storage });
    await app.register(noStorePlugin);
    await app.register(spaPlugin, { webDist });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    const localStorage = createLocalStorage({
      root: path.join(work, 'route', 'app', 'public'),
      appUrl: APP_URL,
    });
    s3Storage = createS3Storage(s3Options());
    for (const [name, { content, contentType }] of Object.entries(files)) {
      const source = await sourceFile(content);
      const meta = { contentType, disposition: 'inline' as const };
      await localStorage.putFile(`media/${name}`, source, meta);
      await s3Storage.putFile(`media/${name}`, source, meta);
    }
    local = await appWith(localStorage);
    s3 = await appWith(s3Storage);
  });

  afterAll(async () => {
    await local?.close();
    await s3?.close();
  });

  test('is neither an API URL (no-store) nor an SPA page (history fallback)', () => {
    expect(isApiUrl('/storage/media/foto.jpg')).toBe(false);
    expect(isPageUrl('/storage/media/foto.jpg')).toBe(false);
  });

  describe.each([
    ['local', () => local],
    ['s3', () => s3],
  ])('through the %s driver', (_driver, app) => {
    test.each(
      Object.keys(files),
    )('serves %s with its type, nosniff and a year of immutable cache', async (name) => {
      const { content, contentType } = files[name]!;
      const response = await app().inject({ method: 'GET', url: `/storage/media/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(content)).toBe(true);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['content-length']).toBe(String(content.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    test('images, PDF, audio and video are shown in place; documents are downloads', async () => {
      const disposition = async (name: string) =>
        (await app().inject({ method: 'GET', url: `/storage/media/${name}` })).headers['content-disposition'];
      expect(await disposition('foto.jpg')).toBe('inline; filename="foto.jpg"');
      expect(await disposition('foto-thumb.webp')).toBe('inline; filename="foto-thumb.webp"');
      expect(await disposition('informe.pdf')).toBe('inline; filename="informe.pdf"');
      expect(await disposition('clip.mp4')).toBe('inline; filename="clip.mp4"');
      expect(await disposition('tema.mp3')).toBe('inline; filename="tema.mp3"');
      expect(await disposition('acta.docx')).toBe('attachment; filename="acta.docx"');
      expect(await disposition('notas.txt')).toBe('attachment; filename="notas.txt"');
      expect(await disposition('datos.csv')).toBe('attachment; filename="datos.csv"');
    });

    test('byte ranges: 206 with Content-Range, suffix and open ranges, 416 past the end', async () => {
      const get = (range: string, extra: Record<string, string> = {}) =>
        app().inject({ method: 'GET', url: '/storage/media/clip.mp4', headers: { range, ...extra } });

      const first = await get('bytes=0-3');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe('bytes 0-3/10');
      expect(first.headers['content-length']).toBe('4');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.body).toBe('0123');

      const open = await get('bytes=6-');
      expect(open.statusCode).toBe(206);
      expect(open.headers['content-range']).toBe('bytes 6-9/10');
      expect(open.body).toBe('6789');

      const beyond = await get('bytes=8-1000');
      expect(beyond.headers['content-range']).toBe('bytes 8-9/10');
      expect(beyond.body).toBe('89');

      const suffix = await get('bytes=-3');
      expect(suffix.statusCode).toBe(206);
      expect(suffix.headers['content-range']).toBe('bytes 7-9/10');
      expect(suffix.body).toBe('789');

      const longSuffix = await get('bytes=-50');
      expect(longSuffix.headers['content-range']).toBe('bytes 0-9/10');

      for (const unsatisfiable of ['bytes=10-', 'bytes=50-60', 'bytes=-0']) {
        const response = await get(unsatisfiable);
        expect(response.statusCode, unsatisfiable).toBe(416);
        expect(response.headers['content-range']).toBe('bytes */10');
        expect(response.json().message).toMatch(/rango/);
        expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
      }

      // An empty file has no byte to give.
      for (const range of ['bytes=0-', 'bytes=-5']) {
        const empty = await app().inject({
          method: 'GET',
          url: '/storage/media/vacio.txt',
          headers: { range },
        });
        expect(empty.statusCode, range).toBe(416);
        expect(empty.headers['content-range']).toBe('bytes */0');
      }

      // Malformed, other units, several ranges, or If-Range (nothing to compare it with): the whole file.
      for (const [range, extra] of [
        ['bytes=5-2', {}],
        ['bytes=abc', {}],
        ['items=0-1', {}],
        ['bytes=0-1,4-5', {}],
        ['bytes=0-1', { 'if-range': '"etag"' }],
      ] as const) {
        const response = await get(range, extra);
        expect(response.statusCode, range).toBe(200);
        expect(response.body).toBe('0123456789');
      }
    });

    test('HEAD answers the headers without the body', async () => {
      const response = await app().inject({ method: 'HEAD', url: '/storage/media/foto.jpg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-length']).toBe(String(jpeg.length));
      expect(response.rawPayload.length).toBe(0);
      const ranged = await app().inject({
        method: 'HEAD',
        url: '/storage/media/clip.mp4',
        headers: { range: 'bytes=2-3' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe('bytes 2-3/10');
    });

    test.each([
      'foto.svg',
      'pagina.html',
      'Foto.jpg',
      'foto.JPG',
      'foto.jpg.html',
      '.foto.jpg.1a2b.tmp',
      '..%2F..%2Fsecret.jpg',
      '%2e%2e.jpg',
      'foto_1.jpg',
      `${'a'.repeat(101)}.jpg`,
      'no-existe.jpg',
      'no-existe.pdf',
    ])('%s is a Spanish JSON 404, not the SPA', async (name) => {
      const response = await app().inject({ method: 'GET', url: `/storage/media/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
      expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
    });

    test('nested paths under /storage/ are not files', async () => {
      const response = await app().inject({ method: 'GET', url: '/storage/media/a/foto.jpg' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  test('without S3_PUBLIC_URL the s3 driver’s URLs are served by this route, from the bucket', async () => {
    const url = new URL(s3Storage.url('media/foto.jpg'));
    expect(url.origin).toBe(APP_URL);
    const response = await s3.inject({ method: 'GET', url: url.pathname });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(jpeg)).toBe(true);
  });
});
