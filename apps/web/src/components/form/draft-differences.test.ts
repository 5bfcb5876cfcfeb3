import { NEWS, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { sameValue } from '../../lib/drafts';
import { draftDifferences, plainText, textChange } from './draft-differences';

const labelsOf = (fields: Record<string, { label: string }>) =>
  Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, def.label]));

describe('what a recovered draft changes (issue 19)', () => {
  it('reads rich text as its words', () => {
    expect(
      plainText('<p>Sesión <strong>ordinaria</strong> &amp; pleno&nbsp;final</p><p>Segundo&#233;</p>'),
    ).toBe('Sesión ordinaria & pleno final\nSegundoé');
  });

  it('shows a long text as an excerpt around what changed', () => {
    const start = 'Principio. '.repeat(40);
    const end = ' Final del texto.'.repeat(40);
    const change = textChange(`${start}el pleno aprobó${end}`, `${start}el pleno rechazó por mayoría${end}`);
    expect(change).not.toBeNull();
    expect(change!.removed).toBe('aprobó');
    expect(change!.added).toBe('rechazó por mayoría');
    expect(change!.leading).toBe(true);
    expect(change!.trailing).toBe(true);
    expect(change!.before.length).toBeLessThanOrEqual(60);
    expect(change!.before.endsWith('el pleno ')).toBe(true);
    expect(change!.after.startsWith('ó')).toBe(false);
    expect(textChange('igual', 'igual')).toBeNull();
    // Whole words, not the letters that differ.
    expect(textChange('El pleno aprobó hoy', 'El pleno aprobado hoy')).toMatchObject({
      before: 'El pleno ',
      removed: 'aprobó',
      added: 'aprobado',
      after: ' hoy',
    });
  });

  it('cuts a very long change and says how much more there is', () => {
    const change = textChange('', 'z'.repeat(200_000))!;
    expect(change.added).toHaveLength(300);
    expect(change.addedMore).toBe(199_700);
    expect(change.removed).toBe('');
  });

  it("lists each changed field by its label, in the form's order", () => {
    const differences = draftDifferences(
      {
        title: 'Pleno',
        excerpt: '',
        body: '<p>Texto</p>',
        cover: 3,
        categories: ['deportes'],
        featured: false,
        status: 'draft',
      },
      {
        title: 'Pleno municipal',
        excerpt: '',
        body: '<p>Texto con <strong>más</strong> palabras</p>',
        cover: 5,
        categories: ['deportes', 'cultura'],
        featured: true,
        status: 'published',
        gone: 'a field the form no longer has',
      },
      {
        fields: NEWS.fields,
        labels: labelsOf(NEWS.fields),
        itemLabel: (field, item) => NEWS.fields[field as 'status']?.options?.[item] ?? item,
      },
    );
    expect(differences.map((d) => [d.label, d.kind])).toEqual([
      ['Título', 'value'],
      ['Texto', 'text'],
      ['Imagen de portada', 'changed'],
      ['Categorías', 'value'],
      ['Destacada', 'value'],
      ['Estado', 'value'],
    ]);
    expect(differences[0]).toMatchObject({ from: 'Pleno', to: 'Pleno municipal' });
    expect(differences[4]).toMatchObject({ from: 'No', to: 'Sí' });
    expect(differences[5]).toMatchObject({ from: 'Borrador', to: 'Publicada' });
  });

  it('says when only the formatting of a rich text changed', () => {
    const [difference] = draftDifferences(
      { body: '<p>Hola mundo</p>' },
      { body: '<p>Hola <em>mundo</em></p>' },
      { fields: NEWS.fields, labels: labelsOf(NEWS.fields) },
    );
    expect(difference).toMatchObject({ label: 'Texto', kind: 'format' });
  });

  it('finds nothing when the draft equals the form', () => {
    expect(
      draftDifferences(
        { name: 'Ana', roles: ['editor'], active: true },
        { name: 'Ana', roles: ['editor'], active: true },
        { fields: USERS.fields, labels: labelsOf(USERS.fields) },
      ),
    ).toEqual([]);
    expect(sameValue({ a: [1, { b: null }], c: undefined }, { a: [1, { b: null }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
