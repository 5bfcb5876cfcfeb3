import { type AuditEntry, webhookModeOf } from '@gestor/shared';
import type { Connection, Database } from '../../../db/client';
import { writeAudit } from '../audit-log';
import { auditValue, type FieldSpec, usageFields } from '../declared-fields';
import type { MediaLinks } from '../media-links';
import type { AreaService, ChangeFeed, ResourceDefinition, WriteContext } from '../resource-definition';
import { scopeSql, type TrashScope, withDeletedAt } from '../trash';
import { compactChanges, type Versions, versionsOf } from '../versions';
import { runWrite } from './write';

export type Rec = { id: number; updated_at: string };
export type Log = { error(obj: object, msg: string): void };
export type RowLock = 'FOR UPDATE' | 'FOR NO KEY UPDATE' | null;

export interface ServiceDependencies<R extends Rec> {
  database: Database;
  log: Log;
  media: MediaLinks;
  changeFeed?: ChangeFeed;
  /** Told of every update in its transaction: the tabs that have the record open (decision 027). */
  onSaved?: (ctx: WriteContext, area: string, record: R) => Promise<void>;
}

/**
 * What every operation of one area reads: its declaration as the service reads it, where it is
 * stored, and the few steps the operations share (reading locked rows, the history entry, the
 * webhooks' note, the transaction). Built once per area when the server starts.
 */
export interface AreaContext<R extends Rec, C, U>
  extends ServiceDependencies<R>,
    Pick<AreaService<R, C, U>, 'audit' | 'write'> {
  definition: ResourceDefinition<R, C, U>;
  table: string;
  path: string;
  fields: Record<string, FieldSpec> | undefined;
  versions: Versions;
  /** Decision 026: an area with a trash sees its live records unless a read asks for the trash. */
  trashable: boolean;
  /** Columns whose values a trashed record keeps reserved (decision 026). */
  uniqueFields: string[];
  /** Whether the area's records use library items (media references or rich text images). */
  tracksMedia: boolean;
  scoped(scope: TrashScope): string | null;
  readerOf(scope: TrashScope): ResourceDefinition<R, C, U>;
  /** The declaration reading `deleted_at` too (a trashed record in the trash's lists). */
  withTrash: ResourceDefinition<R, C, U>;
  findRows(conn: Connection, ids: number[], lock?: RowLock, scope?: TrashScope): Promise<R[]>;
  /** The audited view of a record: field → comparable value. */
  snapshot(record: R): Record<string, unknown>;
  /** How other screens name a record (the trash's refusals). */
  titleOf(record: R): string;
  /**
   * Which of these records a public reader sees now, in the write's transaction: asked before a write
   * changes them, and given to `announce` as `wasPublic`. Empty when the area tells the website nothing.
   */
  publicNow(tx: Connection, ids: number[]): Promise<Set<number>>;
  /**
   * Tells the change feed (webhooks) what one write did to one record, in the write's transaction.
   * `wasPublic` is what `publicNow` said before the write; absent, the write did not change whether
   * the record is public (an area's own write, such as a new order) and it is asked now.
   */
  announce(
    ctx: WriteContext,
    before: { id: number } | null,
    after: { id: number } | null,
    edited?: boolean,
    wasPublic?: boolean,
  ): Promise<void>;
}

/**
 * The instructions a write carried that its history keeps (`audited`): each as a change from nothing
 * to what was sent. The area's hooks remove one that was not needed.
 */
export function auditedInstructions(
  names: readonly string[] | undefined,
  input: Record<string, unknown>,
): AuditEntry['changes'] {
  const changes: AuditEntry['changes'] = {};
  for (const name of names ?? []) {
    const value = input[name];
    if (value !== undefined && value !== null && value !== '') changes[name] = { from: null, to: value };
  }
  return changes;
}

