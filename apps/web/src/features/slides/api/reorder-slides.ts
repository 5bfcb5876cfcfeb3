import { type Paginated, PER_PAGE_MAX, SLIDES, type SlideRecord } from '@gestor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { resourceKeys } from '../../../components/resource/resource-api';
import { api } from '../../../lib/api-client';

// PUT /api/slides/order {ids}: the whole order at once (docs/areas.md), every slide once. A move is
// "this slide to that position": the order it applies to is read from the server just before, so a
// move from page 2 or after someone else's change still lists every slide once.

const BASE = `/api/${SLIDES.path}`;
/** A home page shows a handful of slides; this only bounds a runaway loop. */
const MAX_PAGES = 20;

/** Every slide's id, in position order. */
export async function getSlideOrder(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Paginated<SlideRecord>>(BASE, {
      params: { per_page: PER_PAGE_MAX, sort: 'position', page },
      raw: true,
    });
    ids.push(...result.data.map((slide) => slide.id));
    if (page >= result.meta.last_page) break;
  }
  return ids;
}

export function putSlideOrder(ids: readonly number[]): Promise<null> {
  return api.put<null>(`${BASE}/order`, { ids });
}

/** The order with `id` taken out and put at `position` (1…n). */
export function orderWithMove(ids: readonly number[], id: number, position: number): number[] {
  const next = ids.filter((other) => other !== id);
  next.splice(Math.max(0, Math.min(position - 1, next.length)), 0, id);
  return next;
}

/**
 * Moves one slide to a position and saves the order. Moves run one after another (each reads the
 * order the previous one saved), so two quick presses of "Bajar" move the slide twice.
 */
export function useMoveSlide() {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  const move = useCallback(
    (id: number, position: number): Promise<void> => {
      pending.current += 1;
      const run = queue.current
        .catch(() => {})
        .then(async () => {
          const ids = await getSlideOrder();
          if (!ids.includes(id)) throw new Error('La diapositiva ya no existe: la lista se ha actualizado.');
          await putSlideOrder(orderWithMove(ids, id, position));
        })
        .finally(async () => {
          pending.current -= 1;
          // Lists and records (their position) refresh once the last queued move is done.
          if (pending.current === 0)
            await queryClient.invalidateQueries({ queryKey: resourceKeys.all(SLIDES) });
        });
      queue.current = run;
      return run;
    },
    [queryClient],
  );

  return { move, isMoving: () => pending.current > 0 };
}
