import { type AuditEntry, isInput, publicationFieldsOf } from '@gestor/shared';
import type { Connection } from '../../db/client';
import { notFound, ValidationError } from '../../lib/http-errors';
import { type ChildrenSpec, type FieldSpec, lockHash, type RefTarget } from './declared-fields';
import type { MediaLinks } from './media-links';
import type { ResourceDefinition } from './resource-definition';
import { applyTextPatch, changeExcerpt, makeTextPatch, PATCHED_TEXT_MIN, type TextPatch } from './text-patch';

// Decision 025 (issue 19, "Restaurar una versión anterior"): every history entry written by the
// machinery carries the whole record as it was after that change, in the form its update accepts —
// references by id with the name they had, ordered children and value lists as written, rich text as
// stored (`<img data-media-id="12" …/>`, so a version survives a file replace), never a secret nor a
// create-only field nor a file. Stored as a full state every FULL_EVERY entries (and on the first,
// and after an entry without one), and between them as a delta from the previous entry: changed fields
// whole, long texts as text patches. Each entry's state is read from the database when it is written,
// so writes outside the standard update (a slide's new place) keep the chain right.

/** A version: field → value, as the update input takes it (references as `{id, name}`). */
export type VersionState = Record<string, unknown>;

type StoredVersion =
  | { state: VersionState }
  | { base: number; depth: number; set?: VersionState; unset?: string[]; patch?: Record<string, TextPatch> };

/** A full state at least every this many entries of a record: a rebuild reads at most this many rows. */
export const FULL_EVERY = 25;

export const VERSION_BEFORE_HISTORY = 'Esta versión es anterior al historial completo.';

/** The history entry a version belongs to. */
export interface VersionEntry {
  id: number;
  action: AuditEntry['action'];
  created_at: string;
}

interface Named {
  id: number;
  name: string;
}

const named = (value: unknown): Named => {
  const ref = value as { id: number; label?: unknown; name?: unknown; title?: unknown; slug?: unknown };
  return { id: ref.id, name: String(ref.label ?? ref.name ?? ref.title ?? ref.slug ?? ref.id) };
};

