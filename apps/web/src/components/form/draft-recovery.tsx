import { capitalized, withArticle } from '@gestor/shared';
import { Button } from 'primereact/button';
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { getUser, useUser } from '../../lib/auth';
import {
  browserDraftStorage,
  changedValues,
  type DraftAddress,
  draftEpoch,
  keepableValues,
  keepDraft,
  NEW_RECORD,
  readDraft,
  removeDraft,
  type StoredDraft,
  sweepDrafts,
} from '../../lib/drafts';
import { formatDateTime } from '../resource/format';
import type { ResourceRecord, ResourceScreens } from '../resource/resource-screens';
import { Notice } from '../ui/notice';
import { type Difference, draftDifferences } from './draft-differences';
import './draft-recovery.css';

// Issue 19 "Recovered drafts" (decision 028). While a form holds changes, they are kept in this
// browser (lib/drafts.ts) three seconds after the last keystroke (at most ten seconds apart while
// typing goes on), and at once when the tab is hidden or closed (`visibilitychange`, `pagehide`).
// Opening the record (or the create form) again offers them above the form, with what differs.

/** Quiet time after a change before it is kept, and the longest a change waits while typing goes on. */
export const DRAFT_DEBOUNCE_MS = 3_000;
export const DRAFT_MAX_WAIT_MS = 10_000;

interface DraftRecoveryOptions<R extends ResourceRecord, V extends FieldValues> {
  screens: ResourceScreens<R, V>;
  /** The record being edited; undefined on the create form ("nuevo"). */
  record: R | undefined;
  form: UseFormReturn<V, unknown, unknown>;
  /** The form's `updated_at` (optimistic concurrency): a recovered draft puts back the one it began from. */
  updatedAt: RefObject<string | undefined>;
  /** A read-only form keeps and offers nothing: the person could not save it. */
  readOnly: boolean;
}

export interface DraftRecovery {
  /** The notice above the form: the offer, or, once recovered, a reminder to save. */
  notice: ReactNode;
  /** For the `<form>`: its password inputs are never kept, whatever the field table says. */
  formRef: (element: HTMLFormElement | null) => void;
  /** The record was saved or deleted: its draft goes. */
  forget: () => void;
}

/** The names of a form's password inputs (issue 19: never kept, even a field the table does not mark). */
function passwordInputNames(form: HTMLFormElement): string[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[type="password"]'))
    .map((input) => input.name)
    .filter(Boolean);
}

