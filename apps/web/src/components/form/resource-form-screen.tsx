import type { Permission, ReviewState } from '@gestor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { useUser } from '../../lib/auth';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';
import { FieldTableContext, ReadOnlyContext } from '../controls/form-controls';
import { rejectUnreadableDates } from '../controls/unreadable-dates';
import { PresenceBar } from '../presence/presence-bar';
import { usePresence } from '../presence/use-presence';
import {
  CONFLICT_MESSAGE,
  deletedMessage,
  deleteQuestion,
  savedLink,
  savedMessage,
} from '../resource/messages';
import { RecordFormContext, type RecordFormHandle } from '../resource/record-form-context';
import {
  resourceKeys,
  useDeleteResources,
  useResourceRecord,
  useSaveResource,
} from '../resource/resource-api';
import {
  nameOf,
  type ResourceRecord,
  type ResourceScreens,
  recordKey,
  type SaveQuestion,
  type ScreenNotifier,
  screensRoute,
  screensTitles,
} from '../resource/resource-screens';
import { flashSuccess, useNotifier } from '../resource/use-notifier';
import { ButtonLink } from '../ui/button-link';
import { FormErrorsNotice, Notice } from '../ui/notice';
import { AuditHistory } from './audit-history';
import { splitServerErrors } from './server-errors';
import { useUnsavedChangesGuard } from './unsaved-changes';
import '../resource/resource.css';
import { useSaveShortcut } from '../shortcuts/use-save-shortcut';
import { ConflictDialog } from './conflict-dialog';
import { useDraftRecovery } from './draft-recovery';

// The create and edit screens of any area (docs/architecture.md#the-spa): the shared zod schema validates
// before sending, the server's 422 messages land under their fields, leaving with unsaved changes
// asks first, a 409 offers the latest version, and the record's history sits beside the form.

interface ScreenProps<R extends ResourceRecord, V extends FieldValues> {
  screens: ResourceScreens<R, V>;
}

/** An item in review that this person sent (docs/review.md): she waits for her reviewer. */
function awaitsReviewOf(record: unknown, userId: number | undefined): boolean {
  const item = record as { status?: string; review?: ReviewState | null } | undefined;
  return userId !== undefined && item?.status === 'review' && item.review?.submitted_by?.id === userId;
}

export function ResourceCreateScreen<R extends ResourceRecord, V extends FieldValues>({
  screens,
}: ScreenProps<R, V>) {
  const [toast, notify] = useNotifier();
  return (
    <FormPage title={screensTitles(screens).create} backTo={screensRoute(screens.contract)} toast={toast}>
      <ResourceForm screens={screens} record={undefined} notify={notify} />
    </FormPage>
  );
}

/** `?historial` on a record's address opens its history (on a wide screen it is always beside). */
export const HISTORY_PARAM = 'historial';

