import {
  ACCESSIBILITY_REPORT_AREAS,
  type AccessibilityClauseGroup,
  type AccessibilityOverride,
  type AccessibilityReport,
  type AccessibilityReportArea,
  type AccessibilityReportFinding,
  type AccessibilityReportItem,
  checkAccessibility,
  clauseTitle,
  compareClauses,
  type FieldTable,
  type ResourceContract,
  referenceImageFinding,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import type { LinkedDocuments } from '../multimedia/linked-documents';
import { fromTemplate } from '../resource/publishing';

// docs/accessibility.md#la-pantalla-accesibilidad: the open findings of every body that is public now
// (news, pages, agenda events, as their public sides say), grouped by clause and level, and the
// overrides still public with their reasons (the history's `accessibility_reason`). Bodies are read
// in batches by id and each one's findings kept in a bounded cache by the record's `updated_at`, so a
// site with thousands of items never holds every body at once and a second load checks only what
// changed.

/** What the report needs of an area: where its records live, when they are public, how they are named. */
export interface ReportedArea {
  contract: Pick<ResourceContract, 'area' | 'path' | 'lookup'> & { fields?: FieldTable };
  table: string;
  titleColumn?: string;
  /** When a record is public now (the area's public side): SQL over `t`. */
  condition: string;
  /** The website's address template (`{slug}`), or null. */
  website: string | null;
}

/** Rows read per query: enough to keep the round trips few, few enough that the bodies stay small. */
export const REPORT_BATCH_SIZE = 200;
/** Items whose findings are remembered (the least recently read are forgotten first). */
export const REPORT_CACHE_SIZE = 20_000;

interface Checked {
  version: string;
  findings: Array<AccessibilityReportFinding & { clause: string }>;
}

interface ItemRow {
  id: number;
  title: string | null;
  slug: string | null;
  version: string;
  /** Each image reference with its own alternative (a cover): as referenceImageFinding reads it. */
  refs?: Record<
    string,
    { id: number; alt: string | null; ownAlt: string | null; decorative: boolean } | null
  >;
}

/** The image references of an area that carry their own alternative (a cover), with their labels. */
const alternativeRefs = (area: ReportedArea) =>
  Object.entries(area.contract.fields ?? {}).flatMap(([name, def]) =>
    'ref' in def && def.ref?.alternative ? [{ name, label: def.label }] : [],
  );

/** The SQL of an area's references with their own alternative, as ItemRow's `refs` (or nothing). */
function refsSql(area: ReportedArea): string {
  const refs = alternativeRefs(area);
  if (!refs.length) return '';
  const each = refs.map(
    ({ name }) => `'${name}', CASE WHEN t.${name}_id IS NULL THEN NULL ELSE json_build_object(
       'id', t.${name}_id, 'alt', (SELECT m.alt FROM multimedia m WHERE m.id = t.${name}_id),
       'ownAlt', t.${name}_alt, 'decorative', t.${name}_decorative) END`,
  );
  return `, json_build_object(${each.join(', ')}) AS refs`;
}

/**
 * What an item's image references say, read fresh on every load (a library alternative may have
 * changed since the body's findings were kept): each fault named by the reference's label.
 */
function referenceFindings(area: ReportedArea, row: ItemRow): Checked['findings'] {
  return alternativeRefs(area).flatMap(({ name, label }) => {
    const image = row.refs?.[name];
    const found = image ? referenceImageFinding(image, { element: label }) : null;
    if (!found) return [];
    const { rule, level, clause, element, message } = found.finding;
    return [{ rule, level, clause, element, message }];
  });
}

export function createAccessibilityReport({
  database,
  areas,
  batchSize = REPORT_BATCH_SIZE,
  cacheSize = REPORT_CACHE_SIZE,
  documents,
}: {
  database: Connection;
  areas: readonly ReportedArea[];
  /** The library's documents a body may link to (their issues are the links' warnings). */
  documents?: (connection: Connection) => Promise<LinkedDocuments>;
  batchSize?: number;
  cacheSize?: number;
}) {
  // In the registry's order, each with its name as the report's areas are typed.
  const reported = ACCESSIBILITY_REPORT_AREAS.flatMap((name) =>
    areas.filter((area) => area.contract.area === name).map((area) => ({ name, area })),
  );
  const cache = new Map<string, Checked>();
  /** Bodies checked (not taken from the cache) since this report was made: what a test can count. */
  let checkedBodies = 0;

  const remember = (key: string, entry: Checked) => {
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  };
  const recall = (key: string, version: string) => {
    const entry = cache.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Read again: the newest in the map's order, the last to be forgotten.
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  };

  const keyOf = (area: ReportedArea, row: { id: number; slug: string | null }) =>
    area.contract.lookup === 'slug' && row.slug ? row.slug : String(row.id);
  const titleSql = (area: ReportedArea) => `t.${area.titleColumn ?? 'title'}::text`;

  /**
   * One batch's findings: from the cache, or the bodies that changed, read and checked now. A body's
   * findings are as old as it and the library's documents (`linked.version`: a replaced PDF changes
   * what a link to it reports).
   */
  async function findingsOf(
    area: ReportedArea,
    rows: ItemRow[],
    linked: LinkedDocuments | null,
  ): Promise<Map<number, Checked>> {
    const found = new Map<number, Checked>();
    const missing: number[] = [];
    const versionOf = (version: string) => `${version}|${linked?.version ?? ''}`;
    for (const row of rows) {
      const entry = recall(`${area.contract.area}:${row.id}`, versionOf(row.version));
      if (entry) found.set(row.id, entry);
      else missing.push(row.id);
    }
    if (!missing.length) return found;
    const bodies = await database.query<{ id: number; body: string | null; version: string }>(
      `SELECT t.id, t.body, t.updated_at::text AS version FROM ${area.table} t WHERE t.id = ANY($1::int[])`,
      [missing],
    );
    for (const { id, body, version } of bodies) {
      checkedBodies++;
      const entry: Checked = {
        version: versionOf(version),
        findings: checkAccessibility(body ?? '', { documentOf: linked?.documentOf }).map(
          ({ rule, level, clause, element, message }) => ({
            rule,
            level,
            clause,
            element,
            message,
          }),
        ),
      };
      remember(`${area.contract.area}:${id}`, entry);
      found.set(id, entry);
    }
    return found;
  }

  /** Every public item of an area, a batch at a time in id order (keyset: no OFFSET to walk past). */
  async function eachPublic(area: ReportedArea, visit: (rows: ItemRow[]) => Promise<void>) {
    let after = 0;
    for (;;) {
      const rows = await database.query<ItemRow>(
        `SELECT t.id, ${titleSql(area)} AS title, t.slug, t.updated_at::text AS version${refsSql(area)}
           FROM ${area.table} t WHERE ${area.condition} AND t.id > $1 ORDER BY t.id LIMIT ${batchSize}`,
        [after],
      );
      if (rows.length) await visit(rows);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** The latest reason of each record of the area that is public now (migration 0041's index). */
  function overridesOf(area: ReportedArea) {
    return database.query<ItemRow & { reason: string; user_name: string | null; created_at: Date }>(
      `SELECT o.record_id AS id, o.reason, o.user_name, o.created_at, ${titleSql(area)} AS title, t.slug,
              t.updated_at::text AS version
         FROM (SELECT DISTINCT ON (a.record_id) a.record_id, a.user_name, a.created_at,
                      a.changes -> 'accessibility_reason' ->> 'to' AS reason
                 FROM audits a
                WHERE a.resource = $1 AND a.changes ? 'accessibility_reason'
                ORDER BY a.record_id, a.id DESC) o
         JOIN ${area.table} t ON t.id = o.record_id
        WHERE ${area.condition} AND o.reason IS NOT NULL`,
      [area.contract.path],
    );
  }

  async function build(): Promise<AccessibilityReport> {
    const checkedAt = new Date().toISOString();
    const groups = new Map<string, AccessibilityClauseGroup>();
    const errorsOf = new Map<string, number>();
    const checkedByArea: AccessibilityReport['checked_by_area'] = [];
    const totals = { errors: 0, warnings: 0, items_with_errors: 0, items_with_warnings: 0 };
    let itemsChecked = 0;
    const linked = documents ? await documents(database) : null;

    for (const { name, area } of reported) {
      let count = 0;
      await eachPublic(area, async (rows) => {
        count += rows.length;
        const checked = await findingsOf(area, rows, linked);
        for (const row of rows) {
          const findings = [...referenceFindings(area, row), ...(checked.get(row.id)?.findings ?? [])];
          if (!findings.length) continue;
          const errors = findings.filter((finding) => finding.level === 'error').length;
          const warnings = findings.length - errors;
          errorsOf.set(`${name}:${row.id}`, errors);
          totals.errors += errors;
          totals.warnings += warnings;
          if (errors) totals.items_with_errors++;
          if (warnings) totals.items_with_warnings++;
          const item = {
            area: name,
            id: row.id,
            key: keyOf(area, row),
            title: row.title ?? '',
            public_url: row.slug ? fromTemplate(area.website, '{slug}', row.slug) : null,
          };
          // One entry per group the item has findings in, with those findings alone.
          const byGroup = new Map<string, AccessibilityReportItem>();
          for (const { clause, ...finding } of findings) {
            const groupKey = `${finding.level}:${clause}`;
            let group = groups.get(groupKey);
            if (!group) {
              group = { clause, label: clauseTitle(clause), level: finding.level, count: 0, items: [] };
              groups.set(groupKey, group);
            }
            group.count++;
            let entry = byGroup.get(groupKey);
            if (!entry) {
              entry = { ...item, findings: [] };
              byGroup.set(groupKey, entry);
              group.items.push(entry);
            }
            entry.findings.push(finding);
          }
        }
      });
      itemsChecked += count;
      checkedByArea.push({ area: name, count });
    }

    const areaOrder = (area: AccessibilityReportArea) => ACCESSIBILITY_REPORT_AREAS.indexOf(area);
    const byTitle = (a: AccessibilityReportItem, b: AccessibilityReportItem) =>
      areaOrder(a.area) - areaOrder(b.area) || a.title.localeCompare(b.title, 'es') || a.id - b.id;
    const findingsByClause = [...groups.values()]
      .sort(
        (a, b) =>
          (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1) || compareClauses(a.clause, b.clause),
      )
      .map((group) => ({ ...group, items: group.items.sort(byTitle) }));

    const overrides: AccessibilityOverride[] = [];
    for (const { name, area } of reported) {
      for (const row of await overridesOf(area)) {
        overrides.push({
          area: name,
          id: row.id,
          key: keyOf(area, row),
          title: row.title ?? '',
          reason: row.reason,
          user_name: row.user_name,
          created_at: row.created_at.toISOString(),
          errors: errorsOf.get(`${name}:${row.id}`) ?? 0,
        });
      }
    }
    overrides.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

    return {
      checked_at: checkedAt,
      items_checked: itemsChecked,
      checked_by_area: checkedByArea,
      findings_by_clause: findingsByClause,
      overrides,
      totals,
    };
  }

  // Two people opening the screen at once (or a reload) share one reading rather than two.
  let running: Promise<AccessibilityReport> | null = null;

  return {
    report(): Promise<AccessibilityReport> {
      running ??= build().finally(() => {
        running = null;
      });
      return running;
    },
    /** How many bodies have been read and checked, the cache's misses (tests count them). */
    checkedBodies: () => checkedBodies,
  };
}

export type AccessibilityReporter = ReturnType<typeof createAccessibilityReport>;
