import type { MediaKind, MediaRecord } from '@gestor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { useCan } from '../../lib/permissions';
import { BoundField, type ControlProps } from '../controls/form-controls';
import type { FieldControlProps } from '../ui/form-field';
import { ImageAlternative, type ImageAlternativeOptions } from './image-alternative';
import { mediaKeys, useMediaRecord } from './media-api';
import { asSummary, type MediaLike, type MediaSummary, mediaName } from './media-kind';
import { MediaPickerDialog } from './media-picker-dialog';
import { MediaThumbnail } from './media-thumbnail';
import './media.css';

// A form field holding one media item's id (a cover, a logo, a slide's image), chosen from the
// library with MediaPickerDialog. The value is the id, or null; what is shown comes from the item
// just picked, else the record's own reference (`initial`), else GET /api/multimedia/{id} for people
// with multimedia.view. With `alternative`, the image's text alternative in this use and its
// decorative mark go under it (image-alternative.tsx).

interface MediaPickerControlProps extends ControlProps {
  /** The reference the area's record carries (`record.cover`), shown until something else is picked. */
  initial?: MediaLike | null;
  /** Only this kind may be picked; images by default. */
  kind?: MediaKind;
  /**
   * The reference has an alternative of its own (`RefSpec.alternative`: `<name>_alt`,
   * `<name>_decorative`): its controls, labelled for this use, go under the picker.
   */
  alternative?: ImageAlternativeOptions;
}

export function MediaPickerControl({
  initial,
  kind = 'image',
  alternative,
  ...bound
}: MediaPickerControlProps) {
  const picker = (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <MediaPickerInput
          field={field}
          control={control}
          disabled={disabled}
          initial={initial ?? null}
          kind={kind}
          alternative={Boolean(alternative)}
        />
      )}
    />
  );
  if (!alternative) return picker;
  return (
    // One cell of the form's grid, however many controls.
    <div className="media-control-group">
      {picker}
      <ImageAlternative name={bound.name} initial={initial ?? null} {...alternative} />
    </div>
  );
}

const NOUNS: Record<MediaKind, { one: string; none: string; choose: string }> = {
  image: { one: 'imagen', none: 'Ninguna imagen elegida.', choose: 'Elegir imagen' },
  document: { one: 'documento', none: 'Ningún documento elegido.', choose: 'Elegir documento' },
  video: { one: 'vídeo', none: 'Ningún vídeo elegido.', choose: 'Elegir vídeo' },
  audio: { one: 'audio', none: 'Ningún audio elegido.', choose: 'Elegir audio' },
};

/**
 * The chosen item's alternative in the library. Where the use has its own (`alternative`), the
 * library's is only its default, and none is not decorative: the controls under it say the rest.
 */
function libraryAltLine(alt: string | null, alternative: boolean): string {
  if (!alternative) return alt ? `Texto alternativo: ${alt}` : 'Sin texto alternativo (decorativa).';
  return alt ? `Texto alternativo en la biblioteca: ${alt}` : 'Sin texto alternativo en la biblioteca.';
}

function MediaPickerInput({
  field,
  control,
  disabled,
  initial,
  kind,
  alternative,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  initial: MediaLike | null;
  kind: MediaKind;
  alternative: boolean;
}) {
  const can = useCan();
  const queryClient = useQueryClient();
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
              <span className="media-control-alt">{libraryAltLine(media.alt ?? null, alternative)}</span>
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
            // What else reads the chosen item (its alternative, a preview) finds it without asking.
            queryClient.setQueryData(mediaKeys.record(record.id), record);
            field.onChange(record.id);
          }}
        />
      )}
    </div>
  );
}
