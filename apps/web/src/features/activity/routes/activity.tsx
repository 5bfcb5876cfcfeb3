import type { Area } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useId, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PER_PAGE_OPTIONS } from '../../../components/resource/list-state';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { intendedSearch, navigateToSearch } from '../../../lib/intended-search';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  type ActivityQuery,
  activityCsvUrl,
  useActivityLog,
} from '../api/activity-log';
import { ActivityFilters } from '../components/activity-filters';
import { ActivityCards, ActivityTable } from '../components/activity-rows';
import '../../../components/resource/resource.css';
import '../activity.css';

// "Actividad" (issue 20, decision 031): every change in every area and the security log, newest
// first, for people with `activity.view`. The filters and the page live in the address, as every
// list's do, so a filtered log can be bookmarked, shared and gone back to.

const PHONE_QUERY = '(max-width: 575.98px)';
/** Where the six columns stop fitting beside the menu: cards below it. */
const CARDS_QUERY = '(max-width: 991.98px)';

const positive = (raw: string | null, fallback: number) =>
  raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback;

function queryOf(params: URLSearchParams): ActivityQuery {
  const filters: ActivityQuery['filters'] = {};
  for (const name of ACTIVITY_FILTERS) {
    const value = params.get(`filter[${name}]`);
    if (value) filters[name] = value;
  }
  const perPage = positive(params.get('per_page'), PER_PAGE_OPTIONS[0]);
  return { page: positive(params.get('page'), 1), perPage, filters };
}

export function ActivityRoute({ editable }: { editable: (area: Area) => boolean }) {
  useDocumentTitle('Actividad');
  const headingId = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => queryOf(params), [params]);
  const log = useActivityLog(query);
  const narrow = useMediaQuery(PHONE_QUERY);
  const asCards = useMediaQuery(CARDS_QUERY);

  // Each change starts from where the address is going (lib/intended-search.ts): a date typed in
  // «Desde» right after one in «Hasta» must not start from the address before «Hasta» arrived, and
  // cancel it.
  const show = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const from = intendedSearch();
      const next = new URLSearchParams(from);
      change(next);
      const query = next.toString();
      const search = query ? `?${query}` : '';
      if (search !== from) void navigateToSearch(navigate, search);
    },
    [navigate],
  );
  const setFilter = useCallback(
    (name: ActivityFilter, value: string | undefined) =>
      show((next) => {
        if ((next.get(`filter[${name}]`) ?? undefined) === value) return;
        if (value) next.set(`filter[${name}]`, value);
        else next.delete(`filter[${name}]`);
        next.delete('page');
      }),
    [show],
  );
  const filtered = Object.keys(query.filters).length > 0;
  const page = log.data;
  const rows = page?.data ?? [];
  const total = page?.meta.total ?? 0;

  return (
    <section className="page resource-list activity" aria-labelledby={headingId}>
      <header className="resource-header">
        <h1 id={headingId}>Actividad</h1>
        <div className="resource-header-actions">
          <ButtonLink
            to={activityCsvUrl(query)}
            external
            download
            icon="pi pi-download"
            label="Exportar CSV"
            variant="outlined"
          />
        </div>
      </header>
      <p className="activity-intro">
        Cada cambio en cada área y los sucesos de seguridad (inicios y cierres de sesión, intentos fallidos,
        cambios de contraseña, de correo y de permisos, sesiones cerradas), del más reciente al más antiguo.
      </p>
      <div className="card resource-card">
        <div className="resource-toolbar">
          <ActivityFilters filters={query.filters} folded={narrow} onChange={setFilter} />
        </div>
        {log.isError && (
          <Notice severity="error">No se ha podido cargar la actividad: {errorMessage(log.error)}</Notice>
        )}
        {log.isPending ? (
          <output className="resource-table-loading">
            <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-hidden="true" />
            <span>Cargando…</span>
          </output>
        ) : rows.length === 0 && !log.isError ? (
          <div className="activity-empty">
            <p>{filtered ? 'Ningún cambio coincide con estos filtros.' : 'Todavía no hay actividad.'}</p>
            {filtered && (
              <Button
                type="button"
                label="Quitar filtros"
                icon="pi pi-filter-slash"
                text
                onClick={() =>
                  show((next) => {
                    for (const name of ACTIVITY_FILTERS) next.delete(`filter[${name}]`);
                    next.delete('page');
                  })
                }
              />
            )}
          </div>
        ) : (
          <div className="activity-rows" aria-busy={log.isFetching}>
            {asCards ? (
              <ActivityCards rows={rows} editable={editable} labelledBy={headingId} />
            ) : (
              <ActivityTable rows={rows} editable={editable} labelledBy={headingId} />
            )}
          </div>
        )}
        {total > 0 && (
          <Paginator
            first={(query.page - 1) * query.perPage}
            rows={query.perPage}
            totalRecords={total}
            rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
            template="RowsPerPageDropdown PrevPageLink CurrentPageReport NextPageLink"
            currentPageReportTemplate="{first}–{last} de {totalRecords}"
            onPageChange={(event: PaginatorPageChangeEvent) =>
              show((next) => {
                next.set('page', String(event.page + 1));
                next.set('per_page', String(event.rows));
              })
            }
            pt={{ RPPDropdown: { input: { 'aria-label': 'Filas por página' } } }}
            className="activity-paginator"
          />
        )}
      </div>
    </section>
  );
}
