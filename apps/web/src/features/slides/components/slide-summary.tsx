import type { SlideRecord } from '@gestor/shared';
import { formatDateTime } from '../../../components/resource/format';

/** Where the slide's button leads, as the list shows it: "Ver agenda → /agenda", or nothing. */
export function slideLinkText(slide: Pick<SlideRecord, 'link_url' | 'link_label'>): string | null {
  if (!slide.link_url) return null;
  return `${slide.link_label ?? ''} → ${slide.link_url}`;
}

/** The window in words: "Desde 01/05/2026 10:00 hasta 31/05/2026 10:00", "Siempre". */
export function slideWindowText(slide: Pick<SlideRecord, 'starts_at' | 'ends_at'>): string {
  const from = slide.starts_at ? formatDateTime(slide.starts_at) : null;
  const until = slide.ends_at ? formatDateTime(slide.ends_at) : null;
  if (from && until) return `Desde ${from} hasta ${until}`;
  if (from) return `Desde ${from}`;
  if (until) return `Hasta ${until}`;
  return 'Sin fechas';
}
