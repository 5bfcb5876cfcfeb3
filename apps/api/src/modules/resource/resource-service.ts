import {
  type AuditEntry,
  type AuthUser,
  HIDDEN_VALUE,
  type Paginated,
  permissionsOf,
  SLUG_PATTERN,
  withArticle,
} from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { isForeignKeyViolation, isRetryable, isUniqueViolation } from '../../db/errors';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { writeAudit } from './audit-log';
import {
  auditValue,
  lockHash,
  referencedIds,
  resolveFields,
  uniqueSlug,
  usageFields,
  writeResolved,
} from './declared-fields';
import type { ListQuery } from './list-query';
import { listStatements } from './list-sql';
import type { MediaLinks } from './media-links';
import { paginate } from './pagination';
import type { ChangeFeed, ResourceDefinition, WriteContext } from './resource-definition';
import {
  checkReferences,
  forgetReferences,
  keepReferences,
  refuseTrashedHolder,
  scopeSql,
  type TrashScope,
  withDeletedAt,
} from './trash';
import { compactChanges, versionsOf } from './versions';

type Log = { error(obj: object, msg: string): void };

export interface PageRequest {
  path: string;
  query: URLSearchParams;
}

const MAX_ATTEMPTS = 3;
/** Records deleted for good per transaction by the trash's retention. */
const PURGE_BATCH = 200;
/** Who the history names for what the server does by itself (the trash's retention). */
const SYSTEM_ACTOR = { id: null, name: 'Sistema' };
const SYSTEM = { ...SYSTEM_ACTOR, permissions: [], roles: [] } as unknown as AuthUser;
const EXPORT_BATCH = 1000;

/** One advisory lock key per table (a stable 31-bit hash of its name). */
const advisoryLockKey = (table: string) => lockHash(`gestor:${table}`);

/**
 * Every key a contract lists must be implemented by its declaration: checked when the area is
 * registered, so a mistake stops the server at start instead of answering 500 at request time.
 */
export function checkDefinition(
  definition: ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
) {
  const { contract } = definition;
  const missing = [
    ...contract.sortable.filter((key) => !Object.hasOwn(definition.sortColumns, key)).map((k) => `sort ${k}`),
    ...Object.keys(contract.filters)
      .filter((key) => !Object.hasOwn(definition.filterConditions, key))
      .map((k) => `filter ${k}`),
  ];
  const sortKey = contract.defaultSort.replace(/^-/, '');
  if (!contract.sortable.includes(sortKey)) missing.push(`defaultSort ${sortKey}`);
  if (!definition.fields && !(definition.create && definition.update)) missing.push('fields o create/update');
  if (!definition.fields && !definition.auditSnapshot) missing.push('fields o auditSnapshot');
  if (definition.issuedOnCreate && definition.create) missing.push('issuedOnCreate con create propio');
  if (missing.length) {
    throw new Error(`El área «${contract.path}» declara claves sin implementar: ${missing.join(', ')}.`);
  }
}

