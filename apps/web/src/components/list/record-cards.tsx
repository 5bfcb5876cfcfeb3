import type { ReactNode } from 'react';
import type { ResourceColumn, ResourceRecord } from '../resource/resource-screens';

// A list on a phone (issue 16): each record a card — its title (the link that opens it), its status,
// its key date and the area's detail lines, then its actions — instead of a table clipped at the
// screen's edge. The area only says which column plays which part (`ResourceColumn.card`).

interface RecordCardsProps<R extends Pick<ResourceRecord, 'id'>> {
  rows: readonly R[];
  columns: readonly ResourceColumn<R>[];
  /** The column that names the record when none is marked `card: 'title'` (the link column). */
  titleField: string | undefined;
  /** A cell's content as the table would show it. */
  cell: (column: ResourceColumn<R>, record: R) => ReactNode;
  /** The title, made the link (or button) that opens the record. */
  title: (record: R, content: ReactNode) => ReactNode;
  actions: (record: R) => ReactNode;
  /** The selection checkbox, when the person may delete this record. */
  select: (record: R) => ReactNode;
  /** The element that names the list (its h1). */
  labelledBy: string;
}

export function RecordCards<R extends Pick<ResourceRecord, 'id'>>({
  rows,
  columns,
  titleField,
  cell,
  title,
  actions,
  select,
  labelledBy,
}: RecordCardsProps<R>) {
  const titleColumn =
    columns.find((column) => column.card === 'title') ??
    columns.find((column) => column.field === titleField) ??
    columns[0];
  const status = columns.find((column) => column.card === 'status');
  const date = columns.find((column) => column.card === 'date');
  const details = columns.filter((column) => column.card === 'detail');
  return (
    <ul className="record-cards" aria-labelledby={labelledBy}>
      {rows.map((record) => (
        <li key={record.id} className="record-card">
          <div className="record-card-head">
            {select(record)}
            <h2 className="record-card-title">{titleColumn && title(record, cell(titleColumn, record))}</h2>
          </div>
          {(status || date) && (
            <div className="record-card-meta">
              {status && cell(status, record)}
              {date && (
                <span className="resource-muted">
                  {date.header}: {cell(date, record)}
                </span>
              )}
            </div>
          )}
          {details.length > 0 && (
            <dl className="record-card-details">
              {details.map((column) => (
                <div key={column.field}>
                  <dt>{column.header}</dt>
                  <dd>{cell(column, record)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="record-card-actions">{actions(record)}</div>
        </li>
      ))}
    </ul>
  );
}
