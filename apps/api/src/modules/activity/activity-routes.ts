import {
  ACTIVITY_KIND_LABELS,
  type ActivityEntry,
  type ActivityPerson,
  AREA_LABELS,
  type ResourceContract,
  SECURITY_AREA_LABEL,
} from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { CSV_BOM, csvDate, csvHeader, csvRow } from '../resource/csv';
import type { ExportLimiter } from '../resource/export-limiter';
import { sendExport } from '../resource/export-reply';
import { EXPORT_IDLE_TIMEOUT_MS, spoolExport } from '../resource/export-spool';
import { escapeLike, Params, parseListQuery } from '../resource/list-query';
import { paginate } from '../resource/pagination';
import { type CsvColumn, spanishOrder } from '../resource/resource-definition';
import { ACTIVITY_LIST, type ActivityArea, activityFilters, createActivityLog } from './activity-log';

// GET /api/activity (issue 20, decision 031): the activity log, behind `activity.view`, in Laravel's
// pagination shape, or as CSV (`?format=csv`) with the same filters, as every list exports.

/** Who, when, what and where, as the screen shows it; security events with their address. */
const CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: 'Fecha', value: (entry) => csvDate(entry.created_at) },
  { header: 'Persona', value: (entry) => entry.user?.name ?? null },
  { header: 'Área', value: (entry) => (entry.area ? AREA_LABELS[entry.area] : SECURITY_AREA_LABEL) },
  { header: 'Tipo de cambio', value: (entry) => ACTIVITY_KIND_LABELS[entry.kind] },
  { header: 'Id del registro', value: (entry) => entry.record?.id ?? null },
  { header: 'Registro', value: (entry) => entry.record?.title ?? null },
  { header: 'Campos cambiados', value: (entry) => entry.fields.join(', ') || null },
  {
    header: 'Cuenta',
    value: (entry) => entry.subject?.email ?? entry.subject?.name ?? null,
  },
  { header: 'Dirección IP', value: (entry) => entry.ip },
  { header: 'Navegador', value: (entry) => entry.user_agent },
];

export function activityRoutes(
  app: FastifyInstance,
  {
    database,
    areas,
    appUrl,
    tmpDir,
    exportIdleTimeoutMs = EXPORT_IDLE_TIMEOUT_MS,
    exportLimiter,
  }: {
    database: Database;
    areas: ActivityArea[];
    appUrl: string;
    tmpDir: string;
    exportIdleTimeoutMs?: number;
    /** The same slots as the areas' exports (decision 041). */
    exportLimiter: ExportLimiter;
  },
) {
  const log = createActivityLog({ database, areas });

  app.get('/api/activity', { config: { permission: 'activity.view' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const list = parseListQuery(ACTIVITY_LIST, query);
    const filters = activityFilters(list);
    if (query.format === 'csv') {
      // Decision 012, as the lists do: the whole export to a temporary file first, then sent.
      const date = new Date().toISOString().slice(0, 10);
      return sendExport(request, reply, {
        limiter: exportLimiter,
        idleTimeoutMs: exportIdleTimeoutMs,
        type: 'text/csv; charset=utf-8',
        filename: `actividad-${date}.csv`,
        spool: (stillWanted) =>
          spoolExport(tmpDir, async (write) => {
            // It may have waited for a slot (decision 041): one whose client has gone is not read at all.
            stillWanted();
            await write(CSV_BOM + csvHeader(CSV_COLUMNS));
            await log.each(filters, async (entries) => {
              stillWanted();
              await write(entries.map((entry) => csvRow(CSV_COLUMNS, entry)).join(''));
            });
          }),
      });
    }
    const { entries, total } = await log.page(filters, list);
    return paginate(entries, {
      page: list.page,
      perPage: list.perPage,
      total,
      path: `${appUrl}/api/activity`,
      query: new URLSearchParams(request.url.split('?')[1] ?? ''),
    });
  });

  // The person filter's choices: whoever may read the log may name the people it lists, without
  // `user.view` (the users area's list shows far more of them). Searched and paged as a list is.
  app.get('/api/activity/people', { config: { permission: 'activity.view' } }, async (request) => {
    const list = parseListQuery(PEOPLE_LIST, request.query as Record<string, unknown>);
    const params = new Params();
    const where = list.search
      ? `WHERE t.search_text LIKE '%' || gestor_fold(${params.add(escapeLike(list.search))}) || '%'`
      : '';
    const offset = (list.page - 1) * list.perPage;
    const [people, counted] = await Promise.all([
      database.query<ActivityPerson>(
        `SELECT t.id, t.name, t.email FROM users t ${where}
          ORDER BY ${spanishOrder('t.name')}, t.id LIMIT ${list.perPage} OFFSET ${offset}`,
        params.values,
      ),
      database.query<{ total: number }>(`SELECT count(*)::int AS total FROM users t ${where}`, params.values),
    ]);
    return paginate(people, {
      page: list.page,
      perPage: list.perPage,
      total: counted[0]?.total ?? 0,
      path: `${appUrl}/api/activity/people`,
      query: new URLSearchParams(request.url.split('?')[1] ?? ''),
    });
  });

  // The chosen person, named when a search no longer shows them.
  app.get('/api/activity/people/:id', { config: { permission: 'activity.view' } }, async (request) => {
    const raw = (request.params as { id: string }).id;
    if (!/^\d{1,9}$/.test(raw)) throw notFound();
    const [person] = await database.query<ActivityPerson>('SELECT id, name, email FROM users WHERE id = $1', [
      Number(raw),
    ]);
    if (!person) throw notFound();
    return { data: person };
  });
}

/** The people list's parameters: a search and a page, in name order. */
const PEOPLE_LIST: ResourceContract = {
  ...ACTIVITY_LIST,
  path: 'activity/people',
  sortable: ['name'],
  defaultSort: 'name',
  filters: {},
};
