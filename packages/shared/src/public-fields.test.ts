import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field, readOnly, reads } from './fields';
import { NEWS } from './news';
import { PublicMedia, publicFieldsOf, publicSchemasOf } from './public-fields';

describe('the public side derived from a field table', () => {
  const keysOf = (schema: z.ZodType) => Object.keys((schema as unknown as z.ZodObject).shape);

  it('a field is public by its one line, in the list item and the whole record alike', () => {
    const closed = publicSchemasOf(NEWS.fields, { list: { id: 'T1', description: '' }, url: false });
    expect(keysOf(closed.list)).not.toContain('status');
    const opened = { ...NEWS.fields, status: { ...NEWS.fields.status, public: true as const } };
    const schemas = publicSchemasOf(opened, {
      list: { id: 'T2', description: '' },
      one: { id: 'T3', description: '' },
    });
    expect(keysOf(schemas.list)).toContain('status');
    expect(keysOf(schemas.one)).toContain('status');
    // Its values are what the field accepts; nothing else passes.
    const status = publicFieldsOf(opened).find((one) => one.name === 'status')!;
    expect(status.schema.safeParse('scheduled').success).toBe(true);
    expect(status.schema.safeParse('archivada').success).toBe(false);
  });

  it('each form follows from the field: text, moment, sanitized HTML, a library image', () => {
    const forms = Object.fromEntries(publicFieldsOf(NEWS.fields).map((one) => [one.name, one]));
    expect(forms.subtitle).toMatchObject({ kind: 'value', nullable: true, inList: true });
    expect(forms.published_at).toMatchObject({ kind: 'instant', nullable: true });
    expect(forms.body).toMatchObject({ kind: 'html', inList: false });
    expect(forms.cover).toMatchObject({ kind: 'media', nullable: true });
    expect(forms.cover!.schema.safeParse(null).success).toBe(true);
    expect(forms.featured!.schema.safeParse('sí').success).toBe(false);
    expect(forms.categories).toBeUndefined();
    // The list item leaves out what lists leave out (the body); the whole record has it.
    const schemas = publicSchemasOf(NEWS.fields, {
      list: { id: 'T4', description: '' },
      one: { id: 'T5', description: '' },
    });
    expect(keysOf(schemas.list)).not.toContain('body');
    expect(keysOf(schemas.one)).toEqual(expect.arrayContaining(['body', 'updated_at', 'url']));
    expect(PublicMedia.safeParse({}).success).toBe(false);
  });

  it('what only the area can compute is refused as a public field: it is declared as its own', () => {
    const computed = { count: readOnly(reads<number>(), { label: 'Total', public: true as const }) };
    expect(() => publicFieldsOf(computed)).toThrow(/propio del área/);
    const reference = {
      parent: field(z.string().nullable(), {
        label: 'Superior',
        default: null,
        ref: { area: 'category' as const, by: 'slug' as const },
        public: true as const,
      }),
    };
    expect(() => publicFieldsOf(reference)).toThrow(/propia del área/);
  });
});
