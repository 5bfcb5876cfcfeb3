import { describe, expect, it } from 'vitest';
import { fetchPublishedVersion, VERSION_CHECK_INTERVAL_MS } from './version-check';

describe('build-version check (docs/architecture.md#the-spa)', () => {
  it('runs every hour', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(3_600_000);
  });

  it('asks for /version.json past every cache and reads its version', async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const version = await fetchPublishedVersion(async (url, init) => {
      requests.push({ url, init });
      return new Response('{"version":"0.2.0+20260101"}', {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    expect(version).toBe('0.2.0+20260101');
    expect(requests).toEqual([
      { url: '/version.json', init: expect.objectContaining({ cache: 'no-store' }) },
    ]);
  });

  it.each([
    ['a failed request', async () => new Response('nope', { status: 404 })],
    ['a body without a version', async () => new Response('{}')],
    ['an HTML fallback page', async () => new Response('<!doctype html>')],
    [
      'a network error',
      async () => {
        throw new TypeError('offline');
      },
    ],
  ])('reports no version for %s, so no notice appears', async (_case, fetcher) => {
    await expect(fetchPublishedVersion(fetcher)).resolves.toBeNull();
  });
});
