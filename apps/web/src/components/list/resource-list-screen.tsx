import type { Permission } from '@gestor/shared';
import { Button } from 'primereact/button';
import type { DataTableSortEvent } from 'primereact/datatable';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { intendedSearch, navigateToSearch } from '../../lib/intended-search';
import { useCan } from '../../lib/permissions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';
import {
  type ListState,
  listSearchString,
  readListState,
  sortToTable,
  tableToSort,
  withFilters,
} from '../resource/list-state';
import { deletedMessage, deleteQuestion, withSelectedCount } from '../resource/messages';
import { csvExportUrl, useDeleteResources, useResourceList } from '../resource/resource-api';
import {
  nameOf,
  type ResourceListDeclaration,
  type ResourceRecord,
  recordKey,
  screensRoute,
  screensTitles,
} from '../resource/resource-screens';
import { useNotifier } from '../resource/use-notifier';
import { ButtonLink } from '../ui/button-link';
import { Notice } from '../ui/notice';
import { DeleteConfirmDialog, noDeleteCheck } from './delete-confirm-dialog';
import { ListEmpty } from './list-empty';
import { ListFilters } from './list-filters';
import { ListSearch } from './list-search';
import { ListSortDropdown } from './list-sort';
import { ListPaginator, PagedView, PHONE_QUERY, RecordTable } from './record-table';
import { RowActions } from './row-actions';
import { SavedViewsTabs } from './saved-views';
import { TRASH_PARAM, TrashListScreen, TrashTabs, useTrashAllowed } from './trash-view';
import '../resource/resource.css';

const NO_FILTERS = () => [] as const;
const NO_RECORDS: readonly never[] = [];
const always = () => true;
/** Selecting the whole page in a layout without the table's header checkbox (cards, a grid). */
const SELECT_PAGE_LABEL = 'Seleccionar todos los de esta página';

/** `?view=<name>`: which of an area's layouts shows the page (the first one when absent). */
const VIEW_PARAM = 'view';

/** The query parameters the list itself writes; any other belongs to the screen around it. */
const isListParam = (key: string) =>
  ['page', 'per_page', 'sort', 'search', VIEW_PARAM, TRASH_PARAM].includes(key) || key.startsWith('filter[');

/** Names for sort keys that no column shows (the grid view sorts by them too). */
const COMMON_SORT_LABELS: Record<string, string> = {
  created_at: 'Fecha de creación',
  updated_at: 'Última modificación',
  name: 'Nombre',
  title: 'Título',
};

/** What the machinery hands an alternative layout of the current page (see `ListView.render`). */
export interface ListViewContext<R extends ResourceRecord> {
  /** The records of the current page, in the list's order; never empty (the machinery says so instead). */
  rows: readonly R[];
  /** A new page, sort or filter is loading; the previous rows stay on screen meanwhile. */
  loading: boolean;
  /** Whether this record may be selected (bulk delete): the delete permission and the area's rules. */
  selectable: (record: R) => boolean;
  isSelected: (record: R) => boolean;
  setSelected: (record: R, selected: boolean) => void;
  /** Opens the record: the screen's `onOpen` (a side panel), or its edit screen. */
  open: (record: R) => void;
  /** How the record is named in buttons and confirmations ("Seleccionar «foto.jpg»"). */
  nameOf: (record: R) => string;
  /** The element that names the list (its h1), for `aria-labelledby`. */
  labelledBy: string;
}

export interface ListView<R extends ResourceRecord> {
  /** `?view=<name>` in the URL; the first view of the list is its default and leaves the URL clean. */
  name: string;
  /** The switch's label ("Cuadrícula", "Tabla"). */
  label: string;
  /** A PrimeIcons class for the switch ("pi pi-th-large"). */
  icon: string;
  /**
   * Draws the current page. Absent: the machinery's table with the area's columns. Paging, the sort
   * (a "Ordenar por" dropdown, since there are no column headers), selection of the whole page and
   * the empty and loading states stay with the machinery.
   */
  render?: (context: ListViewContext<R>) => ReactNode;
}

