import { Column, type ColumnPassThroughOptions } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import {
  Paginator,
  type PaginatorPageChangeEvent,
  type PaginatorPassThroughOptions,
} from 'primereact/paginator';
import type { ReactNode } from 'react';
import { PER_PAGE_OPTIONS } from '../resource/list-state';
import type { ColumnPriority, ResourceColumn, ResourceRecord } from '../resource/resource-screens';
import { RecordCards } from './record-cards';

// One page of records, whoever supplies them (an area's list, its trash): a table with its
// paginator and selection, or on a phone a list of cards (issue 16) with the same paginator and a
// checkbox per card. The screen around it owns the data, the actions and what a selection does.

/** Phones: a list of cards, filters folded (resource.css uses the same width). */
export const PHONE_QUERY = '(max-width: 575.98px)';

/**
 * PrimeReact puts role="checkbox" and the name on the selection checkbox's wrapper as well as on the
 * native checkbox inside it: a nested control without a state (axe: nested-interactive,
 * aria-required-attr). Only the native checkbox keeps them. The header's name comes from a copy of
 * PrimeReact's English locale bundled into the DataTable, so it is given here, as the action it takes.
 */
export const SELECT_ALL_LABEL = 'Seleccionar todas las filas de esta página';
const SELECTION_COLUMN_PT: ColumnPassThroughOptions = {
  headerCheckbox: {
    root: { role: undefined, 'aria-label': undefined },
    input: { 'aria-label': SELECT_ALL_LABEL },
  },
  rowCheckbox: { root: { role: undefined, 'aria-label': undefined } },
};
/** The rows-per-page dropdown: PrimeReact names it with its "jump to page" label. */
const PAGINATOR_PT: PaginatorPassThroughOptions = {
  RPPDropdown: { input: { 'aria-label': 'Filas por página' } },
};
const WIDE_PAGINATOR =
  'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';
// On a phone the page links do not fit beside the rest: previous, "16–30 de 120", next.
const NARROW_PAGINATOR = 'RowsPerPageDropdown PrevPageLink CurrentPageReport NextPageLink';
const PAGE_REPORT = '{first}–{last} de {totalRecords}';

export interface Paging {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number, perPage: number) => void;
}

/** Which records may be selected, and the selection the screen keeps. */
export interface Selection<R> {
  selected: R[];
  onChange: (selected: R[]) => void;
  selectable: (record: R) => boolean;
  /** A card's checkbox name: "Seleccionar «Ana»". */
  nameOf: (record: R) => string;
}

export interface Sorting {
  field: string | undefined;
  order: 1 | -1 | 0 | null | undefined;
  sortable: readonly string[];
  onSort: (event: DataTableSortEvent) => void;
}

