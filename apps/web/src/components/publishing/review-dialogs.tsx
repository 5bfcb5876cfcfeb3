import {
  AREA_REGISTRY,
  type Area,
  capitalized,
  REVIEW_NOTE_MAX,
  ReviewReturnInput,
  ReviewSubmitInput,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';
import { applyServerErrors, errorMessage } from '../../lib/form-errors';
import { ReadOnlyContext } from '../controls/form-controls';
import { SelectControl } from '../controls/select-control';
import { TextareaControl } from '../controls/textarea-control';
import type { RecordFormHandle } from '../resource/record-form-context';
import { focusOnShow } from '../ui/dialog-focus';
import { Notice } from '../ui/notice';
import { useReviewers, useReviewTransition } from './review-api';

// docs/review.md: «Enviar a revisión» (a note and, if the writer wants, one reviewer) and «Devolver
// con comentarios» (the comments, required). Each saves the form's unsaved changes first, through
// the form's own save, then sends the transition with the `updated_at` of what was just saved.

export type ReviewStepName = 'submit' | 'return';

/** What the dialog holds: the note, and whom it is sent to (`ANYONE` or a person's id). */
export interface ReviewDialogValues {
  note: string;
  reviewer_id: string;
}

/** «Cualquier persona que revise»: the select's value for no one in particular (sent as null). */
const ANYONE = 'anyone';

export const EMPTY_REVIEW_VALUES: ReviewDialogValues = { note: '', reviewer_id: ANYONE };

/** How the dialog closed: sent, left (what was typed is kept for next time), or the save was refused. */
export type ReviewDialogOutcome =
  | { kind: 'sent' }
  | { kind: 'cancelled'; values: ReviewDialogValues }
  | { kind: 'refused'; values: ReviewDialogValues };

interface ReviewDialogProps {
  step: ReviewStepName;
  area: Area;
  recordId: number;
  /** The `updated_at` on screen: the body is checked before the form's changes are saved. */
  updatedAt: string;
  handle: RecordFormHandle;
  /** The form has unsaved changes: they are saved first, and the dialog says so. */
  dirty: boolean;
  /** Who sent it, for «Devolver con comentarios»' sentence. */
  writer?: string | null;
  initial: ReviewDialogValues;
  onClose: (outcome: ReviewDialogOutcome) => void;
}

const FIELDS = ['note', 'reviewer_id'] as const;

export function ReviewDialog({
  step,
  area,
  recordId,
  updatedAt,
  handle,
  dirty,
  writer,
  initial,
  onClose,
}: ReviewDialogProps) {
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const form = useForm<ReviewDialogValues>({ defaultValues: initial });
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reviewers = useReviewers(handle.contract, step === 'submit');
  const transition = useReviewTransition(handle.contract, recordId);
  const { noun } = AREA_REGISTRY[area];
  const feminine = noun.gender === 'feminine';
  const pronoun = feminine ? 'la' : 'lo';
  const ending = feminine ? 'a' : 'o';
  const submitting = step === 'submit';

  /** The body as the API reads it, checked by the shared schema (its messages under the fields). */
  const bodyOf = (values: ReviewDialogValues, at: string) => {
    const note = values.note.trim();
    return submitting
      ? ReviewSubmitInput.safeParse({
          note: note || null,
          reviewer_id: values.reviewer_id === ANYONE ? null : Number(values.reviewer_id),
          updated_at: at,
        })
      : ReviewReturnInput.safeParse({ note, updated_at: at });
  };

  const send = form.handleSubmit(async (values) => {
    setFailure(null);
    const checked = bodyOf(values, updatedAt);
    if (!checked.success) {
      let first = true;
      for (const issue of checked.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        if (!field) continue;
        form.setError(field, { type: 'client', message: issue.message }, { shouldFocus: first });
        first = false;
      }
      if (first) setFailure(checked.error.issues[0]?.message ?? null);
      return;
    }
    setSending(true);
    try {
      // The changes on the form first, as «Guardar» saves them; refused, the form says why.
      const saved = await handle.saveChanges();
      if (!saved) {
        onClose({ kind: 'refused', values });
        return;
      }
      const ready = bodyOf(values, saved.updated_at);
      if (!ready.success) return;
      const record = await transition.mutateAsync(
        submitting
          ? { step: 'submit', body: ready.data as ReviewSubmitInput }
          : { step: 'return', body: ready.data as ReviewReturnInput },
      );
      handle.showRecord(record);
      const one = capitalized(noun.one);
      handle.notify.success(
        submitting
          ? `${one} enviad${ending} a revisión.`
          : `${one} devuelt${ending} a borrador con sus comentarios.`,
      );
      onClose({ kind: 'sent' });
    } catch (error) {
      // Someone moved it first (another reviewer returned or published it), or saved since.
      if (isApiError(error) && error.status === 409) {
        onClose({ kind: 'cancelled', values });
        handle.conflict(error.fieldError('status'));
        return;
      }
      if (isApiError(error) && error.status === 422 && applyServerErrors(error, form.setError, FIELDS))
        return;
      setFailure(
        isApiError(error) && error.status === 422
          ? Object.values(error.errors).flat().join(' ') || error.message
          : errorMessage(error),
      );
    } finally {
      setSending(false);
    }
  });

  const cancel = () => onClose({ kind: 'cancelled', values: form.getValues() });
  const submit = (event: FormEvent) => {
    // The dialog is portalled out of the record's <form>, but React events still bubble to it.
    event.stopPropagation();
    void send(event);
  };

  const introId = `${id}-intro`;
  const header = submitting ? 'Enviar a revisión' : 'Devolver con comentarios';
  const intro = submitting
    ? `Quien ${pronoun} revise podrá corregir${pronoun}, publicar${pronoun} o devolvérse${pronoun} con comentarios.`
    : `Volverá a borrador${writer ? ` y ${writer} recibirá sus comentarios por correo` : ''}.`;
  const options = [
    { label: 'Cualquier persona que revise', value: ANYONE },
    ...(reviewers.data ?? []).map((person) => ({ label: person.name, value: String(person.id) })),
  ];

  return (
    <Dialog
      visible
      onHide={cancel}
      header={header}
      className="resource-dialog review-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      // Not closed halfway: the save and the transition finish, and their outcome closes it.
      closable={!sending}
      closeOnEscape={!sending}
      onShow={() => focusOnShow(body.current?.querySelector('textarea'))}
      pt={{ root: { 'aria-describedby': introId } }}
      footer={
        <div className="review-dialog-footer">
          <Button type="button" label="Cancelar" text onClick={cancel} disabled={sending} />
          <Button
            type="submit"
            form={`${id}-form`}
            label={submitting ? 'Enviar' : 'Devolver'}
            icon={submitting ? 'pi pi-send' : 'pi pi-reply'}
            loading={sending}
          />
        </div>
      }
    >
      <FormProvider {...form}>
        {/* The record's form may be read-only for the moment (a save on its way): this one is not. */}
        <ReadOnlyContext.Provider value={false}>
          <form id={`${id}-form`} className="review-dialog-form" noValidate onSubmit={submit}>
            <div ref={body} className="review-dialog-body">
              <p id={introId} className="review-dialog-intro">
                {intro}
                {dirty && ' Antes se guardarán los cambios que no ha guardado.'}
              </p>
              {failure && <Notice severity="error">{failure}</Notice>}
              <TextareaControl
                name="note"
                label={submitting ? 'Nota para quien revise' : 'Comentarios'}
                hint={
                  submitting
                    ? 'Opcional: qué conviene mirar, o qué falta. Le llega por correo.'
                    : 'Obligatorio: qué debe cambiar. Le llega por correo y queda en el historial.'
                }
                maxLength={REVIEW_NOTE_MAX}
                rows={4}
              />
              {submitting && (
                <SelectControl
                  name="reviewer_id"
                  label={`Quién ${pronoun} revisa`}
                  hint={`Recibirá un correo. Con «Cualquier persona que revise», todas las que pueden revisar ${noun.many}.`}
                  options={options}
                  loading={reviewers.isPending}
                />
              )}
            </div>
          </form>
        </ReadOnlyContext.Provider>
      </FormProvider>
    </Dialog>
  );
}