export interface ResourceListScreenProps<R extends ResourceRecord> {
  screens: ResourceListDeclaration<R>;
  /**
   * Layouts the person can switch between (remembered in the URL as `?view=`), e.g. a grid of
   * thumbnails beside the table. Absent: the table alone, with no switch.
   */
  views?: readonly ListView<R>[];
  /**
   * What the header offers to add records. By default a link to `<route>/create` shown with
   * `<area>.create`; an area that adds records in place (uploads, a dialog) passes its own control,
   * already checked against its permission.
   */
  createAction?: ReactNode;
  /** Extra content inside the list's card, under the search and filters (upload progress, notices). */
  toolbar?: ReactNode;
  /**
   * Opens a record in place (a side panel) instead of navigating to `<route>/<id>`: the record's
   * name, its Editar/Ver action and a custom view's tiles call it.
   */
  onOpen?: (record: R) => void;
}

/**
 * The list screen of any area (docs/architecture.md#the-spa): server-side paging, sorting, search and
 * filters kept in the URL, row selection with bulk delete, CSV export. Actions appear only with their
 * permission, because the SPA must never send a request that would get a 403.
 */
export function ResourceListScreen<R extends ResourceRecord>(props: ResourceListScreenProps<R>) {
  // Decision 026: `?papelera=1` shows the area's trash instead (for those who may delete).
  const [searchParams] = useSearchParams();
  const trashAllowed = useTrashAllowed(props.screens.contract);
  return trashAllowed && searchParams.get(TRASH_PARAM) === '1' ? (
    <TrashListScreen screens={props.screens} />
  ) : (
    <LiveListScreen {...props} />
  );
}

