import { type ResourceContract, SAVED_VIEW_NAME_MAX, type SavedView } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { type ListOptions, type ListState, readListState } from '../resource/list-state';
import type { ScreenNotifier } from '../resource/resource-screens';
import { focusOnShow } from '../ui/dialog-focus';
import { Notice } from '../ui/notice';
import { useSavedViewChanges, useSavedViews } from './saved-views-api';
import { listStateOf, stateKey, viewStateOf } from './saved-views-state';
import './saved-views.css';

// Issue 20 "Saved views" (decision 032): above the table, "Todos" and the list's saved views (mine,
// then those shared with me, marked with their owner's name), each a link to its address; a menu
// per view (apply, rename, share, delete — the owner's only — and "Usar como vista predeterminada");
// "Guardar vista" stores the list as it is. Opening the list with a bare address applies my default.

/** History state of "Todos": the person chose the whole list, so a reload does not apply the default. */
const ALL_RECORDS = 'savedViewsAll';

export interface SavedViewsTabsProps {
  contract: ResourceContract;
  options: ListOptions;
  /** The list as shown now. */
  current: ListState;
  /** The address's query for a state (the list keeps its layout, `?view=`). */
  searchFor: (state: ListState) => string;
  /** Shows a state (the default view, replacing the bare address; "Aplicar"). */
  show: (state: ListState, options?: { replace?: boolean }) => unknown;
  notify: ScreenNotifier;
}

type Editing = { kind: 'save' } | { kind: 'rename'; view: SavedView };

