import { NEWS, SLIDES, TESTS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { entryMoments, publicationChanges, versionName } from './version-restore';

describe('publicationChanges', () => {
  it('says a published news item would leave the website, and nothing when the state is alike', () => {
    const current = { title: 'Ahora', status: 'published', published_at: null };
    expect(
      publicationChanges(NEWS, current, { title: 'Antes', status: 'draft', published_at: null }),
    ).toEqual(['La noticia dejará de estar publicada.']);
    expect(
      publicationChanges(NEWS, current, { title: 'Antes', status: 'published', published_at: null }),
    ).toEqual([]);
    expect(publicationChanges(TESTS, { status: 'draft' }, { status: 'published' })).toEqual([
      'El test pasará a «Publicado».',
    ]);
  });

  it('says a slide would stop showing and its window would change', () => {
    const at = new Date(2026, 10, 28, 9, 5).toISOString();
    expect(
      publicationChanges(
        SLIDES,
        { active: true, starts_at: at, ends_at: null },
        { active: false, starts_at: null, ends_at: null },
      ),
    ).toEqual(['La diapositiva dejará de estar activa.', 'Se muestra desde: 28/11/2026 09:05 → —.']);
  });
});

describe('entryMoments', () => {
  it('shows seconds only where two entries share a minute', () => {
    const iso = (minute: number, second: number) => new Date(2026, 10, 28, 1, minute, second).toISOString();
    const moments = entryMoments([
      { id: 3, created_at: iso(20, 41) },
      { id: 2, created_at: iso(20, 5) },
      { id: 1, created_at: iso(19, 59) },
    ]);
    expect([...moments.values()]).toEqual(['28/11/2026 01:20:41', '28/11/2026 01:20:05', '28/11/2026 01:19']);
    expect(versionName(moments.get(2)!, { user: { id: 4, name: 'Rosa' } })).toBe(
      'la versión del 28/11/2026 01:20:05 de Rosa',
    );
  });
});
