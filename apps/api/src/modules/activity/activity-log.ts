import {
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityKind,
  AREA_API_PATHS,
  AREAS,
  type Area,
  AUDIT_ACTIONS,
  REVIEW_CHANGE_LABELS,
  type ResourceContract,
  SECURITY_AREA,
} from '@gestor/shared';
import { z } from 'zod';
import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { dayFilter, madridDayStart } from '../../lib/madrid-days';
import { type ListQuery, Params } from '../resource/list-query';

// The activity log (issue 20, decision 031): the `audits` table (every area's history) and
// `security_events` read as one list, newest first. Each source is read in its own index order and
// the two merged, so a page costs what its rows cost, whichever source they come from.

/** What the log needs of an area to name its records: where they live and what titles them. */
export interface ActivityArea {
  contract: Pick<ResourceContract, 'area' | 'path' | 'lookup' | 'trash' | 'fields'>;
  table: string;
  titleColumn?: string;
}

/** The log's list parameters, read by the machinery's parser (list-query.ts): the same 422s. */
export const ACTIVITY_LIST: ResourceContract = {
  path: 'activity',
  area: 'user',
  label: { one: 'entrada', many: 'entradas', gender: 'feminine' },
  sortable: ['created_at'],
  defaultSort: '-created_at',
  filters: {
    user_id: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'El filtro user_id debe ser el id de un usuario.' })
      .transform(Number),
    area: z.enum([...AREAS, SECURITY_AREA], {
      error: `El filtro area debe ser una de estas: ${[...AREAS, SECURITY_AREA].join(', ')}.`,
    }),
    kind: z.enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]], {
      error: `El filtro kind debe ser uno de estos: ${ACTIVITY_KINDS.join(', ')}.`,
    }),
    from: dayFilter('from'),
    to: dayFilter('to'),
  },
  fields: {},
};

export interface ActivityFilters {
  user_id?: number;
  area?: Area | typeof SECURITY_AREA;
  kind?: ActivityKind;
  from?: string;
  to?: string;
}

/** The filters of a parsed list query, with `from` no later than `to`. */
export function activityFilters(list: ListQuery): ActivityFilters {
  const filters = list.filters as ActivityFilters;
  if (filters.from && filters.to && filters.from > filters.to) {
    throw ValidationError.field('filter.to', 'La fecha final no puede ser anterior a la inicial.');
  }
  return filters;
}

/** Where a read starts after: the last row of the previous batch (an export reads in batches). */
export interface ActivityCursor {
  source: ActivityEntry['source'];
  id: number;
  /** The row's created_at as the database wrote it (to the microsecond). */
  at: string;
}

interface ActivityRow {
  source: ActivityEntry['source'];
  id: string | number;
  kind: ActivityKind;
  created_at: Date;
  at: string;
  user_id: number | null;
  user_name: string | null;
  resource: string | null;
  record_id: number | null;
  fields: string[] | null;
  subject_id: number | null;
  subject_name: string | null;
  subject_email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | null;
}

