import type { Area, SavedView, SavedViewList, SavedViewPatch, SavedViewState } from '@gestor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Decision 032: `/api/saved-views`, the views of one list (mine and the shared ones) and my default.

const savedViewsKey = (area: Area) => ['saved-views', area] as const;

export function useSavedViews(area: Area) {
  return useQuery({
    queryKey: savedViewsKey(area),
    queryFn: ({ signal }) =>
      api.get<SavedViewList>('/api/saved-views', { params: { area }, raw: true, signal }),
  });
}

/** Every change of a list's views: the list of views is read again afterwards. */
export function useSavedViewChanges(area: Area) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(area) });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; shared: boolean; state: SavedViewState }) =>
        api.post<SavedView>('/api/saved-views', { area, ...input }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: SavedViewPatch & { id: number }) =>
        api.patch<SavedView>(`/api/saved-views/${id}`, patch),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/api/saved-views/${id}`),
      onSuccess,
    }),
    setDefault: useMutation({
      mutationFn: (viewId: number | null) =>
        api.put<unknown>('/api/saved-views/default', { area, view_id: viewId }),
      onSuccess,
    }),
  };
}
