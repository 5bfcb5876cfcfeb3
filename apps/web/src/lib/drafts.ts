// Issue 19 "Recovered drafts" (decision 028): what a form's person typed and has not saved is kept in
// this browser's localStorage, per user and per record, so a closed tab or a crash loses nothing.
// Pure functions over a `Storage` (unit-tested with an in-memory one); the form's hook
// (components/form/draft-recovery.tsx) decides when to call them, auth.ts when to forget them all.

/** Every draft's key starts with this; the rest is `<user id>:<area>:<record id | nuevo>`. */
export const DRAFT_KEY_PREFIX = 'gestor.draft:';
/** Changes whenever every draft is forgotten (sign-out): a form opened before writes no more. */
export const DRAFT_EPOCH_KEY = 'gestor.drafts.epoch';
/** Drafts older than this are dropped unread (issue 19: nothing lingers on a shared computer). */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The most characters all drafts together may take (keys and values). Browsers give an origin about
 * 5 million characters of localStorage; this leaves room for the rest of the app and holds several
 * drafts of a 200 000-character body. The oldest drafts make room for the newest.
 */
export const DRAFT_BUDGET_CHARS = 2_000_000;

/** The create form of an area counts as one record. */
export const NEW_RECORD = 'nuevo';

export interface DraftAddress {
  userId: number;
  area: string;
  record: number | typeof NEW_RECORD;
}

export interface StoredDraft extends DraftAddress {
  /** When it was kept (ISO 8601): "Hay cambios sin guardar del 24/11/2026 10:41". */
  savedAt: string;
  /** The record's `updated_at` the changes started from (null on a create form). */
  baseUpdatedAt: string | null;
  /** The fields the person changed (from the record, or a new record's empty form), without secrets or files. */
  values: Record<string, unknown>;
  /** Fields left out because they held a file being uploaded, which a browser cannot keep. */
  filesLeftOut: string[];
}

/** What writing a draft came to. */
export type KeepResult = 'kept' | 'too-large' | 'no-room' | 'unavailable';

/** The part of the Web Storage API used here (window.localStorage, or a test's stand-in). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function draftKey({ userId, area, record }: DraftAddress): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${area}:${record}`;
}

/** Whether a value holds a File or Blob anywhere (an upload in progress): it cannot be kept. */
export function holdsFile(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => holdsFile(item, seen));
}

/**
 * The values a draft may hold: never a secret (a password, by the field table's `secret` or an
 * input of type password), never a file. Returns the kept values and the fields left out for a file.
 */
export function keepableValues(
  values: Record<string, unknown>,
  secrets: ReadonlySet<string>,
): { values: Record<string, unknown>; filesLeftOut: string[] } {
  const kept: Record<string, unknown> = {};
  const filesLeftOut: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (secrets.has(name)) continue;
    if (holdsFile(value)) {
      filesLeftOut.push(name);
      continue;
    }
    kept[name] = value;
  }
  return { values: kept, filesLeftOut };
}

/** Structural equality of form values (JSON-like: text, numbers, booleans, null, lists, objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** The fields whose value differs from the saved record's (a new record's empty form): what a draft holds. */
export function changedValues(
  values: Record<string, unknown>,
  saved: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !sameValue(value, saved[name])));
}

