import { describe, expect, it } from 'vitest';
import {
  changedValues,
  DRAFT_BUDGET_CHARS,
  DRAFT_EPOCH_KEY,
  DRAFT_MAX_AGE_MS,
  type DraftAddress,
  type DraftStorage,
  draftEpoch,
  draftKey,
  forgetAllDrafts,
  holdsFile,
  keepableValues,
  keepDraft,
  NEW_RECORD,
  readDraft,
  removeDraft,
  type StoredDraft,
  sweepDrafts,
} from './drafts';

/** localStorage as browsers behave: ordered keys, and a quota in characters (keys and values). */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Number.POSITIVE_INFINITY) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    let used = key.length + value.length;
    for (const [other, text] of this.items) if (other !== key) used += other.length + text.length;
    if (used > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOW = Date.parse('2026-11-24T09:41:00.000Z');
const ana: DraftAddress = { userId: 7, area: 'news', record: 12 };

function draftOf(address: DraftAddress, values: Record<string, unknown>, savedAt = NOW): StoredDraft {
  return {
    ...address,
    savedAt: new Date(savedAt).toISOString(),
    baseUpdatedAt: address.record === NEW_RECORD ? null : '2026-11-24T09:00:00.000Z',
    values,
    filesLeftOut: [],
  };
}

describe('drafts kept in the browser (issue 19, decision 028)', () => {
  it('are keyed by user, area and record, the create form being "nuevo"', () => {
    expect(draftKey(ana)).toBe('gestor.draft:7:news:12');
    expect(draftKey({ userId: 7, area: 'news', record: NEW_RECORD })).toBe('gestor.draft:7:news:nuevo');
  });

  it('are read back only for the same user and record', () => {
    const storage = new MemoryStorage();
    expect(keepDraft(storage, draftOf(ana, { title: 'Pleno' }))).toBe('kept');
    expect(readDraft(storage, ana, NOW)?.values).toEqual({ title: 'Pleno' });
    expect(readDraft(storage, { ...ana, userId: 8 }, NOW)).toBeNull();
    expect(readDraft(storage, { ...ana, record: 13 }, NOW)).toBeNull();
    expect(readDraft(storage, { ...ana, area: 'pages' }, NOW)).toBeNull();
  });

  it('never hold a secret field or a password input, nor a file being uploaded', () => {
    const file = new File(['bytes'], 'foto.png', { type: 'image/png' });
    const { values, filesLeftOut } = keepableValues(
      {
        name: 'Ana Pérez',
        password: 'una-clave-muy-secreta',
        password_confirmation: 'una-clave-muy-secreta',
        upload: file,
        gallery: [{ id: 3 }, { pending: file }],
        roles: ['editor'],
      },
      new Set(['password', 'password_confirmation']),
    );
    expect(values).toEqual({ name: 'Ana Pérez', roles: ['editor'] });
    expect(filesLeftOut).toEqual(['upload', 'gallery']);
    expect(JSON.stringify(values)).not.toContain('secreta');
    expect(holdsFile({ a: [{ b: new Blob(['x']) }] })).toBe(true);
    expect(holdsFile({ a: [1, 'x', null] })).toBe(false);
  });

  it('hold only the fields the person changed, so recovering leaves the others as they are now', () => {
    expect(
      changedValues(
        { title: 'Pleno municipal', body: '<p>Largo</p>', categories: ['deportes'], cover: null },
        { title: 'Pleno', body: '<p>Largo</p>', categories: ['deportes'], cover: null },
      ),
    ).toEqual({ title: 'Pleno municipal' });
    expect(changedValues({ roles: ['editor', 'lector'] }, { roles: ['editor'] })).toEqual({
      roles: ['editor', 'lector'],
    });
  });

  it('keep a 200 000-character body', () => {
    const storage = new MemoryStorage(5_000_000);
    const body = `<p>${'Un texto muy largo con "comillas" y acentos: ñandú. '.repeat(4_000).slice(0, 200_000)}</p>`;
    expect(keepDraft(storage, draftOf(ana, { body }))).toBe('kept');
    expect(readDraft(storage, ana, NOW)?.values.body).toBe(body);
  });

  it('stay within their budget: the oldest drafts of other records make room', () => {
    const storage = new MemoryStorage();
    const text = 'x'.repeat(400);
    const budget = 1_500;
    const first = { ...ana, record: 1 };
    const second = { ...ana, record: 2 };
    const third = { ...ana, record: 3 };
    expect(keepDraft(storage, draftOf(first, { body: text }, NOW - 3000), budget)).toBe('kept');
    expect(keepDraft(storage, draftOf(second, { body: text }, NOW - 2000), budget)).toBe('kept');
    expect(keepDraft(storage, draftOf(third, { body: text }, NOW - 1000), budget)).toBe('kept');
    expect(readDraft(storage, first, NOW)).toBeNull();
    expect(readDraft(storage, second, NOW)).not.toBeNull();
    expect(readDraft(storage, third, NOW)).not.toBeNull();
    // One larger than the whole budget is not kept, and no older copy of it is offered instead.
    expect(keepDraft(storage, draftOf(third, { body: 'y'.repeat(budget) }), budget)).toBe('too-large');
    expect(readDraft(storage, third, NOW)).toBeNull();
    expect(DRAFT_BUDGET_CHARS).toBeGreaterThan(3 * 220_000);
  });

  it('survive a full storage: older drafts go first, then the write gives up without throwing', () => {
    const storage = new MemoryStorage(1_200);
    storage.setItem('gestor.layout', 'z'.repeat(500)); // the app's own data, never removed here
    const old = { ...ana, record: 1 };
    expect(keepDraft(storage, draftOf(old, { body: 'a'.repeat(300) }, NOW - 5000))).toBe('kept');
    expect(keepDraft(storage, draftOf(ana, { body: 'b'.repeat(300) }))).toBe('kept');
    expect(readDraft(storage, old, NOW)).toBeNull();
    expect(keepDraft(storage, draftOf(ana, { body: 'c'.repeat(900) }))).toBe('no-room');
    expect(readDraft(storage, ana, NOW)).toBeNull();
    expect(storage.getItem('gestor.layout')).toHaveLength(500);

    const refusing: DraftStorage = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(keepDraft(refusing, draftOf(ana, { title: 'x' }))).toBe('no-room');
    expect(readDraft(refusing, ana)).toBeNull();
    expect(() => forgetAllDrafts(refusing)).not.toThrow();
  });

  it('expire after seven days, and unreadable ones are dropped', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, draftOf(ana, { title: 'Viejo' }, NOW - DRAFT_MAX_AGE_MS - 1));
    keepDraft(
      storage,
      draftOf({ ...ana, record: 2 }, { title: 'Reciente' }, NOW - DRAFT_MAX_AGE_MS + 60_000),
    );
    storage.setItem('gestor.draft:7:news:3', '{no es json');
    storage.setItem('gestor.draft:7:news:4', JSON.stringify({ userId: 9, area: 'news', record: 4 }));
    sweepDrafts(storage, { now: NOW });
    expect([...storage.items.keys()]).toEqual(['gestor.draft:7:news:2']);
    expect(readDraft(storage, { ...ana, record: 2 }, NOW + 120_000)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("a draft filed under another user's key is not offered", () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey(ana), JSON.stringify(draftOf({ ...ana, userId: 99 }, { title: 'Ajeno' })));
    expect(readDraft(storage, ana, NOW)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('sign-out removes every draft of every user and changes the epoch; the rest stays', () => {
    const storage = new MemoryStorage();
    storage.setItem('gestor.layout', '{"theme":"dark"}');
    keepDraft(storage, draftOf(ana, { title: 'A' }));
    keepDraft(storage, draftOf({ userId: 8, area: 'users', record: NEW_RECORD }, { name: 'B' }));
    const before = draftEpoch(storage);
    forgetAllDrafts(storage);
    expect([...storage.items.keys()].sort()).toEqual([DRAFT_EPOCH_KEY, 'gestor.layout']);
    expect(draftEpoch(storage)).not.toBe(before);
  });

  it('another person signing in keeps only their own drafts', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, draftOf(ana, { title: 'A' }));
    keepDraft(storage, draftOf({ ...ana, userId: 8 }, { title: 'B' }));
    sweepDrafts(storage, { now: NOW, keepUser: 8 });
    expect(readDraft(storage, ana, NOW)).toBeNull();
    expect(readDraft(storage, { ...ana, userId: 8 }, NOW)?.values).toEqual({ title: 'B' });
    removeDraft(storage, { ...ana, userId: 8 });
    expect(storage.items.size).toBe(0);
  });
});