/** A cell as the table shows it: the column's own drawing, or its value ("—" when empty). */
export function cellOf<R>(column: ResourceColumn<R>, record: R): ReactNode {
  if (column.body) return column.body(record);
  const value = (record as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '—' : String(value);
}

/** Nothing to page through: no paginator (its dropdown would be drawn disabled, below WCAG contrast). */
export function ListPaginator({ paging, narrow }: { paging: Paging; narrow: boolean }) {
  if (paging.total === 0) return null;
  return (
    <Paginator
      first={(paging.page - 1) * paging.perPage}
      rows={paging.perPage}
      totalRecords={paging.total}
      rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
      pageLinkSize={3}
      template={narrow ? NARROW_PAGINATOR : WIDE_PAGINATOR}
      currentPageReportTemplate={PAGE_REPORT}
      onPageChange={(event: PaginatorPageChangeEvent) => paging.onPage(event.page + 1, event.rows)}
      className="resource-view-paginator"
      pt={PAGINATOR_PT}
    />
  );
}

/** A page drawn without the table (cards, a grid): its empty state, loading look and paginator. */
export function PagedView({
  empty,
  loading,
  emptyMessage,
  paginator,
  children,
}: {
  empty: boolean;
  loading: boolean;
  emptyMessage: ReactNode;
  paginator: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="resource-view" aria-busy={loading || undefined}>
      {empty ? (
        <div className="resource-view-empty">{emptyMessage}</div>
      ) : (
        <div className={loading ? 'resource-view-body resource-view-loading' : 'resource-view-body'}>
          {children}
        </div>
      )}
      {paginator}
    </div>
  );
}

export interface RecordTableProps<R extends Pick<ResourceRecord, 'id'>> {
  rows: R[];
  loading: boolean;
  paging: Paging;
  narrow: boolean;
  columns: readonly ResourceColumn<R>[];
  /** The column that names the record (its cell is the `title`). */
  titleField: string | undefined;
  /** The title cell: a link or button that opens the record, or the name alone. */
  title: (record: R, content: ReactNode) => ReactNode;
  actions: (record: R) => ReactNode;
  /** Absent: no selection column. */
  selection?: Selection<R>;
  /** Absent: the headers do not sort. */
  sorting?: Sorting;
  labelledBy: string;
  emptyMessage: ReactNode;
}

export function RecordTable<R extends Pick<ResourceRecord, 'id'>>(props: RecordTableProps<R>) {
  const { rows, loading, paging, narrow, columns, titleField, title, actions, selection, sorting } = props;
  if (narrow) {
    const isSelected = (record: R) => Boolean(selection?.selected.some((chosen) => chosen.id === record.id));
    return (
      <PagedView
        empty={rows.length === 0}
        loading={loading}
        emptyMessage={props.emptyMessage}
        paginator={<ListPaginator paging={paging} narrow />}
      >
        <RecordCards
          rows={rows}
          columns={columns}
          titleField={titleField}
          cell={cellOf}
          title={title}
          actions={actions}
          labelledBy={props.labelledBy}
          select={(record) =>
            selection?.selectable(record) && (
              <input
                type="checkbox"
                className="resource-view-checkbox"
                checked={isSelected(record)}
                aria-label={`${isSelected(record) ? 'Quitar de la selección' : 'Seleccionar'} «${selection.nameOf(record)}»`}
                onChange={(event) =>
                  selection.onChange(
                    event.target.checked
                      ? [...selection.selected.filter((chosen) => chosen.id !== record.id), record]
                      : selection.selected.filter((chosen) => chosen.id !== record.id),
                  )
                }
              />
            )
          }
        />
      </PagedView>
    );
  }
  return (
    <DataTable<R[]>
      value={rows}
      lazy
      dataKey="id"
      loading={loading}
      paginator={paging.total > 0}
      first={(paging.page - 1) * paging.perPage}
      rows={paging.perPage}
      totalRecords={paging.total}
      rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
      pageLinkSize={3}
      paginatorTemplate={WIDE_PAGINATOR}
      currentPageReportTemplate={PAGE_REPORT}
      onPage={(event: DataTablePageEvent) => paging.onPage((event.page ?? 0) + 1, event.rows)}
      sortField={sorting?.field}
      sortOrder={sorting?.order}
      onSort={sorting?.onSort}
      selectionMode="checkbox"
      // A row's checkbox reads "Seleccionar «Ana»", or "Quitar de la selección «Ana»" when it is
      // selected (the locale's selectRow/unselectRow). PrimeReact resolves a function here too, though
      // its type says a field name.
      selectionAriaLabel={
        (selection ? (record: R) => `«${selection.nameOf(record)}»` : undefined) as unknown as string
      }
      selection={selection?.selected ?? []}
      onSelectionChange={(event: { value: R[] }) => selection?.onChange(event.value)}
      isDataSelectable={(event) => Boolean(selection?.selectable(event.data as R))}
      emptyMessage={props.emptyMessage}
      aria-labelledby={props.labelledBy}
      className="resource-table"
      pt={{ paginator: PAGINATOR_PT }}
    >
      {selection && (
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
      )}
      {columns.map((column) => (
        <Column
          key={column.field}
          field={column.field}
          header={column.header}
          sortable={Boolean(sorting?.sortable.includes(column.field))}
          align={column.align}
          alignHeader={column.align}
          headerClassName={priorityClass(column.priority)}
          bodyClassName={cellClass(column, column.field === titleField)}
          body={(record: R) =>
            column.field === titleField ? title(record, cellOf(column, record)) : cellOf(column, record)
          }
        />
      ))}
      <Column
        header="Acciones"
        headerClassName="resource-actions-header"
        bodyClassName="resource-row-actions"
        body={actions}
      />
    </DataTable>
  );
}

/** A column that gives way when the list is short of room (resource.css, `ResourceColumn.priority`). */
function priorityClass(priority: ColumnPriority | undefined): string | undefined {
  return priority && priority > 1 ? `resource-col-p${priority}` : undefined;
}

/** A cell's classes: its priority; the title wraps (its full text stays), the key date does not. */
function cellClass<R>(column: ResourceColumn<R>, isTitle: boolean): string | undefined {
  const classes = [
    priorityClass(column.priority),
    isTitle && 'resource-title-cell',
    column.card === 'date' && 'resource-date-cell',
  ].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}
