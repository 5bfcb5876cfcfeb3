import { SLIDES, type SlideRecord } from '@gestor/shared';
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

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = SLIDES;

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
            hint="Obligatoria. Mejor apaisada (16:9), de al menos 1280 px de ancho."
            initial={record?.image ?? null}
            // A slide's image with no alternative anywhere is shown as decorative (the API's rule).
            alternative={{ label: 'Texto alternativo en esta diapositiva', emptyIsDecorative: true }}
          />
          <TextControl name="title" autoComplete="off" />
          <TextareaControl name="subtitle" rows={2} />
          <FormGrid>
            <TextControl
              name="link_url"
              // The table's «Enlace» is the list's, the history's and the CSV's name; beside «Texto del
              // botón» the form says whose link it is.
              label={`${fields.link_url.label} del botón`}
              hint="https://… o una ruta del sitio, como /agenda. Vacío: sin botón."
              autoComplete="off"
            />
            <TextControl name="link_label" hint="Por ejemplo, «Más información»." autoComplete="off" />
          </FormGrid>
          <CheckboxControl
            name="active"
            variant="switch"
            hint="Apagada, no se muestra aunque esté dentro de sus fechas."
          />
          <FormGrid>
            <DateTimeControl name="starts_at" hint={`Vacío: desde ya. ${MADRID_TIME_HINT}`} />
            <DateTimeControl
              name="ends_at"
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