/** Field by field, what differs between two audited views (the history entry's `changes`). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry['changes'] {
  const changes: AuditEntry['changes'] = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export function createAreaContext<R extends Rec, C, U>(
  declared: ResourceDefinition<R, C, U>,
  dependencies: ServiceDependencies<R>,
): AreaContext<R, C, U> {
  const definition = withRichTextRead(declared, dependencies.media);
  const { table, contract, fields } = definition;
  // Decision 025: each history entry keeps the whole version (read as stored, so rich text by id).
  const versions = versionsOf(
    declared as unknown as ResourceDefinition<Rec, unknown, unknown>,
    dependencies.media,
  );
  const trashable = contract.trash !== false;
  const withTrash = withDeletedAt(definition);
  const scoped = (scope: TrashScope) => (trashable ? scopeSql(scope) : null);
  const readerOf = (scope: TrashScope) => (trashable && scope !== 'without' ? withTrash : definition);
  // docs/webhooks.md#events: the areas whose registry entry says what the website is told.
  const announcing = Boolean(dependencies.changeFeed && webhookModeOf(contract.area));
  const shown = `${definition.publicSide?.condition ?? 'true'}${trashable ? ' AND t.deleted_at IS NULL' : ''}`;
  const publicNow = async (tx: Connection, ids: number[]) => {
    if (!announcing || !ids.length) return new Set<number>();
    const rows = await tx.query<{ id: number }>(
      `SELECT t.id FROM ${table} t WHERE t.id = ANY($1::int[]) AND ${shown}`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  };

  const context: AreaContext<R, C, U> = {
    ...dependencies,
    definition,
    table,
    path: contract.path,
    fields,
    versions,
    trashable,
    uniqueFields: [
      ...(definition.slug ? ['slug'] : []),
      ...Object.values(definition.uniqueConstraints ?? {}).map((known) => known.field),
    ],
    tracksMedia: usageFields(fields).length > 0 || Boolean(definition.richText),
    scoped,
    readerOf,
    withTrash,

    // NO KEY UPDATE for edits: it does not conflict with the KEY SHARE lock that a foreign key check
    // takes (an audit row naming the user who edits), so two people editing each other never deadlock.
    async findRows(conn, ids, lock = null, scope = 'without') {
      const condition = scoped(scope);
      const reader = readerOf(scope);
      const rows = await conn.query(
        `SELECT ${reader.columns} FROM ${table} t WHERE t.id = ANY($1::int[])${condition ? ` AND ${condition}` : ''}
          ORDER BY t.id${lock ? ` ${lock} OF t` : ''}`,
        [ids],
      );
      return rows.map(reader.toRecord);
    },

    snapshot(record) {
      if (definition.auditSnapshot) return definition.auditSnapshot(record);
      const named = record as Record<string, unknown>;
      const view: Record<string, unknown> = {};
      for (const name of Object.keys(fields ?? {})) view[name] = auditValue(named[name]);
      if (definition.slug) view.slug = named.slug;
      return view;
    },

    titleOf(record) {
      const named = record as unknown as Record<string, unknown>;
      return String(named[definition.titleColumn ?? 'name'] ?? named.title ?? named.name ?? `#${record.id}`);
    },

    async audit(conn, actor, recordId, action, changes, revertedFrom = null) {
      await writeAudit(conn, { resource: contract.path, recordId, action, actor }, compactChanges(changes), {
        version: await versions.versionFor(conn, recordId),
        revertedFrom,
      });
    },

    publicNow,

    async announce(ctx, before, after, edited = true, wasPublic) {
      if (!announcing) return;
      const was = before !== null && (wasPublic ?? (await publicNow(ctx.tx, [before.id])).has(before.id));
      const is = after !== null && (await publicNow(ctx.tx, [after.id])).has(after.id);
      await dependencies.changeFeed!(ctx, {
        definition: definition as unknown as ResourceDefinition<Rec, unknown, unknown>,
        before,
        after,
        edited,
        was,
        is,
      });
    },

    write: (actor, fn) => runWrite(definition, dependencies.database, dependencies.log, actor, fn),
  };
  return context;
}

/**
 * The declaration as the service reads it: when the area has rich text, each row also carries what
 * its library images need (`gestor_rich_media`), and the record's bodies are resolved from it.
 */
function withRichTextRead<R extends Rec, C, U>(
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
