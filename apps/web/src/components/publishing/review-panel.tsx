import {
  AREA_REGISTRY,
  isReviewed,
  type Permission,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUS_LABELS_MASCULINE,
  type PublicationStatus,
  REVIEW_STEP_LABELS,
  type ReviewState,
  type ReviewStep,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useUser } from '../../lib/auth';
import { useCan } from '../../lib/permissions';
import { VersionDialog } from '../form/version-dialog';
import { formatDateTime } from '../resource/format';
import { type RecordFormHandle, useRecordForm } from '../resource/record-form-context';
import { type PublishingRules, reviewRole } from './publishing';
import { useReviewThread } from './review-api';
import {
  EMPTY_REVIEW_VALUES,
  ReviewDialog,
  type ReviewDialogOutcome,
  type ReviewDialogValues,
} from './review-dialogs';

// docs/review.md in the editor of an area that is reviewed (news, pages): «Enviar a revisión» for a
// saved draft, the review under way at the top of the publishing panel with what the person may do
// with it, and the review's thread. The publishing buttons (approval) are publishing-submit-actions'.

export interface ReviewedRecord {
  id: number;
  updated_at: string;
  status: PublicationStatus;
  review?: ReviewState | null;
}

export interface ReviewParts {
  /** The review under way, for the top of the panel; null when the item is not in review. */
  notice: ReactNode;
  /** «Enviar a revisión», for the end of the panel; null when the person may not send it. */
  submit: ReactNode;
  /** «Revisión»: the thread, once it has a step. */
  thread: ReactNode;
}

const NONE: ReviewParts = { notice: null, submit: null, thread: null };

/**
 * The review's parts of the publishing panel. `facts` is where the focus goes once the item is
 * returned to draft (the «Devolver con comentarios» button is gone with the notice).
 */
export function useReviewParts(
  rules: PublishingRules,
  record: ReviewedRecord | undefined,
  readOnly: boolean,
  facts: RefObject<HTMLElement | null>,
): ReviewParts {
  const handle = useRecordForm();
  const reviewed = isReviewed(rules.area);
  // The create screen has no saved draft to send, nor a thread.
  if (!reviewed || !record || !handle) return NONE;
  const parts = { rules, record, handle };
  return {
    notice: record.status === 'review' ? <ReviewNotice {...parts} readOnly={readOnly} facts={facts} /> : null,
    submit: record.status === 'draft' && !readOnly ? <SubmitForReview {...parts} /> : null,
    thread: <ReviewThread {...parts} />,
  };
}

/** The dialog's state: closed, or open for a step, what was typed kept across closings. */
function useReviewDialog() {
  const opener = useRef<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ReviewDialogValues>(EMPTY_REVIEW_VALUES);
  return {
    open,
    values,
    opener,
    show: (button: HTMLButtonElement) => {
      opener.current = button;
      setOpen(true);
    },
    /** WCAG 2.4.3: back to the button that opened it, unless the focus went on to somewhere that matters. */
    close: (outcome: ReviewDialogOutcome, focus?: () => void) => {
      setOpen(false);
      setValues(outcome.kind === 'sent' ? EMPTY_REVIEW_VALUES : outcome.values);
      requestAnimationFrame(() => {
        if (focus) return focus();
        // A refused save focused its first field with a message; else, the opener.
        const active = document.activeElement;
        if (outcome.kind === 'refused' && active && active !== document.body) return;
        opener.current?.focus();
      });
    },
  };
}

/** What each part is given: the area's rules, the record on screen, and the edit form's handle. */
interface PartProps {
  rules: PublishingRules;
  record: ReviewedRecord;
  handle: RecordFormHandle;
}

function SubmitForReview({ rules, record, handle }: PartProps) {
  const can = useCan();
  const { formState } = useFormContext();
  const dialog = useReviewDialog();
  const hintId = useId();
  const { gender } = AREA_REGISTRY[rules.area].noun;
  const pronoun = gender === 'feminine' ? 'la' : 'lo';
  if (!can(`${rules.area}.submit` as Permission)) return null;
  return (
    <div className="review-submit">
      <Button
        type="button"
        label="Enviar a revisión"
        icon="pi pi-send"
        outlined
        aria-haspopup="dialog"
        aria-describedby={hintId}
        disabled={handle.saving}
        onClick={(event) => dialog.show(event.currentTarget)}
      />
      <p id={hintId} className="publishing-note">
        Cuando esté list{gender === 'feminine' ? 'a' : 'o'}: quien {pronoun} revise podrá corregir{pronoun},
        publicar{pronoun} o devolvérse{pronoun} con comentarios.
      </p>
      {dialog.open && (
        <ReviewDialog
          step="submit"
          area={rules.area}
          recordId={record.id}
          updatedAt={record.updated_at}
          handle={handle}
          dirty={formState.isDirty}
          initial={dialog.values}
          // Sent: the notice «En revisión…» takes the button's place, and the focus.
          onClose={(outcome) =>
            dialog.close(
              outcome,
              outcome.kind === 'sent'
                ? () => document.getElementById(noticeIdOf(record))?.focus()
                : undefined,
            )
          }
        />
      )}
    </div>
  );
}

/** The notice's element id, so the submit (elsewhere in the panel) can move the focus to it. */
const noticeIdOf = (record: ReviewedRecord) => `review-notice-${record.id}`;

