import {
  MEDIA_FILE_FILTER_MAX,
  type MediaLimits,
  type MediaRecord,
  type MediaUpdateInput,
  type MediaUsage,
  MULTIMEDIA,
  type Paginated,
} from '@gestor/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiBaseUrl } from '../../lib/api-client';
import { useCan } from '../../lib/permissions';
import type { ListState } from '../resource/list-state';
import { resourceKeys, useDeleteResources, useResourceList } from '../resource/resource-api';
import { replaceMediaFile, type UploadOptions } from './upload-request';

// The media library's calls, for the multimedia screen and for every area's picker. Keys are the
// resource machinery's (all under "multimedia"), so one invalidation refreshes lists, records,
// usages and the home screen's count alike.

const BASE = `/api/${MULTIMEDIA.path}`;

export const mediaKeys = {
  all: resourceKeys.all(MULTIMEDIA),
  record: (id: number) => resourceKeys.record(MULTIMEDIA, id),
  usage: (id: number) => [...resourceKeys.record(MULTIMEDIA, id), 'usage'] as const,
};

/** One page of `GET /api/multimedia` (search, `filter[type]`, sort, paging). */
export function useMediaList(state: ListState) {
  return useResourceList<MediaRecord>(MULTIMEDIA, state);
}

/** `GET /api/multimedia/{id}`; `enabled` false without multimedia.view (a 403 signs the person out). */
export function useMediaRecord(
  id: number | null,
  { enabled = true, placeholder }: { enabled?: boolean; placeholder?: MediaRecord } = {},
) {
  return useQuery({
    queryKey: mediaKeys.record(id ?? 0),
    queryFn: ({ signal }) => api.get<MediaRecord>(`${BASE}/${id}`, { signal }),
    enabled: enabled && id !== null,
    // The list's copy shows at once while the latest arrives.
    placeholderData: placeholder?.id === id ? placeholder : undefined,
  });
}

/**
 * `GET /api/multimedia?filter[file]=…`: the items stored under these names (at most
 * MEDIA_FILE_FILTER_MAX, one page), as the editor's check finds the documents a body links to.
 * Under the area's key: an upload, a replaced file or a deletion asks again.
 */
export const mediaByFileQuery = (files: readonly string[]) =>
  queryOptions({
    queryKey: [...mediaKeys.all, 'files', files] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<MediaRecord>>(BASE, {
          params: { 'filter[file]': files.join(','), per_page: MEDIA_FILE_FILTER_MAX },
          raw: true,
          signal,
        })
      ).data,
  });

/** `GET /api/multimedia/{id}/usage`: where the item is referenced (docs/areas.md#rules-shared-by-the-content-areas). */
export const mediaUsageQuery = (id: number) =>
  queryOptions({
    queryKey: mediaKeys.usage(id),
    queryFn: ({ signal }) => api.get<MediaUsage[]>(`${BASE}/${id}/usage`, { signal }),
  });

export function useMediaUsage(id: number) {
  return useQuery(mediaUsageQuery(id));
}

/** PATCH alt and title, with the `updated_at` the edit started from (409 when stale). */
export function useUpdateMedia(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MediaUpdateInput) => api.patch<MediaRecord>(`${BASE}/${id}`, body),
    onSuccess: async (record) => {
      queryClient.setQueryData(mediaKeys.record(id), record);
      await queryClient.invalidateQueries({
        queryKey: mediaKeys.all,
        predicate: (query) => !isKey(query.queryKey, mediaKeys.record(id)),
      });
    },
  });
}

/** PUT a new file: the same id and usages, new URLs and variants. */
export function useReplaceMediaFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...options }: { file: File } & UploadOptions) => replaceMediaFile(id, file, options),
    onSuccess: async (record) => {
      queryClient.setQueryData(mediaKeys.record(id), record);
      await queryClient.invalidateQueries({
        queryKey: mediaKeys.all,
        predicate: (query) => !isKey(query.queryKey, mediaKeys.record(id)),
      });
    },
  });
}

/** DELETE one item or several (all or nothing); 422 names where an item is used. */
export function useDeleteMedia() {
  return useDeleteResources(MULTIMEDIA);
}

/** After uploads: every multimedia list and count refreshes. */
export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: mediaKeys.all }), [queryClient]);
}

/** The file's address as the organisation's website would link it (the API may answer a path). */
export function absoluteMediaUrl(url: string): string {
  return new URL(url, apiBaseUrl()).href;
}

function isKey(key: readonly unknown[], other: readonly unknown[]): boolean {
  return key.length === other.length && key.every((part, index) => part === other[index]);
}

/** The server's upload limit (UPLOAD_MAX_MB); asked only by people who may upload. */
export function useMediaLimits() {
  const allowed = useCan()('multimedia.create');
  return useQuery({
    queryKey: [MULTIMEDIA.path, 'limits'],
    queryFn: ({ signal }) => api.get<MediaLimits>(`/api/${MULTIMEDIA.path}/limits`, { signal }),
    enabled: allowed,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
