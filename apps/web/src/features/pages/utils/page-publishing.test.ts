import { describe, expect, it } from 'vitest';
import { mayChangePage, pagePublishingBody } from './page-publishing';

describe('what the page form sends about publishing', () => {
  it('sends nothing without page.publish, or when the state stays', () => {
    expect(pagePublishingBody({ status: 'published' }, { status: 'draft' }, false)).toEqual({});
    expect(pagePublishingBody({ status: 'draft' }, { status: 'draft' }, true)).toEqual({});
    expect(pagePublishingBody({ status: 'published' }, { status: 'published' }, true)).toEqual({});
  });

  it('publishes now (the server stamps the date) and takes a page back to a draft', () => {
    expect(pagePublishingBody({ status: 'published' }, { status: 'draft' }, true)).toEqual({
      status: 'published',
      published_at: null,
    });
    expect(pagePublishingBody({ status: 'draft' }, { status: 'published' }, true)).toEqual({
      status: 'draft',
    });
  });

  it('lets anyone with page.update change drafts, and only publishers a published page', () => {
    expect(mayChangePage({ status: 'draft' }, false)).toBe(true);
    expect(mayChangePage({ status: 'published' }, false)).toBe(false);
    expect(mayChangePage({ status: 'published' }, true)).toBe(true);
  });
});
