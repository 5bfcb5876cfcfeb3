import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field, maxLengthOf, rangeOf, readOnly, reads } from './fields';
import { SLIDES } from './slides';
import { TESTS } from './tests';

describe('limits read from a field table', () => {
  it('maxLengthOf finds a text field’s limit under refinements, null and transforms', () => {
    expect(maxLengthOf(SLIDES.fields.title)).toBe(150);
    expect(maxLengthOf(SLIDES.fields.link_url)).toBe(2048);
    expect(maxLengthOf(SLIDES.fields.active)).toBeUndefined();
  });

  it('rangeOf finds a number field’s bounds, through nullable and defaults', () => {
    expect(rangeOf(TESTS.fields.passing_score)).toEqual({ min: 0, max: 100 });
    expect(rangeOf(TESTS.fields.time_limit_minutes)).toEqual({ min: 1, max: 600 });
    expect(rangeOf(field(z.number().int().min(0).default(3), { label: 'Aforo' }))).toEqual({ min: 0 });
  });

  it('rangeOf gives no bounds for what is not a number', () => {
    expect(rangeOf(SLIDES.fields.title)).toEqual({});
    expect(rangeOf(readOnly(reads<number>(), { label: 'Posición' }))).toEqual({});
  });
});
