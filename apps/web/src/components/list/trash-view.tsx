import type { Paginated, Permission, ResourceContract } from '@gestor/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';
import { formatDateTime } from '../resource/format';
import { PER_PAGE_OPTIONS } from '../resource/list-state';
import { withSelectedCount } from '../resource/messages';
import {
  nameOf,
  type ResourceColumn,
  type ResourceListDeclaration,
  type ResourceRecord,
  screensTitles,
} from '../resource/resource-screens';
import { useNotifier } from '../resource/use-notifier';
import { ListSearch } from './list-search';
import { PHONE_QUERY, RecordTable } from './record-table';

// Decision 026, the "Papelera" of every list: what was deleted, when, and the way back ("Restaurar")
// or out for good ("Eliminar definitivamente", one, selected or the whole trash). Shown to people
// with the area's delete permission, the only ones the API lets read the trash.

/** `?papelera=1` on a list's address: its trash is shown. */
export const TRASH_PARAM = 'papelera';
export const TRASH_EMPTY = 'La papelera está vacía.';

/** Whether the person may see the area's trash: it has one, and they may delete its records. */
export function useTrashAllowed(contract: ResourceContract): boolean {
  const can = useCan();
  return contract.trash !== false && can(`${contract.area}.delete` as Permission);
}

const base = (contract: ResourceContract) => `/api/${contract.path}`;
const trashKey = (contract: ResourceContract) => [contract.path, 'trash'] as const;

type Trashed<R> = R & { deleted_at: string | null };

/** How many records the trash holds now (the tab's count). */
function useTrashCount(contract: ResourceContract) {
  return useQuery({
    queryKey: [...trashKey(contract), 'count'],
    queryFn: ({ signal }) =>
      api.get<Paginated<ResourceRecord>>(base(contract), {
        params: { trashed: 'only', per_page: 1 },
        raw: true,
        signal,
      }),
    select: (page) => page.meta.total,
  });
}

/** "Elementos | Papelera (n)": the two views of a list, each a link (its own address). */
export function TrashTabs({ contract, inTrash }: { contract: ResourceContract; inTrash: boolean }) {
  const count = useTrashCount(contract).data;
  const tab = (to: string, active: boolean, label: string) => (
    <Link
      to={{ search: to }}
      aria-current={active ? 'page' : undefined}
      className={`list-view-option${active ? ' list-view-option-active' : ''}`}
    >
      {label}
    </Link>
  );
  return (
    <nav className="trash-tabs list-view-switch" aria-label="Elementos o papelera">
      <div className="list-view-options">
        {tab('', !inTrash, 'Elementos')}
        {tab(`?${TRASH_PARAM}=1`, inTrash, count === undefined ? 'Papelera' : `Papelera (${count})`)}
      </div>
    </nav>
  );
}

type Confirm = { kind: 'force'; records: ResourceRecord[] } | { kind: 'empty'; total: number };

const count = (n: number) => (n === 1 ? '1 elemento' : `${n} elementos`);

