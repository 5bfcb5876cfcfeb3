import type { MediaRecord } from '@gestor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type ListView, ResourceListScreen } from '../../../components/list/resource-list-screen';
import { FileDropOverlay, useWindowFileDrop } from '../../../components/media/file-drop';
import { FileInputButton } from '../../../components/media/file-input-button';
import { mediaKeys } from '../../../components/media/media-api';
import { UploadProgress } from '../../../components/media/upload-progress';
import { useUploadQueue } from '../../../components/media/use-upload-queue';
import { useNotifier } from '../../../components/resource/use-notifier';
import type { ResourceRouteComponents } from '../../../components/routes/resource-route-objects';
import { intendedSearch, navigateToSearch } from '../../../lib/intended-search';
import { useCan } from '../../../lib/permissions';
import { MediaDetailPanel } from '../components/media-detail-panel';
import { MediaGrid } from '../components/media-grid';
import { multimediaScreens } from '../multimedia-screens';
import '../components/multimedia.css';

// /multimedia: the library as a grid of thumbnails or a table (?view=table), files uploaded on the
// list itself (a button, or dropped anywhere on the screen), and each item's side panel (?item=<id>,
// so a link or a reload opens it again). There is no /multimedia/create nor /multimedia/{id}.

const ITEM_PARAM = 'item';

const VIEWS: readonly ListView<MediaRecord>[] = [
  {
    name: 'grid',
    label: 'Cuadrícula',
    icon: 'pi pi-th-large',
    render: (context) => <MediaGrid {...context} />,
  },
  { name: 'table', label: 'Tabla', icon: 'pi pi-list' },
];

function MultimediaListRoute() {
  const can = useCan();
  const mayUpload = can('multimedia.create');
  const [toast, notify] = useNotifier();
  const queue = useUploadQueue();

  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const rawItem = searchParams.get(ITEM_PARAM);
  const itemId = rawItem && /^\d{1,9}$/.test(rawItem) ? Number(rawItem) : null;
  // Opened from the list (a history entry of its own): closing goes back, so Back closes it too.
  const openedHere = useRef(false);

  const openItem = useCallback(
    (media: MediaRecord) => {
      // From where the address is going: a debounced search on its way is kept (lib/intended-search).
      const next = new URLSearchParams(intendedSearch());
      next.set(ITEM_PARAM, String(media.id));
      queryClient.setQueryData(
        mediaKeys.record(media.id),
        (cached: MediaRecord | undefined) => cached ?? media,
      );
      openedHere.current = true;
      void navigateToSearch(navigate, `?${next.toString()}`);
    },
    [navigate, queryClient],
  );
  const closeItem = useCallback(() => {
    if (openedHere.current && location.key !== 'default') {
      openedHere.current = false;
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    next.delete(ITEM_PARAM);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true });
  }, [searchParams, navigate, location.key]);

  const dragging = useWindowFileDrop(queue.add, mayUpload && itemId === null);

  const createAction = useMemo(
    () =>
      mayUpload ? (
        <FileInputButton label="Subir archivos" icon="pi pi-upload" multiple onFiles={queue.add} />
      ) : null,
    [mayUpload, queue.add],
  );

  return (
    <>
      {toast}
      <ResourceListScreen
        screens={multimediaScreens}
        views={VIEWS}
        createAction={createAction}
        toolbar={
          <>
            {mayUpload && !queue.items.length && (
              <p className="media-drop-hint">
                <i className="pi pi-cloud-upload" aria-hidden="true" /> Arrastre archivos a esta pantalla para
                subirlos, o use «Subir archivos».
              </p>
            )}
            <UploadProgress queue={queue} />
          </>
        }
        onOpen={openItem}
      />
      <FileDropOverlay visible={dragging} label="Suelte los archivos para subirlos a la biblioteca" />
      {itemId !== null && <MediaDetailPanel id={itemId} onClose={closeItem} notify={notify} />}
    </>
  );
}

/** /multimedia only: files are uploaded and edited on the list (docs/areas.md). */
export const multimediaRoutes: ResourceRouteComponents = { ListRoute: async () => MultimediaListRoute };
