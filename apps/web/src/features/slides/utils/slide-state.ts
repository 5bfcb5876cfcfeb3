import type { SlideRecord, SlideState } from '@gestor/shared';

// The preview's guess at the state a slide will have, from the form's values, by the rule the API
// applies in SQL (docs/areas.md): inactive when switched off; scheduled before `starts_at`; expired from
// `ends_at` on; active in between (the start included, the end excluded). Lists show the server's.

export function slideStateAt(
  slide: Pick<SlideRecord, 'active' | 'starts_at' | 'ends_at'>,
  now: number = Date.now(),
): SlideState {
  if (!slide.active) return 'inactive';
  if (slide.starts_at && Date.parse(slide.starts_at) > now) return 'scheduled';
  if (slide.ends_at && Date.parse(slide.ends_at) <= now) return 'expired';
  return 'active';
}
