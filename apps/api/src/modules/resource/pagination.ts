import type { Paginated } from '@gestor/shared';

/** Laravel's LengthAwarePaginator JSON, with its links carrying the rest of the query string. */
export function paginate<T>(
  data: T[],
  {
    page,
    perPage,
    total,
    path,
    query,
  }: { page: number; perPage: number; total: number; path: string; query: URLSearchParams },
): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => {
    const params = new URLSearchParams(query);
    params.delete('lang');
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  // Laravel's window: the first and last two pages, and three on each side of the current one,
  // with "..." for each gap. Built from those few numbers, whatever the number of pages.
  const shown = [1, 2, lastPage - 1, lastPage];
  for (let n = page - 3; n <= page + 3; n++) shown.push(n);
  const pages: Array<number | null> = [];
  for (const n of [...new Set(shown)].filter((n) => n >= 1 && n <= lastPage).sort((a, b) => a - b)) {
    const previous = pages[pages.length - 1];
    if (typeof previous === 'number' && n > previous + 1) pages.push(null);
    pages.push(n);
  }
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: [
        { url: page > 1 ? url(page - 1) : null, label: '« Anterior', active: false },
        ...pages.map((n) =>
          n === null
            ? { url: null, label: '...', active: false }
            : { url: url(n), label: String(n), active: n === page },
        ),
        { url: page < lastPage ? url(page + 1) : null, label: 'Siguiente »', active: false },
      ],
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
