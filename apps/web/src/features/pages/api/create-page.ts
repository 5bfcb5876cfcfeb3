import { PAGES, type PageRecord } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// POST /api/pages {title}: a draft with its slug made from the title (docs/areas.md: pages are created
// from their list, there is no /page/create).

export function createPage(title: string): Promise<PageRecord> {
  return api.post<PageRecord>(`/api/${PAGES.path}`, { title });
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPage,
    onSuccess: async (page) => {
      // The edit screen opens with the record already known; lists and the home total refresh.
      queryClient.setQueryData([PAGES.path, 'record', String(page.id)], page);
      await queryClient.invalidateQueries({
        predicate: (query) => !(query.queryKey[0] === PAGES.path && query.queryKey[1] === 'record'),
      });
    },
  });
}
