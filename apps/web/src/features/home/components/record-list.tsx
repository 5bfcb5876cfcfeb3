import type { DashboardRecord } from '@gestor/shared/dashboard';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { areaIcon, type HomeArea, recordPath } from './record-path';
import { Widget } from './widget';

export interface RecordListItem {
  id: string | number;
  icon: string;
  title: string;
  /** Where the record opens; null when it has no screen (in the trash, deleted for good). */
  href: string | null;
  /** The line under the title: area, date, who. */
  meta: ReactNode;
  /** Beside the title: what sets the item apart («Para usted»). */
  badge?: ReactNode;
  /** A last line, under the meta: a review's note. */
  detail?: ReactNode;
}

/** The dashboard's lists of records: one line each, its title a link to the record. */
export function RecordList({ items, label }: { items: readonly RecordListItem[]; label: string }) {
  return (
    <ul className="record-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="record-list-item">
          <i className={`${item.icon} record-list-icon`} aria-hidden="true" />
          <div className="record-list-text">
            <span className="record-list-heading">
              {item.href ? (
                <Link to={item.href} className="record-list-title">
                  {item.title}
                </Link>
              ) : (
                <span className="record-list-title">{item.title}</span>
              )}
              {item.badge}
            </span>
            <span className="record-list-meta">{item.meta}</span>
            {item.detail && <span className="record-list-detail">{item.detail}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A line for a record that exists: its area's icon, its title, a link to it. */
export function recordItem(
  areas: readonly HomeArea[],
  record: DashboardRecord,
  meta: ReactNode,
): RecordListItem {
  return {
    id: `${record.area}-${record.id}`,
    icon: areaIcon(areas, record.area),
    title: record.title,
    href: recordPath(areas, record.area, record.key),
    meta,
  };
}

/** A widget that lists records (drafts, scheduled, recent changes), or says why it has none. */
export function RecordsWidget({
  id,
  title,
  icon,
  empty,
  items,
}: {
  id: string;
  title: string;
  icon: string;
  /** The empty state's sentence. */
  empty: string;
  items: readonly RecordListItem[];
}) {
  return (
    <Widget id={id} title={title} icon={icon} empty={items.length ? null : empty}>
      <RecordList label={title} items={items} />
    </Widget>
  );
}

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "hace 5 minutos", "ayer", "dentro de 3 días": a moment against now, as a person says it. */
export function fromNow(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

/** A moment for people and machines: the relative words, the exact date on hover and for tools. */
export function Moment({ iso, exact }: { iso: string; exact: string }) {
  return (
    <time dateTime={iso} title={exact}>
      {fromNow(iso)}
    </time>
  );
}
