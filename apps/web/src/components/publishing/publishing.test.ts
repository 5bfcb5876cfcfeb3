import { describe, expect, it } from 'vitest';
import {
  isWithdrawn,
  mayChangePublication,
  mayEditPublication,
  publishingBody,
  reviewRole,
} from './publishing';

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

describe('an item in review (docs/review.md)', () => {
  const review = {
    status: 'review' as const,
    published_at: null,
    review: {
      submitted_by: { id: 7, name: 'Ana' },
      submitted_at: '2026-11-23T09:30:00.000Z',
      reviewer: null,
      note: null,
    },
  };

  it('is edited by anyone with news.update, but deleted only by a publisher', () => {
    expect(mayEditPublication(review, false)).toBe(true);
    expect(mayEditPublication(draft, false)).toBe(true);
    expect(mayEditPublication(published, false)).toBe(false);
    expect(mayChangePublication(review, false)).toBe(false);
    expect(mayChangePublication(review, true)).toBe(true);
  });

  it('is saved with no status: only its own buttons put it in review or take it back to draft', () => {
    expect(publishingBody({ status: 'review', published_at: null }, review, true)).toEqual({});
    expect(publishingBody({ status: 'draft', published_at: null }, review, true)).toEqual({});
    expect(publishingBody({ status: 'published', published_at: null }, review, true)).toEqual({
      status: 'published',
      published_at: null,
    });
    expect(publishingBody({ status: 'scheduled', published_at: FUTURE }, review, true)).toEqual({
      status: 'scheduled',
      published_at: FUTURE,
    });
  });

  it('is reviewed by someone who reviews or publishes, never by whoever sent it', () => {
    const writer = reviewRole(review, 7, { review: true, publish: true });
    expect(writer).toMatchObject({ inReview: true, sentByMe: true, reviewsIt: false, mayReturn: false });
    expect(writer.mayPublishIt).toBe(false);
    expect(reviewRole(review, 8, { review: true, publish: false })).toMatchObject({
      reviewsIt: true,
      mayReturn: true,
      mayPublishIt: false,
    });
    // Publishing is approving; returning takes news.review (the API's route asks for it).
    expect(reviewRole(review, 8, { review: false, publish: true })).toMatchObject({
      reviewsIt: true,
      mayReturn: false,
      mayPublishIt: true,
    });
    expect(reviewRole(review, 8, { review: false, publish: false }).reviewsIt).toBe(false);
  });

  it('leaves everything else as it was', () => {
    expect(reviewRole(draft, 7, { review: true, publish: true })).toMatchObject({
      inReview: false,
      sentByMe: false,
      reviewsIt: false,
      mayPublishIt: true,
    });
    expect(reviewRole(undefined, 7, { review: false, publish: false }).mayPublishIt).toBe(false);
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

describe('«Retirar el» (unpublish_at), a publication field', () => {
  const LATER = '2031-05-01T10:00:00.000Z';
  const withDate = { ...published, unpublish_at: LATER };
  it('is never sent without the permission, changed or not (the API would answer 403)', () => {
    expect(publishingBody({ status: 'draft', unpublish_at: LATER }, draft, false)).toEqual({});
    expect(publishingBody({ status: 'published', unpublish_at: null }, withDate, false)).toEqual({});
  });

  it('is sent by a publisher only when it changed: set, moved or removed', () => {
    expect(publishingBody({ status: 'published', unpublish_at: LATER }, published, true)).toEqual({
      unpublish_at: LATER,
    });
    // The same instant written another way is no change.
    expect(
      publishingBody({ status: 'published', unpublish_at: '2031-05-01T10:00:00Z' }, withDate, true),
    ).toEqual({});
    expect(publishingBody({ status: 'published', unpublish_at: null }, withDate, true)).toEqual({
      unpublish_at: null,
    });
    expect(publishingBody({ status: 'draft', unpublish_at: null }, draft, true)).toEqual({});
  });

  it('goes with the state it is published or scheduled in', () => {
    expect(
      publishingBody({ status: 'scheduled', published_at: FUTURE, unpublish_at: LATER }, draft, true),
    ).toEqual({ status: 'scheduled', published_at: FUTURE, unpublish_at: LATER });
    expect(publishingBody({ status: 'published', unpublish_at: LATER }, undefined, true)).toEqual({
      status: 'published',
      published_at: null,
      unpublish_at: LATER,
    });
  });

  it('reads as withdrawn once its date has passed on a published item, and only then', () => {
    const now = Date.parse('2031-06-01T00:00:00.000Z');
    expect(isWithdrawn(withDate, now)).toBe(true);
    expect(isWithdrawn(withDate, Date.parse('2031-01-01T00:00:00.000Z'))).toBe(false);
    expect(isWithdrawn({ ...draft, unpublish_at: LATER }, now)).toBe(false);
    expect(isWithdrawn(published, now)).toBe(false);
  });
});