export function SavedViewsTabs({ contract, options, current, searchFor, show, notify }: SavedViewsTabsProps) {
  const area = contract.area;
  const views = useSavedViews(area);
  const changes = useSavedViewChanges(area);
  const location = useLocation();
  const menu = useRef<Menu>(null);
  const menuId = useId();
  const [menuView, setMenuView] = useState<SavedView | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const container = useRef<HTMLDivElement>(null);
  /** Where the focus goes back when a dialog closes (WCAG 2.4.3): the control that opened it. */
  const returnFocus = useRef<HTMLElement | null>(null);

  const list = views.data?.data ?? [];
  const defaultId = views.data?.meta.default_view_id ?? null;
  const currentKey = stateKey(current, contract, options);
  const viewState = (view: SavedView) => listStateOf(view.state, contract, options);
  const active = list.find((view) => stateKey(viewState(view), contract, options) === currentKey);
  const all = readListState(new URLSearchParams(), contract, options);

  // The default view, once, when the list was opened with a bare address (not by "Todos").
  const defaultChecked = useRef(false);
  useEffect(() => {
    if (defaultChecked.current || !views.data) return;
    defaultChecked.current = true;
    const chosenAll = (location.state as Record<string, unknown> | null)?.[ALL_RECORDS] === true;
    if (location.search !== '' || chosenAll) return;
    const view = views.data.data.find((candidate) => candidate.id === views.data.meta.default_view_id);
    if (view) void show(viewState(view), { replace: true });
  });

  const failed = (error: unknown) => notify.error(errorMessage(error));
  const menuItems = (view: SavedView): MenuItem[] => [
    { label: 'Aplicar', icon: 'pi pi-filter', command: () => void show(viewState(view)) },
    view.id === defaultId
      ? {
          label: 'Dejar de usar como vista predeterminada',
          icon: 'pi pi-star',
          command: () =>
            changes.setDefault.mutate(null, {
              onSuccess: () => notify.success(`«${view.name}» ya no es la vista predeterminada.`),
              onError: failed,
            }),
        }
      : {
          label: 'Usar como vista predeterminada',
          icon: 'pi pi-star-fill',
          command: () =>
            changes.setDefault.mutate(view.id, {
              onSuccess: () => notify.success(`«${view.name}» es ahora la vista predeterminada.`),
              onError: failed,
            }),
        },
    // Only the owner may change a view: the others never see what the API would refuse (a 403 signs out).
    ...(view.mine
      ? [
          { label: 'Renombrar', icon: 'pi pi-pencil', command: () => setEditing({ kind: 'rename', view }) },
          {
            label: view.shared ? 'Dejar de compartir' : 'Compartir con quien pueda ver la lista',
            icon: view.shared ? 'pi pi-lock' : 'pi pi-users',
            command: () =>
              changes.update.mutate(
                { id: view.id, shared: !view.shared },
                {
                  onSuccess: () =>
                    notify.success(
                      view.shared
                        ? `«${view.name}» ya no está compartida.`
                        : `«${view.name}» está compartida.`,
                    ),
                  onError: failed,
                },
              ),
          },
          { label: 'Eliminar', icon: 'pi pi-trash', command: () => setToDelete(view) },
        ]
      : []),
  ];

  const focusBack = () =>
    requestAnimationFrame(() =>
      (returnFocus.current ?? container.current?.querySelector<HTMLElement>('.saved-views-save'))?.focus(),
    );

  return (
    <div className="saved-views" ref={container}>
      <nav className="saved-views-nav" aria-label="Vistas guardadas">
        <ul className="saved-views-tabs">
          <li className="saved-views-tab">
            <Link
              to={{ search: searchFor(all) }}
              state={{ [ALL_RECORDS]: true }}
              aria-current={!active && currentKey === '' ? 'page' : undefined}
              className="saved-views-link"
            >
              Todos
            </Link>
          </li>
          {list.map((view) => (
            <li key={view.id} className="saved-views-tab">
              <Link
                to={{ search: searchFor(viewState(view)) }}
                aria-current={view === active ? 'page' : undefined}
                // One name read as a sentence; the pieces are laid out apart (flex) and icons say nothing.
                aria-label={tabLabel(view, view.id === defaultId)}
                className="saved-views-link"
              >
                {view.id === defaultId && (
                  <i className="pi pi-star-fill saved-views-default" aria-hidden="true" />
                )}
                <span>{view.name}</span>
                {view.shared && (
                  <span className="saved-views-owner">
                    <i className="pi pi-users" aria-hidden="true" />
                    {!view.mine && view.owner.name}
                  </span>
                )}
              </Link>
              <button
                type="button"
                className="saved-views-menu-button"
                aria-label={`Opciones de la vista «${view.name}»`}
                aria-haspopup="menu"
                aria-controls={menuOpen && menuView === view ? menuId : undefined}
                aria-expanded={menuOpen && menuView === view}
                onClick={(event) => {
                  returnFocus.current = event.currentTarget;
                  setMenuView(view);
                  menu.current?.toggle(event);
                }}
              >
                <i className="pi pi-ellipsis-v" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Button
        type="button"
        icon="pi pi-bookmark"
        label="Guardar vista"
        text
        className="saved-views-save"
        onClick={(event) => {
          returnFocus.current = event.currentTarget;
          setEditing({ kind: 'save' });
        }}
      />
      <Menu
        ref={menu}
        id={menuId}
        model={menuView ? menuItems(menuView) : []}
        popup
        popupAlignment="left"
        onShow={() => setMenuOpen(true)}
        onHide={() => setMenuOpen(false)}
      />
      {editing && (
        <ViewNameDialog
          title={editing.kind === 'save' ? 'Guardar vista' : 'Renombrar vista'}
          initialName={editing.kind === 'rename' ? editing.view.name : ''}
          askShared={editing.kind === 'save'}
          pending={changes.create.isPending || changes.update.isPending}
          onHide={() => {
            setEditing(null);
            focusBack();
          }}
          submit={async (name, shared) => {
            if (editing.kind === 'save') {
              await changes.create.mutateAsync({
                name,
                shared,
                state: viewStateOf(current, contract, options),
              });
              notify.success(`Vista «${name}» guardada.`);
            } else {
              await changes.update.mutateAsync({ id: editing.view.id, name });
              notify.success(`Vista renombrada como «${name}».`);
            }
          }}
        />
      )}
      <ConfirmDialog
        visible={toDelete !== null}
        onHide={() => {
          setToDelete(null);
          focusBack();
        }}
        header="Eliminar vista"
        message={toDelete && `¿Eliminar la vista «${toDelete.name}»? Los elementos de la lista no cambian.`}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={() => {
          if (!toDelete) return;
          const { id, name } = toDelete;
          // The button of a deleted view is gone: the focus goes to "Guardar vista".
          returnFocus.current = null;
          changes.remove.mutate(id, {
            onSuccess: () => notify.success(`Vista «${name}» eliminada.`),
            onError: failed,
          });
        }}
      />
    </div>
  );
}

/** A tab's name: "Predeterminada: Borradores, compartida por Ana Pérez". */
function tabLabel(view: SavedView, isDefault: boolean): string {
  const sharing = view.shared ? (view.mine ? ', compartida' : `, compartida por ${view.owner.name}`) : '';
  return `${isDefault ? 'Predeterminada: ' : ''}${view.name}${sharing}`;
}

/** The name of a view (and, for a new one, whether it is shared), with the API's 422 under the field. */
function ViewNameDialog({
  title,
  initialName,
  askShared,
  pending,
  onHide,
  submit,
}: {
  title: string;
  initialName: string;
  askShared: boolean;
  pending: boolean;
  onHide: () => void;
  submit: (name: string, shared: boolean) => Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (name.trim() === '') {
      setError('El campo nombre es obligatorio.');
      input.current?.focus();
      return;
    }
    try {
      await submit(name.trim(), shared);
      onHide();
    } catch (failed) {
      const nameError = isApiError(failed) && failed.status === 422 ? failed.errors.name?.[0] : undefined;
      if (nameError) {
        setError(nameError);
        input.current?.focus();
      } else {
        setFailure(errorMessage(failed));
      }
    }
  };

  const errorId = `${id}-error`;
  return (
    <Dialog
      visible
      onHide={onHide}
      header={title}
      className="resource-dialog"
      draggable={false}
      resizable={false}
      onShow={() => focusOnShow(input.current, { select: true })}
      footer={
        <div className="saved-views-dialog-footer">
          <Button type="button" label="Cancelar" text onClick={onHide} />
          <Button type="submit" form={`${id}-form`} label="Guardar" icon="pi pi-check" loading={pending} />
        </div>
      }
    >
      <form id={`${id}-form`} className="saved-views-form" noValidate onSubmit={(event) => void send(event)}>
        {failure && <Notice severity="error">{failure}</Notice>}
        <div className="form-field">
          <label htmlFor={`${id}-name`} className="form-field-label">
            Nombre
          </label>
          <InputText
            ref={input}
            id={`${id}-name`}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(null);
            }}
            maxLength={SAVED_VIEW_NAME_MAX}
            autoComplete="off"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={Boolean(error)}
            className={error ? 'p-invalid' : undefined}
          />
          {error && (
            <small id={errorId} className="form-field-error">
              {error}
            </small>
          )}
        </div>
        {askShared && (
          <div className="saved-views-shared">
            <input
              id={`${id}-shared`}
              type="checkbox"
              className="resource-view-checkbox"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
            />
            <label htmlFor={`${id}-shared`}>Compartir con quien pueda ver la lista</label>
          </div>
        )}
      </form>
    </Dialog>
  );
}