/** Every draft key in the storage (read first, so removing while walking skips nothing). */
function draftKeys(storage: DraftStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(DRAFT_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

function isRecordOf(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A stored draft as written by `keepDraft`, or null for anything else (another version, damage). */
function parseDraft(text: string | null): StoredDraft | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecordOf(parsed)) return null;
  const { userId, area, record, savedAt, baseUpdatedAt, values, filesLeftOut } = parsed;
  if (
    typeof userId !== 'number' ||
    typeof area !== 'string' ||
    !(typeof record === 'number' || record === NEW_RECORD) ||
    typeof savedAt !== 'string' ||
    Number.isNaN(Date.parse(savedAt)) ||
    !(baseUpdatedAt === null || typeof baseUpdatedAt === 'string') ||
    !isRecordOf(values) ||
    !Array.isArray(filesLeftOut)
  ) {
    return null;
  }
  return {
    userId,
    area,
    record,
    savedAt,
    baseUpdatedAt,
    values,
    filesLeftOut: filesLeftOut.filter((name): name is string => typeof name === 'string'),
  };
}

const expired = (draft: StoredDraft, now: number) => now - Date.parse(draft.savedAt) > DRAFT_MAX_AGE_MS;

/** Storage can refuse any call (disabled, private mode, full): a draft is a help, never a failure. */
function attempt<T>(action: () => T, otherwise: T): T {
  try {
    return action();
  } catch {
    return otherwise;
  }
}

/**
 * The draft kept for this user and record, or null. An expired, unreadable or misfiled one (its
 * content names another user or record than its key) is removed on the way.
 */
export function readDraft(
  storage: DraftStorage,
  address: DraftAddress,
  now = Date.now(),
): StoredDraft | null {
  const key = draftKey(address);
  const draft = parseDraft(attempt(() => storage.getItem(key), null));
  const matches =
    draft?.userId === address.userId && draft.area === address.area && draft.record === address.record;
  if (!draft || !matches || expired(draft, now)) {
    attempt(() => storage.removeItem(key), undefined);
    return null;
  }
  return draft;
}

/**
 * Keeps a draft under its address, replacing the one there. Within `DRAFT_BUDGET_CHARS` for all
 * drafts together: older drafts of other records go first; when the browser's quota still refuses,
 * older ones go too and it tries again. A draft larger than the whole budget is not kept (and an
 * older one of the same record is removed, so what is offered is never out of date).
 */
export function keepDraft(
  storage: DraftStorage,
  draft: StoredDraft,
  budget = DRAFT_BUDGET_CHARS,
): KeepResult {
  const key = draftKey(draft);
  const text = JSON.stringify(draft);
  const size = key.length + text.length;
  if (size > budget) {
    attempt(() => storage.removeItem(key), undefined);
    return 'too-large';
  }
  const others = attempt(() => draftKeys(storage), [] as string[])
    .filter((other) => other !== key)
    .map((other) => {
      const stored = attempt(() => storage.getItem(other), null);
      const parsed = parseDraft(stored);
      return { key: other, size: other.length + (stored?.length ?? 0), savedAt: parsed?.savedAt ?? '' };
    })
    // The oldest first (unreadable ones sort before any date): they make room.
    .sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
  let used = others.reduce((total, other) => total + other.size, 0);
  while (others.length && used + size > budget) {
    const oldest = others.shift()!;
    attempt(() => storage.removeItem(oldest.key), undefined);
    used -= oldest.size;
  }
  for (;;) {
    try {
      storage.setItem(key, text);
      return 'kept';
    } catch {
      // QuotaExceededError (the origin's other data), or storage refused altogether.
      const oldest = others.shift();
      if (!oldest) {
        attempt(() => storage.removeItem(key), undefined);
        return 'no-room';
      }
      attempt(() => storage.removeItem(oldest.key), undefined);
    }
  }
}

export function removeDraft(storage: DraftStorage, address: DraftAddress): void {
  attempt(() => storage.removeItem(draftKey(address)), undefined);
}

/** Removes drafts past their age, unreadable ones, and (when given) every one not of `keepUser`. */
export function sweepDrafts(
  storage: DraftStorage,
  { now = Date.now(), keepUser }: { now?: number; keepUser?: number } = {},
) {
  for (const key of attempt(() => draftKeys(storage), [] as string[])) {
    const draft = parseDraft(attempt(() => storage.getItem(key), null));
    if (!draft || expired(draft, now) || (keepUser !== undefined && draft.userId !== keepUser)) {
      attempt(() => storage.removeItem(key), undefined);
    }
  }
}

/** The current epoch: forms compare it before writing (`forgetAllDrafts` changes it). */
export function draftEpoch(storage: DraftStorage): string {
  return attempt(() => storage.getItem(DRAFT_EPOCH_KEY), null) ?? '0';
}

/**
 * Sign-out (issue 19: nothing is kept after it): every draft of every user of this browser is
 * removed, and the epoch changes, so a form still open here or in another tab writes no more.
 */
export function forgetAllDrafts(storage: DraftStorage): void {
  attempt(() => storage.setItem(DRAFT_EPOCH_KEY, String(Number(draftEpoch(storage)) + 1 || 1)), undefined);
  for (const key of attempt(() => draftKeys(storage), [] as string[])) {
    attempt(() => storage.removeItem(key), undefined);
  }
}

/** The browser's localStorage, or null where it is refused (disabled, sandboxed, outside a browser). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Sign-out: `forgetAllDrafts` on this browser's storage. */
export function forgetEveryDraftHere(): void {
  const storage = browserDraftStorage();
  if (storage) forgetAllDrafts(storage);
}

/**
 * A user signed in (or another one than before): only their drafts stay. A session that ended by a
 * 401 kept its drafts for its owner; another person signing in on this browser removes them.
 */
export function keepOnlyDraftsOf(userId: number): void {
  const storage = browserDraftStorage();
  if (storage) sweepDrafts(storage, { keepUser: userId });
}
