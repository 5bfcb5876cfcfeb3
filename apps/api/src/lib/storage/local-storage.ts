import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { scratchTag, sweepLeftovers } from '../leftovers';
import type { ByteRange, ListedObject, Storage, StoredObject } from './storage-driver';
import { assertStorageKey, isStorageKey } from './stored-object';

// Laravel's public disk: STORAGE_PATH/app/public/<key>, served at APP_URL/storage/<key>.

export interface LocalStorageOptions {
  /** The public disk's directory (STORAGE_PATH/app/public). */
  root: string;
  appUrl: string;
}

/** Errors that mean "there is no such file here" rather than a broken disk. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException).code ?? '');
}

/** A file being written beside its target: `.<name>.<writer's tag>.tmp` (see putFile). */
const isHalfWritten = (name: string) => name.startsWith('.') && name.endsWith('.tmp');

/**
 * The folders under `directory` (itself included), depth first, each with the names of its regular
 * files; symbolic links are not followed. A missing directory has none.
 */
async function* foldersUnder(directory: string): AsyncGenerator<{ folder: string; files: string[] }> {
  const entries = await readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  yield { folder: directory, files: entries.filter((e) => e.isFile()).map((e) => e.name) };
  for (const entry of entries) {
    if (entry.isDirectory()) yield* foldersUnder(path.join(directory, entry.name));
  }
}

export function createLocalStorage({ root, appUrl }: LocalStorageOptions): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(base, key);
  };

  return {
    driver: 'local',

    async putFile(key, sourcePath) {
      const target = fileOf(key);
      const directory = path.dirname(target);
      await mkdir(directory, { recursive: true });
      // Written beside the target and renamed into place (atomic on one file system), so a reader sees
      // the old file or the whole new one, never half of it. A dot name is never a servable media name;
      // its writer's tag lets the next start remove it if this process dies first (lib/leftovers.ts).
      const temporary = path.join(directory, `.${path.basename(target)}.${scratchTag()}.tmp`);
      try {
        // An upload waits under STORAGE_PATH/tmp, on the same file system as a rule: a hard link
        // stores it without writing its bytes a second time. Elsewhere (another disk) it is copied.
        await link(sourcePath, temporary).catch(async (error: NodeJS.ErrnoException) => {
          if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK'].includes(error.code ?? '')) throw error;
          await pipeline(createReadStream(sourcePath), createWriteStream(temporary, { flags: 'wx' }));
        });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<StoredObject | null> {
      const file = fileOf(key);
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const totalSize = stat.size;
        if (!range) {
          return { stream: handle.createReadStream(), size: totalSize, totalSize };
        }
        const end = Math.min(range.end, totalSize - 1);
        if (range.start > end) {
          await handle.close();
          return { stream: Readable.from([]), size: 0, totalSize };
        }
        // The stream owns the handle from here (autoClose): it closes when read through or destroyed.
        return {
          stream: handle.createReadStream({ start: range.start, end }),
          size: end - range.start + 1,
          totalSize,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(keys) {
      const files = keys.map(fileOf);
      for (const file of files) {
        try {
          await unlink(file);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    url(key) {
      assertStorageKey(key);
      return `${appUrl}/storage/${key}`;
    },

    async list(prefix) {
      const listed: ListedObject[] = [];
      // The folder that holds the prefix: "media/" lists media/, "media/ab" lists media/ and filters.
      const start = path.join(base, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      for await (const { folder, files } of foldersUnder(start)) {
        for (const name of files) {
          const key = path.relative(base, path.join(folder, name)).split(path.sep).join('/');
          // Only what the storage interface can name, and so delete.
          if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
          const info = await stat(path.join(folder, name)).catch(() => null);
          if (info) listed.push({ key, modified: info.mtime });
        }
      }
      return listed;
    },

    async removeUnfinished() {
      let removed = 0;
      for await (const { folder } of foldersUnder(base))
        removed += await sweepLeftovers(folder, isHalfWritten);
      return removed;
    },
  };
}