export function ResourceEditScreen<R extends ResourceRecord, V extends FieldValues>({
  screens,
}: ScreenProps<R, V>) {
  const { contract } = screens;
  // The id, or the slug in areas addressed by slug (/category/{slug}).
  const key = useParams().id ?? '';
  const [toast, notify] = useNotifier();
  const queryClient = useQueryClient();
  const record = useResourceRecord<R>(contract, key);
  const id = record.data?.id ?? 0;
  // Issue 16: the form keeps its width. The history sits beside it only where both fit (a wide
  // screen); elsewhere it opens over the form from a "Historial" button in the header.
  const historyBeside = useMediaQuery(HISTORY_BESIDE_QUERY);
  // `?historial` (the activity log's links, decision 031): the history opens with the record.
  const [searchParams] = useSearchParams();
  const [historyOpen, setHistoryOpen] = useState(() => searchParams.has(HISTORY_PARAM));
  const historyButtonId = useId();
  // Decision 025: a restored version replaces the form (a new one mounts with it).
  const [formGeneration, setFormGeneration] = useState(0);
  const navigate = useNavigate();
  const can = useCan();
  const mayRestore =
    record.data !== undefined &&
    can(`${contract.area}.update` as Permission) &&
    (screens.canManage?.(record.data) ?? true);

  /** "Cargar la última versión": the record as it is now on the server, and its history. */
  const reload = async (): Promise<R | undefined> => {
    const result = await record.refetch();
    await queryClient.invalidateQueries({ queryKey: resourceKeys.audit(contract, id) });
    return result.data;
  };

  let content: ReactNode;
  if (record.isPending) {
    content = (
      <output className="resource-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
        <span>Cargando…</span>
      </output>
    );
  } else if (record.isError) {
    content = (
      <Notice severity="error">
        {isApiError(record.error) && record.error.status === 404
          ? 'Este elemento no existe o ha sido eliminado.'
          : `No se ha podido cargar este elemento: ${errorMessage(record.error)}`}
      </Notice>
    );
  } else {
    const history = (
      <AuditHistory
        contract={contract}
        recordId={id}
        fieldLabels={screens.form.fieldLabels}
        itemLabel={screens.form.auditItemLabel}
        describeChange={screens.form.auditChange}
        inSheet={!historyBeside}
        current={record.data}
        restore={
          mayRestore
            ? {
                notify,
                onRestored: (restored) => {
                  setFormGeneration((n) => n + 1);
                  // A restored slug moves the record: open it where it lives now.
                  if (recordKey(contract, restored) !== key) {
                    void navigate(`${screensRoute(contract)}/${recordKey(contract, restored)}`, {
                      replace: true,
                    });
                  }
                },
                onReload: async () => {
                  await reload();
                  setFormGeneration((n) => n + 1);
                },
              }
            : undefined
        }
      />
    );
    content = (
      <div
        className={
          historyBeside ? 'resource-form-layout resource-form-layout-beside' : 'resource-form-layout'
        }
      >
        {/* A new record (after "Cargar la última versión" or a new id) starts a fresh form. */}
        <ResourceForm
          key={`${id}:${formGeneration}`}
          screens={screens}
          record={record.data}
          notify={notify}
          reload={reload}
        />
        {historyBeside ? (
          history
        ) : (
          <Dialog
            visible={historyOpen}
            onHide={() => {
              setHistoryOpen(false);
              // WCAG 2.4.3: closing (Escape, the close button) returns the focus to "Historial".
              document.getElementById(historyButtonId)?.focus();
            }}
            header="Historial"
            position="right"
            className="side-sheet history-sheet"
            draggable={false}
            resizable={false}
            blockScroll
            dismissableMask
            pt={{ root: { 'aria-describedby': undefined } }}
          >
            {history}
          </Dialog>
        )}
      </div>
    );
  }
  const showHistoryButton = !historyBeside && record.isSuccess;
  // Before the record arrives, the permission alone decides; then also whether this one is manageable.
  const mayEdit =
    can(`${contract.area}.update` as Permission) &&
    (record.data === undefined || (screens.canManage?.(record.data) ?? true));
  return (
    <FormPage
      title={mayEdit ? screensTitles(screens).edit : screensTitles(screens).view}
      backTo={screensRoute(screens.contract)}
      toast={toast}
      actions={
        showHistoryButton && (
          <Button
            id={historyButtonId}
            type="button"
            label="Historial"
            icon="pi pi-history"
            outlined
            aria-haspopup="dialog"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen(true)}
          />
        )
      }
    >
      {content}
    </FormPage>
  );
}

/** Where the history fits beside a form at its full width (a 1280 px screen's form is ~60rem). */
const HISTORY_BESIDE_QUERY = '(min-width: 1600px)';