/** Children as a version keeps them: ids and columns, their order being their place (no positions). */
function childrenState(spec: ChildrenSpec, value: unknown): unknown {
  return ((value as Array<Record<string, unknown>> | null) ?? []).map((item) =>
    Object.fromEntries(
      Object.entries(item)
        .filter(([key]) => key !== 'position')
        .map(([key, child]) =>
          key === spec.children?.field ? [key, childrenState(spec.children.spec, child)] : [key, child],
        ),
    ),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** How two versions' values compare: references by what they point at, not the name they had. */
function sameValue(spec: FieldSpec, a: unknown, b: unknown): boolean {
  if (spec.kind === 'ref') return ((a as Named | null)?.id ?? null) === ((b as Named | null)?.id ?? null);
  if (spec.kind === 'list') {
    const ids = (list: unknown) => ((list as Named[] | null) ?? []).map((item) => item.id);
    return same(ids(a), ids(b));
  }
  return same(a, b);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const quoted = (names: string[]) => names.map((name) => `«${name}»`).join(', ');

/** Whether a referenced record is in the trash (decision 026), over the alias of its table. */
const trashedSql = (target: RefTarget, alias: string) =>
  target.trashable ? `${alias}.deleted_at IS NOT NULL` : 'false';

/** What to do about references in the trash: "restáurela o elija otra", "restáurelos o elija otros". */
function inTrashAdvice(target: RefTarget, many: boolean): string {
  const feminine = target.noun.one.startsWith('la ');
  const pronoun = `${feminine ? 'la' : 'lo'}${many ? 's' : ''}`;
  const other = `otr${feminine ? 'a' : 'o'}${many ? 's' : ''}`;
  return `restáure${pronoun} o elija ${other}`;
}

/**
 * The history entries' `changes` as stored: a long text (a body) keeps only an excerpt around what
 * changed, marked `excerpt`, so an edit of a sentence does not store the text twice.
 */
export function compactChanges(changes: AuditEntry['changes']): AuditEntry['changes'] {
  const compact: AuditEntry['changes'] = {};
  for (const [field, change] of Object.entries(changes)) {
    const long = (value: unknown) => typeof value === 'string' && value.length > EXCERPT_OVER;
    if (!long(change.from) && !long(change.to)) {
      compact[field] = change;
      continue;
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const excerpt = changeExcerpt(text(change.from), text(change.to));
    compact[field] = {
      from: change.from === null ? null : excerpt.from,
      to: change.to === null ? null : excerpt.to,
      excerpt: true,
    };
  }
  return compact;
}

/** Texts in a history entry longer than this are kept as an excerpt of their change. */
const EXCERPT_OVER = 600;

/** Versions of one area's records: written with each history entry, rebuilt, read and restored. */
export function versionsOf(
  definition: ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  media: MediaLinks,
) {
  const { contract, table } = definition;
  const specs = definition.fields ?? {};
  const uploadField = definition.upload?.field;
  // What an update takes: stored input fields, no secret, no create-only field, no file.
  const kept = Object.entries(contract.fields)
    .filter(
      ([name, def]) =>
        isInput(def) &&
        !def.secret &&
        !def.createOnly &&
        !def.instruction &&
        Object.hasOwn(specs, name) &&
        name !== uploadField,
    )
    .map(([name]) => [name, specs[name]!] as const);
  const richText = new Set(definition.richText?.fields ?? []);
  // Issue 30: whether and when a record is public is not content; a restore keeps it unless asked.
  const publication = new Set(publicationFieldsOf(contract.fields));
  const lockKey = historyLock(contract.path);
  const enabled = kept.length > 0;

  /** The record's state now, read from the database (rich text as stored), or null when it is gone. */
  async function capture(conn: Connection, id: number): Promise<VersionState | null> {
    if (!enabled) return null;
    const [row] = await conn.query(`SELECT ${definition.columns} FROM ${table} t WHERE t.id = $1`, [id]);
    if (!row) return null;
    const record = definition.toRecord(row) as Record<string, unknown>;
    const state: VersionState = {};
    for (const [name, spec] of kept) {
      const value = record[name] ?? null;
      if (spec.kind === 'ref') state[name] = value === null ? null : named(value);
      else if (spec.kind === 'list') state[name] = ((value as unknown[] | null) ?? []).map(named);
      else if (spec.kind === 'children') state[name] = childrenState(spec, value);
      else state[name] = value;
    }
    return state;
  }

  /** What the next entry of a record stores: a full state, or a delta from the previous entry. */
  function deltaOf(before: VersionState, after: VersionState, base: number, depth: number): StoredVersion {
    const set: VersionState = {};
    const patch: Record<string, TextPatch> = {};
    for (const [field, value] of Object.entries(after)) {
      const old = before[field];
      if (same(old, value) && Object.hasOwn(before, field)) continue;
      const text =
        typeof old === 'string' && typeof value === 'string' && value.length >= PATCHED_TEXT_MIN
          ? makeTextPatch(old, value)
          : null;
      if (text) patch[field] = text;
      else set[field] = value;
    }
    const unset = Object.keys(before).filter((field) => !Object.hasOwn(after, field));
    return {
      base,
      depth,
      ...(Object.keys(set).length ? { set } : {}),
      ...(Object.keys(patch).length ? { patch } : {}),
      ...(unset.length ? { unset } : {}),
    };
  }

  return {
    enabled,
    capture,

    /**
     * The version a new entry of `recordId` stores, read now (inside the write's transaction). Entries
     * of one record are written one at a time (a transaction-scoped lock, which audit:prune also
     * takes), so each delta's base is the entry before it. Null when the record is gone.
     */
    async versionFor(conn: Connection, recordId: number): Promise<StoredVersion | null> {
      if (!enabled) return null;
      await conn.query('SELECT pg_advisory_xact_lock($1, $2)', [lockKey, recordId]);
      const state = await capture(conn, recordId);
      if (!state) return null;
      const [previous] = await conn.query<{ id: string | number; version: StoredVersion | null }>(
        'SELECT id, version FROM audits WHERE resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1',
        [contract.path, recordId],
      );
      if (!previous?.version) return { state };
      const depth = ('depth' in previous.version ? previous.version.depth : 0) + 1;
      if (depth >= FULL_EVERY) return { state };
      const before = await rebuildFrom(conn, contract.path, recordId, Number(previous.id)).catch(() => null);
      return before ? deltaOf(before.state, state, Number(previous.id), depth) : { state };
    },

    /**
     * The version a record had after entry `auditId`: 404 for an entry of another record or area, 422
     * for one written before versions were kept.
     */
    async rebuild(
      conn: Connection,
      recordId: number,
      auditId: number,
    ): Promise<{ state: VersionState; entry: VersionEntry }> {
      const found = await rebuildFrom(conn, contract.path, recordId, auditId);
      if (!found) throw ValidationError.field('version', VERSION_BEFORE_HISTORY);
      return found;
    },

    /**
     * A version as the record's own read shows it: references as their objects now, or, for one that
     * no longer exists, `{id, name, deleted: true}` with the name it had; rich text with its images'
     * current addresses; children with their places.
     */
    async readable(conn: Connection, state: VersionState): Promise<Record<string, unknown>> {
      const record: Record<string, unknown> = {};
      for (const [name, spec] of kept) {
        if (!Object.hasOwn(state, name)) continue;
        const value = state[name];
        if (spec.kind === 'ref' || spec.kind === 'list') {
          const refs = spec.kind === 'ref' ? (value === null ? [] : [value as Named]) : (value as Named[]);
          const rows = refs.length
            ? await conn.query<{ id: number; shape: unknown; trashed: boolean }>(
                `SELECT r.id, ${spec.target.shape('r')} AS shape, ${trashedSql(spec.target, 'r')} AS trashed
                   FROM ${spec.target.table} r WHERE r.id = ANY($1::int[])`,
                [refs.map((ref) => ref.id)],
              )
            : [];
          const read = refs.map((ref) => {
            const row = rows.find((found) => found.id === ref.id);
            if (!row) return { id: ref.id, name: ref.name, deleted: true };
            // In the trash (decision 026): it cannot be referenced until it is restored.
            if (row.trashed) return { id: ref.id, name: ref.name, trashed: true };
            return spec.target.readValue ? spec.target.readValue(row.shape) : row.shape;
          });
          record[name] = spec.kind === 'ref' ? (read[0] ?? null) : read;
        } else if (spec.kind === 'children') {
          const place = (items: unknown, child?: ChildrenSpec): unknown =>
            ((items as Array<Record<string, unknown>>) ?? []).map((item, index) => ({
              ...item,
              position: index + 1,
              ...(child?.children ? { [child.children.field]: place(item[child.children.field]) } : {}),
            }));
          record[name] = place(value, spec);
        } else if (richText.has(name) && typeof value === 'string') {
          record[name] = await media.readStoredRichText(conn, value);
        } else record[name] = value;
      }
      return record;
    },

    /** The fields that say whether and when a record is public (the field table's `publication`). */
    publicationFields: [...publication],

    /**
     * The update that brings `current` back to `state`: only what differs, references by the key
     * their input takes now (a 422 naming what no longer exists), children by the ids they still have.
     * The publication state (status, dates, a display window) stays as it is unless `withPublication`.
     */
    async toInput(
      conn: Connection,
      recordId: number,
      state: VersionState,
      current: VersionState,
      { withPublication = false }: { withPublication?: boolean } = {},
    ) {
      const input: Record<string, unknown> = {};
      const errors: Record<string, string[]> = {};
      for (const [name, spec] of kept) {
        if (!Object.hasOwn(state, name) || sameValue(spec, state[name], current[name])) continue;
        if (publication.has(name) && !withPublication) continue;
        // docs/review.md: being in review is a hand-over between two people, not a state of the
        // content; a version taken in review comes back as a draft, to be sent again.
        if (name === 'status' && state[name] === 'review') {
          if (current[name] !== 'draft') input[name] = 'draft';
          continue;
        }
        const value = state[name];
        if (spec.kind === 'ref' || spec.kind === 'list') {
          const refs = spec.kind === 'ref' ? (value === null ? [] : [value as Named]) : (value as Named[]);
          const rows = refs.length
            ? await conn.query<{ id: number; key: unknown; trashed: boolean }>(
                `SELECT r.id, r.${spec.target.key} AS key, ${trashedSql(spec.target, 'r')} AS trashed
                   FROM ${spec.target.table} r WHERE r.id = ANY($1::int[])`,
                [refs.map((ref) => ref.id)],
              )
            : [];
          const keys = new Map(rows.filter((row) => !row.trashed).map((row) => [row.id, row.key]));
          const trashed = refs.filter((ref) => rows.some((row) => row.id === ref.id && row.trashed));
          const gone = refs
            .filter((ref) => !keys.has(ref.id) && !trashed.includes(ref))
            .map((ref) => ref.name);
          if (gone.length) {
            errors[name] = [
              gone.length === 1
                ? `${capitalized(spec.target.noun.one)} ${quoted(gone)} ya no existe.`
                : `${capitalized(spec.target.noun.many)} ${quoted(gone)} ya no existen.`,
            ];
            continue;
          }
          if (trashed.length) {
            const names = trashed.map((ref) => ref.name);
            errors[name] = [
              names.length === 1
                ? `${capitalized(spec.target.noun.one)} ${quoted(names)} está en la papelera: ${inTrashAdvice(spec.target, false)}.`
                : `${capitalized(spec.target.noun.many)} ${quoted(names)} están en la papelera: ${inTrashAdvice(spec.target, true)}.`,
            ];
            continue;
          }
          const written = refs.map((ref) => keys.get(ref.id));
          input[name] = spec.kind === 'ref' ? (written[0] ?? null) : written;
        } else if (spec.kind === 'children') {
          input[name] = await childrenInput(conn, spec, [
            { parentId: recordId, items: value as Array<Record<string, unknown>> },
          ]).then((groups) => groups[0]);
        } else input[name] = value;
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return input;
    },
  };
}

export type Versions = ReturnType<typeof versionsOf>;

/** The lock the entries of one record are written under (with the record's id). */
const historyLock = (resource: string) => lockHash(`audits:${resource}`);

/**
 * A stored version from the entries of one record up to `auditId`, walking back to a full state; null
 * when an entry of the chain holds none (written before versions were kept).
 */
export async function rebuildFrom(
  conn: Connection,
  resource: string,
  recordId: number,
  auditId: number,
): Promise<{ state: VersionState; entry: VersionEntry } | null> {
  const rows = await conn.query<{
    id: string | number;
    action: AuditEntry['action'];
    created_at: Date;
    version: StoredVersion | null;
  }>(
    `SELECT id, action, created_at, version FROM audits
      WHERE resource = $1 AND record_id = $2 AND id <= $3 ORDER BY id DESC LIMIT ${FULL_EVERY}`,
    [resource, recordId, auditId],
  );
  const [first] = rows;
  if (!first || Number(first.id) !== auditId) throw notFound();
  const entry = { id: auditId, action: first.action, created_at: first.created_at.toISOString() };
  const chain: StoredVersion[] = [];
  for (const row of rows) {
    if (!row.version) return null;
    chain.push(row.version);
    if ('state' in row.version) break;
  }
  const base = chain.pop();
  if (!base || !('state' in base)) return null;
  let state = base.state;
  for (const delta of chain.reverse()) {
    if ('state' in delta) return null;
    const next: VersionState = { ...state, ...delta.set };
    for (const field of delta.unset ?? []) delete next[field];
    for (const [field, patch] of Object.entries(delta.patch ?? {})) {
      next[field] = applyTextPatch(String(state[field] ?? ''), patch);
    }
    state = next;
  }
  return { state, entry };
}

/**
 * audit:prune for one record, inside its transaction: entries older than `before` go, and the
 * oldest that stays keeps its whole version if it held only a delta. Returns how many went.
 */
export async function pruneRecordHistory(
  conn: Connection,
  resource: string,
  recordId: number,
  before: Date,
): Promise<number> {
  await conn.query('SELECT pg_advisory_xact_lock($1, $2)', [historyLock(resource), recordId]);
  const [oldest] = await conn.query<{ id: string | number; version: StoredVersion | null }>(
    `SELECT id, version FROM audits WHERE resource = $1 AND record_id = $2 AND created_at >= $3
      ORDER BY id LIMIT 1`,
    [resource, recordId, before],
  );
  if (oldest?.version && !('state' in oldest.version)) {
    const found = await rebuildFrom(conn, resource, recordId, Number(oldest.id)).catch(() => null);
    await conn.query('UPDATE audits SET version = $2 WHERE id = $1', [
      oldest.id,
      found ? JSON.stringify({ state: found.state }) : null,
    ]);
  }
  const deleted = await conn.query<{ id: string }>(
    `DELETE FROM audits WHERE resource = $1 AND record_id = $2 AND created_at < $3
       AND id < coalesce($4::bigint, 9223372036854775807) RETURNING id`,
    [resource, recordId, before, oldest?.id ?? null],
  );
  return deleted.length;
}

/**
 * Children of a version as an update writes them: an id is kept where it is still a child of the
 * same parent (so the history says what changed), else left out and the child is written anew.
 */
async function childrenInput(
  conn: Connection,
  spec: ChildrenSpec,
  groups: Array<{ parentId: number | null; items: Array<Record<string, unknown>> }>,
): Promise<Array<Array<Record<string, unknown>>>> {
  const parents = groups.map((group) => group.parentId).filter((id): id is number => id !== null);
  const existing = new Map(
    parents.length
      ? (
          await conn.query<{ id: number; parent: number }>(
            `SELECT id, ${spec.own} AS parent FROM ${spec.table} WHERE ${spec.own} = ANY($1::int[])`,
            [parents],
          )
        ).map((row) => [row.id, row.parent])
      : [],
  );
  const out = groups.map(({ parentId, items }) =>
    items.map((item) => {
      const { id, ...rest } = item;
      const keeps = typeof id === 'number' && parentId !== null && existing.get(id) === parentId;
      return keeps ? { id, ...rest } : rest;
    }),
  );
  if (spec.children) {
    const { field, spec: childSpec } = spec.children;
    const nested = out.flatMap((items) =>
      items.map((item) => ({
        parentId: typeof item.id === 'number' ? item.id : null,
        items: (item[field] as Array<Record<string, unknown>> | undefined) ?? [],
      })),
    );
    const written = await childrenInput(conn, childSpec, nested);
    let at = 0;
    for (const items of out) for (const item of items) item[field] = written[at++];
  }
  return out;
}
