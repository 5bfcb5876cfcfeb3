import { AREA_REGISTRY, type PublicationStatus } from '@gestor/shared';
import { useState } from 'react';
import { useCan } from '../../lib/permissions';
import { DateTimeControl, FormSection, MADRID_TIME_HINT } from '../controls';
import { formatDateTime } from '../resource/format';
import { PublicationStatusTag } from './publication-status-tag';
import type { PublishingRules } from './publishing';
import './publishing.css';

/**
 * "Publicación": the item's state and date as they are now and, where the area schedules and the
 * person may publish, the date "Programar" publishes it on (Madrid's clock shown, UTC stored). The
 * buttons that publish are the form's own (PublishingSubmitActions), right under this panel.
 */
export function PublishingPanel({
  rules,
  record,
  readOnly,
}: {
  rules: PublishingRules;
  record: { status: PublicationStatus; published_at: string | null } | undefined;
  readOnly: boolean;
}) {
  const mayPublish = useCan()(rules.permission);
  const status = record?.status ?? 'draft';
  // The calendar offers nothing before the minute the form opened; the server checks it again.
  const [now] = useState(() => new Date().toISOString());
  // Said of the area's records as its registry entry names them: "publicarla" a news item, "publicarlo" an event.
  const { gender, many } = AREA_REGISTRY[rules.area].noun;
  const pronoun = gender === 'masculine' ? 'lo' : 'la';
  const what = rules.scheduling ? `publicar${pronoun} o programar${pronoun}` : `publicar${pronoun}`;

  return (
    <FormSection title="Publicación">
      <div className="publishing-panel">
        <dl className="publishing-facts">
          <div>
            <dt>Estado:</dt>
            <dd>
              <PublicationStatusTag status={status} gender={gender} />
            </dd>
          </div>
          <div>
            <dt>Fecha de publicación:</dt>
            <dd>
              {status !== 'draft' && record?.published_at
                ? formatDateTime(record.published_at)
                : 'Sin publicar'}
            </dd>
          </div>
        </dl>
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
        {!mayPublish && !readOnly && (
          <p className="publishing-note">
            Se guarda como borrador: {what} corresponde a quien puede publicar {many}.
          </p>
        )}
      </div>
    </FormSection>
  );
}