function ReviewNotice({
  rules,
  record,
  handle,
  readOnly,
  facts,
}: PartProps & { readOnly: boolean; facts: RefObject<HTMLElement | null> }) {
  const can = useCan();
  const userId = useUser()?.id;
  const { formState } = useFormContext();
  const dialog = useReviewDialog();
  const [comparing, setComparing] = useState(false);
  const thread = useReviewThread(handle.contract, record.id);
  const { noun } = AREA_REGISTRY[rules.area];
  const feminine = noun.gender === 'feminine';
  const pronoun = feminine ? 'la' : 'lo';
  const role = reviewRole(record, userId, {
    review: can(`${rules.area}.review` as Permission),
    publish: can(rules.permission),
  });
  const review = record.review;
  // The version as it was sent: the latest `submitted` step's (docs/review.md).
  const sent = [...(thread.data ?? [])].reverse().find((step) => step.action === 'submitted');
  const compared = sent?.has_version ? sent : null;

  const since = review ? `En revisión desde el ${formatDateTime(review.submitted_at)}` : 'En revisión';
  const by = review?.submitted_by ? ` · enviad${feminine ? 'a' : 'o'} por ${review.submitted_by.name}` : '';
  const to = review?.reviewer ? ` para ${review.reviewer.name}` : '';

  let guidance: string | null = null;
  if (!readOnly && !role.reviewsIt) {
    guidance = `Está en revisión. Si guarda cambios, volverá a borrador y tendrá que enviar${pronoun} de nuevo.`;
  } else if (!readOnly) {
    const choices = [
      `corregir${pronoun} sin sacar${pronoun} de revisión`,
      ...(role.mayPublishIt ? [`publicar${pronoun}`] : []),
      ...(role.mayReturn ? [`devolver${pronoun} con comentarios`] : []),
    ];
    guidance = `Puede ${choices.slice(0, -1).join(', ')}${choices.length > 1 ? ' o ' : ''}${choices.at(-1)}.`;
  }

  return (
    <div className="review-notice">
      <i className="pi pi-eye review-notice-icon" aria-hidden="true" />
      <div className="review-notice-body">
        {/* Focused once the item is sent: what is heard first is where it stands now. */}
        <p id={noticeIdOf(record)} className="review-notice-title" tabIndex={-1}>
          {since}
          {by}
          {to}
        </p>
        {review?.note && (
          <p className="review-notice-note">
            <span className="review-notice-label">Nota: </span>
            {review.note}
          </p>
        )}
        {guidance && <p className="review-notice-guidance">{guidance}</p>}
        {(compared || (role.mayReturn && !readOnly)) && (
          <div className="review-notice-actions">
            {compared && (
              <Button
                type="button"
                label="Ver cambios desde el envío"
                icon="pi pi-arrow-right-arrow-left"
                outlined
                size="small"
                aria-haspopup="dialog"
                onClick={() => setComparing(true)}
              />
            )}
            {role.mayReturn && !readOnly && (
              <Button
                type="button"
                label="Devolver con comentarios"
                icon="pi pi-reply"
                outlined
                size="small"
                aria-haspopup="dialog"
                disabled={handle.saving}
                onClick={(event) => dialog.show(event.currentTarget)}
              />
            )}
          </div>
        )}
      </div>
      {compared && (
        <VersionDialog
          contract={handle.contract}
          recordId={record.id}
          entry={comparing ? compared : null}
          current={record as unknown as Record<string, unknown>}
          header={`Cambios desde el envío del ${formatDateTime(compared.created_at)}`}
          onHide={() => setComparing(false)}
        />
      )}
      {dialog.open && (
        <ReviewDialog
          step="return"
          area={rules.area}
          recordId={record.id}
          updatedAt={record.updated_at}
          handle={handle}
          dirty={formState.isDirty}
          writer={review?.submitted_by?.name}
          initial={dialog.values}
          // Returned: the notice goes with its button; the focus reads the new state («Estado: Borrador»).
          onClose={(outcome) =>
            dialog.close(outcome, outcome.kind === 'sent' ? () => facts.current?.focus() : undefined)
          }
        />
      )}
    </div>
  );
}

function ReviewThread({ rules, record, handle }: PartProps) {
  const thread = useReviewThread(handle.contract, record.id);
  const headingId = useId();
  const steps = thread.data ?? [];
  if (!steps.length) return null;
  const { gender } = AREA_REGISTRY[rules.area].noun;
  return (
    <div className="review-thread">
      <h2 id={headingId} className="review-thread-title">
        Revisión
      </h2>
      <ol className="review-steps" aria-labelledby={headingId}>
        {steps.map((step) => (
          <li key={step.id} className="review-step">
            <p className="review-step-head">
              <span className="review-step-what">{stepLabel(step, gender)}</span>
              <span className="review-step-who">{step.user?.name ?? 'Sistema'}</span>
              <time dateTime={step.created_at} className="review-step-when">
                {formatDateTime(step.created_at)}
              </time>
            </p>
            {step.note && <p className="review-step-note">{step.note}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** «Enviada a revisión para Luis», «Aprobada: publicada». */
function stepLabel(step: ReviewStep, gender: 'feminine' | 'masculine'): string {
  const label = REVIEW_STEP_LABELS[step.action];
  if (step.action === 'submitted' && step.reviewer) return `${label} para ${step.reviewer}`;
  if (step.action === 'approved' && step.status) {
    const labels = gender === 'masculine' ? PUBLICATION_STATUS_LABELS_MASCULINE : PUBLICATION_STATUS_LABELS;
    const state = labels[step.status as PublicationStatus];
    return state ? `${label}: ${state.toLowerCase()}` : label;
  }
  return label;
}