export function useDraftRecovery<R extends ResourceRecord, V extends FieldValues>({
  screens,
  record,
  form,
  updatedAt,
  readOnly,
}: DraftRecoveryOptions<R, V>): DraftRecovery {
  const { contract } = screens;
  const userId = useUser()?.id;
  const [storage] = useState(browserDraftStorage);
  const active = Boolean(storage && userId && !readOnly);
  const recordId = record?.id;
  const address: DraftAddress | null = active
    ? { userId: userId!, area: contract.area, record: recordId ?? NEW_RECORD }
    : null;
  // The latest of what the callbacks below read, so timers and listeners never see a stale render.
  const current = useRef({ address, form, storage });
  current.current = { address, form, storage };

  // Sign-out changes the epoch: a form opened before it writes nothing after it (lib/drafts.ts).
  const [epoch] = useState(() => (storage ? draftEpoch(storage) : '0'));
  const secrets = useRef(
    new Set(
      Object.entries(contract.fields)
        .filter(([, def]) => 'secret' in def && def.secret)
        .map(([name]) => name),
    ),
  );
  const formElement = useRef<HTMLFormElement | null>(null);
  const formRef = useCallback((element: HTMLFormElement | null) => {
    formElement.current = element;
    if (element) for (const name of passwordInputNames(element)) secrets.current.add(name);
  }, []);

  const describe = {
    fields: contract.fields,
    labels: screens.form.fieldLabels,
    itemLabel: screens.form.auditItemLabel,
  };
  /** What a draft changes in the form as it stands: nothing means there is nothing to offer or keep. */
  const differencesOf = (values: Record<string, unknown>) => {
    const { values: now } = keepableValues(form.getValues() as Record<string, unknown>, secrets.current);
    return draftDifferences(now, values, describe);
  };

  const [offer, setOffer] = useState<{ draft: StoredDraft; differences: Difference[] } | null>(() => {
    if (!storage || !address) return null;
    const draft = readDraft(storage, address);
    if (!draft) return null;
    const differences = differencesOf(draft.values);
    return differences.length ? { draft, differences } : null;
  });
  // While the offer waits for an answer, the kept draft stays as it is (the person's answer decides).
  const offerPending = useRef(offer !== null);
  const [recoveredAt, setRecoveredAt] = useState<string | null>(null);

  /** Keeps the form's changes now, or removes the draft when nothing differs from the saved record. */
  const keepNow = useCallback(
    (owner: DraftAddress | null = current.current.address) => {
      const { storage, form } = current.current;
      if (!storage || !owner || offerPending.current || draftEpoch(storage) !== epoch) return;
      const formNode = formElement.current;
      if (formNode) for (const name of passwordInputNames(formNode)) secrets.current.add(name);
      const { values, filesLeftOut } = keepableValues(
        form.getValues() as Record<string, unknown>,
        secrets.current,
      );
      const saved = keepableValues(
        (form.formState.defaultValues ?? {}) as Record<string, unknown>,
        secrets.current,
      ).values;
      const changed = changedValues(values, saved);
      if (!Object.keys(changed).length) {
        removeDraft(storage, owner);
        // Recovered changes that are gone (saved, or the latest version loaded): no reminder left.
        setRecoveredAt(null);
        return;
      }
      // A full storage or a refused one: the form goes on; the person still has Guardar.
      keepDraft(storage, {
        ...owner,
        savedAt: new Date().toISOString(),
        baseUpdatedAt: owner.record === NEW_RECORD ? null : (updatedAt.current ?? null),
        values: changed,
        filesLeftOut,
      });
    },
    [epoch, updatedAt],
  );

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstChangeAt = useRef<number | null>(null);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    const now = Date.now();
    firstChangeAt.current ??= now;
    const delay = Math.max(0, Math.min(DRAFT_DEBOUNCE_MS, firstChangeAt.current + DRAFT_MAX_WAIT_MS - now));
    timer.current = setTimeout(() => {
      firstChangeAt.current = null;
      timer.current = undefined;
      keepNow();
    }, delay);
  }, [keepNow]);

  useEffect(() => {
    if (!active) return;
    if (storage) sweepDrafts(storage);
    const subscription = form.watch(() => schedule());
    const flush = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      firstChangeAt.current = null;
      keepNow();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    const owner = current.current.address;
    const openedAt = window.location.pathname;
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
      timer.current = undefined;
      if (offerPending.current || !owner || !storage) return;
      // Leaving the form. A person still signed in who went elsewhere left on purpose ("Salir sin
      // guardar", which says the changes will be lost), or after saving or deleting: nothing is
      // kept. A session that ended (401) leaves for the sign-in screen, and a form that goes away
      // where it stood (the record failed to reload) is no choice either: the changes are kept.
      if (getUser() && window.location.pathname !== openedAt) removeDraft(storage, owner);
      else keepNow(owner);
    };
    // The address is stable for a mounted form (a new record remounts it).
  }, [active, form, keepNow, schedule, storage]);

  const recoveredNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (recoveredAt) recoveredNotice.current?.focus();
  }, [recoveredAt]);

  const recover = () => {
    if (!offer) return;
    const values = form.getValues() as Record<string, unknown>;
    const recovered = Object.fromEntries(
      Object.keys(values).map((name) => [
        name,
        Object.hasOwn(offer.draft.values, name) ? offer.draft.values[name] : values[name],
      ]),
    );
    // Only the fields the person changed, over the record as it is now; against the record's
    // values the form is dirty, and the person still has to save.
    form.reset(recovered as V, { keepDefaultValues: true });
    // Saving checks the version the changes began from: a record changed since meets the 409 dialog.
    if (record && offer.draft.baseUpdatedAt) updatedAt.current = offer.draft.baseUpdatedAt;
    offerPending.current = false;
    setOffer(null);
    setRecoveredAt(offer.draft.savedAt);
    schedule();
  };

  const discard = () => {
    if (storage && address) removeDraft(storage, address);
    offerPending.current = false;
    setOffer(null);
    // The notice and its buttons are gone: the focus goes to the form's first field.
    formElement.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [contenteditable="true"]',
      )
      ?.focus();
    // Whatever was typed while the offer waited is kept from now on.
    schedule();
  };

  const forget = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    firstChangeAt.current = null;
    const { storage, address } = current.current;
    if (storage && address) removeDraft(storage, address);
    setRecoveredAt(null);
  }, []);

  let notice: ReactNode = null;
  if (offer) {
    const { draft, differences } = offer;
    const changedSince =
      record !== undefined && draft.baseUpdatedAt !== null && draft.baseUpdatedAt !== record.updated_at;
    notice = (
      <DraftOffer
        savedAt={draft.savedAt}
        changedSince={changedSince ? capitalized(withArticle(contract.label).one) : null}
        filesLeftOut={draft.filesLeftOut.length > 0}
        differences={differences}
        onRecover={recover}
        onDiscard={discard}
      />
    );
  } else if (recoveredAt) {
    notice = (
      <div ref={recoveredNotice} tabIndex={-1} className="draft-recovered">
        <Notice severity="success">
          Se han recuperado los cambios sin guardar del {formatDateTime(recoveredAt)}. Revíselos y guárdelos
          para conservarlos.
        </Notice>
      </div>
    );
  }
  return { notice, formRef, forget };
}