function LiveListScreen<R extends ResourceRecord>({
  screens,
  views,
  createAction,
  toolbar,
  onOpen,
}: ResourceListScreenProps<R>) {
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
  const listOptions = useMemo(() => ({ rankedSearch: screens.rankedSearch }), [screens.rankedSearch]);
  const state = useMemo(
    () => readListState(searchParams, contract, listOptions),
    [searchParams, contract, listOptions],
  );
  const view = views?.find((candidate) => candidate.name === searchParams.get(VIEW_PARAM)) ?? views?.[0];
  const defaultView = views?.[0]?.name;
  /** The URL's query for a list state in a view; the default view is left out. */
  const searchFor = useCallback(
    (next: ListState, viewName: string | undefined) => {
      const search = listSearchString(next, contract, listOptions);
      if (!viewName || viewName === defaultView) return search;
      return `${search ? `${search}&` : '?'}${VIEW_PARAM}=${encodeURIComponent(viewName)}`;
    },
    [contract, defaultView, listOptions],
  );
  const show = useCallback(
    (next: ListState, options?: { replace?: boolean }) => {
      const search = searchFor(next, view?.name);
      // Parameters the list does not own (a side panel's ?item=) stay: a debounced search arriving
      // after a tile was opened must not close its panel.
      const kept = new URLSearchParams();
      for (const [key, value] of new URLSearchParams(intendedSearch())) {
        if (!isListParam(key)) kept.append(key, value);
      }
      const extra = kept.toString();
      return navigateToSearch(navigate, extra ? `${search ? `${search}&` : '?'}${extra}` : search, options);
    },
    [navigate, searchFor, view?.name],
  );
  const open = useCallback(
    (record: R) => (onOpen ? onOpen(record) : void navigate(`${route}/${recordKey(contract, record)}`)),
    [onOpen, navigate, route, contract],
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
  // The declaration is fixed for the screen's life, so the same hook runs on every render.
  const deleteCheck = (screens.useDeleteCheck ?? noDeleteCheck)(toDelete?.records ?? NO_RECORDS);
  const remove = useDeleteResources(contract);
  const confirmDelete = () => {
    if (!toDelete) return;
    const ids = toDelete.records.map((record) => record.id);
    remove.mutate(ids, {
      onSuccess: () => {
        notify.success(deletedMessage(ids.length, { trash: hasTrash }));
        setSelection([]);
      },
      // All or nothing: the server's 422 says which record it refused and why.
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const { sortField, sortOrder } = sortToTable(state, contract);
  const linkField = (screens.columns.find((column) => column.link) ?? screens.columns[0])?.field;
  const selectable = allowed('delete');
  const hasTrash = useTrashAllowed(contract);
  const headingId = useId();
  const narrow = useMediaQuery(PHONE_QUERY);
  const isSelected = (record: R) => selection.some((chosen) => chosen.id === record.id);
  const setSelected = (record: R, selected: boolean) =>
    setSelection((current) =>
      selected
        ? [...current.filter((chosen) => chosen.id !== record.id), record]
        : current.filter((chosen) => chosen.id !== record.id),
    );
  const recordLink = (record: R, content: ReactNode) =>
    onOpen ? (
      <button
        type="button"
        className="resource-record-link resource-record-button"
        onClick={() => onOpen(record)}
      >
        {content}
      </button>
    ) : (
      <Link to={`${route}/${recordKey(contract, record)}`} className="resource-record-link">
        {content}
      </Link>
    );
  const rowActions = (record: R) => (
    <RowActions
      name={nameOf(screens, record)}
      editable={allowed('update') && canManage(record)}
      to={`${route}/${recordKey(contract, record)}`}
      onOpen={onOpen && (() => onOpen(record))}
      onDelete={
        allowed('delete') && canDelete(record)
          ? () => setToDelete({ records: [record], single: true })
          : undefined
      }
    />
  );
  // An area's own layout (a grid); otherwise the table, which on a phone is a list of cards (issue 16).
  const custom = view?.render;
  // Without column headers (cards, a grid) the page's selection and sort are controls of their own.
  const headerless = Boolean(custom) || narrow;
  const paging = {
    page: state.page,
    perPage: state.perPage,
    total: page?.meta.total ?? 0,
    onPage: (next: number, perPage: number) => show({ ...state, page: next, perPage }),
  };
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const createControl =
    createAction !== undefined
      ? createAction
      : allowed('create') && <ButtonLink to={`${route}/create`} icon="pi pi-plus" label={titles.create} />;
  const sectionRef = useRef<HTMLElement>(null);
  const emptyState = list.isError ? (
    'No hay datos.'
  ) : (
    <ListEmpty
      filtered={filtered}
      purpose={screens.purpose}
      createAction={createControl}
      onClear={() => {
        void show(withFilters(state, { search: '', filters: {} }));
        // The button goes with the empty state: the focus goes to the search box, where the person
        // is most likely to start again (WCAG 2.4.3).
        sectionRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      }}
    />
  );

  return (
    <section className="page resource-list" aria-labelledby={headingId} ref={sectionRef}>
      {toast}
      <header className="resource-header">
        <h1 id={headingId}>{titles.list}</h1>
        <div className="resource-header-actions">
          {selectable && (
            <Button
              type="button"
              label={withSelectedCount('Eliminar seleccionados', selection.length)}
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
          {createControl}
        </div>
      </header>

      {hasTrash && <TrashTabs contract={contract} inTrash={false} />}
      <div className="card resource-card">
        <SavedViewsTabs
          contract={contract}
          options={listOptions}
          current={state}
          searchFor={(next) => searchFor(next, view?.name)}
          show={show}
          notify={notify}
        />
        <div className="resource-toolbar">
          <ListSearch
            value={state.search}
            placeholder={screens.searchPlaceholder}
            onSearch={(search) => show(withFilters(state, { search }))}
          />
          <ListFilters
            filters={filters}
            values={state.filters}
            folded={narrow}
            onChange={(name, value) => {
              const { [name]: _previous, ...others } = state.filters;
              void show(withFilters(state, { filters: value ? { ...others, [name]: value } : others }));
            }}
          />
        </div>
        {toolbar}
        {((views && views.length > 1) || headerless) && (
          // The layout's own controls, in one place whatever the layout: selecting the whole page and
          // sorting where there are no column headers, and the switch between layouts.
          <div className="resource-view-bar">
            {headerless && selectable && rows.some(canDelete) && (
              <SelectPage
                rows={rows.filter(canDelete)}
                selection={selection}
                onChange={(selected) => setSelection(selected ? rows.filter(canDelete) : [])}
              />
            )}
            <div className="resource-view-bar-end">
              {headerless && (
                <ListSortDropdown
                  value={sortField ? `${sortOrder < 0 ? '-' : ''}${sortField}` : ''}
                  options={sortOptions(screens, contract.sortable)}
                  onChange={(sort) => show({ ...state, page: 1, sort })}
                />
              )}
              {views && view && views.length > 1 && (
                <ViewSwitch views={views} current={view.name} searchFor={(name) => searchFor(state, name)} />
              )}
            </div>
          </div>
        )}

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
        {(page || list.isError) && custom ? (
          <PagedView
            empty={rows.length === 0}
            loading={list.isFetching}
            emptyMessage={emptyState}
            paginator={<ListPaginator paging={paging} narrow={narrow} />}
          >
            {custom({
              rows,
              loading: list.isFetching,
              selectable: (record) => selectable && canDelete(record),
              isSelected,
              setSelected,
              open,
              nameOf: (record) => nameOf(screens, record),
              labelledBy: headingId,
            })}
          </PagedView>
        ) : page || list.isError ? (
          <RecordTable
            rows={rows}
            loading={list.isFetching}
            paging={paging}
            narrow={narrow}
            columns={screens.columns}
            titleField={linkField}
            title={recordLink}
            actions={rowActions}
            selection={
              selectable
                ? {
                    selected: selection,
                    onChange: setSelection,
                    selectable: canDelete,
                    nameOf: (record) => nameOf(screens, record),
                  }
                : undefined
            }
            sorting={{
              field: sortField,
              order: sortOrder,
              sortable: contract.sortable,
              onSort: (event: DataTableSortEvent) =>
                show({
                  ...state,
                  page: 1,
                  sort: tableToSort(event.sortField, event.sortOrder, contract, listOptions),
                }),
            }}
            labelledBy={headingId}
            emptyMessage={emptyState}
          />
        ) : (
          <output className="resource-table-loading">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            <span>Cargando…</span>
          </output>
        )}
      </div>

      <DeleteConfirmDialog
        visible={toDelete !== null}
        onHide={() => setToDelete(null)}
        question={
          toDelete &&
          deleteQuestion(
            toDelete.records.length,
            toDelete.single ? nameOf(screens, toDelete.records[0]!) : undefined,
            { trash: contract.trash !== false },
          )
        }
        check={deleteCheck}
        accept={confirmDelete}
      />
    </section>
  );
}

/** "Ordenar por": the sort of a view without column headers, over the contract's sortable keys. */
function sortOptions<R extends ResourceRecord>(
  screens: ResourceListDeclaration<R>,
  sortable: readonly string[],
): { label: string; value: string }[] {
  return sortable.flatMap((field) => {
    const label =
      screens.columns.find((column) => column.field === field)?.header ?? COMMON_SORT_LABELS[field] ?? field;
    return [
      { label: `${label}, ascendente`, value: field },
      { label: `${label}, descendente`, value: `-${field}` },
    ];
  });
}

/**
 * The layouts of the list as links (each one a URL: back/forward and a shared address keep it), the
 * current one marked with aria-current.
 */
function ViewSwitch<R extends ResourceRecord>({
  views,
  current,
  searchFor,
}: {
  views: readonly ListView<R>[];
  current: string;
  searchFor: (view: string) => string;
}) {
  return (
    <fieldset className="list-view-switch">
      <legend className="sr-only">Vista</legend>
      <div className="list-view-options">
        {views.map((candidate) => {
          const active = candidate.name === current;
          return (
            <Link
              key={candidate.name}
              to={{ search: searchFor(candidate.name) }}
              replace
              aria-current={active ? 'true' : undefined}
              className={`list-view-option${active ? ' list-view-option-active' : ''}`}
            >
              <i className={candidate.icon} aria-hidden="true" />
              <span>{candidate.label}</span>
            </Link>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Selects every selectable record of the page (a layout without the table's header checkbox). */
function SelectPage<R extends ResourceRecord>({
  rows,
  selection,
  onChange,
}: {
  rows: readonly R[];
  selection: readonly R[];
  onChange: (selected: boolean) => void;
}) {
  const id = useId();
  const all = rows.length > 0 && rows.every((row) => selection.some((chosen) => chosen.id === row.id));
  return (
    <div className="resource-select-page">
      <input
        id={id}
        type="checkbox"
        className="resource-view-checkbox"
        checked={all}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{SELECT_PAGE_LABEL}</label>
      {selection.length > 0 && (
        <span className="resource-muted">
          {selection.length === 1 ? '(1 seleccionado)' : `(${selection.length} seleccionados)`}
        </span>
      )}
    </div>
  );
}
