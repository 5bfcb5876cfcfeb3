import { describe, expect, test } from 'vitest';
import { newQuestion, resultsFieldsOf, withPin } from './tests-form-values';

describe('withPin', () => {
  const body = { title: 'T', pin: '1234' };

  test('a PIN typed with access «Enlace y PIN» is sent', () => {
    expect(withPin({ access: 'pin', pin: '1234' }, { has_pin: true }, body)).toEqual(body);
  });

  test('none typed: the stored one stays; with none stored, null, which the shared rules refuse', () => {
    expect(withPin({ access: 'pin', pin: '' }, { has_pin: true }, { title: 'T' })).toEqual({ title: 'T' });
    expect(withPin({ access: 'pin', pin: '' }, undefined, { title: 'T' })).toEqual({ title: 'T', pin: null });
  });

  test('another access: a PIN typed is not sent, a stored one is removed', () => {
    expect(withPin({ access: 'link', pin: '1234' }, { has_pin: false }, body)).toEqual({ title: 'T' });
    expect(withPin({ access: 'codes', pin: '' }, { has_pin: true }, { title: 'T' })).toEqual({
      title: 'T',
      pin: null,
    });
  });
});

describe('resultsFieldsOf', () => {
  const questions = [
    { ...newQuestion(), id: 1 },
    { ...newQuestion(), id: 2, type: 'multiple' as const },
    { ...newQuestion(), id: 3, type: 'text' as const },
    newQuestion(),
  ];

  test('the saved questions with options that are chosen', () => {
    expect(resultsFieldsOf({ results_fields: [2, 1], questions })).toEqual([2, 1]);
  });

  test('none chosen, or none of them left with options: null, every question with options', () => {
    expect(resultsFieldsOf({ results_fields: null, questions })).toBeNull();
    expect(resultsFieldsOf({ results_fields: [], questions })).toBeNull();
    expect(resultsFieldsOf({ results_fields: [3, 9], questions })).toBeNull();
  });
});
