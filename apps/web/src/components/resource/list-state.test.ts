import { NEWS, ROLES, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import {
  csvExportParams,
  type ListState,
  listQueryParams,
  listSearchString,
  readListState,
  sortToTable,
  tableToSort,
  withFilters,
} from './list-state';

const read = (search: string) => readListState(new URLSearchParams(search), USERS);

describe('list state in the URL', () => {
  it('starts from the defaults on a bare address', () => {
    expect(read('')).toEqual({ page: 1, perPage: 15, sort: 'name', search: '', filters: {} });
  });

  it('reads page, per page, sort, search and filters', () => {
    expect(
      read('?page=3&per_page=50&sort=-email&search=%20ana%20&filter[role]=editor&filter[active]=true'),
    ).toEqual({
      page: 3,
      perPage: 50,
      sort: '-email',
      search: 'ana',
      filters: { role: 'editor', active: 'true' },
    });
  });

  it('reads the brackets whether or not the browser encoded them', () => {
    expect(read('?filter%5Brole%5D=editor').filters).toEqual({ role: 'editor' });
  });

  it('drops what the API would refuse with a 422', () => {
    expect(read('?page=0&per_page=1000&sort=password&filter[secret]=x&filter[role]=')).toEqual({
      page: 1,
      perPage: 15,
      sort: 'name',
      search: '',
      filters: {},
    });
    expect(read('?page=abc&per_page=20').page).toBe(1);
    expect(read('?per_page=20').perPage).toBe(15);
  });

  it('writes only what differs from the defaults, in a stable order', () => {
    const state: ListState = {
      page: 2,
      perPage: 15,
      sort: '-name',
      search: 'José María',
      filters: { role: 'editor', active: 'false' },
    };
    expect(listSearchString(state, USERS)).toBe(
      '?page=2&sort=-name&search=Jos%C3%A9%20Mar%C3%ADa&filter[active]=false&filter[role]=editor',
    );
    expect(listSearchString(read(''), USERS)).toBe('');
  });

  it('round-trips through the URL', () => {
    const search = '?page=4&per_page=100&sort=-last_login_at&search=g%C3%B3mez&filter[role]=admin';
    expect(listSearchString(read(search), USERS)).toBe(search);
  });

  it('goes back to the first page when the search or a filter changes', () => {
    const state = read('?page=5&search=ana');
    expect(withFilters(state, { search: 'luis' })).toMatchObject({ page: 1, search: 'luis' });
    expect(withFilters(state, { filters: { active: 'true' } })).toMatchObject({ page: 1, search: 'ana' });
  });
});

describe('list state to the API', () => {
  it('asks for one page with the sort, search and filters', () => {
    expect(listQueryParams(read('?page=2&per_page=30&sort=-email&search=ana&filter[role]=editor'))).toEqual({
      page: 2,
      per_page: 30,
      sort: '-email',
      search: 'ana',
      'filter[role]': 'editor',
    });
  });

  it('always sends the sort, and no empty search', () => {
    expect(listQueryParams(readListState(new URLSearchParams(), ROLES))).toEqual({
      page: 1,
      per_page: 15,
      sort: 'name',
    });
  });

  it('exports the current filter without paging', () => {
    const state = read('?page=3&sort=-name&search=ana&filter[active]=true');
    const url = new URL(buildUrl('https://api.example.org/gestor', '/api/users', csvExportParams(state)));
    expect(url.origin + url.pathname).toBe('https://api.example.org/gestor/api/users');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: '-name',
      search: 'ana',
      'filter[active]': 'true',
      format: 'csv',
      lang: 'es',
    });
  });
});

describe('table sort', () => {
  it('maps field and order both ways', () => {
    expect(sortToTable({ sort: '-name', search: '' }, USERS)).toEqual({ sortField: 'name', sortOrder: -1 });
    expect(sortToTable({ sort: 'email', search: 'ana' }, USERS)).toEqual({
      sortField: 'email',
      sortOrder: 1,
    });
    expect(tableToSort('email', -1, USERS)).toBe('-email');
    expect(tableToSort('email', 1, USERS)).toBe('email');
  });

  it('falls back to the default sort when cleared or not sortable', () => {
    expect(tableToSort(null, 0, USERS)).toBe('name');
    expect(tableToSort('roles', 1, USERS)).toBe('name');
  });
});

describe('ranked search (best matches first when no sort is given)', () => {
  const ranked = { rankedSearch: true };
  const readNews = (search: string) => readListState(new URLSearchParams(search), NEWS, ranked);

  it('sends no sort until the person picks one, with or without a search', () => {
    expect(listQueryParams(readNews('?search=elecciones'))).toEqual({
      page: 1,
      per_page: 15,
      search: 'elecciones',
    });
    expect(listQueryParams(readNews(''))).toEqual({ page: 1, per_page: 15 });
    expect(csvExportParams(readNews('?search=elecciones'))).toEqual({ search: 'elecciones', format: 'csv' });
    expect(listQueryParams(readNews('?search=elecciones&sort=title'))).toMatchObject({ sort: 'title' });
  });

  it('marks the default sort without a search and no column with one', () => {
    expect(sortToTable(readNews(''), NEWS)).toEqual({ sortField: 'updated_at', sortOrder: -1 });
    expect(sortToTable(readNews('?search=elecciones'), NEWS)).toEqual({ sortField: undefined, sortOrder: 1 });
  });

  it('keeps a chosen sort in the URL, the default one too, and clears back to none', () => {
    expect(listSearchString(readNews('?search=pleno'), NEWS, ranked)).toBe('?search=pleno');
    expect(listSearchString(readNews('?sort=-updated_at&search=pleno'), NEWS, ranked)).toBe(
      '?sort=-updated_at&search=pleno',
    );
    // A search typed on a bare list stays ordered by relevance.
    expect(listSearchString(withFilters(readNews(''), { search: 'pleno' }), NEWS, ranked)).toBe(
      '?search=pleno',
    );
    expect(tableToSort(null, 0, NEWS, ranked)).toBe('');
    expect(tableToSort('title', 1, NEWS, ranked)).toBe('title');
  });

  it('leaves other areas as they were', () => {
    expect(readListState(new URLSearchParams('?search=ana'), USERS).sort).toBe('name');
    expect(listQueryParams(read('?search=ana'))).toMatchObject({ sort: 'name' });
  });
});

describe('a list that is no area’s (a test’s responses)', () => {
  const RESPONSES = {
    sortable: ['submitted_at', 'score'],
    defaultSort: '-submitted_at',
    filters: { state: 'state', pending: 'pending' },
  };

  it('reads its own sort keys and filters from the address, and nothing else', () => {
    const state = readListState(
      new URLSearchParams('?sort=score&filter[pending]=true&filter[role]=editor&search=ana@'),
      RESPONSES,
    );
    expect(state).toMatchObject({ sort: 'score', search: 'ana@', filters: { pending: 'true' } });
    expect(readListState(new URLSearchParams('?sort=name'), RESPONSES).sort).toBe('-submitted_at');
    expect(listSearchString(withFilters(state, { filters: {} }), RESPONSES)).toBe(
      '?sort=score&search=ana%40',
    );
  });
});
