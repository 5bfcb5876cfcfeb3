import { describe, expect, it } from 'vitest';
import { type OverlayMeasures, overlayTop, scrollToFit } from './overlay-placement';

// Issue 16: the calendar opened upwards under the fixed top bar, its month and year hidden.

/** A 40 px field at `top` in an 800 px window under a 56 px top bar; a 420 px calendar. */
const at = (top: number, overrides: Partial<OverlayMeasures> = {}): OverlayMeasures => ({
  anchorTop: top,
  anchorBottom: top + 40,
  overlayHeight: 420,
  viewportHeight: 800,
  topInset: 56,
  ...overrides,
});

describe('overlayTop', () => {
  it('opens below the field when it fits', () => {
    expect(overlayTop(at(100))).toBe(140);
    expect(scrollToFit(at(100))).toBe(0);
  });

  it('opens above the field when only that fits, below the top bar', () => {
    expect(overlayTop(at(700))).toBe(280);
    expect(scrollToFit(at(700))).toBe(0);
    // 56 + 8 + 420 = 484: the top edge sits just under the bar.
    expect(overlayTop(at(484))).toBe(64);
  });

  it('never starts under the top bar when neither side fits (PrimeReact pinned it to the page top)', () => {
    const middle = at(380);
    // Below would end at 840, above would start at -40.
    expect(overlayTop(middle)).toBeGreaterThanOrEqual(56);
    expect(overlayTop(middle) + 420).toBeLessThanOrEqual(800);
    // A calendar taller than the room under the bar starts under the bar all the same.
    expect(overlayTop(at(380, { overlayHeight: 900 }))).toBe(64);
  });
});

describe('scrollToFit', () => {
  it('scrolls just enough for the calendar to open below the field', () => {
    const middle = at(380);
    const scroll = scrollToFit(middle);
    expect(scroll).toBe(380 + 40 + 420 + 8 - 800);
    const after = at(380 - scroll);
    expect(overlayTop(after)).toBe(after.anchorBottom);
  });

  it('never scrolls the field itself under the top bar', () => {
    // A phone: 740 px, 52 px bar, a 560 px calendar with its time picker.
    const phone = { viewportHeight: 740, topInset: 52, overlayHeight: 560 };
    const scroll = scrollToFit(at(200, phone));
    expect(200 - scroll).toBeGreaterThanOrEqual(52 + 8);
    expect(overlayTop(at(200 - scroll, phone))).toBeGreaterThanOrEqual(52);
  });
});
