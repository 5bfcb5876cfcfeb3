import { formatFileSize, MEDIA_KIND_LABELS, MEDIA_KINDS, type MediaRecord, MULTIMEDIA } from '@gestor/shared';
import { typeLabel } from '../../components/media/media-kind';
import { MediaThumbnail } from '../../components/media/media-thumbnail';
import { EMPTY_VALUE, formatDateTime } from '../../components/resource/format';
import { defineResourceList, type ListFilter } from '../../components/resource/resource-screens';
import { useUser } from '../../lib/auth';
import { useMediaDeleteCheck } from './components/media-delete-check';

// The media library on the resource machinery's list (decision 004), with no create or edit screen:
// files are uploaded on the list and edited in its side panel (docs/areas.md#multimedia).

const TYPE_FILTER: ListFilter = {
  name: 'type',
  label: 'Tipo',
  options: MEDIA_KINDS.map((kind) => ({ value: kind, label: MEDIA_KIND_LABELS[kind] })),
};

/** By type, and "Subidos por mí" (the API filters by any uploader's id; the list offers one's own). */
function useMultimediaFilters(): ListFilter[] {
  const user = useUser();
  if (!user) return [TYPE_FILTER];
  return [
    TYPE_FILTER,
    { name: 'uploaded_by', label: 'Subido por', options: [{ value: String(user.id), label: 'Yo' }] },
  ];
}

export function dimensions(media: Pick<MediaRecord, 'width' | 'height'>): string {
  return media.width && media.height ? `${media.width} × ${media.height} px` : EMPTY_VALUE;
}

export const multimediaScreens = defineResourceList<MediaRecord>({
  contract: MULTIMEDIA,
  searchPlaceholder: 'Nombre, título o texto alternativo',
  purpose:
    'Aquí se guardan las imágenes y documentos que usan las noticias, las páginas y el resto de áreas.',
  recordName: (media) => media.original_name,
  columns: [
    {
      field: 'preview',
      header: 'Vista previa',
      priority: 2,
      body: (media) => <MediaThumbnail media={media} className="media-table-thumbnail" />,
    },
    { field: 'original_name', link: true, card: 'title' },
    { field: 'title', priority: 3 },
    {
      field: 'mime_type',
      priority: 2,
      card: 'detail',
      body: typeLabel,
    },
    {
      field: 'size',
      // The cell reads "195,8 kB", not the table's bytes.
      header: 'Tamaño',
      align: 'right',
      priority: 2,
      card: 'detail',
      body: (media) => formatFileSize(media.size),
    },
    { field: 'dimensions', header: 'Dimensiones', priority: 3, body: dimensions },
    { field: 'usage_count', align: 'right', priority: 2 },
    {
      field: 'uploaded_by',
      priority: 3,
      body: (media) => media.uploaded_by?.name ?? EMPTY_VALUE,
    },
    {
      field: 'created_at',
      // A file is uploaded, not created.
      header: 'Subido',
      card: 'date',
      body: (media) => formatDateTime(media.created_at),
    },
  ],
  useFilters: useMultimediaFilters,
  useDeleteCheck: useMediaDeleteCheck,
});
