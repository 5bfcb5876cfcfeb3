import type { Readable } from 'node:stream';

// What every storage driver (the local disk, an S3-compatible bucket) gives its callers. Apart from
// storage.ts, which picks the driver, so that a driver never imports the file that imports it.

export interface StoredObjectMeta {
  contentType: string;
  /** inline for images, PDF, audio, video; attachment otherwise */
  disposition: 'inline' | 'attachment';
  /** name offered when downloaded */
  downloadName?: string;
}

/** Bytes `start` to `end` of an object, both included (HTTP's Range: bytes=start-end). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Bytes in `stream`: the range's length, or the whole object's. */
  size: number;
  /** Bytes in the whole object. */
  totalSize: number;
}

/** An object as a listing gives it: its key and when it was last written. */
export interface ListedObject {
  key: string;
  modified: Date;
}

export interface Storage {
  driver: 'local' | 's3';
  /** Streams a local file into storage under `key` (e.g. "media/3f2c…-a1.webp"); never reads it whole into memory. */
  putFile(key: string, sourcePath: string, meta: StoredObjectMeta): Promise<void>;
  /**
   * A stored object for serving, or null when missing. With a `range`, its `end` is clamped to the
   * object's last byte; a range starting past the end gives an empty stream (size 0) and the object's
   * totalSize, so the caller can answer 416.
   */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Deletes keys; a missing key is not an error. */
  delete(keys: string[]): Promise<void>;
  /** The public URL of a key. */
  url(key: string): string;
  /** Every object whose key starts with `prefix` (e.g. "media/"), for `storage:prune`. */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * Removes what a write cut short by a crash left, at start (lib/leftovers.ts). The local disk's
   * half-written files beside their targets; an S3 object is stored whole or not at all: none.
   */
  removeUnfinished(): Promise<number>;
}
