import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this SPA, with its query and hash', () => {
    expect(safeReturnPath('/news/create')).toBe('/news/create');
    expect(safeReturnPath('/news?search=informaci%C3%B3n&page=2')).toBe(
      '/news?search=informaci%C3%B3n&page=2',
    );
    expect(safeReturnPath('/page/3#historial')).toBe('/page/3#historial');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    ['another origin, protocol-relative', '//evil.com'],
    ['another origin, protocol-relative with a path', '//evil.com/news'],
    ['a backslash browsers read as a slash', '/\\evil.com'],
    ['a backslash later on', '/news\\..\\..\\evil'],
    ['an absolute address', 'https://evil.com/news'],
    ['an absolute address on http', 'http://evil.com'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a javascript: address in capitals', 'JaVaScRiPt:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'news/create'],
    ['a tab that browsers drop', '/\t/evil.com'],
    ['a line break that browsers drop', '/\n/evil.com'],
    ['a space first', ' /news'],
    ['the sign-in screen (a loop)', '/auth/login?redirect=/news'],
    ['another sign-in screen', '/auth/forgot-password'],
    ['nothing', ''],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not there', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/news/../../user')).toBe('/user');
    expect(safeReturnPath('/./news')).toBe('/news');
  });
});

describe('loginPathFor', () => {
  it('carries the path to return to, encoded', () => {
    expect(loginPathFor('/auth/login', '/news/create')).toBe('/auth/login?redirect=%2Fnews%2Fcreate');
    expect(loginPathFor('/auth/login', '/news?search=a%20b')).toBe(
      '/auth/login?redirect=%2Fnews%3Fsearch%3Da%2520b',
    );
  });

  it('leaves out home and anything unsafe', () => {
    expect(loginPathFor('/auth/login', '/')).toBe('/auth/login');
    expect(loginPathFor('/auth/login', '//evil.com')).toBe('/auth/login');
    expect(loginPathFor('/auth/login', '/auth/login')).toBe('/auth/login');
  });
});
