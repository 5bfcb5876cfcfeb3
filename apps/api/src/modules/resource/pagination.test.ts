import { describe, expect, test } from 'vitest';
import { paginate } from './pagination';

// Laravel's window of page links: the first and last two pages, three on each side of the current
// one, "..." for each gap; built in constant time whatever the number of pages.

/** The window as the previous implementation computed it, page by page: the reference. */
function referenceLabels(page: number, lastPage: number): string[] {
  const pages: Array<number | null> = [];
  for (let n = 1; n <= lastPage; n++) {
    if (n <= 2 || n > lastPage - 2 || Math.abs(n - page) <= 3) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages.map((n) => (n === null ? '...' : String(n)));
}

const labels = (page: number, total: number, perPage = 1) =>
  paginate([], { page, perPage, total, path: '/api/x', query: new URLSearchParams() })
    .meta.links.slice(1, -1)
    .map((link) => link.label);

describe('page links', () => {
  test('match the page-by-page window for every page of lists up to 40 pages', () => {
    for (let last = 1; last <= 40; last++) {
      for (let page = 1; page <= last + 1; page++)
        expect(labels(page, last)).toEqual(referenceLabels(page, last));
    }
  });

  test('a million pages give a dozen links', () => {
    expect(labels(500_000, 1_000_000)).toEqual([
      '1',
      '2',
      '...',
      '499997',
      '499998',
      '499999',
      '500000',
      '500001',
      '500002',
      '500003',
      '...',
      '999999',
      '1000000',
    ]);
  });
});