function DraftOffer({
  savedAt,
  changedSince,
  filesLeftOut,
  differences,
  onRecover,
  onDiscard,
}: {
  savedAt: string;
  /** "La noticia", when the record changed since the draft began; else null. */
  changedSince: string | null;
  filesLeftOut: boolean;
  differences: Difference[];
  onRecover: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  const [showing, setShowing] = useState(false);
  return (
    <section className="draft-offer" aria-labelledby={`${id}-title`}>
      <i className="pi pi-history draft-offer-icon" aria-hidden="true" />
      <div className="draft-offer-content">
        <p id={`${id}-title`} className="draft-offer-title">
          Hay cambios sin guardar del {formatDateTime(savedAt)}
        </p>
        {changedSince && (
          <p>
            {changedSince} ha cambiado desde entonces. Si recupera sus cambios, al guardar se le avisará del
            conflicto.
          </p>
        )}
        {filesLeftOut && (
          <p>
            Los archivos que se estaban subiendo no se pueden conservar en el navegador: vuelva a subirlos.
          </p>
        )}
        <div className="draft-offer-actions">
          <Button
            type="button"
            label="Recuperar los cambios sin guardar"
            icon="pi pi-replay"
            onClick={onRecover}
          />
          <Button type="button" label="Descartar" icon="pi pi-times" outlined onClick={onDiscard} />
          <Button
            type="button"
            label={showing ? 'Ocultar las diferencias' : 'Ver las diferencias'}
            icon={showing ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
            text
            aria-expanded={showing}
            aria-controls={`${id}-differences`}
            onClick={() => setShowing((shown) => !shown)}
          />
        </div>
        <div id={`${id}-differences`} hidden={!showing}>
          {showing && <DraftDifferences differences={differences} />}
        </div>
      </div>
    </section>
  );
}

/** Field by field: the saved value, then the draft's; long text as an excerpt, changes marked in words too. */
function DraftDifferences({ differences }: { differences: Difference[] }) {
  return (
    <dl className="draft-differences">
      {differences.map((difference) => (
        <div key={difference.field} className="draft-difference">
          <dt>{difference.label}</dt>
          <DifferenceDetail difference={difference} />
        </div>
      ))}
    </dl>
  );
}

function DifferenceDetail({ difference }: { difference: Difference }) {
  switch (difference.kind) {
    case 'format':
      return <dd>Solo cambia el formato (negrita, enlaces, listas…); el texto es el mismo.</dd>;
    case 'changed':
      return <dd>Ha cambiado; al recuperar los cambios se verá en el formulario.</dd>;
    case 'value':
      return (
        <>
          <dd>
            <span className="draft-side">Guardado:</span> {difference.from}
          </dd>
          <dd>
            <span className="draft-side">Sin guardar:</span> {difference.to}
          </dd>
        </>
      );
    case 'text': {
      const { change } = difference;
      return (
        <>
          <dd>
            <span className="draft-side">Guardado:</span>{' '}
            <span className="draft-excerpt">
              {change.leading && '…'}
              {change.before}
              {change.removed && (
                <del>
                  <span className="sr-only">[texto quitado: </span>
                  {change.removed}
                  {change.removedMore > 0 && ` (y ${change.removedMore} caracteres más)`}
                  <span className="sr-only">]</span>
                </del>
              )}
              {change.after}
              {change.trailing && '…'}
            </span>
          </dd>
          <dd>
            <span className="draft-side">Sin guardar:</span>{' '}
            <span className="draft-excerpt">
              {change.leading && '…'}
              {change.before}
              {change.added && (
                <ins>
                  <span className="sr-only">[texto añadido: </span>
                  {change.added}
                  {change.addedMore > 0 && ` (y ${change.addedMore} caracteres más)`}
                  <span className="sr-only">]</span>
                </ins>
              )}
              {change.after}
              {change.trailing && '…'}
            </span>
          </dd>
        </>
      );
    }
  }
}
