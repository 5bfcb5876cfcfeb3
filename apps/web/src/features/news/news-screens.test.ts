import type { NewsRecord, Permission } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// docs/areas.md, news: «Retirar el» (unpublish_at) is a publication field, sent only by a holder of
// news.publish and only when changed (anyone else's change would be a 403, which signs out);
// «Revisar antes de» (revise_by) is an ordinary one, sent by whoever edits, null when emptied.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { newsScreens } = await import('./news-screens');
const { form } = newsScreens;

const LATER = '2031-05-01T10:00:00.000Z';
const item = {
  id: 3,
  title: 'Consulta pública',
  subtitle: null,
  slug: 'consulta-publica',
  excerpt: null,
  body: '<p>Hasta mayo.</p>',
  cover: null,
  categories: [],
  status: 'draft',
  review: null,
  published_at: null,
  unpublish_at: LATER,
  revise_by: '2031-04-15',
  featured: false,
  author: { id: 1, name: 'Ana' },
  public_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
} as unknown as NewsRecord;

describe('the news form', () => {
  beforeEach(() => {
    permissions = ['news.view', 'news.update'];
  });

  it('reads both dates from the record, and starts a new item with neither', () => {
    expect(form.fromRecord(item)).toMatchObject({ unpublish_at: LATER, revise_by: '2031-04-15' });
    expect(form.empty()).toMatchObject({ unpublish_at: null, revise_by: null });
  });

  it('never sends «Retirar el» without news.publish, and always «Revisar antes de»', () => {
    const values = { ...form.fromRecord(item), unpublish_at: null, revise_by: null };
    const body = form.toBody(values, item);
    expect(body).not.toHaveProperty('unpublish_at');
    expect(body).toMatchObject({ revise_by: null });
  });

  it('sends «Retirar el» for a publisher when it changed, and not when it did not', () => {
    permissions = ['news.view', 'news.update', 'news.publish'];
    expect(form.toBody(form.fromRecord(item), item)).not.toHaveProperty('unpublish_at');
    expect(form.toBody({ ...form.fromRecord(item), unpublish_at: null }, item)).toMatchObject({
      unpublish_at: null,
    });
  });

  it('names the day in the history as the form shows it', () => {
    expect(form.auditItemLabel?.('revise_by', '2031-04-15')).toBe('15/04/2031');
    expect(form.fieldLabels).toMatchObject({ unpublish_at: 'Retirar el', revise_by: 'Revisar antes de' });
  });
});
