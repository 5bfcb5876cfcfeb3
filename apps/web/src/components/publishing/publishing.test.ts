import { describe, expect, it } from 'vitest';
import { mayChangePublication, publishingBody } from './publishing';

const FUTURE = '2030-11-23T09:30:00.000Z';
const draft = { status: 'draft' as const, published_at: null };
const scheduled = { status: 'scheduled' as const, published_at: FUTURE };
const published = { status: 'published' as const, published_at: '2026-01-01T10:00:00.000Z' };

describe('what a publishable form sends about publishing', () => {
  it('sends nothing without news.publish, whatever the intent (the API would answer 403)', () => {
    expect(publishingBody({ status: 'published', published_at: null }, undefined, false)).toEqual({});
    expect(publishingBody({ status: 'scheduled', published_at: FUTURE }, draft, false)).toEqual({});
  });

  it('publishes now with no date, for the server to stamp', () => {
    expect(publishingBody({ status: 'published', published_at: null }, undefined, true)).toEqual({
      status: 'published',
      published_at: null,
    });
    expect(publishingBody({ status: 'published', published_at: FUTURE }, scheduled, true)).toEqual({
      status: 'published',
      published_at: null,
    });
  });

  it('schedules with the chosen date, and re-sends it only when it changed', () => {
    expect(publishingBody({ status: 'scheduled', published_at: FUTURE }, draft, true)).toEqual({
      status: 'scheduled',
      published_at: FUTURE,
    });
    expect(publishingBody({ status: 'scheduled', published_at: FUTURE }, scheduled, true)).toEqual({});
    const later = '2031-01-01T00:00:00.000Z';
    expect(publishingBody({ status: 'scheduled', published_at: later }, scheduled, true)).toEqual({
      status: 'scheduled',
      published_at: later,
    });
  });

  it('keeps a state that does not change, and takes an item back to a draft', () => {
    expect(publishingBody({ status: 'draft', published_at: null }, undefined, true)).toEqual({});
    expect(publishingBody({ status: 'draft', published_at: null }, draft, true)).toEqual({});
    expect(publishingBody({ status: 'published', published_at: null }, published, true)).toEqual({});
    expect(publishingBody({ status: 'draft', published_at: null }, published, true)).toEqual({
      status: 'draft',
    });
  });

  it('lets anyone with news.update change drafts, and only publishers the rest', () => {
    expect(mayChangePublication(draft, false)).toBe(true);
    expect(mayChangePublication(scheduled, false)).toBe(false);
    expect(mayChangePublication(published, false)).toBe(false);
    expect(mayChangePublication(published, true)).toBe(true);
  });
});

describe('pages (no scheduling) through the same rules', () => {
  const draftPage = { status: 'draft' as const, published_at: null };
  const publishedPage = { status: 'published' as const, published_at: '2026-01-01T10:00:00.000Z' };
  it('publishes now, takes back to a draft, and sends nothing when the state stays', () => {
    expect(publishingBody({ status: 'published' }, draftPage, true)).toEqual({
      status: 'published',
      published_at: null,
    });
    expect(publishingBody({ status: 'draft' }, publishedPage, true)).toEqual({ status: 'draft' });
    expect(publishingBody({ status: 'published' }, publishedPage, true)).toEqual({});
  });
});