/** The generic operations of one area, driven by its definition. */
export function createResourceService<R extends { id: number; updated_at: string }, C, U>(
  declared: ResourceDefinition<R, C, U>,
  {
    database,
    log,
    media,
    changeFeed,
    onSaved,
  }: {
    database: Database;
    log: Log;
    media: MediaLinks;
    changeFeed?: ChangeFeed;
    /** Told of every update in its transaction: the tabs that have the record open (decision 027). */
    onSaved?: (ctx: WriteContext, area: string, record: R) => Promise<void>;
  },
) {
  checkDefinition(declared as unknown as Parameters<typeof checkDefinition>[0]);
  const definition = withRichTextRead(declared, media);
  const { table, contract } = definition;
  // Decision 025: each history entry keeps the whole version (read as stored, so rich text by id).
  const versions = versionsOf(
    declared as unknown as ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
    media,
  );

  // NO KEY UPDATE for edits: it does not conflict with the KEY SHARE lock that a foreign key check
  // takes (an audit row naming the user who edits), so two people editing each other never deadlock.
  // Decision 026: an area with a trash sees its live records unless a read asks for the trash.
  const trashable = contract.trash !== false;
  const scoped = (scope: TrashScope) => (trashable ? scopeSql(scope) : null);
  const withTrash = withDeletedAt(definition);
  const readerOf = (scope: TrashScope) => (trashable && scope !== 'without' ? withTrash : definition);

  async function findRows(
    conn: Connection,
    ids: number[],
    lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE' | null = null,
    scope: TrashScope = 'without',
  ): Promise<R[]> {
    const condition = scoped(scope);
    const reader = readerOf(scope);
    const rows = await conn.query(
      `SELECT ${reader.columns} FROM ${table} t WHERE t.id = ANY($1::int[])${condition ? ` AND ${condition}` : ''}
        ORDER BY t.id${lock ? ` ${lock} OF t` : ''}`,
      [ids],
    );
    return rows.map(reader.toRecord);
  }

  async function audit(
    conn: Connection,
    actor: AuthUser,
    recordId: number,
    action: AuditEntry['action'],
    changes: AuditEntry['changes'],
    revertedFrom: AuditEntry['reverted_from'] = null,
  ): Promise<void> {
    await writeAudit(conn, { resource: contract.path, recordId, action, actor }, compactChanges(changes), {
      version: await versions.versionFor(conn, recordId),
      revertedFrom,
    });
  }

  function diff(before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry['changes'] {
    const changes: AuditEntry['changes'] = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const from = before[key] ?? null;
      const to = after[key] ?? null;
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
    }
    return changes;
  }

  const lockKey = advisoryLockKey(table);

  /**
   * Runs a write in one transaction; duplicates become a 422 on their field; mails go after commit.
   * A deadlock or serialization failure (PostgreSQL gave up on one of two concurrent writers) is
   * retried from the start a few times instead of becoming a 500.
   */
  async function write<T>(actor: AuthUser, fn: (ctx: WriteContext) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const pending: Array<() => Promise<void>> = [];
      let result: T;
      try {
        result = await database.transaction(async (tx) => {
          if (definition.serializeWrites) await tx.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
          return fn({
            tx,
            actor,
            afterCommit: (task) => pending.push(task),
          });
        });
      } catch (error) {
        if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
        const constraint = (error as { constraint?: string }).constraint;
        const known = constraint ? definition.uniqueConstraints?.[constraint] : undefined;
        if (isUniqueViolation(error) && known) throw ValidationError.field(known.field, known.message);
        const referenced = constraint ? definition.foreignKeyConstraints?.[constraint] : undefined;
        if (isForeignKeyViolation(error) && referenced) {
          throw ValidationError.field(referenced.field, referenced.message);
        }
        if (isUniqueViolation(error) && definition.slug && constraint === `${table}_slug_key`) {
          throw ValidationError.field('slug', 'Esta dirección web (slug) ya está en uso: elija otra.');
        }
        throw error;
      }
      for (const task of pending) {
        await task().catch((error: unknown) =>
          log.error({ err: error }, 'Una tarea posterior al cambio ha fallado'),
        );
      }
      return result;
    }
  }

  function parseId(raw: string): number {
    if (!/^\d{1,9}$/.test(raw)) throw notFound();
    return Number(raw);
  }

  /** `/{id}`, or `/{slug}` in areas addressed by slug (docs/areas.md: news, categories). */
  async function resolveKey(raw: string): Promise<number> {
    if (/^\d{1,9}$/.test(raw) || contract.lookup !== 'slug') return parseId(raw);
    if (raw.length > 200 || !SLUG_PATTERN.test(raw)) throw notFound();
    const [row] = await database.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [raw]);
    if (!row) throw notFound();
    return row.id;
  }

  const fields = definition.fields;
  // Columns whose values a trashed record keeps reserved (decision 026).
  const uniqueFields = [
    ...(definition.slug ? ['slug'] : []),
    ...Object.values(definition.uniqueConstraints ?? {}).map((known) => known.field),
  ];
  const richText = definition.richText;
  const mediaSpecs = usageFields(fields);
  const tracksMedia = mediaSpecs.length > 0 || Boolean(richText);

  /**
   * docs/areas.md#rules-shared-by-the-content-areas: the allowlist applies to every write, whatever the client sends; library
   * images are stored by id (MediaLinks), a 422 on the field for one that is not in the library.
   */
  async function storeRichText(tx: Connection, input: Record<string, unknown>) {
    for (const field of richText?.fields ?? []) {
      if (typeof input[field] === 'string')
        input[field] = (await media.storeRichText(tx, field, input[field])).html;
    }
  }

  /** The library items a record uses now: its media references and the images of its rich text. */
  async function mediaUsedBy(tx: Connection, id: number): Promise<number[]> {
    const ids = await referencedIds(tx, table, mediaSpecs, id);
    if (richText) {
      const [row] = await tx.query<Record<string, string | null>>(
        `SELECT ${richText.fields.join(', ')} FROM ${table} WHERE id = $1`,
        [id],
      );
      for (const field of richText.fields) ids.push(...media.idsInRichText(row?.[field] ?? ''));
    }
    return ids;
  }

  const snapshot = (record: R): Record<string, unknown> => {
    if (definition.auditSnapshot) return definition.auditSnapshot(record);
    const view: Record<string, unknown> = {};
    for (const name of Object.keys(fields ?? {}))
      view[name] = auditValue((record as Record<string, unknown>)[name]);
    if (definition.slug) view.slug = (record as Record<string, unknown>).slug;
    return view;
  };

  /**
   * Tells the change feed (webhooks) what one write did to one record, in the write's transaction,
   * when the area announces its changes.
   */
  async function announce(
    ctx: WriteContext,
    before: { id: number } | null,
    after: { id: number } | null,
    edited = true,
  ) {
    if (!changeFeed || !definition.announces) return;
    await changeFeed(ctx, {
      definition: definition as unknown as Parameters<ChangeFeed>[1]['definition'],
      before,
      after,
      edited,
    });
  }

  /** Slug, references, checks and the row itself, from the declared fields (decision 008). */
  async function storeDeclared(
    ctx: WriteContext,
    input: Record<string, unknown>,
    current: R | null,
    issued: Record<string, string> = {},
  ) {
    const resolved = await resolveFields(ctx.tx, fields!, input);
    for (const [column, value] of Object.entries(issued)) resolved.columns.set(column, value);
    if (definition.slug && (current === null || input.slug !== undefined)) {
      const given = input.slug as string | undefined;
      const source = String(
        input[definition.slug.from] ??
          (current as Record<string, unknown> | null)?.[definition.slug.from] ??
          '',
      );
      resolved.columns.set(
        'slug',
        given || (await uniqueSlug(ctx.tx, table, source, contract.label.one, current?.id ?? null)),
      );
    }
    await definition.check?.(ctx, { current, columns: resolved.columns });
    if (trashable) {
      await refuseTrashedHolder(
        ctx.tx,
        {
          table,
          noun: withArticle(contract.label).one,
          titleColumn: definition.titleColumn ?? 'name',
          current: current?.id ?? null,
        },
        uniqueFields.map((field) => ({ field, value: resolved.columns.get(field) })),
      );
    }
    const id = await writeResolved(ctx.tx, table, resolved, current?.id ?? null);
    if (tracksMedia) await media.syncUsages(ctx.tx, contract.path, id, await mediaUsedBy(ctx.tx, id));
    return id;
  }

  /**
   * What every deletion does first, to the trash or for good: every id locked or a 404/422 naming the
   * missing ones, the area's checks and refusals, each record's `deleted` entry (its last version).
   */
  async function lockedForDeletion(ctx: WriteContext, ids: number[], single: boolean) {
    const unique = [...new Set(ids)];
    const records = await findRows(ctx.tx, unique, 'FOR UPDATE');
    if (records.length !== unique.length) {
      if (single) throw notFound();
      const missing = unique.filter((id) => !records.some((r) => r.id === id));
      throw ValidationError.field('ids', `No existen los elementos con id ${missing.join(', ')}.`);
    }
    await definition.authorize?.(ctx, { action: 'delete', records });
    await definition.beforeDelete?.(ctx, records);
    for (const record of records) {
      await audit(ctx.tx, ctx.actor, record.id, 'deleted', diff(snapshot(record), {}));
    }
    return { unique, records };
  }

  /** Decision 026: the trash's writes, beside the standard ones and in the same transactions. */
  const trash = {
    async moveToTrash(actor: AuthUser, ids: number[], { single = false }: { single?: boolean }) {
      await write(actor, async (ctx) => {
        const { unique, records } = await lockedForDeletion(ctx, ids, single);
        await keepReferences(
          ctx.tx,
          {
            resource: contract.path,
            table,
            fields,
            richText: richText?.fields ?? [],
            imagesIn: media.idsInRichText,
          },
          unique,
        );
        // A trashed record uses nothing: what it referenced may be deleted (restoring checks it).
        if (tracksMedia) await media.forgetUsages(ctx.tx, contract.path, unique);
        await definition.onTrash?.(ctx, records);
        await ctx.tx.query(`UPDATE ${table} SET deleted_at = now() WHERE id = ANY($1::int[])`, [unique]);
        await definition.afterWrite?.(ctx, 'deleted');
        for (const record of records) await announce(ctx, record, null);
      });
    },

    async restore(actor: AuthUser, ids: number[], { single = false }: { single?: boolean }): Promise<R[]> {
      return write(actor, async (ctx) => {
        const unique = [...new Set(ids)];
        const records = await findRows(ctx.tx, unique, 'FOR UPDATE', 'with');
        await refuseOutsideTrash(records, unique, single);
        await definition.authorize?.(ctx, { action: 'delete', records });
        await checkReferences(
          ctx.tx,
          contract.path,
          records.map((record) => ({ id: record.id, title: titleOf(record) })),
        );
        await definition.onRestore?.(ctx, records);
        await ctx.tx.query(`UPDATE ${table} SET deleted_at = NULL WHERE id = ANY($1::int[])`, [unique]);
        await forgetReferences(ctx.tx, contract.path, unique);
        const restored = await findRows(ctx.tx, unique);
        for (const record of restored) {
          if (tracksMedia)
            await media.syncUsages(ctx.tx, contract.path, record.id, await mediaUsedBy(ctx.tx, record.id));
          await audit(ctx.tx, actor, record.id, 'restored', diff({}, snapshot(record)));
          await announce(ctx, null, record);
        }
        return findRows(ctx.tx, unique);
      });
    },

    async forceDelete(
      actor: AuthUser | null,
      ids: number[] | 'all',
      { single = false, olderThanDays }: { single?: boolean; olderThanDays?: number } = {},
    ): Promise<number> {
      return write(actor ?? SYSTEM, async (ctx) => {
        let records: R[];
        if (ids === 'all' || olderThanDays !== undefined) {
          // Several processes may purge at once: each takes the rows no other holds.
          const rows = await ctx.tx.query<{ id: number }>(
            `SELECT id FROM ${table} WHERE deleted_at IS NOT NULL
               ${olderThanDays !== undefined ? `AND deleted_at < now() - make_interval(days => $1)` : ''}
              ORDER BY deleted_at, id LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED`,
            olderThanDays !== undefined ? [olderThanDays] : [],
          );
          records = await findRows(
            ctx.tx,
            rows.map((row) => row.id),
            'FOR UPDATE',
            'only',
          );
        } else {
          const unique = [...new Set(ids)];
          records = await findRows(ctx.tx, unique, 'FOR UPDATE', 'with');
          await refuseOutsideTrash(records, unique, single);
        }
        if (!records.length) return 0;
        if (actor) await definition.authorize?.(ctx, { action: 'delete', records });
        const gone = records.map((record) => record.id);
        for (const record of records) {
          await writeAudit(
            ctx.tx,
            {
              resource: contract.path,
              recordId: record.id,
              action: 'force_deleted',
              actor: actor ?? SYSTEM_ACTOR,
            },
            diff(snapshot(record), {}),
          );
        }
        await definition.onPurge?.(ctx, records);
        await forgetReferences(ctx.tx, contract.path, gone);
        await ctx.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [gone]);
        return records.length;
      });
    },

    /** Batch after batch, so one purge never holds thousands of rows in one transaction. */
    async purgeExpired(days: number): Promise<number> {
      let total = 0;
      for (;;) {
        const purged = await trash.forceDelete(null, 'all', { olderThanDays: days });
        total += purged;
        if (purged < PURGE_BATCH) return total;
      }
    },
  };

  const titleOf = (record: R) => {
    const named = record as unknown as Record<string, unknown>;
    return String(named[definition.titleColumn ?? 'name'] ?? named.title ?? named.name ?? `#${record.id}`);
  };

  /** Only trashed records are restored or deleted for good: 404 for one that does not exist. */
  async function refuseOutsideTrash(records: R[], ids: number[], single: boolean) {
    const missing = ids.filter((id) => !records.some((r) => r.id === id));
    if (missing.length) {
      if (single) throw notFound();
      throw ValidationError.field('ids', `No existen los elementos con id ${missing.join(', ')}.`);
    }
    const live = records.filter((record) => !(record as { deleted_at?: string | null }).deleted_at);
    if (live.length) {
      throw ValidationError.field(
        single ? 'id' : 'ids',
        single
          ? 'Este elemento no está en la papelera.'
          : `No están en la papelera: ${live.map((record) => `«${titleOf(record)}»`).join(', ')}.`,
      );
    }
  }

  return {
    definition,
    database,
    parseId,
    resolveKey,
    /**
     * An area's own write (an extra route, such as reordering slides) run like the standard ones:
     * one transaction, the area's lock when it serializes writes, retried after a deadlock.
     */
    write,
    /** Records one record's change in its history (for an area's own writes). */
    audit,
    /** Tells the webhooks of one record's change (for an area's own writes, such as a new order). */
    announce,

    async list(query: ListQuery, page: PageRequest, scope: TrashScope = 'without'): Promise<Paginated<R>> {
      const reader = readerOf(scope);
      const statements = listStatements(reader, query, undefined, scoped(scope), scope === 'without');
      const [rows, totals] = await Promise.all([
        database.query(statements.rows.text, statements.rows.values),
        database.query<{ total: number }>(statements.count.text, statements.count.values),
      ]);
      const total = totals[0]?.total ?? 0;
      return paginate(rows.map(reader.toRecord), {
        page: query.page,
        perPage: query.perPage,
        total,
        ...page,
      });
    },

    /**
     * Every matching record from one consistent snapshot, handed over in batches (CSV export) while
     * the snapshot's connection is held: `onRecords` must not wait on a client (decision 012).
     */
    async each(
      query: ListQuery,
      onRecords: (records: R[]) => Promise<void>,
      scope: TrashScope = 'without',
    ): Promise<void> {
      // The live rows of an export are picked here rather than in SQL: a planner without statistics
      // (PGlite has no autovacuum) takes `deleted_at IS NULL` for 0.5 % of the rows and sorts the
      // whole table instead of walking the sort's index. Trashed rows are few (TRASH_RETENTION_DAYS).
      const liveByHand = trashable && scope === 'without';
      const reader = liveByHand ? withTrash : readerOf(scope);
      const { rows: statement } = listStatements(reader, query, null, liveByHand ? null : scoped(scope));
      await database.snapshot(statement.text, statement.values, EXPORT_BATCH, (rows) =>
        onRecords(
          liveByHand
            ? rows.filter((row) => row.gestor_deleted_at === null).map(definition.toRecord)
            : rows.map(reader.toRecord),
        ),
      );
    },

    async show(id: number, scope: TrashScope = 'without'): Promise<R> {
      const [record] = await findRows(database, [id], null, scope);
      if (!record) throw notFound();
      return record;
    },

    async create(actor: AuthUser, input: C): Promise<R> {
      await definition.beforeTransaction?.(input as Partial<C & U>);
      return write(actor, async (ctx) => {
        // Authorized on what the client sent; then prepared (sanitized, completed) for storing.
        await definition.authorize?.(ctx, { action: 'create', input });
        await storeRichText(ctx.tx, input as Record<string, unknown>);
        await definition.prepare?.(ctx, input as Partial<C & U>, null);
        const issued = Object.fromEntries(
          Object.entries(definition.issuedOnCreate ?? {}).map(([column, make]) => [column, make()]),
        );
        const id = definition.create
          ? await definition.create(ctx, input)
          : await storeDeclared(ctx, input as Record<string, unknown>, null, issued);
        const [record] = await findRows(ctx.tx, [id]);
        const changes = diff({}, snapshot(record!));
        for (const field of [...(definition.secretFields ?? []), ...Object.keys(issued)]) {
          if ((input as Record<string, unknown>)[field] || issued[field]) {
            changes[field] = { from: null, to: HIDDEN_VALUE };
          }
        }
        await audit(ctx.tx, actor, id, 'created', changes);
        await definition.afterWrite?.(ctx, 'created');
        await announce(ctx, null, record!);
        // What the server issued is in this answer alone.
        return { ...record!, ...issued };
      });
    },

    /**
     * `updated_at` is the version the edit started from (409 when stale). Replacing a file may omit
     * it: that replaces whatever is stored, like a new upload.
     */
    async update(
      actor: AuthUser,
      id: number,
      input: U & { updated_at?: string },
      /** A restore of an earlier version (decision 025): audited as `reverted`, naming it. */
      revertedFrom: AuditEntry['reverted_from'] = null,
    ): Promise<R> {
      await definition.beforeTransaction?.(input as Partial<C & U>);
      return write(actor, async (ctx) => {
        const [current] = await findRows(ctx.tx, [id], 'FOR NO KEY UPDATE');
        if (!current) throw notFound();
        // Optimistic concurrency: the edit must start from the version stored now.
        if (
          input.updated_at !== undefined &&
          new Date(input.updated_at).getTime() !== new Date(current.updated_at).getTime()
        )
          throw conflict();
        const { updated_at: _startedFrom, ...changesOnly } = input;
        await definition.authorize?.(ctx, { action: 'update', current, input: changesOnly as U });
        await storeRichText(ctx.tx, changesOnly);
        await definition.prepare?.(ctx, changesOnly as Partial<C & U>, current);
        if (definition.update) await definition.update(ctx, current, changesOnly as U);
        else await storeDeclared(ctx, changesOnly as Record<string, unknown>, current);
        await ctx.tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
        const [record] = await findRows(ctx.tx, [id]);
        const changes = diff(snapshot(current), snapshot(record!));
        for (const field of definition.secretFields ?? []) {
          if ((input as Record<string, unknown>)[field])
            changes[field] = { from: HIDDEN_VALUE, to: HIDDEN_VALUE };
        }
        if (Object.keys(changes).length) {
          await audit(ctx.tx, actor, id, revertedFrom ? 'reverted' : 'updated', changes, revertedFrom);
        }
        await definition.afterWrite?.(ctx, 'updated');
        await announce(ctx, current, record!, Object.keys(changes).length > 0);
        await onSaved?.(ctx, contract.path, record!);
        return record!;
      });
    },

    /**
     * Deletes every id or none: a missing or refused one is a 422 and nothing is deleted. In an area
     * with a trash (decision 026) the records go to the trash: the same checks, a `deleted` entry.
     */
    async delete(actor: AuthUser, ids: number[], { single = false } = {}): Promise<void> {
      if (trashable) return trash.moveToTrash(actor, ids, { single });
      await write(actor, async (ctx) => {
        const { unique, records } = await lockedForDeletion(ctx, ids, single);
        if (tracksMedia) await media.forgetUsages(ctx.tx, contract.path, unique);
        await ctx.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [unique]);
        await definition.afterWrite?.(ctx, 'deleted');
        for (const record of records) await announce(ctx, record, null);
      });
    },

    /** Takes trashed records back out of the trash (all or none). */
    restore: (actor: AuthUser, ids: number[], options: { single?: boolean } = {}) =>
      trash.restore(actor, ids, options),
    /** Deletes trashed records for good (all or none); `all` empties the area's trash. */
    forceDelete: (actor: AuthUser, ids: number[] | 'all', options: { single?: boolean } = {}) =>
      trash.forceDelete(actor, ids, options),
    /** Deletes for good what has been in the trash longer than `days` (TRASH_RETENTION_DAYS). */
    purgeExpired: (days: number) => trash.purgeExpired(days),
    trashable,

    async history(id: number, query: ListQuery, page: PageRequest): Promise<Paginated<AuditEntry>> {
      const offset = (query.page - 1) * query.perPage;
      const [rows, totals] = await Promise.all([
        database.query<{
          id: number;
          action: AuditEntry['action'];
          user_id: number | null;
          user_name: string | null;
          changes: AuditEntry['changes'];
          created_at: Date;
          has_version: boolean;
          reverted_from: AuditEntry['reverted_from'];
        }>(
          `SELECT id, action, user_id, user_name, changes, created_at, version IS NOT NULL AS has_version,
                  reverted_from FROM audits
            WHERE resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT ${query.perPage} OFFSET ${offset}`,
          [contract.path, id],
        ),
        database.query<{ total: number }>(
          'SELECT count(*)::int AS total FROM audits WHERE resource = $1 AND record_id = $2',
          [contract.path, id],
        ),
      ]);
      const entries: AuditEntry[] = rows.map((row) => ({
        id: Number(row.id),
        action: row.action,
        user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
        changes: row.changes,
        created_at: row.created_at.toISOString(),
        has_version: row.has_version,
        reverted_from: row.reverted_from,
      }));
      return paginate(entries, {
        page: query.page,
        perPage: query.perPage,
        total: totals[0]?.total ?? 0,
        ...page,
      });
    },

    /**
     * The record as it was after history entry `auditId`, in the form its update takes (references as
     * `{id, name}`, rich text as stored); for an entry `deleted`, as it was before the deletion. 404
     * for an entry of another record, 422 for one that holds no version.
     */
    async versionAt(id: number, auditId: number) {
      return versions.rebuild(database, id, auditId);
    },

    /** `GET /{id}/versions/{audit id}`: that version as the record's own read shows it. */
    async version(id: number, auditId: number): Promise<Record<string, unknown>> {
      const { state, entry } = await versions.rebuild(database, id, auditId);
      const current = (await findRows(database, [id]))[0];
      return {
        id,
        ...(await versions.readable(database, state)),
        created_at: (current as { created_at?: string } | undefined)?.created_at ?? null,
        updated_at: entry.created_at,
      };
    },

    /**
     * `POST /{id}/versions/{audit id}/restore`: an ordinary update of what differs from that version
     * (same permissions, rules and 409 on a stale `updated_at`), audited as `reverted`. A version equal
     * to the record now changes nothing and writes no entry (like an update that changes nothing).
     * The publication state comes back only `withPublication`, and then only for a holder of the
     * area's publish permission, where it has one (issue 30).
     */
    async restoreVersion(
      actor: AuthUser,
      id: number,
      auditId: number,
      updatedAt: string,
      { withPublication = false }: { withPublication?: boolean } = {},
    ): Promise<R> {
      const publish = permissionsOf(contract.area).find((name) => name.endsWith('.publish'));
      if (withPublication && publish && !actor.permissions.includes(publish)) throw forbidden();
      const { state, entry } = await versions.rebuild(database, id, auditId);
      const current = await versions.capture(database, id);
      if (!current) throw notFound();
      // Nothing to change still runs as an update (its permission checks and 409), writing no entry.
      const input = await versions.toInput(database, id, state, current, { withPublication });
      const checked = validate(definition.updateInput, { ...input, updated_at: updatedAt });
      return this.update(actor, id, checked, { id: entry.id, created_at: entry.created_at });
    },
  };
}

/**
 * The declaration as the service reads it: when the area has rich text, each row also carries what
 * its library images need (`gestor_rich_media`), and the record's bodies are resolved from it.
 */
function withRichTextRead<R extends { id: number; updated_at: string }, C, U>(
  definition: ResourceDefinition<R, C, U>,
  media: MediaLinks,
): ResourceDefinition<R, C, U> {
  const { richText } = definition;
  if (!richText) return definition;
  const withMedia = (list: string) =>
    `${list}, ${media.richTextMediaSql(definition.contract.path, 't.id')} AS gestor_rich_media`;
  return {
    ...definition,
    columns: withMedia(definition.columns),
    // A list that leaves the bodies out has nothing to resolve.
    listColumns: definition.listColumns ?? withMedia(definition.columns),
    toRecord(row) {
      const record = definition.toRecord(row) as Record<string, unknown>;
      for (const field of richText.fields) {
        if (typeof record[field] === 'string' && row.gestor_rich_media !== undefined) {
          record[field] = media.readRichText(record[field], row.gestor_rich_media);
        }
      }
      return record as R;
    },
  };
}

export type ResourceService<R extends { id: number; updated_at: string }, C, U> = ReturnType<
  typeof createResourceService<R, C, U>
>;
