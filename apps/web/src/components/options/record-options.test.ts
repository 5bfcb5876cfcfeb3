import { CATEGORIES, type Paginated, ROLES, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import {
  fetchAllPages,
  foldText,
  moreResultsNote,
  optionKeys,
  recordOptions,
  resultsAnnouncement,
  searchedOptions,
  toOptions,
  viewPermission,
} from './record-options';

interface Role {
  name: string;
  label: string;
}

const page = <R>(data: R[], current: number, last: number): Paginated<R> =>
  ({ data, meta: { current_page: current, last_page: last } }) as Paginated<R>;

describe('recordOptions', () => {
  it('sorts by the area’s default order unless the declaration names one', () => {
    const byPath = recordOptions(CATEGORIES, {
      value: (c: { slug: string }) => c.slug,
      label: (c) => c.slug,
    });
    expect(byPath.sort).toBe('path');
    const byLabel = recordOptions(ROLES, {
      value: (r: Role) => r.name,
      label: (r) => r.label,
      sort: 'label',
    });
    expect(byLabel.sort).toBe('label');
  });

  it('turns records into choices that keep their record', () => {
    const roles = recordOptions(ROLES, { value: (r: Role) => r.name, label: (r) => r.label });
    const editor = { name: 'editor', label: 'Editor' };
    expect(toOptions(roles, [editor])).toEqual([{ label: 'Editor', value: 'editor', record: editor }]);
  });

  it('needs the area’s view permission, and keys its queries under the area’s path', () => {
    const users = recordOptions(USERS, { value: (u: { id: number }) => u.id, label: (u) => String(u.id) });
    expect(viewPermission(USERS)).toBe('user.view');
    expect(optionKeys.all(users)[0]).toBe(USERS.path);
    expect(optionKeys.search(users, 'ana')[0]).toBe(USERS.path);
    expect(optionKeys.one(users, 7)).toEqual([USERS.path, 'options', 'one', '7']);
  });
});

describe('fetchAllPages', () => {
  it('asks page after page until the last one', async () => {
    const asked: number[] = [];
    const records = await fetchAllPages(async (n) => {
      asked.push(n);
      return page([`r${n}`], n, 3);
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(records).toEqual(['r1', 'r2', 'r3']);
  });

  it('asks once when everything fits in a page (more roles than a page are no longer cut)', async () => {
    const asked: number[] = [];
    await fetchAllPages(async (n) => {
      asked.push(n);
      return page([], n, 1);
    });
    expect(asked).toEqual([1]);
  });

  it('stops at the page limit', async () => {
    const asked: number[] = [];
    await fetchAllPages(async (n) => {
      asked.push(n);
      return page([n], n, 1000);
    }, 4);
    expect(asked).toEqual([1, 2, 3, 4]);
  });
});

describe('searchedOptions', () => {
  const mine = { label: 'Mis noticias', value: '1' };
  const labelOf = (value: string) => `Usuario ${value}`;

  it('puts the fixed choices first and shows a value once', () => {
    const options = searchedOptions({
      fixed: [mine],
      results: [
        { label: 'Ana', value: '2' },
        { label: 'Yo mismo', value: '1' },
      ],
      selected: [],
      labelOf,
      search: '',
    });
    expect(options).toEqual([
      { label: 'Mis noticias', value: '1', match: true },
      { label: 'Ana', value: '2', match: true },
    ]);
  });

  it('keeps a chosen record that is not among the results, named but not a match', () => {
    const options = searchedOptions({
      fixed: [mine],
      results: [{ label: 'Ana', value: '2' }],
      selected: ['120'],
      labelOf,
      search: 'an',
    });
    expect(options).toEqual([
      { label: 'Mis noticias', value: '1', match: false },
      { label: 'Usuario 120', value: '120', match: false },
      { label: 'Ana', value: '2', match: true },
    ]);
  });

  it('leaves out a chosen record whose label is still on its way', () => {
    const options = searchedOptions({
      fixed: [mine],
      results: [],
      selected: ['120'],
      labelOf: () => undefined,
      search: '',
    });
    expect(options.map((option) => option.value)).toEqual(['1']);
  });

  it('does not repeat a chosen record that the results or the fixed choices hold', () => {
    const options = searchedOptions({
      fixed: [mine],
      results: [{ label: 'Ana', value: '2' }],
      selected: ['2', '1'],
      labelOf,
      search: '',
    });
    expect(options.map((option) => option.value)).toEqual(['1', '2']);
  });

  it('matches a fixed choice by its label, without accents or case', () => {
    const fixed = [{ label: 'Mis noticias', value: '1' }];
    const match = (search: string) =>
      searchedOptions({ fixed, results: [], selected: [], labelOf, search })[0]?.match;
    expect(match('NOTÍ')).toBe(true);
    expect(match('  mis ')).toBe(true);
    expect(match('ana')).toBe(false);
  });
});

describe('texts', () => {
  it('folds like the server: lower case, no accents', () => {
    expect(foldText('José Ñúñez')).toBe('jose nunez');
  });

  it('says when a search found more than it shows', () => {
    expect(moreResultsNote(20, 20)).toBeUndefined();
    expect(moreResultsNote(20, 120)).toBe('Se muestran 20 de 120. Escriba para afinar la búsqueda.');
  });

  it('announces how many matched', () => {
    expect(resultsAnnouncement(0)).toBe('Ninguna coincidencia.');
    expect(resultsAnnouncement(1)).toBe('1 coincidencia.');
    expect(resultsAnnouncement(12)).toBe('12 coincidencias.');
  });
});
