import { NEWS, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { readListState } from '../resource/list-state';
import { listStateOf, stateKey, viewStateOf } from './saved-views-state';

const ranked = { rankedSearch: true };
const usersList = (search: string) => readListState(new URLSearchParams(search), USERS);

describe('saved view state', () => {
  it('keeps what differs from the list’s defaults, never the page', () => {
    expect(viewStateOf(usersList('?page=4'), USERS, {})).toEqual({});
    expect(
      viewStateOf(usersList('?page=2&per_page=50&sort=-email&search=ana&filter[role]=editor'), USERS, {}),
    ).toEqual({ search: 'ana', sort: '-email', per_page: 50, filters: { role: 'editor' } });
    // With ranked search the default sort chosen by the person is a choice too.
    const news = readListState(new URLSearchParams(`?sort=${NEWS.defaultSort}`), NEWS, ranked);
    expect(viewStateOf(news, NEWS, ranked)).toEqual({ sort: NEWS.defaultSort });
  });

  it('opens a view on its first page, dropping what the list no longer knows', () => {
    expect(
      listStateOf(
        { search: 'ana', sort: 'email', per_page: 30, filters: { role: 'admin', gone: 'x' } },
        USERS,
        {},
      ),
    ).toEqual({ page: 1, perPage: 30, sort: 'email', search: 'ana', filters: { role: 'admin' } });
    expect(listStateOf({ sort: 'nope', per_page: 7 }, USERS, {})).toEqual(usersList(''));
  });

  it('round-trips, and compares states by their address', () => {
    const state = usersList('?per_page=100&search=luis&filter[active]=true');
    const back = listStateOf(viewStateOf(state, USERS, {}), USERS, {});
    expect(stateKey(back, USERS, {})).toBe(stateKey({ ...state, page: 3 }, USERS, {}));
    expect(stateKey(usersList(''), USERS, {})).toBe('');
  });
});
