import type { AccessibilityReport } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// GET /api/accessibility (accessibility.view, docs/accessibility.md#la-pantalla-accesibilidad): the
// open findings of what is published, by clause, and the overrides with their reasons.

export const accessibilityKeys = { report: ['accessibility', 'report'] as const };

export function useAccessibilityReport() {
  return useQuery({
    queryKey: accessibilityKeys.report,
    queryFn: ({ signal }) => api.get<AccessibilityReport>('/api/accessibility', { signal }),
    // What was published or fixed since: checked again on every visit.
    staleTime: 0,
  });
}
