import type { AuditEntry, Paginated, ResourceContract } from '@gestor/shared';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiBaseUrl, buildUrl } from '../../lib/api-client';
import { csvExportParams, type ListState, listQueryParams } from './list-state';
import { type ResourceRecord, recordKey } from './resource-screens';

// The calls of docs/http-api.md#resources-one-shape-for-every-area, once for every area. The client retries a GET
// once on 408/409/425/429/5xx and never retries a write, so a 409 on save reaches the form as is.

const base = (contract: ResourceContract) => `/api/${contract.path}`;

/** Query keys: everything an area caches starts with its path, so one invalidation covers it. */
export const resourceKeys = {
  all: (contract: ResourceContract) => [contract.path] as const,
  list: (contract: ResourceContract, state: ListState) => [contract.path, 'list', state] as const,
  record: (contract: ResourceContract, key: number | string) =>
    [contract.path, 'record', String(key)] as const,
  audit: (contract: ResourceContract, id: number) => [contract.path, 'record', id, 'audit'] as const,
};

/** A plain link downloads the export: the session cookie goes with it, `lang=es` is added. */
export function csvExportUrl(contract: ResourceContract, state: ListState, baseUrl = apiBaseUrl()): string {
  return buildUrl(baseUrl, base(contract), csvExportParams(state));
}

export function useResourceList<R extends ResourceRecord>(contract: ResourceContract, state: ListState) {
  return useQuery({
    queryKey: resourceKeys.list(contract, state),
    queryFn: ({ signal }) =>
      api.get<Paginated<R>>(base(contract), { params: listQueryParams(state), raw: true, signal }),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}

/**
 * One record by its address: the id, or the slug in areas addressed by slug (docs/areas.md).
 * `enabled: false` where the person may not view the area (a screen below the record shows less).
 */
export function useResourceRecord<R extends ResourceRecord>(
  contract: ResourceContract,
  key: number | string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    enabled,
    queryKey: resourceKeys.record(contract, key),
    queryFn: ({ signal }) => api.get<R>(`${base(contract)}/${encodeURIComponent(String(key))}`, { signal }),
  });
}

export const AUDIT_PAGE_SIZE = 10;

export function useResourceAudit(contract: ResourceContract, id: number) {
  return useInfiniteQuery({
    queryKey: resourceKeys.audit(contract, id),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paginated<AuditEntry>>(`${base(contract)}/${id}/audit`, {
        params: { page: pageParam, per_page: AUDIT_PAGE_SIZE },
        raw: true,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

/** One earlier version of a record (decision 025), and what a version does not bring back. */
export interface RecordVersion {
  data: Record<string, unknown>;
  not_restored: string[];
}

export const versionKey = (contract: ResourceContract, id: number, auditId: number) =>
  [contract.path, 'record', id, 'version', auditId] as const;

export function versionQuery(contract: ResourceContract, id: number, auditId: number) {
  return {
    queryKey: versionKey(contract, id, auditId),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<RecordVersion>(`${base(contract)}/${id}/versions/${auditId}`, { raw: true, signal }),
  };
}

export function useResourceVersion(contract: ResourceContract, id: number, auditId: number | null) {
  return useQuery({ ...versionQuery(contract, id, auditId ?? 0), enabled: auditId !== null });
}

/**
 * "Restaurar": POST …/versions/{audit id}/restore with the `updated_at` of the record on screen (409
 * when someone saved since). The restored record replaces the cached one and everything refreshes.
 */
export function useRestoreVersion<R extends ResourceRecord>(contract: ResourceContract, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // `publication`: the version's publication state comes back too (issue 30: by default it stays).
    mutationFn: ({
      auditId,
      updatedAt,
      publication,
    }: {
      auditId: number;
      updatedAt: string;
      publication: boolean;
    }) =>
      api.post<R>(`${base(contract)}/${id}/versions/${auditId}/restore`, {
        updated_at: updatedAt,
        publication,
      }),
    onSuccess: (record) => recordWritten(queryClient, contract, record),
  });
}

/**
 * A record the server answered for a write of its own (a restored version, a review's transition,
 * docs/review.md): it replaces the cached one, at its id and its address, and everything refreshes.
 */
export async function recordWritten(
  queryClient: QueryClient,
  contract: ResourceContract,
  record: ResourceRecord,
): Promise<void> {
  const current = [String(record.id), recordKey(contract, record)];
  for (const key of new Set(current)) queryClient.setQueryData(resourceKeys.record(contract, key), record);
  await invalidateAfterWrite(
    queryClient,
    current.map((key) => resourceKeys.record(contract, key)),
  );
}

/** POST (no id) or PUT; the saved record replaces the cached one and every list refreshes. */
export function useSaveResource<R extends ResourceRecord>(
  contract: ResourceContract,
  id: number | undefined,
  /** The address the record was opened at (`recordKey`), which a new slug leaves behind. */
  openedAt?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      id === undefined ? api.post<R>(base(contract), body) : api.put<R>(`${base(contract)}/${id}`, body),
    onSuccess: async (record) => {
      // The answer is the record at its id and at its address (its slug, maybe a new one), so the
      // screen it moves to shows it at once. The address it was opened at is not refetched: after a
      // slug change it names nothing, and refetching it would flash "no existe" before the move.
      const current = [String(record.id), recordKey(contract, record)];
      for (const key of new Set(current))
        queryClient.setQueryData(resourceKeys.record(contract, key), record);
      const kept = [...current, ...(openedAt === undefined ? [] : [openedAt])];
      await invalidateAfterWrite(
        queryClient,
        kept.map((key) => resourceKeys.record(contract, key)),
      );
    },
  });
}

/** DELETE /api/{r}/{id} for one record, DELETE /api/{r} {ids} for several (all or nothing). */
export function useDeleteResources(contract: ResourceContract) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      ids.length === 1
        ? api.delete<null>(`${base(contract)}/${ids[0]}`)
        : api.delete<null>(base(contract), { ids }),
    onSuccess: async (_result, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: resourceKeys.record(contract, id) });
      await invalidateAfterWrite(queryClient);
    },
  });
}

/**
 * Areas count each other (a role's users_count, the home screen's totals), so after a write every
 * cached query is stale, not only this area's; what is on screen refetches at once. The record just
 * saved is left alone: the server's answer is already in the cache.
 */
async function invalidateAfterWrite(queryClient: QueryClient, saved: ReadonlyArray<readonly unknown[]> = []) {
  await queryClient.invalidateQueries({
    predicate: (query) =>
      !saved.some(
        (key) =>
          query.queryKey.length === key.length && query.queryKey.every((part, index) => part === key[index]),
      ),
  });
}
