import type { ActivityEntry, Area, Permission } from '@gestor/shared';
import { Link } from 'react-router';
import { EMPTY_VALUE, formatDateTime } from '../../../components/resource/format';
import { useCan } from '../../../lib/permissions';
import { areaLabel, detailLines, kindLabel, recordTitle } from '../activity-format';

// The log's rows: a table where it fits, one card per row on a phone (issue 16: nothing scrolls
// sideways at 375 px; the cards are the lists' own, components/list/record-cards.tsx's classes).

export interface RowsProps {
  rows: readonly ActivityEntry[];
  /** Areas with an edit screen (where a record's history is shown): multimedia has none. */
  editable: (area: Area) => boolean;
  labelledBy: string;
}

/**
 * The record: a link to its screen, where its history is (`?historial` opens it on a phone), while
 * it exists and the person may view its area; else its last title, plain, saying where it went.
 */
function RecordCell({ entry, editable }: { entry: ActivityEntry; editable: RowsProps['editable'] }) {
  const can = useCan();
  const title = recordTitle(entry);
  const { record, area } = entry;
  if (!record || !title) return <>{EMPTY_VALUE}</>;
  if (!record.exists) return <span className="activity-gone">{title} (eliminado)</span>;
  if (record.trashed) return <span className="activity-gone">{title} (en la papelera)</span>;
  if (!area || !editable(area) || !record.key || !can(`${area}.view` as Permission)) return <>{title}</>;
  return (
    <Link to={`/${area}/${encodeURIComponent(record.key)}?historial`} title={`Historial de «${title}»`}>
      {title}
    </Link>
  );
}

function Details({ entry }: { entry: ActivityEntry }) {
  const lines = detailLines(entry);
  if (!lines.length) return <>{EMPTY_VALUE}</>;
  return (
    <ul className="activity-details">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const who = (entry: ActivityEntry) => entry.user?.name ?? 'Sin identificar';

export function ActivityTable({ rows, editable, labelledBy }: RowsProps) {
  return (
    <table className="activity-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Persona</th>
          <th scope="col">Área</th>
          <th scope="col">Cambio</th>
          <th scope="col">Registro</th>
          <th scope="col">Detalle</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((entry) => (
          <tr key={entry.id}>
            <td className="activity-date">{formatDateTime(entry.created_at)}</td>
            <td>{who(entry)}</td>
            <td>{areaLabel(entry)}</td>
            <td>{kindLabel(entry)}</td>
            <td>
              <RecordCell entry={entry} editable={editable} />
            </td>
            <td>
              <Details entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivityCards({ rows, editable, labelledBy }: RowsProps) {
  return (
    <ul className="record-cards activity-cards" aria-labelledby={labelledBy}>
      {rows.map((entry) => (
        <li key={entry.id} className="record-card">
          <h2 className="record-card-title">
            {kindLabel(entry)} · {areaLabel(entry)}
          </h2>
          <div className="record-card-meta">
            <span>{who(entry)}</span>
            <span className="resource-muted">{formatDateTime(entry.created_at)}</span>
          </div>
          {entry.record && (
            <dl className="record-card-details">
              <div>
                <dt>Registro</dt>
                <dd>
                  <RecordCell entry={entry} editable={editable} />
                </dd>
              </div>
            </dl>
          )}
          <Details entry={entry} />
        </li>
      ))}
    </ul>
  );
}
