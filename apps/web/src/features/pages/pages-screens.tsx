import { PAGES, type PageRecord } from '@gestor/shared';
import { previewAction } from '../../components/preview/preview-action';
import { PublicationStatusTag } from '../../components/publishing/publication-status-tag';
import {
  mayChangePublication,
  mayEditPublication,
  publishingBody,
} from '../../components/publishing/publishing';
import { publishingSubmitActions } from '../../components/publishing/publishing-submit-actions';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { formatDateTime } from '../../components/resource/format';
import { choiceFilter, defineResourceScreens } from '../../components/resource/resource-screens';
import { can } from '../../lib/permissions';
import { PageFields } from './components/page-fields';
import { PAGE_PUBLISHING } from './page-publishing';
import './components/pages.css';

// Pages on the resource machinery (decision 008): /page and /page/{id}. There is no /page/create:
// "Nueva página" on the list asks the title and creates a draft (docs/areas.md). Publishing as for news:
// only holders of page.publish send a status or touch a published page (else 403, which signs out).

/** The status has no control: publishing's buttons say which to leave the page in. */
export type PageFormValues = FormValuesOf<typeof PAGES.fields>;

const STATUS_FILTER = choiceFilter(PAGES, 'status');

export const pageScreens = defineResourceScreens<PageRecord, PageFormValues>({
  contract: PAGES,
  searchPlaceholder: 'Título o texto',
  purpose: 'Las páginas son los textos fijos del sitio, como el aviso legal o la política de privacidad.',
  // docs/areas.md#rules-shared-by-the-content-areas: Spanish full text over title and body, best matches first when no sort is given.
  rankedSearch: true,
  columns: [
    { field: 'title', link: true, card: 'title' },
    { field: 'slug', priority: 2 },
    {
      field: 'status',
      card: 'status',
      body: (page) => <PublicationStatusTag status={page.status} unpublishAt={page.unpublish_at} />,
    },
    {
      field: 'updated_at',
      card: 'date',
      body: (page) => formatDateTime(page.updated_at),
    },
  ],
  useFilters: () => [STATUS_FILTER],
  // docs/review.md: an item in review is edited by anyone with page.update (the writer's edit takes it
  // back to draft), but deleted, as a published one, only by a publisher (else 403, which signs out).
  canManage: (page) => mayEditPublication(page, can(PAGE_PUBLISHING.permission)),
  canDelete: (page) => mayChangePublication(page, can(PAGE_PUBLISHING.permission)),
  unmanageableNotice: 'Solo quien puede publicar páginas modifica una página publicada.',
  form: {
    ...formOf<typeof PAGES.fields, PageRecord>(PAGES, {
      manual: ['status', 'published_at', 'unpublish_at'],
      hidden: ['status', 'published_at'],
      fromRecord: { body: (page) => page.body ?? '' },
      toBody: (values, record, body) => ({
        ...body,
        ...publishingBody(values, record, can(PAGE_PUBLISHING.permission)),
      }),
    }),
    Fields: PageFields,
    SubmitActions: publishingSubmitActions<PageRecord, PageFormValues>(PAGE_PUBLISHING),
    // docs/public-api.md: the saved version as the website would show it, for anyone who may view it.
    ViewActions: previewAction<PageRecord>(PAGES),
  },
});
