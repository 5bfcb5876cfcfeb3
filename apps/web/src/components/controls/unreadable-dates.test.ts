import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { rejectUnreadableDates, unreadableDatePaths } from './unreadable-dates';

// Issue 16: a date typed so the control cannot read it is an error on its field, whatever is saved.

const passes: Resolver<Record<string, unknown>> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('unreadableDatePaths', () => {
  it('finds every unreadable date, nested ones too', () => {
    expect(
      unreadableDatePaths({
        title: 'Pleno',
        published_at: { unreadable: '31/02/2026 10:00' },
        starts_at: '2026-12-25T09:00:00.000Z',
        sessions: [{ starts_at: null }, { starts_at: { unreadable: 'abc' } }],
      }),
    ).toEqual(['published_at', 'sessions.1.starts_at']);
    expect(unreadableDatePaths({ published_at: null, tags: ['a'] })).toEqual([]);
  });
});

describe('rejectUnreadableDates', () => {
  it('lets readable values through as the schema gives them', async () => {
    const values = { published_at: '2026-12-25T09:00:00.000Z' };
    expect(await rejectUnreadableDates(passes)(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it('refuses the form, with a message under the field, even where the schema looks elsewhere', async () => {
    const result = await rejectUnreadableDates(passes)(
      { title: 'Pleno', published_at: { unreadable: 'abc' } },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      published_at: {
        type: 'unreadable',
        message: 'Escriba la fecha como dd/mm/aaaa hh:mm, por ejemplo 25/12/2026 10:00.',
      },
    });
  });

  it('keeps the schema’s other messages beside it', async () => {
    const fails: Resolver<Record<string, unknown>> = async () => ({
      values: {},
      errors: { title: { type: 'custom', message: 'El campo título es obligatorio.' } },
    });
    const result = await rejectUnreadableDates(fails)(
      { published_at: { unreadable: 'x' } },
      undefined,
      options,
    );
    expect(Object.keys(result.errors)).toEqual(['title', 'published_at']);
  });
});