export function createActivityLog({ database, areas }: { database: Connection; areas: ActivityArea[] }) {
  const byPath = new Map(areas.map((area) => [area.contract.path, area]));
  const audits = (kind: ActivityKind | undefined) =>
    kind === undefined || (AUDIT_ACTIONS as string[]).includes(kind);

  /** Each source's WHERE, or null when the filters leave that source out. */
  function conditions(filters: ActivityFilters, params: Params, after: ActivityCursor | null) {
    const audit: string[] = [];
    const security: string[] = [];
    const withAudits = filters.area !== SECURITY_AREA && audits(filters.kind);
    let withSecurity = filters.area === undefined || filters.area === SECURITY_AREA;
    if (filters.kind !== undefined) {
      withSecurity &&= !audits(filters.kind);
      const kind = params.add(filters.kind);
      audit.push(`a.action = ${kind}`);
      security.push(`s.kind = ${kind}`);
    }
    if (filters.area !== undefined && filters.area !== SECURITY_AREA) {
      audit.push(`a.resource = ${params.add(AREA_API_PATHS[filters.area])}`);
    }
    if (filters.user_id !== undefined) {
      const user = params.add(filters.user_id);
      audit.push(`a.user_id = ${user}`);
      // Done by the person, or to their account (their sign-ins, their roles changed).
      security.push(`(s.user_id = ${user} OR s.actor_id = ${user})`);
    }
    if (filters.from) {
      const from = params.add(madridDayStart(filters.from));
      audit.push(`a.created_at >= ${from}`);
      security.push(`s.created_at >= ${from}`);
    }
    if (filters.to) {
      const to = params.add(madridDayStart(filters.to, 1));
      audit.push(`a.created_at < ${to}`);
      security.push(`s.created_at < ${to}`);
    }
    if (after) {
      // The order is created_at, then security before audits, then id, all descending.
      const at = `${params.add(after.at)}::timestamptz`;
      const id = params.add(after.id);
      if (after.source === 'security') {
        audit.push(`a.created_at <= ${at}`);
        security.push(`(s.created_at, s.id) < (${at}, ${id})`);
      } else {
        audit.push(`(a.created_at, a.id) < (${at}, ${id})`);
        security.push(`s.created_at < ${at}`);
      }
    }
    const where = (list: string[]) => (list.length ? `WHERE ${list.join(' AND ')}` : '');
    return {
      audit: withAudits ? where(audit) : null,
      security: withSecurity ? where(security) : null,
    };
  }

  async function readRows(
    filters: ActivityFilters,
    { offset, limit, after = null }: { offset: number; limit: number; after?: ActivityCursor | null },
  ): Promise<ActivityRow[]> {
    const params = new Params();
    const where = conditions(filters, params, after);
    const enough = offset + limit;
    const branches: string[] = [];
    if (where.audit !== null) {
      branches.push(`(SELECT 'audit' AS source, a.id, a.action AS kind, a.created_at, a.created_at::text AS at,
          a.user_id, a.user_name, a.resource, a.record_id, ARRAY(SELECT jsonb_object_keys(a.changes)) AS fields,
          NULL::int AS subject_id, NULL::text AS subject_name, NULL::text AS subject_email, NULL::text AS ip,
          NULL::text AS user_agent, NULL::jsonb AS details
        FROM audits a ${where.audit} ORDER BY a.created_at DESC, a.id DESC LIMIT ${enough})`);
    }
    if (where.security !== null) {
      branches.push(`(SELECT 'security' AS source, s.id, s.kind, s.created_at, s.created_at::text AS at,
          coalesce(s.actor_id, s.user_id) AS user_id, coalesce(s.actor_name, s.user_name) AS user_name,
          NULL::text AS resource, NULL::int AS record_id, NULL::text[] AS fields, s.user_id AS subject_id,
          s.user_name AS subject_name, s.email AS subject_email, s.ip, s.user_agent, s.details
        FROM security_events s ${where.security} ORDER BY s.created_at DESC, s.id DESC LIMIT ${enough})`);
    }
    if (!branches.length) return [];
    return database.query<ActivityRow>(
      `SELECT * FROM (${branches.join(' UNION ALL ')}) e
        ORDER BY created_at DESC, source DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    );
  }

  async function count(filters: ActivityFilters): Promise<number> {
    const params = new Params();
    const where = conditions(filters, params, null);
    const counts = [
      where.audit === null ? '0' : `(SELECT count(*) FROM audits a ${where.audit})`,
      where.security === null ? '0' : `(SELECT count(*) FROM security_events s ${where.security})`,
    ];
    const [row] = await database.query<{ total: number }>(
      `SELECT (${counts.join(' + ')})::int AS total`,
      params.values,
    );
    return row?.total ?? 0;
  }

  /**
   * The records the rows name, by area: their title and SPA key now, or, for one deleted for good,
   * the last title its history recorded.
   */
  async function recordsOf(rows: ActivityRow[]) {
    const found = new Map<string, NonNullable<ActivityEntry['record']>>();
    const wanted = new Map<string, Set<number>>();
    for (const row of rows) {
      if (row.resource === null || row.record_id === null || !byPath.has(row.resource)) continue;
      const ids = wanted.get(row.resource) ?? new Set();
      wanted.set(row.resource, ids.add(row.record_id));
    }
    for (const [path, idSet] of wanted) {
      const { contract, table, titleColumn = 'name' } = byPath.get(path)!;
      const ids = [...idSet];
      const key = contract.lookup === 'slug' ? 't.slug' : 't.id::text';
      const trashed = contract.trash === false ? 'false' : 't.deleted_at IS NOT NULL';
      const current = await database.query<{
        id: number;
        title: string | null;
        key: string;
        trashed: boolean;
      }>(
        `SELECT t.id, t.${titleColumn}::text AS title, ${key} AS key, ${trashed} AS trashed
           FROM ${table} t WHERE t.id = ANY($1::int[])`,
        [ids],
      );
      for (const record of current) {
        found.set(`${path}:${record.id}`, { ...record, exists: true });
      }
      const gone = ids.filter((id) => !found.has(`${path}:${id}`));
      if (!gone.length) continue;
      const last = await database.query<{ record_id: number; title: string | null }>(
        `SELECT DISTINCT ON (record_id) record_id,
                coalesce(changes -> $3 ->> 'to', changes -> $3 ->> 'from') AS title
           FROM audits WHERE resource = $1 AND record_id = ANY($2::int[]) AND changes ? $3
          ORDER BY record_id, id DESC`,
        [path, gone, titleColumn],
      );
      for (const id of gone) {
        const title = last.find((row) => row.record_id === id)?.title ?? null;
        found.set(`${path}:${id}`, { id, key: null, title, exists: false, trashed: false });
      }
    }
    return found;
  }

  /** A changed field as people read it: its label in the area's field table (docs/areas.md history). */
  const labelOf = (path: string | null, field: string) => {
    const fields = path === null ? undefined : byPath.get(path)?.contract.fields;
    if (fields && Object.hasOwn(fields, field)) return fields[field]!.label;
    return Object.hasOwn(REVIEW_CHANGE_LABELS, field) ? REVIEW_CHANGE_LABELS[field]! : field;
  };

  async function toEntries(rows: ActivityRow[]): Promise<ActivityEntry[]> {
    const records = await recordsOf(rows);
    const areaOf = new Map(areas.map((area) => [area.contract.path, area.contract.area]));
    return rows.map((row) => ({
      id: `${row.source}-${row.id}`,
      source: row.source,
      kind: row.kind,
      created_at: row.created_at.toISOString(),
      user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
      area: row.resource === null ? null : (areaOf.get(row.resource) ?? null),
      record:
        row.resource === null || row.record_id === null
          ? null
          : (records.get(`${row.resource}:${row.record_id}`) ?? {
              id: row.record_id,
              key: null,
              title: null,
              exists: false,
              trashed: false,
            }),
      fields: (row.fields ?? []).map((field) => labelOf(row.resource, field)),
      subject:
        row.source === 'security'
          ? { id: row.subject_id, name: row.subject_name, email: row.subject_email }
          : null,
      details: row.details ?? {},
      ip: row.ip,
      user_agent: row.user_agent,
    }));
  }

  return {
    /** One page, newest first, and how many rows the filters match. */
    async page(filters: ActivityFilters, list: Pick<ListQuery, 'page' | 'perPage'>) {
      const [rows, total] = await Promise.all([
        readRows(filters, { offset: (list.page - 1) * list.perPage, limit: list.perPage }),
        count(filters),
      ]);
      return { entries: await toEntries(rows), total };
    },

    /** Every row the filters match, newest first, in batches (the CSV export). */
    async each(filters: ActivityFilters, batch: (entries: ActivityEntry[]) => Promise<void>, size = 500) {
      let after: ActivityCursor | null = null;
      for (;;) {
        const rows = await readRows(filters, { offset: 0, limit: size, after });
        if (!rows.length) return;
        await batch(await toEntries(rows));
        const last = rows[rows.length - 1]!;
        after = { source: last.source, id: Number(last.id), at: last.at };
        if (rows.length < size) return;
      }
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
