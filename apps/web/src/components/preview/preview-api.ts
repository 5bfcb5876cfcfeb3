import {
  type PreviewLink,
  PUBLIC_API_PREFIX,
  type PublicPreview,
  type ResourceContract,
} from '@gestor/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBaseUrl } from '../../lib/api-client';

// docs/public-api.md#previews-of-drafts: the admin API signs a token for one record (news.view /
// page.view), and the public API shows that record by it as the website would, were it public now.

export type PreviewGrant = PreviewLink['data'];

/** POST /api/{news|pages}/{id}/preview → 201 {data: {token, url, expires_at}}. */
export function useRequestPreview(contract: ResourceContract) {
  return useMutation({
    mutationFn: (id: number) => api.post<PreviewGrant>(`/api/${contract.path}/${id}/preview`, undefined),
  });
}

/** Said when the form holds changes the preview cannot show (they are not saved). */
export const UNSAVED_PREVIEW_NOTE =
  'Hay cambios sin guardar: la vista previa muestra la última versión guardada.';

/** What the preview dialog says when the public API will not show the token (expired, altered). */
export const PREVIEW_GONE = 'La vista previa ha caducado o ya no es válida: pida otra con «Vista previa».';

/**
 * GET /api/public/v1/preview/{token}, as the website calls it: no session, no CSRF, no `lang`
 * (the public API reads none of them, and sends no cookie back).
 */
export async function fetchPreview(token: string, signal?: AbortSignal): Promise<PublicPreview> {
  const url = new URL(`${PUBLIC_API_PREFIX}/preview/${encodeURIComponent(token)}`, apiBaseUrl());
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error('No se ha podido conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.');
  }
  if (response.status === 404) throw new Error(PREVIEW_GONE);
  if (!response.ok) {
    throw new Error('No se ha podido cargar la vista previa. Inténtelo de nuevo más tarde.');
  }
  return (await response.json()) as PublicPreview;
}

export function usePreview(token: string) {
  return useQuery({
    queryKey: ['public-preview', token],
    queryFn: ({ signal }) => fetchPreview(token, signal),
    // A token shows one version; a new "Vista previa" asks for a new token.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
