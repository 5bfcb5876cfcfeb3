import type { MediaKind, MediaRecord } from '@gestor/shared';
import { useRef, useState } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { useCan } from '../../lib/permissions';
import { BoundField, type ControlProps } from '../controls/form-controls';
import type { FieldControlProps } from '../ui/form-field';
import { useMediaRecord } from './media-api';
import { asSummary, type MediaLike, type MediaSummary, mediaName } from './media-kind';
import { MediaPickerDialog } from './media-picker-dialog';
import { MediaThumbnail } from './media-thumbnail';
import './media.css';

// A form field holding one media item's id (a cover, a logo, a slide's image), chosen from the
// library with MediaPickerDialog. The value is the id, or null; what is shown comes from the item
// just picked, else the record's own reference (`initial`), else GET /api/multimedia/{id} for people
// with multimedia.view.

interface MediaPickerControlProps extends ControlProps {
  /** The reference the area's record carries (`record.cover`), shown until something else is picked. */
  initial?: MediaLike | null;
  /** Only this kind may be picked; images by default. */
  kind?: MediaKind;
}

export function MediaPickerControl({ initial, kind = 'image', ...bound }: MediaPickerControlProps) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <MediaPickerInput
          field={field}
          control={control}
          disabled={disabled}
          initial={initial ?? null}
          kind={kind}
        />
      )}
    />
  );
}

const NOUNS: Record<MediaKind, { one: string; none: string; choose: string }> = {
  image: { one: 'imagen', none: 'Ninguna imagen elegida.', choose: 'Elegir imagen' },
  document: { one: 'documento', none: 'Ningún documento elegido.', choose: 'Elegir documento' },
  video: { one: 'vídeo', none: 'Ningún vídeo elegido.', choose: 'Elegir vídeo' },
  audio: { one: 'audio', none: 'Ningún audio elegido.', choose: 'Elegir audio' },
};

function MediaPickerInput({
  field,
  control,
  disabled,
  initial,
  kind,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  initial: MediaLike | null;
  kind: MediaKind;
}) {
  const can = useCan();
  const mayBrowse = can('multimedia.view');
  const value = typeof field.value === 'number' ? field.value : null;
  const [picked, setPicked] = useState<MediaRecord | null>(null);
  const [open, setOpen] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);

  const known: MediaSummary | null =
    value === null ? null : picked?.id === value ? picked : initial?.id === value ? asSummary(initial) : null;
  // Only when neither the pick nor the record says what the id is, and only for people who may ask.
  const fetched = useMediaRecord(value, { enabled: value !== null && known === null && mayBrowse });
  const media = known ?? fetched.data ?? null;
  const nouns = NOUNS[kind];

  const focusTarget = (element: HTMLButtonElement | null) => {
    chooseButton.current = element;
    // react-hook-form focuses the first field with an error through this.
    field.ref(element);
  };

  return (
    <div className="media-control">
      <output
        id={control.id}
        aria-describedby={control['aria-describedby']}
        className={
          control['aria-invalid'] ? 'media-control-value media-control-invalid' : 'media-control-value'
        }
      >
        {value === null ? (
          <span className="media-control-empty">{nouns.none}</span>
        ) : media ? (
          <>
            <MediaThumbnail media={media} className="media-control-thumbnail" />
            <span className="media-control-text">
              <span className="media-control-name">{media.original_name ?? mediaName(media)}</span>
              <span className="media-control-alt">
                {media.alt ? `Texto alternativo: ${media.alt}` : 'Sin texto alternativo (decorativa).'}
              </span>
            </span>
          </>
        ) : (
          <span className="media-control-empty">
            {fetched.isFetching ? 'Cargando…' : `Archivo n.º ${value} de la biblioteca.`}
          </span>
        )}
      </output>
      {!disabled && (
        <div className="media-control-actions">
          {mayBrowse && (
            <button
              ref={focusTarget}
              type="button"
              className="p-button p-component p-button-outlined p-button-sm"
              onClick={() => setOpen(true)}
              onBlur={field.onBlur}
            >
              <span className="p-button-icon p-button-icon-left pi pi-images" aria-hidden="true" />
              <span className="p-button-label">{value === null ? nouns.choose : 'Cambiar'}</span>
            </button>
          )}
          {value !== null && (
            <button
              ref={mayBrowse ? undefined : focusTarget}
              type="button"
              className="p-button p-component p-button-text p-button-danger p-button-sm"
              onClick={() => {
                field.onChange(null);
                // The button goes away with the value: the focus stays in the field.
                requestAnimationFrame(() => chooseButton.current?.focus());
              }}
            >
              <span className="p-button-icon p-button-icon-left pi pi-times" aria-hidden="true" />
              <span className="p-button-label">Quitar</span>
            </button>
          )}
          {!mayBrowse && (
            // Decision 014: say why there is no "Elegir" rather than leave the person guessing.
            <small className="form-field-hint">
              No tiene permiso para ver la biblioteca multimedia: no puede elegir otro archivo.
            </small>
          )}
        </div>
      )}
      {mayBrowse && (
        <MediaPickerDialog
          visible={open}
          onHide={() => setOpen(false)}
          kind={kind}
          selectedIds={value === null ? [] : [value]}
          onPick={([record]) => {
            if (!record) return;
            setPicked(record);
            field.onChange(record.id);
          }}
        />
      )}
    </div>
  );
}
