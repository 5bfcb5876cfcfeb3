import type { MediaRecord } from '@gestor/shared';
import { type ReactNode, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type ControllerRenderProps, type FieldError, useFormContext } from 'react-hook-form';
import { useCan } from '../../lib/permissions';
import { type ControlProps, ReadOnlyContext, useFieldDef } from '../controls/form-controls';
import { describedBy, FieldMessages } from '../ui/form-field';
import { DragHandle, SortableList } from '../ui/sortable-list';
import { useMediaRecord } from './media-api';
import { asSummary, type MediaLike, type MediaSummary } from './media-kind';
import { MediaPickerDialog } from './media-picker-dialog';
import { MediaThumbnail } from './media-thumbnail';
import './media.css';
import './media-gallery-control.css';

// An ordered gallery of images from the library (a space's `images`), bound to react-hook-form: the
// value is the ids in order, as the API takes them (`images: [4, 9]`). "Añadir imágenes" opens the
// picker with several choices; each image can be dragged by its handle (pointer or keyboard, from
// SortableList) or moved with "Subir" and "Bajar", and taken out with "Quitar". Each change is
// announced, and the focus stays with the image that moved.

interface MediaGalleryControlProps extends ControlProps {
  /** The images the record carries (`record.images`), shown without asking the library. */
  initial?: readonly MediaLike[];
  /** Most images the gallery takes (the shared schema's limit). */
  max?: number;
}

export function MediaGalleryControl({
  name,
  label,
  hint,
  disabled,
  initial = [],
  max,
}: MediaGalleryControlProps) {
  const { control } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const fromTable = useFieldDef(name).label;
  const shown = label ?? fromTable ?? name;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Gallery
          field={field}
          error={firstMessage(fieldState.error)}
          label={shown}
          hint={hint}
          locked={readOnly || Boolean(disabled)}
          initial={initial}
          max={max}
        />
      )}
    />
  );
}

/** The array's own message, or the first of its items' (`images.2` from the server or the schema). */
function firstMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const item of Object.values(error as unknown as Record<string, unknown>)) {
    const message = (item as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

const imageName = (media: MediaSummary | undefined, id: number) =>
  media?.original_name || media?.title || `Imagen n.º ${id}`;

function Gallery({
  field,
  error,
  label,
  hint,
  locked,
  initial,
  max,
}: {
  field: ControllerRenderProps;
  error: string | undefined;
  label: string;
  hint?: string;
  locked: boolean;
  initial: readonly MediaLike[];
  max?: number;
}) {
  const ids: number[] = Array.isArray(field.value) ? (field.value as number[]) : [];
  const mayBrowse = useCan()('multimedia.view');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Records picked in this form, beside those the record came with.
  const [picked, setPicked] = useState<ReadonlyMap<number, MediaSummary>>(new Map());
  const known = useMemo(() => {
    const map = new Map<number, MediaSummary>(initial.map((media) => [media.id, asSummary(media)]));
    for (const [key, media] of picked) map.set(key, media);
    return map;
  }, [initial, picked]);
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  // Where the focus goes once the list has redrawn: an image's button, or "Añadir imágenes".
  const pendingFocus = useRef<{ id: number; action: 'up' | 'down' | 'remove' } | 'add' | null>(null);

  const nameOf = (key: number) => imageName(known.get(key), key);
  const full = max !== undefined && ids.length >= max;

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'add') {
      (addButton.current ?? list.current)?.focus();
      return;
    }
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(
      `[data-gallery-item="${target.id}"] button`,
    );
    const wanted = [...(buttons ?? [])].find(
      (button) => button.dataset.galleryAction === target.action && !button.disabled,
    );
    // Moved to an end, its "Subir" or "Bajar" is disabled: the other one keeps the focus nearby.
    const fallback = [...(buttons ?? [])].find(
      (button) =>
        (button.dataset.galleryAction === 'up' || button.dataset.galleryAction === 'down') &&
        !button.disabled,
    );
    (wanted ?? fallback)?.focus();
  });

  const change = (next: number[]) => {
    field.onChange(next);
    field.onBlur();
  };

  const move = (from: number, to: number, { byButton }: { byButton: boolean }) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
    if (byButton) {
      pendingFocus.current = { id: moved!, action: to < from ? 'up' : 'down' };
      // A drag says where it dropped by itself (SortableList's announcements).
      setAnnouncement(`Imagen «${nameOf(moved!)}» movida a la posición ${to + 1} de ${ids.length}.`);
    }
  };

  const remove = (index: number) => {
    const key = ids[index]!;
    const next = ids.filter((_, i) => i !== index);
    change(next);
    const neighbour = next[index] ?? next[index - 1];
    pendingFocus.current = neighbour === undefined ? 'add' : { id: neighbour, action: 'remove' };
    setAnnouncement(
      `Imagen «${nameOf(key)}» quitada de la galería. ${next.length === 1 ? 'Queda 1 imagen' : `Quedan ${next.length} imágenes`}.`,
    );
  };

  const add = (records: MediaRecord[]) => {
    const fresh = records.filter((record) => !ids.includes(record.id));
    const repeated = records.filter((record) => ids.includes(record.id));
    const room = max === undefined ? fresh.length : Math.max(0, max - ids.length);
    const added = fresh.slice(0, room);
    setPicked((current) => {
      const map = new Map(current);
      for (const record of added) map.set(record.id, record);
      return map;
    });
    if (added.length) change([...ids, ...added.map((record) => record.id)]);
    const parts: string[] = [];
    if (added.length) {
      parts.push(
        added.length === 1
          ? `Imagen «${added[0]!.original_name}» añadida a la galería, en la posición ${ids.length + 1}.`
          : `${added.length} imágenes añadidas al final de la galería.`,
      );
    }
    if (repeated.length) {
      parts.push(
        repeated.length === 1
          ? `«${repeated[0]!.original_name}» ya estaba en la galería.`
          : `${repeated.length} de las elegidas ya estaban en la galería.`,
      );
    }
    if (fresh.length > added.length) parts.push(`La galería admite como máximo ${max} imágenes.`);
    setAnnouncement(parts.join(' '));
  };

  let content: ReactNode;
  if (!ids.length) {
    content = <p className="media-gallery-empty">Todavía no hay imágenes en la galería.</p>;
  } else {
    content = (
      <SortableList
        items={ids}
        getId={(key) => key}
        itemLabel={(key) => `Imagen «${nameOf(key)}»`}
        onMove={(from, to) => move(from, to, { byButton: false })}
        label={`Orden de las imágenes de «${label}»`}
        disabled={locked}
        className="media-gallery-list"
        renderItem={(key, { index, handle }) => (
          <GalleryItem
            mediaId={key}
            index={index}
            count={ids.length}
            media={known.get(key)}
            mayFetch={mayBrowse}
            locked={locked}
            handle={
              locked ? null : <DragHandle handle={handle} label={`Arrastrar la imagen «${nameOf(key)}»`} />
            }
            onMove={(to) => move(index, to, { byButton: true })}
            onRemove={() => remove(index)}
          />
        )}
      />
    );
  }

  return (
    <fieldset
      ref={(element) => {
        // react-hook-form focuses a field with an error through this: "Añadir imágenes", else the group.
        field.ref(element ? { focus: () => (addButton.current ?? element).focus() } : null);
      }}
      aria-describedby={describedBy(id, hint, error)}
      tabIndex={-1}
      className="form-field media-gallery-field"
    >
      <legend className="form-field-label">{label}</legend>
      <div ref={list} className={error ? 'media-gallery media-gallery-invalid' : 'media-gallery'}>
        {content}
        {!locked && mayBrowse && (
          <div className="media-gallery-actions">
            <button
              ref={addButton}
              type="button"
              className="p-button p-component p-button-outlined p-button-sm"
              onClick={() => setOpen(true)}
              disabled={full}
            >
              <span className="p-button-icon p-button-icon-left pi pi-images" aria-hidden="true" />
              <span className="p-button-label">Añadir imágenes</span>
            </button>
            <span className="media-gallery-count">
              {ids.length === 1 ? '1 imagen' : `${ids.length} imágenes`}
              {max !== undefined && ` (máximo ${max})`}
            </span>
          </div>
        )}
        <span className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </span>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
      {mayBrowse && (
        <MediaPickerDialog
          visible={open}
          onHide={() => setOpen(false)}
          multiple
          kind="image"
          header="Añadir imágenes a la galería"
          onPick={add}
        />
      )}
    </fieldset>
  );
}

