import {
  PAGE_STATUS_LABELS,
  PAGES,
  type PageInput,
  PageInput as PageInputSchema,
  type PageRecord,
  type PageStatus,
  type PageUpdateInput,
  PageUpdateInput as PageUpdateSchema,
  SLUG_LABEL,
} from '@gestor/shared';
import { csvDate } from '../resource/csv';
import { column } from '../resource/declared-fields';
import { publishing } from '../resource/publishing';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';
import { SPANISH_SEARCH } from '../resource/spanish-search';

// Pages (AREAS.md): a title, a body, draft or published (page.publish); created from the list with
// a title alone. The four legal pages are seeded as drafts by migration 0006.

/** What a list page shows: everything but the body. */
const LIST_COLUMNS = 't.id, t.title, t.slug, t.status, t.published_at, t.created_at, t.updated_at';

export function pagesResource() {
  const rules = publishing<PageRecord, PageInput, Omit<PageUpdateInput, 'updated_at'>>('page.publish');
  return defineResource<PageRecord, PageInput, Omit<PageUpdateInput, 'updated_at'>>({
    contract: PAGES,
    table: 'pages',
    titleColumn: 'title',
    columns: `t.body, ${LIST_COLUMNS}`,
    // A list shows no body (up to 200 000 characters each), so it reads none.
    listColumns: LIST_COLUMNS,
    toRecord: (row) => ({
      id: row.id as number,
      title: row.title as string,
      slug: row.slug as string,
      ...(row.body === undefined ? {} : { body: row.body as string }),
      status: row.status as PageStatus,
      published_at: row.published_at ? (row.published_at as Date).toISOString() : null,
      ...timestamps(row),
    }),
    sortColumns: {
      title: spanishOrder('t.title'),
      slug: 't.slug',
      status: 't.status',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: { status: (value) => `t.status = ${value}` },
    fullTextSearch: SPANISH_SEARCH,
    richText: { fields: ['body'] },
    createInput: PageInputSchema,
    updateInput: PageUpdateSchema,
    slug: { from: 'title' },
    fields: { title: column(), body: column(), status: column(), published_at: column() },
    authorize: rules.authorize,
    prepare(_ctx, input, current) {
      rules.prepare(input, current);
    },
    csv: [
      { header: 'ID', value: (p) => p.id },
      { header: 'Título', value: (p) => p.title },
      { header: SLUG_LABEL, value: (p) => p.slug },
      { header: 'Estado', value: (p) => PAGE_STATUS_LABELS[p.status] },
      { header: 'Publicación', value: (p) => csvDate(p.published_at) },
      { header: 'Modificada', value: (p) => csvDate(p.updated_at) },
    ],
  });
}
