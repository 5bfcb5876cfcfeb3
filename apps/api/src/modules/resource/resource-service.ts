import type { AuditEntry, AuthUser, Paginated } from '@gestor/shared';
import type { ListQuery } from './list-query';
import {
  type AreaContext,
  createAreaContext,
  type Rec,
  type ServiceDependencies,
} from './operations/area-context';
import { create } from './operations/create';
import { deleteRecords } from './operations/delete';
import { each, list, type PageRequest, parseId, resolveKey, show } from './operations/find';
import { forceDelete, purgeExpired } from './operations/force-delete';
import { history, restoreVersion, version } from './operations/history';
import { restore } from './operations/restore';
import { update } from './operations/update';
import type { AreaService, ResourceDefinition } from './resource-definition';
import type { TrashScope } from './trash';
import type { VersionEntry, VersionState } from './versions';

// The generic operations of every area, driven by its declaration. Each operation is one file of
// `operations/`, its steps named in order there (after Payload's collection operations); this file
// says what the service offers and puts the area's context into each.

/** What the standard routes, the trash and the presence channel use of an area. */
export interface ResourceService<R extends Rec, C, U> extends AreaService<R, C, U> {
  trashable: boolean;
  list(query: ListQuery, page: PageRequest, scope?: TrashScope): Promise<Paginated<R>>;
  /** Every matching record in batches from one snapshot (the CSV export). */
  each(query: ListQuery, onRecords: (records: R[]) => Promise<void>, scope?: TrashScope): Promise<void>;
  update(
    actor: AuthUser,
    id: number,
    input: U & { updated_at?: string },
    revertedFrom?: AuditEntry['reverted_from'],
  ): Promise<R>;
  /** To the trash where the area has one, for good otherwise; all or none. */
  delete(actor: AuthUser, ids: number[], options?: { single?: boolean }): Promise<void>;
  /** Takes trashed records back out of the trash (all or none). */
  restore(actor: AuthUser, ids: number[], options?: { single?: boolean }): Promise<R[]>;
  /** Deletes trashed records for good (all or none); `all` empties the area's trash. */
  forceDelete(actor: AuthUser, ids: number[] | 'all', options?: { single?: boolean }): Promise<number>;
  /** Deletes for good what has been in the trash longer than `days` (TRASH_RETENTION_DAYS). */
  purgeExpired(days: number): Promise<number>;
  history(id: number, query: ListQuery, page: PageRequest): Promise<Paginated<AuditEntry>>;
  /**
   * The record as it was after history entry `auditId`, in the form its update takes (references as
   * `{id, name}`, rich text as stored); for an entry `deleted`, as it was before the deletion. 404
   * for an entry of another record, 422 for one that holds no version.
   */
  versionAt(id: number, auditId: number): Promise<{ state: VersionState; entry: VersionEntry }>;
  version(id: number, auditId: number): Promise<Record<string, unknown>>;
  restoreVersion(
    actor: AuthUser,
    id: number,
    auditId: number,
    updatedAt: string,
    options?: { withPublication?: boolean },
  ): Promise<R>;
}

/**
 * Every key a contract lists must be implemented by its declaration: checked when the area is
 * registered, so a mistake stops the server at start instead of answering 500 at request time.
 */
export function checkDefinition(definition: ResourceDefinition<Rec, unknown, unknown>) {
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

export function createResourceService<R extends Rec, C, U>(
  declared: ResourceDefinition<R, C, U>,
  dependencies: ServiceDependencies<R>,
): ResourceService<R, C, U> {
  checkDefinition(declared as unknown as ResourceDefinition<Rec, unknown, unknown>);
  const area: AreaContext<R, C, U> = createAreaContext(declared, dependencies);
  return {
    definition: area.definition,
    database: area.database,
    trashable: area.trashable,
    parseId,
    resolveKey: (raw) => resolveKey(area, raw),
    show: (id, scope = 'without') => show(area, id, scope),
    list: (query, page, scope = 'without') => list(area, query, page, scope),
    each: (query, onRecords, scope = 'without') => each(area, query, onRecords, scope),
    create: (actor, input) => create(area, actor, input),
    update: (actor, id, input, revertedFrom) => update(area, actor, id, input, revertedFrom),
    delete: (actor, ids, options) => deleteRecords(area, actor, ids, options),
    restore: (actor, ids, options) => restore(area, actor, ids, options),
    forceDelete: (actor, ids, options) => forceDelete(area, actor, ids, options),
    purgeExpired: (days) => purgeExpired(area, days),
    history: (id, query, page) => history(area, id, query, page),
    versionAt: (id, auditId) => area.versions.rebuild(area.database, id, auditId),
    version: (id, auditId) => version(area, id, auditId),
    restoreVersion: (actor, id, auditId, updatedAt, options) =>
      restoreVersion(area, actor, id, auditId, updatedAt, options),
    // An area's own writes (an extra route, such as reordering slides) run like the standard ones.
    write: area.write,
    audit: area.audit,
    announce: area.announce,
  };
}
