import path from 'node:path';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3Config } from './s3-storage';
import type { Storage } from './storage-driver';

// docs/areas.md#multimedia: uploaded files live on the local disk (Laravel's public disk, the default) or in
// an S3-compatible bucket, so several servers share them. Callers see one interface either way.

export type { ByteRange, ListedObject, Storage, StoredObject, StoredObjectMeta } from './storage-driver';

/** Where files go (STORAGE_DRIVER and the S3_* settings, read by config/config.ts). */
export type StorageSettings = { driver: 'local'; s3: null } | { driver: 's3'; s3: S3Config };

/** The storage STORAGE_DRIVER names: local under STORAGE_PATH/app/public, or the S3 bucket. */
export function createStorage(config: {
  storage: StorageSettings;
  storagePath: string;
  appUrl: string;
}): Storage {
  if (config.storage.driver === 's3') {
    return createS3Storage({ ...config.storage.s3, appUrl: config.appUrl });
  }
  return createLocalStorage({
    root: path.resolve(config.storagePath, 'app', 'public'),
    appUrl: config.appUrl,
  });
}
