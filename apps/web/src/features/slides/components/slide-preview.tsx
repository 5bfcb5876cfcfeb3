import { isSlideLink, type SlideRecord } from '@gestor/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useMediaRecord } from '../../../components/media/media-api';
import { useCan } from '../../../lib/permissions';
import type { SlideFormValues } from '../slides-form-values';
import { slideStateAt } from '../utils/slide-state';
import { SlideStateTag } from './slide-state-tag';

// The slide as a visitor of the organisation's site sees it, from the form's values as they are
// typed: the image filling the frame, the title and subtitle over it and the button. "Ordenador" and
// "Móvil" draw it at a desktop or a phone width (the text scales with the frame, a container query).

type Device = 'desktop' | 'phone';

const DEVICES: ReadonlyArray<{ value: Device; label: string; icon: string }> = [
  { value: 'desktop', label: 'Ordenador', icon: 'pi pi-desktop' },
  { value: 'phone', label: 'Móvil', icon: 'pi pi-mobile' },
];

/** The form's fields the preview shows, in the order it reads them. */
const PREVIEWED = [
  'title',
  'subtitle',
  'image',
  'image_alt',
  'image_decorative',
  'link_url',
  'link_label',
  'active',
  'starts_at',
  'ends_at',
] as const satisfies ReadonlyArray<keyof SlideFormValues>;

export function SlidePreview({ headingId, record }: { headingId: string; record: SlideRecord | undefined }) {
  const [title, subtitle, image, imageAlt, imageDecorative, linkUrl, linkLabel, active, startsAt, endsAt] =
    useWatch<SlideFormValues, typeof PREVIEWED>({ name: PREVIEWED });
  const [device, setDevice] = useState<Device>('desktop');

  // The record's own image is known; one just picked is read from the library (multimedia.view is
  // what picking needs, so whoever picked may read it), for its medium-sized variant.
  const mayBrowse = useCan()('multimedia.view');
  const own = record && record.image.id === image ? record.image : null;
  const picked = useMediaRecord(image, { enabled: image !== null && own === null && mayBrowse });
  const media = own
    ? { url: own.url, alt: own.alt }
    : picked.data && picked.data.id === image
      ? { url: picked.data.variants.medium?.url ?? picked.data.url, alt: picked.data.alt }
      : null;

  const url = linkUrl.trim();
  const label = linkLabel.trim();
  const state = slideStateAt({ active, starts_at: startsAt, ends_at: endsAt });

  return (
    <>
      <div className="slide-preview-header">
        <h2 id={headingId} className="slide-preview-heading">
          Vista previa
        </h2>
        <fieldset className="slide-preview-devices">
          <legend className="sr-only">Ver la vista previa en</legend>
          {DEVICES.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={device === option.value}
              className={device === option.value ? 'slide-preview-device active' : 'slide-preview-device'}
              onClick={() => setDevice(option.value)}
            >
              <i className={option.icon} aria-hidden="true" />
              <span>{option.label}</span>
            </button>
          ))}
        </fieldset>
      </div>
      <div className={`slide-preview-frame slide-preview-${device}`}>
        <div className="slide-preview" data-testid="slide-preview">
          {media ? (
            // As the website reads it: none when decorative here, else this slide's, else the library's.
            <img
              className="slide-preview-image"
              src={media.url}
              alt={imageDecorative ? '' : imageAlt?.trim() || media.alt || ''}
            />
          ) : (
            <div className="slide-preview-empty">
              <i className="pi pi-image" aria-hidden="true" />
              <span>
                {image === null ? 'Elija una imagen para ver la diapositiva.' : 'Cargando la imagen…'}
              </span>
            </div>
          )}
          {(title.trim() || subtitle.trim() || label) && (
            <div className="slide-preview-caption">
              {title.trim() && <p className="slide-preview-title">{title}</p>}
              {subtitle.trim() && <p className="slide-preview-subtitle">{subtitle}</p>}
              {label && <span className="slide-preview-button">{label}</span>}
            </div>
          )}
        </div>
      </div>
      <dl className="slide-preview-facts">
        <div>
          <dt>Estado al guardar</dt>
          <dd>
            <SlideStateTag state={state} />
          </dd>
        </div>
        <div>
          <dt>El botón lleva a</dt>
          <dd className="slide-preview-link">
            {!url ? 'Sin botón' : isSlideLink(url) ? url : 'Dirección no válida'}
          </dd>
        </div>
      </dl>
    </>
  );
}
