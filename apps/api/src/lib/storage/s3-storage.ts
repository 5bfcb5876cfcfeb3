import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { ByteRange, ListedObject, Storage, StoredObject } from './storage-driver';
import { assertStorageKey, contentDisposition } from './stored-object';

// docs/areas.md#multimedia: an S3-compatible bucket (Amazon S3, MinIO, R2, …) so several API servers share
// the files. Objects carry their own Content-Type, Content-Disposition and a year's immutable cache, so
// a CDN or the bucket itself (S3_PUBLIC_URL) can serve them as the API's route would.

/** The bucket's settings (S3_* with STORAGE_DRIVER=s3, read by config/config.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means Amazon S3 itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are public (a CDN or the bucket's own address); unset, the API serves them. */
  publicUrl: string | undefined;
}

export interface S3StorageOptions extends S3Config {
  appUrl: string;
}

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
/** A streamed body cannot be replayed by the SDK's own retries, so uploads are retried here. */
const PUT_ATTEMPTS = 3;

interface AwsErrorShape {
  name?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

const statusOf = (error: unknown) => (error as AwsErrorShape).$metadata?.httpStatusCode;

function isMissing(error: unknown): boolean {
  const name = (error as AwsErrorShape).name;
  // A missing bucket is a configuration fault to report, not a file that happens to be absent.
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function isUnsatisfiableRange(error: unknown): boolean {
  return (error as AwsErrorShape).name === 'InvalidRange' || statusOf(error) === 416;
}

/** A refusal (bad credentials, no such bucket) will not change on a second try; a 5xx or a dropped connection may. */
function isWorthRetrying(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return true;
  return status >= 500 || status === 408 || status === 429 || Boolean((error as AwsErrorShape).$retryable);
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, appUrl, publicUrl } = options;
  const clientConfig: S3ClientConfig = {
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  };
  if (options.endpoint) {
    Object.assign(clientConfig, {
      endpoint: options.endpoint,
      // S3-compatible services seldom have a DNS name per bucket: address it as endpoint/bucket/key.
      forcePathStyle: true,
      // Since 2025 the SDK adds CRC checksums (aws-chunked bodies) to every upload by default, which
      // many S3-compatible services refuse; they are sent only where the operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } satisfies S3ClientConfig);
  }
  const client = new S3Client(clientConfig);

  async function totalSizeOf(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    driver: 's3',

    async putFile(key, sourcePath, meta) {
      assertStorageKey(key);
      const { size } = await stat(sourcePath);
      for (let attempt = 1; ; attempt++) {
        // A file stream with its length up front: the SDK sends it as it reads, never holding it whole.
        const body = createReadStream(sourcePath);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: body,
              ContentLength: size,
              ContentType: meta.contentType,
              ContentDisposition: contentDisposition(meta.disposition, meta.downloadName),
              CacheControl: 'public, max-age=31536000, immutable',
            }),
          );
          return;
        } catch (error) {
          if (attempt >= PUT_ATTEMPTS || !isWorthRetrying(error)) throw error;
        } finally {
          body.destroy();
        }
      }
    },

    async read(key, range?: ByteRange): Promise<StoredObject | null> {
      assertStorageKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error('S3 GetObject returned no Node.js stream');
        const size = object.ContentLength ?? 0;
        // "bytes 0-99/1234": the whole object's size follows the slash.
        const total = object.ContentRange ? /\/(\d+)$/.exec(object.ContentRange)?.[1] : undefined;
        return { stream: body, size, totalSize: total ? Number(total) : size };
      } catch (error) {
        if (isMissing(error)) return null;
        if (range && isUnsatisfiableRange(error)) {
          // The caller answers 416 with the object's size (Content-Range: bytes */size).
          const totalSize = await totalSizeOf(key);
          return totalSize === null ? null : { stream: Readable.from([]), size: 0, totalSize };
        }
        throw error;
      }
    },

    async delete(keys) {
      keys.forEach(assertStorageKey);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // DeleteObjects answers 200 even when some keys failed; a missing key is not among the failures.
        const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `S3 could not delete ${failed.length} object(s), first ${first.Key}: ${first.Code}`,
          );
        }
      }
    },

    url(key) {
      assertStorageKey(key);
      return `${publicUrl ?? `${appUrl}/storage`}/${key}`;
    },

    async list(prefix) {
      const listed: ListedObject[] = [];
      // ListObjectsV2 answers at most 1000 keys a page; the continuation token asks for the next one.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            listed.push({ key: object.Key, modified: object.LastModified });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return listed;
    },

    async removeUnfinished() {
      // PutObject stores an object whole or not at all: an upload cut short leaves nothing here.
      return 0;
    },
  };
}
