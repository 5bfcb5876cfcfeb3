import { z } from 'zod';
import type { CrossFieldRule, FieldTable } from './fields';
import { AREA_API_PATHS, AREA_REGISTRY, type Area, type Gender } from './permissions';

// docs/http-api.md#resources-one-shape-for-every-area: the shapes every management area shares.

/** Laravel's paginated resource collection. */
export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: Array<{ url: string | null; label: string; active: boolean }>;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;
export const BULK_DELETE_MAX = 1000;

/**
 * What one area declares for both sides: where it lives, its fields (decision 018), what lists may
 * sort, filter and search by.
 */
export interface ResourceContract<
  Sort extends string = string,
  Filter extends string = string,
  F extends FieldTable = FieldTable,
> {
  /** URL segment under /api (plural, as docs/architecture.md lists them). */
  path: string;
  /** Permission area: `<area>.view` and so on. */
  area: Area;
  /** Spanish singular and plural and the singular's gender, for messages and titles ("Nueva noticia"). */
  label: { one: string; many: string; gender: Gender };
  /**
   * How one record is addressed in `/api/<path>/{key}` and the SPA's edit screen (docs/areas.md): by id,
   * or by slug (news, categories), where the API also answers to the id. Default `id`.
   */
  lookup?: 'id' | 'slug';
  sortable: readonly Sort[];
  defaultSort: `${Sort}` | `-${Sort}`;
  filters: Record<Filter, z.ZodType>;
  /** Every field, stated once: inputs, references, what the server computes. */
  fields: F;
  /** Rules between fields, checked on create and update bodies (a scheduled item needs its date). */
  rule?: CrossFieldRule;
  /** Rules a create body alone must meet (a new account: a password or an invitation). */
  createRule?: CrossFieldRule;
  /**
   * docs/areas.md#rules-shared-by-the-content-areas: `ranked`, Spanish full text with best matches first when no sort is given;
   * `plain` (the default), accent-insensitive matching of the area's searchable text.
   */
  search?: 'ranked' | 'plain';
  /**
   * Decision 026: deleting moves a record to the trash (restorable, deleted for good from there).
   * `false` for an area whose delete stays final (webhooks).
   */
  trash?: false;
}

/** A filter value that arrives as text in the query string: "true"/"false"/"1"/"0". */
export const booleanFilter = z
  .enum(['true', 'false', '1', '0'], { error: 'Indique true o false.' })
  .transform((v) => v === 'true' || v === '1');

/** Ids are PostgreSQL `integer`s: anything above is no record, and would make the database fail. */
export const ID_MAX = 2_147_483_647;

/** One id of a list of records sent by id (bulk delete, a new order). */
export const listedId = z
  .number({ error: 'Cada id debe ser un número.' })
  .int({ error: 'Cada id debe ser un número entero.' })
  .min(1, { error: 'Cada id debe ser un número entero positivo.' })
  .max(ID_MAX, { error: 'Cada id debe ser un identificador válido.' });

export const BulkDeleteInput = z.strictObject({
  ids: z
    .array(listedId, { error: 'El campo ids debe ser una lista de identificadores.' })
    .min(1, { error: 'Seleccione al menos un elemento.' })
    .max(BULK_DELETE_MAX, { error: `No se pueden eliminar más de ${BULK_DELETE_MAX} elementos a la vez.` }),
});
export type BulkDeleteInput = z.infer<typeof BulkDeleteInput>;

export interface AuditEntry {
  id: number;
  /**
   * `deleted`: moved to the trash; `restored`: taken out of it; `force_deleted`: deleted for good;
   * `reverted`: an earlier version restored (issue 19); `submitted`: sent to review, `returned`: sent
   * back to draft with comments (docs/review.md; the note is the change `note`).
   */
  action:
    | 'created'
    | 'updated'
    | 'deleted'
    | 'restored'
    | 'force_deleted'
    | 'reverted'
    | 'submitted'
    | 'returned';
  // The name is kept as it was when the change was made; the id is null once that user is deleted.
  user: { id: number | null; name: string } | null;
  /**
   * Field → its value before and after. A long text (a body) keeps only an excerpt around what
   * changed (`excerpt: true`); its whole version is rebuilt from `versions/{id}` (decision 025).
   */
  changes: Record<string, { from: unknown; to: unknown; excerpt?: true }>;
  created_at: string;
  /** Whether the whole record as it was after this change can be shown and restored. */
  has_version: boolean;
  /** On a `reverted` entry: the entry whose version was restored ("Restaurada la versión del …"). */
  reverted_from: { id: number; created_at: string } | null;
}

export const AUDIT_ACTION_LABELS: Record<AuditEntry['action'], string> = {
  created: 'Creado',
  updated: 'Modificado',
  deleted: 'Enviado a la papelera',
  restored: 'Recuperado de la papelera',
  force_deleted: 'Eliminado definitivamente',
  reverted: 'Versión restaurada',
  submitted: 'Enviado a revisión',
  returned: 'Devuelto con comentarios',
};

/** Placeholder written to the audit for secret fields: that they changed, never their values. */
export const HIDDEN_VALUE = '[oculto]';

/** An area's contract, its API path taken from the area (`AREA_API_PATHS`): stated once. */
/** An area's contract with what its registry entry states: its path under /api and its noun. */
export function areaContract<C extends Omit<ResourceContract, 'path' | 'label'>>(
  contract: C,
): C & Pick<ResourceContract, 'path' | 'label'> {
  return { ...contract, path: AREA_API_PATHS[contract.area], label: AREA_REGISTRY[contract.area].noun };
}
