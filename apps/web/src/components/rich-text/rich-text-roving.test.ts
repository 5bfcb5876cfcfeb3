import { expect, test } from 'vitest';
import { rovingTarget } from './rich-text-roving';

test('arrows move and wrap, Home and End jump, other keys are not the toolbar’s', () => {
  expect(rovingTarget('ArrowRight', 0, 5)).toBe(1);
  expect(rovingTarget('ArrowRight', 4, 5)).toBe(0);
  expect(rovingTarget('ArrowLeft', 0, 5)).toBe(4);
  expect(rovingTarget('ArrowLeft', 3, 5)).toBe(2);
  expect(rovingTarget('Home', 3, 5)).toBe(0);
  expect(rovingTarget('End', 1, 5)).toBe(4);
  expect(rovingTarget('Tab', 1, 5)).toBeNull();
  expect(rovingTarget('ArrowDown', 1, 5)).toBeNull();
  expect(rovingTarget('ArrowRight', 0, 0)).toBeNull();
});
