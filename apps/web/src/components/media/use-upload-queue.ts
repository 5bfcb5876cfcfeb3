import type { MediaRecord } from '@gestor/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInvalidateMedia, useMediaLimits } from './media-api';
import {
  isAbort,
  tooLargeMessage,
  UPLOAD_MAX_BYTES,
  uploadErrorMessage,
  uploadMedia,
} from './upload-request';

// docs/areas.md#multimedia: several files are several requests; the SPA uploads three at a time, each
// with its own progress, and says which failed and why.

export const UPLOAD_CONCURRENCY = 3;

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** Percent sent, 0 to 100 (whole numbers: a re-render per percent at most). */
  progress: number;
  /** Why it failed, in the server's words. */
  error?: string;
  /**
   * Arrived, but as another type than its name says (a `.jpg` holding text): the server's words
   * (issue 16: said, not accepted silently).
   */
  notice?: string;
  record?: MediaRecord;
}

export interface UploadQueue {
  items: readonly UploadItem[];
  /** Queues files; a new batch, after the last one ended, replaces that one's summary. */
  add: (files: Iterable<File>) => void;
  cancel: (key: string) => void;
  /** Forgets the finished batch (its summary). */
  clear: () => void;
  /** Something is waiting or on its way. */
  busy: boolean;
}

let nextKey = 0;

/**
 * A queue of uploads, `UPLOAD_CONCURRENCY` at a time. `onUploaded` hears each new media item (a
 * picker selects it); every multimedia list refreshes after each one.
 */
export function useUploadQueue({
  onUploaded,
  maxBytes: givenMaxBytes,
}: {
  onUploaded?: (record: MediaRecord) => void;
  maxBytes?: number;
} = {}): UploadQueue {
  const limits = useMediaLimits();
  const maxBytes = givenMaxBytes ?? limits.data?.max_bytes ?? UPLOAD_MAX_BYTES;
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const progressSent = useRef(new Map<string, number>());
  const invalidate = useInvalidateMedia();
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');

  const add = useCallback(
    (incoming: Iterable<File>) => {
      const added: UploadItem[] = [];
      for (const file of incoming) {
        const key = `upload-${++nextKey}`;
        const tooLarge = file.size > maxBytes;
        if (!tooLarge) files.current.set(key, file);
        added.push({
          key,
          name: file.name,
          size: file.size,
          // Certain to get a 413: not sent at all.
          status: tooLarge ? 'failed' : 'queued',
          progress: 0,
          error: tooLarge ? tooLargeMessage(maxBytes) : undefined,
        });
      }
      if (!added.length) return;
      setItems((current) => {
        const running = current.some((item) => item.status === 'queued' || item.status === 'uploading');
        return running ? [...current, ...added] : added;
      });
    },
    [maxBytes],
  );

  // Starts queued files while fewer than UPLOAD_CONCURRENCY are on their way.
  useEffect(() => {
    const sent = progressSent.current;
    const uploading = items.filter((item) => item.status === 'uploading').length;
    const waiting = items.filter((item) => item.status === 'queued').slice(0, UPLOAD_CONCURRENCY - uploading);
    for (const item of waiting) {
      const file = files.current.get(item.key);
      if (!file || controllers.current.has(item.key)) continue;
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      update(item.key, { status: 'uploading' });
      uploadMedia(
        file,
        {},
        {
          signal: controller.signal,
          onProgress: (fraction) => {
            const progress = Math.floor(fraction * 100);
            if (progress !== sent.get(item.key)) {
              sent.set(item.key, progress);
              update(item.key, { progress });
            }
          },
        },
      )
        .then((record) => {
          update(item.key, {
            status: 'done',
            progress: 100,
            record,
            notice: record.type_notice ?? undefined,
          });
          onUploadedRef.current?.(record);
          void invalidate();
        })
        .catch((error: unknown) => {
          update(
            item.key,
            isAbort(error) ? { status: 'cancelled' } : { status: 'failed', error: uploadErrorMessage(error) },
          );
        })
        .finally(() => {
          controllers.current.delete(item.key);
          files.current.delete(item.key);
          sent.delete(item.key);
        });
    }
  }, [items, update, invalidate]);

  // Leaving the screen stops what is still on its way.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (controller) {
      controller.abort();
      return;
    }
    files.current.delete(key);
    setItems((current) =>
      current.map((item) =>
        item.key === key && item.status === 'queued' ? { ...item, status: 'cancelled' } : item,
      ),
    );
  }, []);

  const clear = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'queued' || item.status === 'uploading'));
  }, []);

  return { items, add, cancel, clear, busy };
}
