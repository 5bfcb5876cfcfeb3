import { describe, expect, it } from 'vitest';
import { mayChangeNews, newsPublishingBody } from './news-publishing';

const FUTURE = '2030-11-23T09:30:00.000Z';
const draft = { status: 'draft' as const, published_at: null };
const scheduled = { status: 'scheduled' as const, published_at: FUTURE };
const published = { status: 'published' as const, published_at: '2026-01-01T10:00:00.000Z' };

describe('what the news form sends about publishing', () => {
  it('sends nothing without news.publish, whatever the intent (the API would answer 403)', () => {
    expect(newsPublishingBody({ status: 'published', published_at: null }, undefined, false)).toEqual({});
    expect(newsPublishingBody({ status: 'scheduled', published_at: FUTURE }, draft, false)).toEqual({});
  });

  it('publishes now with no date, for the server to stamp', () => {
    expect(newsPublishingBody({ status: 'published', published_at: null }, undefined, true)).toEqual({
      status: 'published',
      published_at: null,
    });
    expect(newsPublishingBody({ status: 'published', published_at: FUTURE }, scheduled, true)).toEqual({
      status: 'published',
      published_at: null,
    });
  });

  it('schedules with the chosen date, and re-sends it only when it changed', () => {
    expect(newsPublishingBody({ status: 'scheduled', published_at: FUTURE }, draft, true)).toEqual({
      status: 'scheduled',
      published_at: FUTURE,
    });
    expect(newsPublishingBody({ status: 'scheduled', published_at: FUTURE }, scheduled, true)).toEqual({});
    const later = '2031-01-01T00:00:00.000Z';
    expect(newsPublishingBody({ status: 'scheduled', published_at: later }, scheduled, true)).toEqual({
      status: 'scheduled',
      published_at: later,
    });
  });

  it('keeps a state that does not change, and takes an item back to a draft', () => {
    expect(newsPublishingBody({ status: 'draft', published_at: null }, undefined, true)).toEqual({});
    expect(newsPublishingBody({ status: 'draft', published_at: null }, draft, true)).toEqual({});
    expect(newsPublishingBody({ status: 'published', published_at: null }, published, true)).toEqual({});
    expect(newsPublishingBody({ status: 'draft', published_at: null }, published, true)).toEqual({
      status: 'draft',
    });
  });

  it('lets anyone with news.update change drafts, and only publishers the rest', () => {
    expect(mayChangeNews(draft, false)).toBe(true);
    expect(mayChangeNews(scheduled, false)).toBe(false);
    expect(mayChangeNews(published, false)).toBe(false);
    expect(mayChangeNews(published, true)).toBe(true);
  });
});
