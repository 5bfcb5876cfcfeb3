import type { Permission } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Column, type ColumnPassThroughOptions } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import {
  DataTable,
  type DataTablePageEvent,
  type DataTablePassThroughOptions,
  type DataTableSortEvent,
} from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';
import { Notice } from '../ui/notice';
import { ButtonLink } from './button-link';
import { ListSearch } from './list-search';
import {
  type ListState,
  listSearchString,
  PER_PAGE_OPTIONS,
  readListState,
  sortToTable,
  tableToSort,
  withFilters,
} from './list-state';
import { deletedMessage, deleteQuestion } from './messages';
import { csvExportUrl, useDeleteResources, useResourceList } from './resource-api';
import {
  type ListFilter,
  nameOf,
  type ResourceColumn,
  type ResourceRecord,
  type ResourceScreens,
  screensRoute,
  screensTitles,
} from './resource-screens';
import { useNotifier } from './use-notifier';
import './resource.css';

const NO_FILTERS = () => [] as const;
const WIDE_PAGINATOR =
  'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';
// On a phone the page links do not fit beside the rest: previous, "16–30 de 120", next.
const NARROW_PAGINATOR = 'RowsPerPageDropdown PrevPageLink CurrentPageReport NextPageLink';
const always = () => true;

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
const TABLE_PT: DataTablePassThroughOptions = {
  paginator: { RPPDropdown: { input: { 'aria-label': 'Filas por página' } } },
};

/**
 * The list screen of any area (DESIGN.md §5 "List screens"): server-side paging, sorting, search and
 * filters kept in the URL, row selection with bulk delete, CSV export. Actions appear only with their
 * permission, because the SPA must never send a request that would get a 403.
 */
