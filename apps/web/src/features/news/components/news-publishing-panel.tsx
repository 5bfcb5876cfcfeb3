import type { NewsRecord } from '@gestor/shared';
import { useState } from 'react';
import { DateTimeControl, MADRID_TIME_HINT } from '../../../components/resource/controls';
import { FormSection } from '../../../components/resource/form-controls';
import { formatDateTime } from '../../../components/resource/format';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { useCan } from '../../../lib/permissions';
import { NewsStatusTag } from './news-status-tag';

/**
 * "Publicación": the item's state and date as they are now, and for people with news.publish the
 * date a "Programar" publishes it on (Madrid's clock shown, UTC stored). The buttons that publish
 * are the form's own (NewsSubmitActions), right under this panel.
 */
export function NewsPublishingPanel({ record, readOnly }: FormFieldsProps<NewsRecord>) {
  const mayPublish = useCan()('news.publish');
  const status = record?.status ?? 'draft';
  // The calendar offers nothing before the minute the form opened; the server checks it again.
  const [now] = useState(() => new Date().toISOString());

  return (
    <FormSection title="Publicación">
      <div className="news-publishing-panel">
        <dl className="news-publishing-facts">
          <div>
            <dt>Estado:</dt>
            <dd>
              <NewsStatusTag status={status} />
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
        {mayPublish && !readOnly && status !== 'published' && (
          <div className="news-publishing-schedule">
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
          <p className="news-publishing-note">
            Se guarda como borrador: publicarla o programarla corresponde a quien puede publicar noticias.
          </p>
        )}
      </div>
    </FormSection>
  );
}
