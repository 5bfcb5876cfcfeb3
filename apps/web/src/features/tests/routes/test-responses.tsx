import {
  ATTEMPT_STATES,
  RESPONSE_STATE_LABELS,
  responseIdOf,
  type TestRecord,
  type TestResponseListItem,
} from '@gestor/shared';
import type { DataTableSortEvent } from 'primereact/datatable';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListDateRange } from '../../../components/list/list-date-range';
import { ListEmpty } from '../../../components/list/list-empty';
import { FoldedFilters, ListFilters } from '../../../components/list/list-filters';
import { ListSearch } from '../../../components/list/list-search';
import { ListSortDropdown } from '../../../components/list/list-sort';
import { PHONE_QUERY, RecordTable } from '../../../components/list/record-table';
import { RowActions } from '../../../components/list/row-actions';
import { formatDateTime } from '../../../components/resource/format';
import {
  type ListState,
  listSearchString,
  readListState,
  sortToTable,
  tableToSort,
  withFilters,
} from '../../../components/resource/list-state';
import type { ListFilter, ResourceColumn } from '../../../components/resource/resource-screens';
import { useNotifier } from '../../../components/resource/use-notifier';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { intendedSearch, navigateToSearch } from '../../../lib/intended-search';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatDay, formatDuration, passedLabel, personOf, scoreSummary } from '../answers-format';
import { responsePath } from '../answers-paths';
import { RESPONSE_LIST, responsesFileUrl, useTestResponses } from '../api/list-responses';
import { AnswersPage, MissingTest, useAnswersTest } from '../components/answers-page';
import { ResponseStateTag } from '../components/response-state-tag';

// «Respuestas» (issue 33, test.results): a test's responses, newest first, filtered by state, days,
// passing and grading, searched by the address given; its state in the address like every list's,
// a table on a wide screen and cards on a phone (the lists' own, components/list), and the same
// list as a CSV or Excel file.

const STATE_FILTER: ListFilter = {
  name: 'state',
  label: 'Estado',
  options: ATTEMPT_STATES.map((state) => ({ value: state, label: RESPONSE_STATE_LABELS[state] })),
};
const PASSED_FILTER: ListFilter = {
  name: 'passed',
  label: 'Aprobado',
  options: [
    { value: 'true', label: 'Sí' },
    { value: 'false', label: 'No' },
  ],
};
const PENDING_FILTER: ListFilter = {
  name: 'pending',
  label: 'Pendientes de corregir',
  options: [{ value: 'true', label: 'Solo las pendientes' }],
};

/** A phone's «Ordenar por», where there are no column headers to sort by. */
const SORT_OPTIONS = [
  { label: 'Más recientes', value: '-submitted_at' },
  { label: 'Más antiguas', value: 'submitted_at' },
  { label: 'Mayor puntuación', value: '-score' },
  { label: 'Menor puntuación', value: 'score' },
];

/** When it was sent: the day alone in an anonymous test; an unsent one says so. */
const sentAt = (response: TestResponseListItem, anonymous: boolean) =>
  response.submitted_at
    ? anonymous
      ? formatDay(response.submitted_at)
      : formatDateTime(response.submitted_at)
    : 'Sin enviar';

function responseColumns(test: TestRecord | undefined): ResourceColumn<TestResponseListItem>[] {
  const anonymous = test?.anonymous ?? false;
  const survey = test?.kind === 'survey';
  const columns: Array<ResourceColumn<TestResponseListItem> | false> = [
    {
      field: 'submitted_at',
      header: 'Fecha de envío',
      link: true,
      card: 'title',
      body: (response) => sentAt(response, anonymous),
    },
    // An anonymous test keeps no one: no column at all, rather than one of dashes.
    !anonymous && { field: 'email', header: 'Persona', card: 'detail', body: personOf },
    {
      field: 'state',
      header: 'Estado',
      card: 'status',
      body: (response) => <ResponseStateTag state={response.state} />,
    },
    !survey && {
      field: 'score',
      header: 'Puntuación',
      card: 'detail',
      body: (response) => <ScoreCell response={response} />,
    },
    {
      field: 'duration_seconds',
      header: 'Tiempo empleado',
      priority: 2,
      card: 'detail',
      body: (response) => formatDuration(response.duration_seconds),
    },
  ];
  return columns.filter((column): column is ResourceColumn<TestResponseListItem> => column !== false);
}

function ScoreCell({ response }: { response: TestResponseListItem }) {
  const passed = passedLabel(response.passed);
  return (
    <span className="response-score">
      <span>{scoreSummary(response)}</span>
      {passed && <span className="resource-muted">{passed}</span>}
    </span>
  );
}

export function TestResponsesRoute() {
  const testId = responseIdOf(useParams().id ?? '');
  return testId === null ? <MissingTest /> : <ResponsesScreen testId={testId} />;
}

