import type { AuditEntry, AuthUser, ResourceContract } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Connection, Database } from '../../db/client';
import type { FieldSpec } from './declared-fields';
import type { PublicSideDeclaration } from './public-side';
import type { TrashScope } from './trash';
import type { ReceivedFile } from './uploads';

// What one management area declares; the machinery (list, show, create, update, delete, bulk
// delete, audit, CSV, permission checks) is written once in this folder.

export interface WriteContext {
  tx: Connection;
  actor: AuthUser;
  /** Work to run once the transaction has committed (mails): never sent for a change that rolled back. */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * An area whose records are files (decision 008): `POST /api/<path>` takes multipart/form-data with
 * the file in `field` beside the text fields, and `PUT /api/<path>/{id}/<field>` replaces the file.
 */
export interface UploadDeclaration {
  field: string;
  /**
   * Checks and stores a received file before the transaction starts (type, variants, storage: slow
   * work that must not hold a database connection). Returns the value the area's create or update
   * receives under `field`, and how to remove what was stored if the write then fails.
   */
  accept(file: ReceivedFile): Promise<{ value: unknown; remove(): Promise<void> }>;
}

/** A write after its declared fields were resolved: the column values about to be stored. */
export interface CheckedWrite<R> {
  current: R | null;
  columns: ReadonlyMap<string, unknown>;
}

export type AuthorizedWrite<R, C, U> =
  | { action: 'create'; input: C }
  | { action: 'update'; current: R; input: U }
  | { action: 'delete'; records: R[] };

/** One record's change inside a write: as it was (null on create) and as it is (null on delete). */
export interface RecordChange {
  definition: ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>;
  before: { id: number } | null;
  after: { id: number } | null;
  /** Whether an update changed what people wrote (its history entry is not empty). */
  edited: boolean;
  /**
   * Whether a public reader saw the record before the write and sees it after (its area's public
   * condition, decision 047, asked in the write's transaction; a record of an area with no public
   * side is seen while it exists).
   */
  was: boolean;
  is: boolean;
}

/** Where the machinery reports each change, inside the write's transaction (the webhooks' outbox). */
export type ChangeFeed = (ctx: WriteContext, change: RecordChange) => Promise<void>;

export interface CsvColumn<R> {
  header: string;
  value(record: R): string | number | boolean | null;
}

export interface ResourceDefinition<R extends { id: number; updated_at: string }, C, U> {
  contract: ResourceContract;
  /** The table, read under the alias `t`. */
  table: string;
  /** SELECT list (alias t) producing one row per record; relations as correlated subqueries. */
  columns: string;
  /**
   * SELECT list of list pages and the CSV export, when lighter than `columns` (a test's questions
   * are left out, its count kept). `toRecord` then gets rows without the columns left out.
   */
  listColumns?: string;
  /** Turns a database row into the record the API returns. */
  toRecord(row: Record<string, unknown>): R;
  /** Sort key → indexed SQL expression. Every key of contract.sortable must be here. */
  sortColumns: Record<string, string>;
  /** Filter name → SQL condition given the placeholder of its (already validated) value. */
  filterConditions: Record<string, (placeholder: string) => string>;
  /** Column holding gestor_fold(searchable text), indexed for LIKE '%…%'. */
  searchColumn?: string;
  /**
   * Full-text search instead (docs/areas.md#rules-shared-by-the-content-areas: Spanish, stemmed, best matches first): the condition
   * and the rank given the placeholder of the search text. Lists searched without a sort order by rank.
   */
  fullTextSearch?: { condition(text: string): string; rank(text: string): string };
  /**
   * Rich text fields (docs/areas.md#rules-shared-by-the-content-areas): sanitized by the allowlist on every write, whatever the
   * client sends; the library images they show are stored by id, counted as usages and read back
   * with their files' current addresses (MediaLinks).
   */
  richText?: { fields: readonly string[] };
  /** Unique constraint name → the field and the Spanish sentence for a duplicate. */
  uniqueConstraints?: Record<string, { field: string; message: string }>;
  /**
   * Foreign key constraint name → the field and the Spanish sentence when a write breaks it (a delete
   * of a record that something started to reference meanwhile).
   */
  foreignKeyConstraints?: Record<string, { field: string; message: string }>;
  createInput: z.ZodType<C>;
  updateInput: z.ZodType<U & { updated_at: string }>;
  /**
   * How the input is stored (decision 008): columns, references and lists of references, written by
   * the machinery. An area that declares its fields needs no create or update of its own.
   */
  fields?: Record<string, FieldSpec>;
  /** The slug is made from this input field when none is given (docs/areas.md#rules-shared-by-the-content-areas); column `slug`. */
  slug?: { from: string };
  /** The column that names a record where other areas list it (media usages); default `name`. */
  titleColumn?: string;
  /** Records that are files: multipart create and replace routes. */
  upload?: UploadDeclaration;
  /**
   * Slow work on the input done before the transaction opens (hashing a password): inside it, the
   * area's lock and, on PGlite, the one connection would be held meanwhile. Reads no database.
   */
  beforeTransaction?(input: Partial<C & U>): Promise<void>;
  /** Prepares the input on the server before anything else sees it (e.g. sanitizing rich text). */
  prepare?(ctx: WriteContext, input: Partial<C & U>, current: R | null): Promise<void> | void;
  /** Checks the resolved values against other records (a category's parent must not be below it). */
  check?(ctx: WriteContext, write: CheckedWrite<R>): Promise<void>;
  /** Inserts the record and its relations; returns its id. Default: the declared fields. */
  create?(ctx: WriteContext, input: C): Promise<number>;
  /** Applies the update (the row is locked and updated_at checked). Default: the declared fields. */
  update?(ctx: WriteContext, current: R, input: U): Promise<void>;
  /**
   * Authorizes a write by its content, beyond the route's permission (docs/http-api.md: nobody gains
   * what they do not hold): throws 403 or 422. Runs inside the transaction, after the records were
   * locked, before anything is written.
   */
  authorize?(ctx: WriteContext, write: AuthorizedWrite<R, C, U>): Promise<void>;
  /**
   * Writes of this area run one at a time (a transaction-scoped advisory lock taken first), for
   * invariants that span records, such as "an active administrator always remains".
   */
  serializeWrites?: boolean;
  /** Refuses a delete with a ValidationError (all or nothing for bulk deletes). */
  beforeDelete?(ctx: WriteContext, records: R[]): Promise<void>;
  /** Checks the state after any write, still inside the transaction (e.g. an active administrator remains). */
  afterWrite?(ctx: WriteContext, action: 'created' | 'updated' | 'deleted'): Promise<void>;
  /** The audited view of a record: field → comparable value. Default: the declared fields, references by name. */
  auditSnapshot?(record: R): Record<string, unknown>;
  /** Input fields that are audited as changed without their values (passwords). */
  secretFields?: string[];
  /** Instructions the history keeps when the area's hooks leave them in the input (fields.ts `audited`). */
  auditedInstructions?: string[];
  /**
   * Values the server makes for a new record, stored in their columns and shown once, in the answer
   * to its creation (a webhook's signing secret): never read back, listed, exported or audited.
   */
  issuedOnCreate?: Record<string, () => string>;
  /** What the website reads of it through the public API (decision 047); not public when absent. */
  publicSide?: PublicSideDeclaration;
  csv: CsvColumn<R>[];
  /** Work when records go to the trash, after their history entry (a user's sessions end). */
  onTrash?(ctx: WriteContext, records: R[]): Promise<void>;
  /** Work before trashed records come back (a slide's place is made free again). */
  onRestore?(ctx: WriteContext, records: R[]): Promise<void>;
  /** Work when records are deleted for good (a file's storage is removed after commit). */
  onPurge?(ctx: WriteContext, records: R[]): Promise<void>;
  /** Extra routes of this area beyond the standard ones. */
  routes?(app: FastifyInstance, service: AreaService<R, C, U>): void;
}

/**
 * What an area's own routes (`routes` above) use of its service (resource-service.ts, which gives
 * more): reads, and writes run as the standard ones are (one transaction, the area's lock, retried
 * after a deadlock; recorded in the history and told to the webhooks).
 */
export interface AreaService<R extends { id: number; updated_at: string }, C, U> {
  definition: ResourceDefinition<R, C, U>;
  database: Database;
  /** A route's `:id`, or a 404 when it is not one. */
  parseId(raw: string): number;
  /** A route's `:id` or slug, as the record's id; a 404 when no record has it. */
  resolveKey(raw: string): Promise<number>;
  show(id: number, scope?: TrashScope): Promise<R>;
  create(actor: AuthUser, input: C): Promise<R>;
  write<T>(actor: AuthUser, fn: (ctx: WriteContext) => Promise<T>): Promise<T>;
  audit(
    conn: Connection,
    actor: AuthUser,
    recordId: number,
    action: AuditEntry['action'],
    changes: AuditEntry['changes'],
    revertedFrom?: AuditEntry['reverted_from'],
  ): Promise<void>;
  announce(
    ctx: WriteContext,
    before: { id: number } | null,
    after: { id: number } | null,
    edited?: boolean,
  ): Promise<void>;
}

/**
 * A text column sorted in Spanish order on both engines (migration 0004): "Álvaro" with the A's,
 * "Ñandú" after "Nube". Its index is `((gestor_sort_key(column) COLLATE "C"), id)`.
 */
export const spanishOrder = (column: string) => `(gestor_sort_key(${column}) COLLATE "C")`;

/** A `date` column read as the API writes a day (`YYYY-MM-DD`), the same on both engines. */
export const daySql = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Every record's `created_at` and `updated_at`, as the API writes dates (ISO 8601, UTC). */
export const timestamps = (row: Record<string, unknown>) => ({
  created_at: (row.created_at as Date).toISOString(),
  updated_at: (row.updated_at as Date).toISOString(),
});

/** The sort keys every area offers on its timestamps (each backed by an index `(column, id)`). */
export const TIMESTAMP_SORTS = { created_at: 't.created_at', updated_at: 't.updated_at' } as const;

export function defineResource<R extends { id: number; updated_at: string }, C, U>(
  definition: ResourceDefinition<R, C, U>,
): ResourceDefinition<R, C, U> {
  return definition;
}