function GalleryItem({
  mediaId,
  index,
  count,
  media,
  mayFetch,
  locked,
  handle,
  onMove,
  onRemove,
}: {
  mediaId: number;
  index: number;
  count: number;
  media: MediaSummary | undefined;
  mayFetch: boolean;
  locked: boolean;
  handle: ReactNode;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  // Only when neither the record nor a pick says what the id is, and only for people who may ask.
  const fetched = useMediaRecord(mediaId, { enabled: !media && mayFetch });
  const shown = media ?? fetched.data;
  const name = imageName(shown, mediaId);
  return (
    <div className="media-gallery-item" data-gallery-item={mediaId}>
      {handle}
      <span className="media-gallery-position" aria-hidden="true">
        {index + 1}
      </span>
      {shown ? (
        <MediaThumbnail media={shown} className="media-gallery-thumbnail" />
      ) : (
        <span className="media-thumbnail media-gallery-thumbnail" aria-hidden="true">
          <i className="pi pi-image" />
        </span>
      )}
      <span className="media-gallery-text">
        <span className="media-gallery-name">
          <span className="sr-only">{`${index + 1} de ${count}: `}</span>
          {name}
        </span>
        <span className="media-gallery-alt">
          {shown?.alt ? `Texto alternativo: ${shown.alt}` : 'Sin texto alternativo (decorativa).'}
        </span>
      </span>
      {!locked && (
        <span className="media-gallery-buttons">
          <GalleryButton
            action="up"
            icon="pi pi-arrow-up"
            text="Subir"
            label={`Subir la imagen «${name}»`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          />
          <GalleryButton
            action="down"
            icon="pi pi-arrow-down"
            text="Bajar"
            label={`Bajar la imagen «${name}»`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          />
          <GalleryButton
            action="remove"
            icon="pi pi-times"
            text="Quitar"
            label={`Quitar la imagen «${name}»`}
            danger
            onClick={onRemove}
          />
        </span>
      )}
    </div>
  );
}

function GalleryButton({
  action,
  icon,
  text,
  label,
  disabled,
  danger,
  onClick,
}: {
  action: 'up' | 'down' | 'remove';
  icon: string;
  text: string;
  /** Starts with the visible text (WCAG 2.5.3), then names the image. */
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-gallery-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`p-button p-component p-button-text p-button-sm${danger ? ' p-button-danger' : ''} media-gallery-button`}
    >
      <span className={`p-button-icon p-button-icon-left ${icon}`} aria-hidden="true" />
      <span className="p-button-label">{text}</span>
    </button>
  );
}
