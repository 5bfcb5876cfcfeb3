import {
  PAGES,
  type PageInput,
  type PageRecord,
  type PageUpdateInput,
  PUBLIC_PATHS,
  PublicListQuery,
} from '@gestor/shared';
import { defineArea } from '../resource/area-declaration';
import { notWithdrawnSql, publicUrlOf, publishing } from '../resource/publishing';
import { daySql, spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';
import { type ReviewNotices, reviewStateSql } from '../resource/review';

// Pages (docs/areas.md): a title, a body, draft or published (page.publish); created from the list with
// a title alone. The four legal pages are seeded as drafts by migration 0006.

type PageChanges = Omit<PageUpdateInput, 'updated_at'>;

/** `website`: PUBLIC_PAGE_URL, the template of a page's address on the website (or null). */
export function pagesResource({ website, review }: { website: string | null; review: ReviewNotices | null }) {
  const rules = publishing<PageRecord, PageInput, PageChanges>('page', review);
  return defineArea<PageRecord, PageInput, PageChanges>({
    contract: PAGES,
    table: 'pages',
    titleColumn: 'title',
    select: { public_url: null, review: reviewStateSql(), revise_by: daySql('t.revise_by') },
    read: { public_url: publicUrlOf(website) },
    sortColumns: {
      title: spanishOrder('t.title'),
      slug: 't.slug',
      status: 't.status',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: { status: (value) => `t.status = ${value}` },
    authorize: rules.authorize,
    async prepare(ctx, input, current) {
      await rules.prepare(ctx, input, current);
    },
    csv: ['id', 'title', 'slug', 'status', 'published_at', 'updated_at'],
    // Published and not withdrawn by its date, by title; nothing in the trash is public (decision 026).
    publicSide: {
      path: PUBLIC_PATHS.page,
      condition: `t.status = 'published' AND t.deleted_at IS NULL AND ${notWithdrawnSql()}`,
      changesAt: [
        {
          condition: "t.status = 'published' AND t.unpublish_at > t.updated_at",
          at: 't.unpublish_at',
          kind: 'unpublished',
        },
      ],
      order: `${spanishOrder('t.title')}, t.id`,
      query: PublicListQuery,
    },
  });
}
