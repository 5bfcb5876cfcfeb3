import { SLIDES, type SlideRecord } from '@gestor/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListView, ResourceListScreen } from '../../../components/list/resource-list-screen';
import { readListState } from '../../../components/resource/list-state';
import { useResourceList } from '../../../components/resource/resource-api';
import { useNotifier } from '../../../components/resource/use-notifier';
import { useCan } from '../../../lib/permissions';
import { slideScreens } from '../slides-screens';
import { SlideOrderView } from './slide-order-view';

// /slide: the slides in their order (the default view, where they are reordered) or as a table
// (?view=table). Both are the machinery's list: search, the state filter, selection, bulk delete, CSV.

export function SlideListScreen() {
  const [toast, notify] = useNotifier();
  const mayUpdate = useCan()('slide.update');
  const [searchParams] = useSearchParams();
  // The list's own state and page (the same query as the machinery's: one request, shared).
  const state = useMemo(() => readListState(searchParams, SLIDES), [searchParams]);
  const total = useResourceList<SlideRecord>(SLIDES, state).data?.meta.total ?? 0;
  const wholeOrder =
    !state.search && Object.keys(state.filters).length === 0 && state.sort === SLIDES.defaultSort;

  const views = useMemo<ListView<SlideRecord>[]>(
    () => [
      {
        name: 'order',
        label: 'Orden',
        icon: 'pi pi-sort-numeric-down',
        render: (context) => (
          <SlideOrderView
            {...context}
            orderable={mayUpdate && wholeOrder}
            mayUpdate={mayUpdate}
            total={total}
            notify={notify}
          />
        ),
      },
      { name: 'table', label: 'Tabla', icon: 'pi pi-table' },
    ],
    [mayUpdate, wholeOrder, total, notify],
  );

  return (
    <>
      {toast}
      <ResourceListScreen screens={slideScreens} views={views} />
    </>
  );
}
