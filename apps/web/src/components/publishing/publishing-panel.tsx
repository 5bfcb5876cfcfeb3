import { ACCESSIBILITY_REASON_MIN, AREA_REGISTRY, type Permission } from '@gestor/shared';
import { useContext, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useUser } from '../../lib/auth';
import { useCan } from '../../lib/permissions';
import { DateTimeControl, FormSection, MADRID_TIME_HINT, TextareaControl } from '../controls';
import { FieldTableContext } from '../controls/form-controls';
import { alternativeFieldsOf, imageReferenceOf, useImageAlternative } from '../media/image-alternative-check';
import type { MediaLike } from '../media/media-kind';
import { formatDateTime } from '../resource/format';
import { richTextFieldOf, useAccessibilityFindings } from '../rich-text/accessibility-check';
import { PublicationStatusTag } from './publication-status-tag';
import { type PublishingRules, reviewRole } from './publishing';
import { type ReviewedRecord, useReviewParts } from './review-panel';
import { Withdrawal } from './withdrawal';
import './publishing.css';

/**
 * "Publicación": the item's state and date as they are now and, where the area schedules and the
 * person may publish, the date "Programar" publishes it on (Madrid's clock shown, UTC stored); where
 * the area has it, «Retirar el» (withdrawal.tsx). The
 * buttons that publish are the form's own (PublishingSubmitActions), right under this panel. Where
 * the area is reviewed (docs/review.md): the review under way first, «Enviar a revisión» for a saved
 * draft, and the review's thread (review-panel.tsx).
 */
export function PublishingPanel({
  rules,
  record,
  readOnly,
}: {
  rules: PublishingRules;
  record: (ReviewedRecord & { published_at: string | null; unpublish_at?: string | null }) | undefined;
  readOnly: boolean;
}) {
  const can = useCan();
  const userId = useUser()?.id;
  const mayPublishArea = can(rules.permission);
  // The person who sent an item to review does not publish it while it is there (docs/review.md).
  const mayPublish = reviewRole(record, userId, {
    review: can(`${rules.area}.review` as Permission),
    publish: mayPublishArea,
  }).mayPublishIt;
  const status = record?.status ?? 'draft';
  const facts = useRef<HTMLDListElement>(null);
  const review = useReviewParts(rules, record, readOnly, facts);
  // The calendar offers nothing before the minute the form opened; the server checks it again.
  const [now] = useState(() => new Date().toISOString());
  // Said of the area's records as its registry entry names them: "publicarla" a news item, "publicarlo" an event.
  const { gender, many } = AREA_REGISTRY[rules.area].noun;
  const pronoun = gender === 'masculine' ? 'lo' : 'la';
  const what = rules.scheduling ? `publicar${pronoun} o programar${pronoun}` : `publicar${pronoun}`;

  return (
    <FormSection title="Publicación">
      <div className="publishing-panel">
        {review.notice}
        {/* Focused once the item is returned to draft: its new state is what there is to read. */}
        <dl ref={facts} className="publishing-facts" tabIndex={-1}>
          <div>
            <dt>Estado:</dt>
            <dd>
              <PublicationStatusTag status={status} unpublishAt={record?.unpublish_at} gender={gender} />
            </dd>
          </div>
          <div>
            <dt>Fecha de publicación:</dt>
            <dd>
              {(status === 'published' || status === 'scheduled') && record?.published_at
                ? formatDateTime(record.published_at)
                : 'Sin publicar'}
            </dd>
          </div>
        </dl>
        <div className="publishing-dates">
          {rules.scheduling && mayPublish && !readOnly && status !== 'published' && (
            <div className="publishing-schedule">
              <DateTimeControl
                name="published_at"
                label="Fecha y hora de publicación programada"
                min={now}
                hint={
                  status === 'scheduled'
                    ? `Para cambiarla, elija otra y pulse «Guardar cambios». ${MADRID_TIME_HINT}`
                    : `La que usa «Programar». ${MADRID_TIME_HINT}`
                }
              />
            </div>
          )}
          {/* A publication field, as the date above, but for anyone who holds the permission: the
              API takes it from a publisher who sent the item to review too. */}
          <Withdrawal record={record} mayPublish={mayPublishArea} readOnly={readOnly} gender={gender} />
        </div>
        {/* In review, the notice above says what a save does. */}
        {!mayPublishArea && !readOnly && status !== 'review' && (
          <p className="publishing-note">
            Se guarda como borrador: {what} corresponde a quien puede publicar {many}.
          </p>
        )}
        {mayPublish && !readOnly && <AccessibilityReason record={record} />}
        {review.submit}
        {review.thread}
      </div>
    </FormSection>
  );
}

/** The contracts' instruction field (packages/shared news.ts `accessibilityReasonField`). */
const REASON = 'accessibility_reason';

/**
 * docs/accessibility.md: the API refuses to publish or schedule a body with accessibility errors, or
 * a cover without a fitting text alternative, unless the publisher says why (`accessibility_reason`,
 * an instruction: sent with the save, never read back, cleared when the saved record fills the form
 * again). Shown while the editor's check finds errors in the area's rich text field or its cover
 * (image-alternative-check.ts, the API's own function), and while it holds text or a message, so
 * nothing typed is sent, or refused, out of sight. Empty, it is not sent.
 */
function AccessibilityReason({ record }: { record: object | undefined }) {
  const fields = useContext(FieldTableContext);
  const image = imageReferenceOf(fields);
  if (!(REASON in fields)) return null;
  if (!image) return <ReasonField imageError={false} imageRefused={false} />;
  const initial = ((record as Record<string, unknown> | undefined)?.[image] ?? null) as MediaLike | null;
  return <ReasonWithImage image={image} initial={initial} />;
}

/** The reason, in an area whose cover is checked too: the cover's finding, and the API's message on it. */
function ReasonWithImage({ image, initial }: { image: string; initial: MediaLike | null }) {
  const { finding } = useImageAlternative(image, initial, {});
  const { getFieldState, formState } = useFormContext();
  const refused = Boolean(getFieldState(alternativeFieldsOf(image).alt, formState).error);
  return <ReasonField imageError={finding?.level === 'error'} imageRefused={refused} />;
}

function ReasonField({ imageError, imageRefused }: { imageError: boolean; imageRefused: boolean }) {
  const fields = useContext(FieldTableContext);
  const findings = useAccessibilityFindings(richTextFieldOf(fields));
  const reason = useWatch({ name: REASON }) as string | null | undefined;
  const { getFieldState, formState } = useFormContext();
  const refused = Boolean(getFieldState(REASON, formState).error) || imageRefused;
  const hasErrors = imageError || findings.some((finding) => finding.level === 'error');
  if (!(hasErrors || reason || refused)) return null;
  return (
    <div className="publishing-reason">
      <TextareaControl
        name={REASON}
        rows={3}
        hint={`Solo al publicar o programar con errores de accesibilidad. Al menos ${ACCESSIBILITY_REASON_MIN} caracteres: se guarda en el historial y figura en la declaración de accesibilidad.`}
      />
    </div>
  );
}
