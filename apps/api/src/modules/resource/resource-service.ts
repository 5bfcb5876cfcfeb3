import { type AuditEntry, type AuthUser, HIDDEN_VALUE, type Paginated, SLUG_PATTERN } from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { isForeignKeyViolation, isRetryable, isUniqueViolation } from '../../db/errors';
import { conflict, notFound, ValidationError } from '../../lib/http-errors';
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

type Log = { error(obj: object, msg: string): void };

export interface PageRequest {
  path: string;
  query: URLSearchParams;
}

const MAX_ATTEMPTS = 3;
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
  const { table, columns, contract } = definition;

  // NO KEY UPDATE for edits: it does not conflict with the KEY SHARE lock that a foreign key check
  // takes (an audit row naming the user who edits), so two people editing each other never deadlock.
  async function findRows(
    conn: Connection,
    ids: number[],
    lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE' | null = null,
  ): Promise<R[]> {
    const rows = await conn.query(
      `SELECT ${columns} FROM ${table} t WHERE t.id = ANY($1::int[]) ORDER BY t.id${lock ? ` ${lock} OF t` : ''}`,
      [ids],
    );
    return rows.map(definition.toRecord);
  }

  async function audit(
    conn: Connection,
    actor: AuthUser,
    recordId: number,
    action: AuditEntry['action'],
    changes: AuditEntry['changes'],
  ): Promise<void> {
    await writeAudit(conn, { resource: contract.path, recordId, action, actor }, changes);
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

  /** `/{id}`, or `/{slug}` in areas addressed by slug (AREAS.md: news, categories). */
  async function resolveKey(raw: string): Promise<number> {
    if (/^\d{1,9}$/.test(raw) || contract.lookup !== 'slug') return parseId(raw);
    if (raw.length > 200 || !SLUG_PATTERN.test(raw)) throw notFound();
    const [row] = await database.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [raw]);
    if (!row) throw notFound();
    return row.id;
  }

  const fields = definition.fields;
  const richText = definition.richText;
  const mediaSpecs = usageFields(fields);
  const tracksMedia = mediaSpecs.length > 0 || Boolean(richText);

  /**
   * AREAS.md "Rich text": the allowlist applies to every write, whatever the client sends; library
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
    const id = await writeResolved(ctx.tx, table, resolved, current?.id ?? null);
    if (tracksMedia) await media.syncUsages(ctx.tx, contract.path, id, await mediaUsedBy(ctx.tx, id));
    return id;
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

    async list(query: ListQuery, page: PageRequest): Promise<Paginated<R>> {
      const statements = listStatements(definition, query);
      const [rows, totals] = await Promise.all([
        database.query(statements.rows.text, statements.rows.values),
        database.query<{ total: number }>(statements.count.text, statements.count.values),
      ]);
      const total = totals[0]?.total ?? 0;
      return paginate(rows.map(definition.toRecord), {
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
    async each(query: ListQuery, onRecords: (records: R[]) => Promise<void>): Promise<void> {
      const { rows: statement } = listStatements(definition, query, null);
      await database.snapshot(statement.text, statement.values, EXPORT_BATCH, (rows) =>
        onRecords(rows.map(definition.toRecord)),
      );
    },

    async show(id: number): Promise<R> {
      const [record] = await findRows(database, [id]);
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
    async update(actor: AuthUser, id: number, input: U & { updated_at?: string }): Promise<R> {
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
        if (Object.keys(changes).length) await audit(ctx.tx, actor, id, 'updated', changes);
        await definition.afterWrite?.(ctx, 'updated');
        await announce(ctx, current, record!, Object.keys(changes).length > 0);
        await onSaved?.(ctx, contract.path, record!);
        return record!;
      });
    },

    /** Deletes every id or none: a missing or refused one is a 422 and nothing is deleted. */
    async delete(actor: AuthUser, ids: number[], { single = false } = {}): Promise<void> {
      await write(actor, async (ctx) => {
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
          await audit(ctx.tx, actor, record.id, 'deleted', diff(snapshot(record), {}));
        }
        if (tracksMedia) await media.forgetUsages(ctx.tx, contract.path, unique);
        await ctx.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [unique]);
        await definition.afterWrite?.(ctx, 'deleted');
        for (const record of records) await announce(ctx, record, null);
      });
    },

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
        }>(
          `SELECT id, action, user_id, user_name, changes, created_at FROM audits
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
      }));
      return paginate(entries, {
        page: query.page,
        perPage: query.perPage,
        total: totals[0]?.total ?? 0,
        ...page,
      });
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