export function TrashListScreen<R extends ResourceRecord>({
  screens,
}: {
  screens: ResourceListDeclaration<R>;
}) {
  const { contract } = screens;
  const titles = screensTitles(screens);
  useDocumentTitle(`Papelera · ${titles.list}`);
  const headingId = useId();
  const narrow = useMediaQuery(PHONE_QUERY);
  const queryClient = useQueryClient();
  const [toast, notify] = useNotifier();

  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PER_PAGE_OPTIONS[0]);
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Trashed<R>[]>([]);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or search starts afresh.
  useEffect(() => setSelection([]), [page, perPage, search]);

  const list = useQuery({
    queryKey: [...trashKey(contract), 'list', page, perPage, search],
    queryFn: ({ signal }) =>
      api.get<Paginated<Trashed<R>>>(base(contract), {
        params: { trashed: 'only', page, per_page: perPage, ...(search ? { search } : {}) },
        raw: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  // Every cached list and count is stale after a restore or a purge (areas count each other).
  const refresh = () => queryClient.invalidateQueries();
  const restore = useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.post<unknown>(`${base(contract)}/${ids[0]}/restore`)
        : api.post<unknown>(`${base(contract)}/restore`, { ids }),
    onSuccess: async (_data, ids) => {
      notify.success(
        ids.length === 1 ? 'Se ha restaurado 1 elemento.' : `Se han restaurado ${ids.length} elementos.`,
      );
      setSelection([]);
      await refresh();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const purge = useMutation({
    mutationFn: (what: number[] | 'all') =>
      what === 'all'
        ? api.delete<null>(base(contract), { all: true }, { params: { force: 1 } })
        : what.length === 1
          ? api.delete<null>(`${base(contract)}/${what[0]}`, undefined, { params: { force: 1 } })
          : api.delete<null>(base(contract), { ids: what }, { params: { force: 1 } }),
    onSuccess: async (_data, what) => {
      notify.success(
        what === 'all'
          ? 'Se ha vaciado la papelera.'
          : what.length === 1
            ? 'Se ha eliminado definitivamente 1 elemento.'
            : `Se han eliminado definitivamente ${what.length} elementos.`,
      );
      setSelection([]);
      await refresh();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const busy = restore.isPending || purge.isPending;

  const titleColumn: ResourceColumn<Trashed<R>> = (() => {
    const own = screens.columns.find((column) => column.link) ?? screens.columns[0];
    return {
      ...(own as unknown as ResourceColumn<Trashed<R>>),
      field: own?.field ?? 'id',
      card: 'title',
      link: undefined,
    } as ResourceColumn<Trashed<R>>;
  })();
  const deletedColumn: ResourceColumn<Trashed<R>> = {
    field: 'deleted_at',
    header: 'Enviado a la papelera',
    card: 'date',
    body: (record) => formatDateTime(record.deleted_at),
  } as ResourceColumn<Trashed<R>>;
  const columns = [titleColumn, deletedColumn];
  const name = (record: R) => nameOf(screens, record);
  // A record the person may not manage (a user holding more than they do), or not delete (a news item
  // in review, for a writer: docs/review.md), offers nothing: restoring and deleting for good are
  // deletions to the API, which would answer 403, which signs the SPA out (docs/http-api.md#sign-in-lifecycle).
  const manageable = (record: R) =>
    (screens.canManage ?? (() => true))(record) && (screens.canDelete ?? (() => true))(record);
  const actions = (record: Trashed<R>) =>
    manageable(record) && (
      <>
        <Button
          type="button"
          icon="pi pi-replay"
          text
          aria-label={`Restaurar «${name(record)}»`}
          title="Restaurar"
          disabled={busy}
          onClick={() => restore.mutate([record.id])}
        />
        <Button
          type="button"
          icon="pi pi-times-circle"
          severity="danger"
          text
          aria-label={`Eliminar definitivamente «${name(record)}»`}
          title="Eliminar definitivamente"
          disabled={busy}
          onClick={() => setConfirm({ kind: 'force', records: [record] })}
        />
      </>
    );
  const empty = search ? 'Ningún resultado en la papelera.' : TRASH_EMPTY;

  return (
    <section className="page resource-list" aria-labelledby={headingId}>
      {toast}
      <header className="resource-header">
        <h1 id={headingId}>{titles.list}</h1>
        <div className="resource-header-actions">
          <Button
            type="button"
            label={withSelectedCount('Restaurar seleccionados', selection.length)}
            icon="pi pi-replay"
            outlined
            disabled={!selection.length || busy}
            onClick={() => restore.mutate(selection.map((record) => record.id))}
          />
          <Button
            type="button"
            label={withSelectedCount('Eliminar definitivamente', selection.length)}
            icon="pi pi-times-circle"
            severity="danger"
            outlined
            disabled={!selection.length || busy}
            onClick={() => setConfirm({ kind: 'force', records: selection })}
          />
          {/* Emptying takes every record: not offered where some may be beyond the person (users). */}
          {!screens.canManage && (
            <Button
              type="button"
              label="Vaciar la papelera"
              icon="pi pi-trash"
              severity="danger"
              disabled={total === 0 || busy}
              onClick={() => setConfirm({ kind: 'empty', total })}
            />
          )}
        </div>
      </header>
      <TrashTabs contract={contract} inTrash />

      <div className="card resource-card">
        <div className="resource-toolbar">
          <ListSearch
            value={search}
            placeholder={screens.searchPlaceholder}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </div>
        {list.isError && <p role="alert">No se ha podido cargar la papelera: {errorMessage(list.error)}</p>}
        <RecordTable<Trashed<R>>
          rows={rows}
          loading={list.isFetching}
          paging={{
            page,
            perPage,
            total,
            onPage: (next, rows) => {
              setPage(next);
              setPerPage(rows);
            },
          }}
          narrow={narrow}
          columns={columns}
          titleField={titleColumn.field}
          // A trashed record opens nowhere: its name alone.
          title={(_record, content) => <span className="resource-record-link">{content}</span>}
          actions={actions}
          selection={{ selected: selection, onChange: setSelection, selectable: manageable, nameOf: name }}
          labelledBy={headingId}
          emptyMessage={list.data ? empty : 'Cargando…'}
        />
      </div>

      <ConfirmDialog
        visible={confirm !== null}
        onHide={() => setConfirm(null)}
        header={confirm?.kind === 'empty' ? 'Vaciar la papelera' : 'Eliminar definitivamente'}
        message={
          confirm?.kind === 'empty'
            ? `¿Vaciar la papelera? Se eliminarán definitivamente ${count(confirm.total)}. Esta acción no se puede deshacer.`
            : confirm
              ? `¿Eliminar definitivamente ${
                  confirm.records.length === 1
                    ? `«${name(confirm.records[0] as R)}»`
                    : count(confirm.records.length)
                }? Esta acción no se puede deshacer.`
              : null
        }
        icon="pi pi-exclamation-triangle"
        acceptLabel={confirm?.kind === 'empty' ? 'Vaciar' : 'Eliminar definitivamente'}
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={() => {
          if (!confirm) return;
          purge.mutate(confirm.kind === 'empty' ? 'all' : confirm.records.map((record) => record.id));
        }}
      />
    </section>
  );
}