function ResponsesScreen({ testId }: { testId: number }) {
  const testQuery = useAnswersTest(testId);
  const test = testQuery.data;
  const anonymous = test?.anonymous ?? false;
  const quiz = test?.kind !== 'survey';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readListState(searchParams, RESPONSE_LIST), [searchParams]);
  const list = useTestResponses(testId, state);
  const page = list.data;
  const rows = page?.data ?? [];
  const narrow = useMediaQuery(PHONE_QUERY);
  const [toast] = useNotifier();
  const headingId = useId();

  const show = useCallback(
    (next: ListState) => {
      const search = listSearchString(next, RESPONSE_LIST);
      if (search !== intendedSearch()) void navigateToSearch(navigate, search);
    },
    [navigate],
  );
  const setFilter = useCallback(
    (name: string, value: string | undefined) => {
      // From where the address is going: «Hasta» typed right after «Desde» must not undo it.
      const current = readListState(new URLSearchParams(intendedSearch()), RESPONSE_LIST);
      if ((current.filters[name] ?? undefined) === value) return;
      const { [name]: _previous, ...others } = current.filters;
      show(withFilters(current, { filters: value ? { ...others, [name]: value } : others }));
    },
    [show],
  );

  const columns = useMemo(() => responseColumns(test), [test]);
  const filters = quiz ? [STATE_FILTER, PASSED_FILTER, PENDING_FILTER] : [STATE_FILTER];
  const filterControls = (
    <>
      <ListFilters filters={filters} values={state.filters} onChange={setFilter} folded={false} />
      <ListDateRange from={state.filters.from} to={state.filters.to} onChange={setFilter} />
    </>
  );
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const { sortField, sortOrder } = sortToTable(state, RESPONSE_LIST);
  const nameOf = (response: TestResponseListItem) =>
    [anonymous ? null : response.email, sentAt(response, anonymous)].filter(Boolean).join(', ');
  const link = (response: TestResponseListItem, content: ReactNode) => (
    <Link to={responsePath(testId, response.id)} className="resource-record-link">
      {content}
    </Link>
  );

  return (
    <AnswersPage
      test={test}
      testId={testId}
      heading="Respuestas"
      headingId={headingId}
      toast={toast}
      className="resource-list"
      actions={
        <>
          <ButtonLink
            to={responsesFileUrl(testId, state, 'csv')}
            external
            download
            icon="pi pi-download"
            label="Exportar CSV"
            variant="outlined"
          />
          <ButtonLink
            to={responsesFileUrl(testId, state, 'xlsx')}
            external
            download
            icon="pi pi-file-excel"
            label="Exportar Excel"
            variant="outlined"
          />
        </>
      }
    >
      {anonymous && (
        <p className="answers-intro">
          Test anónimo: no se guarda quién respondió y la fecha de envío es solo el día.
        </p>
      )}
      <div className="card resource-card">
        <div className="resource-toolbar">
          {!anonymous && (
            <ListSearch
              value={state.search}
              placeholder="Correo electrónico"
              onSearch={(search) => show(withFilters(state, { search }))}
            />
          )}
          {narrow ? (
            <FoldedFilters active={Object.keys(state.filters).length}>{filterControls}</FoldedFilters>
          ) : (
            filterControls
          )}
        </div>
        {narrow && (
          <div className="resource-view-bar">
            <div className="resource-view-bar-end">
              <ListSortDropdown
                value={state.sort}
                options={quiz ? SORT_OPTIONS : SORT_OPTIONS.slice(0, 2)}
                onChange={(sort) => show({ ...state, page: 1, sort })}
              />
            </div>
          </div>
        )}
        {list.isError && (
          <Notice severity="error">No se han podido cargar las respuestas: {errorMessage(list.error)}</Notice>
        )}
        {page || list.isError ? (
          <RecordTable
            rows={rows}
            loading={list.isFetching}
            paging={{
              page: state.page,
              perPage: state.perPage,
              total: page?.meta.total ?? 0,
              onPage: (next, perPage) => show({ ...state, page: next, perPage }),
            }}
            narrow={narrow}
            columns={columns}
            titleField="submitted_at"
            title={link}
            actions={(response) => (
              <RowActions name={nameOf(response)} editable={false} to={responsePath(testId, response.id)} />
            )}
            sorting={{
              field: sortField,
              order: sortOrder,
              sortable: quiz ? RESPONSE_LIST.sortable : ['submitted_at'],
              onSort: (event: DataTableSortEvent) =>
                show({
                  ...state,
                  page: 1,
                  sort: tableToSort(event.sortField, event.sortOrder, RESPONSE_LIST),
                }),
            }}
            labelledBy={headingId}
            emptyMessage={
              list.isError ? (
                'No hay datos.'
              ) : (
                <ListEmpty
                  filtered={filtered}
                  purpose="Aquí aparecerá cada respuesta en cuanto alguien envíe el test."
                  createAction={null}
                  onClear={() => show(withFilters(state, { search: '', filters: {} }))}
                />
              )
            }
          />
        ) : (
          <output className="resource-table-loading">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            <span>Cargando…</span>
          </output>
        )}
      </div>
    </AnswersPage>
  );
}
