import {
  SLIDE_LINK_LABEL_MAX,
  SLIDE_LINK_URL_MAX,
  SLIDE_SUBTITLE_MAX,
  SLIDE_TITLE_MAX,
  type SlideRecord,
} from '@gestor/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import {
  CheckboxControl,
  DateTimeControl,
  FormGrid,
  MADRID_TIME_HINT,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { SlidePreview } from './slide-preview';

/** Image, texts, button, when it shows; beside them (below on a phone) the live preview. */
export function SlideFields({ record }: FormFieldsProps<SlideRecord>) {
  const startsAt = useWatch({ name: 'starts_at' }) as string | null;
  const previewId = useId();

  return (
    <div className="slide-form">
      <div className="slide-form-grid">
        <div className="slide-form-fields">
          <MediaPickerControl
            name="image"
            label="Imagen"
            hint="Obligatoria. Mejor apaisada (16:9), de al menos 1280 px de ancho."
            initial={record?.image ?? null}
          />
          <TextControl name="title" label="Título" autoComplete="off" maxLength={SLIDE_TITLE_MAX} />
          <TextareaControl name="subtitle" label="Subtítulo" maxLength={SLIDE_SUBTITLE_MAX} rows={2} />
          <FormGrid>
            <TextControl
              name="link_url"
              label="Enlace del botón"
              hint="https://… o una ruta del sitio, como /agenda. Vacío: sin botón."
              autoComplete="off"
              maxLength={SLIDE_LINK_URL_MAX}
            />
            <TextControl
              name="link_label"
              label="Texto del botón"
              hint="Por ejemplo, «Más información»."
              autoComplete="off"
              maxLength={SLIDE_LINK_LABEL_MAX}
            />
          </FormGrid>
          <CheckboxControl
            name="active"
            label="Activa"
            variant="switch"
            hint="Apagada, no se muestra aunque esté dentro de sus fechas."
          />
          <FormGrid>
            <DateTimeControl
              name="starts_at"
              label="Se muestra desde"
              hint={`Vacío: desde ya. ${MADRID_TIME_HINT}`}
            />
            <DateTimeControl
              name="ends_at"
              label="Se muestra hasta"
              hint={`Vacío: sin fecha de fin. ${MADRID_TIME_HINT}`}
              min={startsAt ?? undefined}
            />
          </FormGrid>
        </div>
        <section className="slide-form-preview" aria-labelledby={previewId}>
          <SlidePreview headingId={previewId} record={record} />
        </section>
      </div>
    </div>
  );
}
