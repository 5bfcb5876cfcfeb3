import {
  type Area,
  EVENT_STATUS_LABELS,
  PAGE_STATUS_LABELS,
  PUBLICATION_STATUS_LABELS,
  TEST_STATUS_LABELS,
} from '@gestor/shared';

// What the global search shows of each area (decision 029): SQL over the area's table (alias `t`).
// Which rows match, and how they rank, is the area's own list search (its `fullTextSearch` or
// `searchColumn`); this only says what a result reads like. Results come in this order: content first.

export interface SearchedArea {
  /** The record's name in the results (and, for areas without full text, what ranks first). */
  title: string;
  /**
   * A stored column holding gestor_fold(title) (migration 0031), which areas without full text rank
   * by; without it every matching title is folded on each search.
   */
  foldedTitle?: string;
  /** The text a line of context is cut from, around the first match. */
  context?: string;
  /** A value of the record's state, read through `labels` into the result's Spanish status tag. */
  status?: { value: string; labels: Record<string, string> };
}

const active = (yes: string, no: string) => ({
  value: `CASE WHEN t.active THEN 'yes' ELSE 'no' END`,
  labels: { yes, no },
});

export const SEARCHED_AREAS: Record<Area, SearchedArea> = {
  news: {
    title: 't.title',
    context: `concat_ws(' ', t.subtitle, t.excerpt, gestor_html_text(t.body))`,
    status: { value: 't.status', labels: PUBLICATION_STATUS_LABELS },
  },
  event: {
    title: 't.title',
    context: `concat_ws(' ', t.subtitle, gestor_html_text(t.body))`,
    status: { value: 't.status', labels: EVENT_STATUS_LABELS },
  },
  page: {
    title: 't.title',
    context: 'gestor_html_text(t.body)',
    status: { value: 't.status', labels: PAGE_STATUS_LABELS },
  },
  test: {
    title: 't.title',
    context: 't.description',
    status: { value: 't.status', labels: TEST_STATUS_LABELS },
  },
  slide: {
    title: 't.title',
    foldedTitle: 't.search_title',
    context: `concat_ws(' · ', t.subtitle, t.link_label)`,
    status: active('Activa', 'Inactiva'),
  },
  category: { title: 't.name', foldedTitle: 't.search_title', context: 't.description' },
  multimedia: {
    title: `coalesce(nullif(t.title, ''), t.original_name)`,
    foldedTitle: 't.search_title',
    context: `concat_ws(' · ', t.original_name, t.alt)`,
  },
  entity: {
    title: 't.name',
    foldedTitle: 't.search_title',
    context: `concat_ws(' · ', t.tax_id, t.email)`,
    status: active('Activa', 'Inactiva'),
  },
  space: {
    title: 't.name',
    foldedTitle: 't.search_title',
    context: 't.address',
    status: active('Activo', 'Inactivo'),
  },
  webhook: {
    title: 't.name',
    foldedTitle: 't.search_title',
    context: 't.url',
    status: active('Activo', 'Inactivo'),
  },
  role: { title: 't.label', foldedTitle: 't.search_title', context: 't.name' },
  user: {
    title: 't.name',
    foldedTitle: 't.search_title',
    context: 't.email',
    status: active('Activo', 'Inactivo'),
  },
};