export function ResourceListScreen<R extends ResourceRecord, V extends FieldValues>({
  screens,
}: {
  screens: ResourceScreens<R, V>;
}) {
  const { contract } = screens;
  const route = screensRoute(contract);
  const titles = screensTitles(screens);
  const canManage = screens.canManage ?? always;
  const canDelete = (record: R) => canManage(record) && (screens.canDelete ?? always)(record);
  const useFilters = screens.useFilters ?? NO_FILTERS;
  const filters = useFilters();
  useDocumentTitle(titles.list);

  const can = useCan();
  const allowed = (action: 'create' | 'update' | 'delete') => can(`${contract.area}.${action}` as Permission);

  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readListState(searchParams, contract), [searchParams, contract]);
  const show = useCallback(
    (next: ListState, options?: { replace?: boolean }) =>
      navigate({ search: listSearchString(next, contract) }, options),
    [navigate, contract],
  );

  const list = useResourceList<R>(contract, state);
  const page = list.data;
  const rows = page?.data ?? [];

  // A page past the end (the last rows were deleted, or an old link): go to the last one there is.
  useEffect(() => {
    if (page && page.data.length === 0 && state.page > 1 && page.meta.last_page < state.page) {
      void show({ ...state, page: Math.max(1, page.meta.last_page) }, { replace: true });
    }
  }, [page, state, show]);

  // Selection belongs to the rows on screen: a new page, sort or filter starts afresh.
  const [selection, setSelection] = useState<R[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears whenever the list state changes.
  useEffect(() => setSelection([]), [state]);

  const [toast, notify] = useNotifier();
  const [toDelete, setToDelete] = useState<{ records: R[]; single: boolean } | null>(null);
  const remove = useDeleteResources(contract);
  const confirmDelete = () => {
    if (!toDelete) return;
    const ids = toDelete.records.map((record) => record.id);
    remove.mutate(ids, {
      onSuccess: () => {
        notify.success(deletedMessage(ids.length));
        setSelection([]);
      },
      // All or nothing: the server's 422 says which record it refused and why.
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const { sortField, sortOrder } = sortToTable(state.sort);
  const linkField = (screens.columns.find((column) => column.link) ?? screens.columns[0])?.field;
  const selectable = allowed('delete');
  const headingId = useId();
  const narrow = useMediaQuery('(max-width: 575.98px)');

  return (
    <section className="page resource-list" aria-labelledby={headingId}>
      {toast}
      <header className="resource-header">
        <h1 id={headingId}>{titles.list}</h1>
        <div className="resource-header-actions">
          {selectable && (
            <Button
              type="button"
              label={
                selection.length ? `Eliminar seleccionados (${selection.length})` : 'Eliminar seleccionados'
              }
              icon="pi pi-trash"
              severity="danger"
              outlined
              disabled={!selection.length || remove.isPending}
              onClick={() => setToDelete({ records: selection, single: false })}
            />
          )}
          <ButtonLink
            to={csvExportUrl(contract, state)}
            external
            download
            icon="pi pi-download"
            label="Exportar CSV"
            variant="outlined"
          />
          {allowed('create') && <ButtonLink to={`${route}/create`} icon="pi pi-plus" label={titles.create} />}
        </div>
      </header>

      <div className="card resource-card">
        <div className="resource-toolbar">
          <ListSearch
            value={state.search}
            placeholder={screens.searchPlaceholder}
            onSearch={(search) => show(withFilters(state, { search }))}
          />
          {filters.map((filter) => (
            <ListFilterDropdown
              key={filter.name}
              filter={filter}
              value={state.filters[filter.name]}
              onChange={(value) => {
                const { [filter.name]: _previous, ...others } = state.filters;
                void show(
                  withFilters(state, { filters: value ? { ...others, [filter.name]: value } : others }),
                );
              }}
            />
          ))}
        </div>

        {list.isError && (
          <Notice severity="error">
            No se ha podido cargar la lista: {errorMessage(list.error)}{' '}
            <Button type="button" label="Reintentar" link onClick={() => void list.refetch()} />
          </Notice>
        )}

        {/*
          Layout shift (CLS 0): the table, its paginator and the column widths its rows decide
          appear together with the first page; until then the card, which reaches below the screen
          from the first paint (resource.css), says it is loading. Later pages keep the previous
          rows on screen while they load.
        */}
        {page || list.isError ? (
          <DataTable<R[]>
            value={rows}
            lazy
            dataKey="id"
            loading={list.isFetching}
            paginator
            first={(state.page - 1) * state.perPage}
            rows={state.perPage}
            totalRecords={page?.meta.total ?? 0}
            rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
            pageLinkSize={3}
            paginatorTemplate={narrow ? NARROW_PAGINATOR : WIDE_PAGINATOR}
            currentPageReportTemplate="{first}–{last} de {totalRecords}"
            onPage={(event: DataTablePageEvent) =>
              show({ ...state, page: (event.page ?? 0) + 1, perPage: event.rows })
            }
            sortField={sortField}
            sortOrder={sortOrder}
            onSort={(event: DataTableSortEvent) =>
              show({ ...state, page: 1, sort: tableToSort(event.sortField, event.sortOrder, contract) })
            }
            selectionMode="checkbox"
            // A row's checkbox reads "Seleccionar «Ana»", or "Quitar de la selección «Ana»" when it is
            // selected (the locale's selectRow/unselectRow). PrimeReact resolves a function here too,
            // though its type says a field name.
            selectionAriaLabel={((record: R) => `«${nameOf(screens, record)}»`) as unknown as string}
            selection={selection}
            onSelectionChange={(event: { value: R[] }) => setSelection(event.value)}
            isDataSelectable={(event) => canDelete(event.data as R)}
            emptyMessage={list.isError ? 'No hay datos.' : 'No hay registros que coincidan.'}
            aria-labelledby={headingId}
            className="resource-table"
            tableStyle={{ minWidth: '40rem' }}
            pt={TABLE_PT}
          >
            {selectable && (
              <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
            )}
            {screens.columns.map((column) => (
              <Column
                key={column.field}
                field={column.field}
                header={column.header}
                sortable={contract.sortable.includes(column.field)}
                align={column.align}
                alignHeader={column.align}
                body={(record: R) =>
                  column.field === linkField ? (
                    <Link to={`${route}/${record.id}`} className="resource-record-link">
                      {cell(column, record)}
                    </Link>
                  ) : (
                    cell(column, record)
                  )
                }
              />
            ))}
            <Column
              header="Acciones"
              headerClassName="resource-actions-header"
              bodyClassName="resource-row-actions"
              body={(record: R) => {
                const name = nameOf(screens, record);
                const editable = allowed('update') && canManage(record);
                return (
                  <>
                    <ButtonLink
                      to={`${route}/${record.id}`}
                      icon={editable ? 'pi pi-pencil' : 'pi pi-eye'}
                      variant="text"
                      aria-label={`${editable ? 'Editar' : 'Ver'} «${name}»`}
                      title={editable ? 'Editar' : 'Ver'}
                    />
                    {allowed('delete') && canDelete(record) && (
                      <Button
                        type="button"
                        icon="pi pi-trash"
                        severity="danger"
                        text
                        aria-label={`Eliminar «${name}»`}
                        title="Eliminar"
                        onClick={() => setToDelete({ records: [record], single: true })}
                      />
                    )}
                  </>
                );
              }}
            />
          </DataTable>
        ) : (
          <output className="resource-table-loading">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            <span>Cargando…</span>
          </output>
        )}
      </div>

      <ConfirmDialog
        visible={toDelete !== null}
        onHide={() => setToDelete(null)}
        header="Confirmar eliminación"
        message={
          toDelete &&
          deleteQuestion(
            toDelete.records.length,
            toDelete.single ? nameOf(screens, toDelete.records[0]!) : undefined,
          )
        }
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={confirmDelete}
      />
    </section>
  );
}

function cell<R>(column: ResourceColumn<R>, record: R): ReactNode {
  if (column.body) return column.body(record);
  const value = (record as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '—' : String(value);
}

function ListFilterDropdown({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id} className="list-control-label">
        {filter.label}
      </label>
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={[...filter.options]}
        optionLabel="label"
        optionValue="value"
        placeholder="Todos"
        showClear
        onChange={(event) => onChange((event.value as string | null) ?? undefined)}
      />
    </div>
  );
}