function FormPage({
  title,
  backTo,
  toast,
  actions,
  children,
}: {
  title: string;
  backTo: string;
  toast: ReactNode;
  /** Header buttons beside "Volver a la lista" (the edit screen's "Historial"). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const headingId = useId();
  return (
    <section className="page resource-form-page" aria-labelledby={headingId}>
      {toast}
      <header className="resource-header">
        <h1 id={headingId}>{title}</h1>
        <div className="resource-header-actions">
          {actions}
          <ButtonLink to={backTo} icon="pi pi-arrow-left" label="Volver a la lista" variant="text" />
        </div>
      </header>
      {children}
    </section>
  );
}

interface ResourceFormProps<R extends ResourceRecord, V extends FieldValues> extends ScreenProps<R, V> {
  record: R | undefined;
  notify: ScreenNotifier;
  reload?: () => Promise<R | undefined>;
}

function ResourceForm<R extends ResourceRecord, V extends FieldValues>({
  screens,
  record,
  notify,
  reload,
}: ResourceFormProps<R, V>) {
  const { contract, form: declaration } = screens;
  const route = screensRoute(contract);
  const editing = record !== undefined;
  const can = useCan();
  const allowed = (action: 'create' | 'update' | 'delete') => can(`${contract.area}.${action}` as Permission);
  // docs/http-api.md: a record the person may not manage is shown, never changed.
  const manageable = !editing || (screens.canManage?.(record) ?? true);
  // Optimistic locking (docs/http-api.md): every PUT carries the updated_at of the version on screen.
  const updatedAt = useRef(record?.updated_at);
  // The record on screen for `toBody`, which the schema below reads long after its first render: a
  // review's transition (docs/review.md) changes its status without a save.
  const shown = useRef(record);
  // docs/review.md: whoever sent the item to review leaves it to the reviewer. Her tab does not take
  // the edit lock while it holds no change of hers, so a reviewer who opens it can work; once she
  // changes something she takes it as anyone editing does (her save returns the item to draft).
  const userId = useUser()?.id;
  const [changedHere, setChangedHere] = useState(false);
  const waitsForReview = awaitsReviewOf(record, userId) && !changedHere;
  // Issue 19: who else is editing; a tab without the edit lock shows the form read-only.
  const presence = usePresence(contract, record?.id, {
    mayEdit: editing && allowed('update') && manageable,
    claim: !waitsForReview,
    version: updatedAt,
  });
  const readOnly = !allowed(editing ? 'update' : 'create') || !manageable || presence.locked;
  const navigate = useNavigate();
  // The values an area's own save button lays over the form's for one request (`submitWith`).
  const overrides = useRef<Partial<V> | null>(null);
  const [schema] = useState(() =>
    z
      .custom<V>()
      .transform((formValues) => {
        const values = overrides.current ? { ...formValues, ...overrides.current } : formValues;
        return shown.current
          ? { ...declaration.toBody(values, shown.current), updated_at: updatedAt.current }
          : declaration.toBody(values, undefined);
      })
      .pipe(record ? declaration.updateInput : declaration.createInput),
  );
  const form = useForm<V, unknown, unknown>({
    defaultValues: (editing ? declaration.fromRecord(record) : declaration.empty()) as DefaultValues<V>,
    // A date control's unreadable text blocks saving even where the schema ignores the field.
    resolver: rejectUnreadableDates(zodResolver(schema)),
  });
  const dirty = form.formState.isDirty;
  useEffect(() => setChangedHere(dirty), [dirty]);
  const showRecord = (latest: R) => {
    updatedAt.current = latest.updated_at;
    shown.current = latest;
    form.reset(declaration.fromRecord(latest));
  };
  const { dialog: leaveDialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);
  // Issue 19: unsaved changes kept in the browser, and offered again (draft-recovery.tsx).
  const draft = useDraftRecovery({ screens, record, form, updatedAt, readOnly });

  const openedAt = record ? recordKey(contract, record) : undefined;
  const save = useSaveResource<R>(contract, record?.id, openedAt);
  const queryClient = useQueryClient();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  // A review's transition refused with 409 (docs/review.md): the form's changes were saved before it.
  const [conflictSaved, setConflictSaved] = useState(false);
  // Issue 20: Ctrl+S saves as the form's submit button does (components/shortcuts).
  const shortcutForm = useSaveShortcut(!readOnly && !save.isPending);
  const { formRef: draftFormRef } = draft;
  const formRef = useCallback(
    (element: HTMLFormElement | null) => {
      draftFormRef(element);
      shortcutForm.current = element;
    },
    [draftFormRef, shortcutForm],
  );

  // A save the declaration asks about first (`confirmSave`), with what it was laid over the form's
  // values; `confirming` is set while the yes is being saved, so it is not asked again.
  const [question, setQuestion] = useState<(SaveQuestion<V> & { overrides: Partial<V> | null }) | null>(null);
  const confirming = useRef(false);
  // What the last save answered, for `saveChanges` (a save's outcome is otherwise only on screen).
  const lastSaved = useRef<R | undefined>(undefined);

  const submit = form.handleSubmit(async (body) => {
    setFormErrors([]);
    if (!confirming.current) {
      const asked = declaration.confirmSave?.(body as object, record) ?? null;
      if (asked) {
        setQuestion({ ...asked, overrides: overrides.current });
        return;
      }
    }
    try {
      const saved = await save.mutateAsync(body as object);
      lastSaved.current = saved;
      draft.forget();
      if (!editing) declaration.onCreated?.(saved);
      if (!editing || recordKey(contract, saved) !== openedAt) {
        // A new record, or one whose address changed (its slug was edited): open it where it lives now.
        // The edit form stays mounted across the move (same record), so it takes the saved version.
        if (editing) showRecord(saved);
        allowNavigation();
        flashSuccess(savedMessage(contract, record, saved), savedLink(saved));
        await navigate(`${route}/${recordKey(contract, saved)}`, { replace: true });
        // The old address names nothing now: not kept in the cache as if it did.
        if (openedAt !== undefined) {
          queryClient.removeQueries({ queryKey: resourceKeys.record(contract, openedAt), exact: true });
        }
        return;
      }
      showRecord(saved);
      notify.success(savedMessage(contract, record, saved), savedLink(saved));
    } catch (error) {
      // Optimistic locking (docs/http-api.md): nothing was written; the person chooses what to do.
      if (isApiError(error) && error.status === 409) {
        setConflictSaved(false);
        setConflict(CONFLICT_MESSAGE);
        return;
      }
      if (isApiError(error) && error.status === 422) {
        const { byField, others } = splitServerErrors(error.errors, declaration.fields);
        let first = true;
        for (const [field, message] of Object.entries(byField)) {
          form.setError(field as FieldPath<V>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        setFormErrors(others.length || !first ? others : [error.message]);
        return;
      }
      setFormErrors([errorMessage(error)]);
    }
  });

  const submitWith = async (values: Partial<V>) => {
    overrides.current = values;
    try {
      await submit();
    } finally {
      overrides.current = null;
    }
  };

  const saveConfirmed = async () => {
    if (!question) return;
    setQuestion(null);
    confirming.current = true;
    try {
      await submitWith({ ...question.overrides, ...question.confirmed });
    } finally {
      confirming.current = false;
    }
  };

  // docs/review.md: a transition saves the person's changes first, then moves the saved record.
  const handle: RecordFormHandle | null = record
    ? {
        contract,
        saveChanges: async () => {
          if (!form.formState.isDirty) return shown.current;
          lastSaved.current = undefined;
          await submit();
          return lastSaved.current;
        },
        showRecord: (latest) => showRecord(latest as R),
        conflict: (message) => {
          setConflictSaved(true);
          setConflict(message ?? CONFLICT_MESSAGE);
        },
        notify,
        saving: save.isPending,
      }
    : null;

  const loadLatest = async () => {
    const latest = await reload?.();
    if (latest) showRecord(latest);
    setConflict(null);
  };

  const remove = useDeleteResources(contract);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteRecord = () => {
    if (!record) return;
    remove.mutate([record.id], {
      onSuccess: () => {
        draft.forget();
        allowNavigation();
        flashSuccess(deletedMessage(1, { trash: contract.trash !== false }));
        void navigate(route);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const { Fields, Actions, ViewActions, Related, SubmitActions } = declaration;
  const canDelete = editing && manageable && allowed('delete') && (screens.canDelete?.(record) ?? true);

  const formCard = (
    <form ref={formRef} className="card resource-form" noValidate onSubmit={submit}>
      {editing && (
        <PresenceBar presence={presence} onReload={loadLatest} fieldLabels={declaration.fieldLabels} />
      )}
      {draft.notice}
      {readOnly && !presence.locked && (
        <Notice severity="info">
          {!manageable
            ? (screens.unmanageableNotice ??
              'No puede modificar este elemento: se muestra solo para consulta.')
            : editing
              ? 'No tiene permiso para modificar este elemento: se muestra solo para consulta.'
              : 'No tiene permiso para crear elementos.'}
        </Notice>
      )}
      <FormErrorsNotice messages={formErrors} />
      <FieldTableContext.Provider value={screens.contract.fields}>
        <ReadOnlyContext.Provider value={readOnly}>
          <RecordFormContext.Provider value={handle}>
            <Fields record={record} readOnly={readOnly} />
          </RecordFormContext.Provider>
        </ReadOnlyContext.Provider>
      </FieldTableContext.Provider>
      <div className="resource-form-actions">
        {!readOnly && (
          <>
            {SubmitActions ? (
              <SubmitActions record={record} submitWith={submitWith} saving={save.isPending} />
            ) : (
              <Button type="submit" label="Guardar" icon="pi pi-check" loading={save.isPending} />
            )}
            <ButtonLink to={route} label="Cancelar" variant="text" />
          </>
        )}
        {editing && manageable && Actions && <Actions record={record} notify={notify} />}
        {editing && ViewActions && <ViewActions record={record} notify={notify} />}
        {canDelete && (
          <Button
            type="button"
            label="Eliminar"
            icon="pi pi-trash"
            severity="danger"
            outlined
            className="resource-form-delete"
            loading={remove.isPending}
            onClick={() => setConfirmingDelete(true)}
          />
        )}
      </div>
    </form>
  );

  return (
    <FormProvider {...form}>
      {editing && Related ? (
        // One cell of the screen's grid: the history stays beside the form and its sections.
        <div className="resource-form-stack">
          {formCard}
          <Related record={record} notify={notify} readOnly={readOnly} />
        </div>
      ) : (
        formCard
      )}

      {leaveDialog}
      <ConfirmDialog
        visible={confirmingDelete}
        onHide={() => setConfirmingDelete(false)}
        header="Confirmar eliminación"
        message={
          record ? deleteQuestion(1, nameOf(screens, record), { trash: contract.trash !== false }) : null
        }
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={deleteRecord}
      />
      <ConfirmDialog
        visible={question !== null}
        onHide={() => setQuestion(null)}
        header={question?.header}
        message={question?.message}
        icon="pi pi-exclamation-triangle"
        acceptLabel={question?.acceptLabel}
        rejectLabel="Cancelar"
        defaultFocus="reject"
        className="resource-dialog"
        accept={() => void saveConfirmed()}
      />
      <ConflictDialog
        message={conflict}
        unsaved={!conflictSaved}
        onCancel={() => setConflict(null)}
        onLoadLatest={() => void loadLatest()}
      />
    </FormProvider>
  );
}
