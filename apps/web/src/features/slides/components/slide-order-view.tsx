import { SLIDES, type SlideRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ListViewContext } from '../../../components/list/resource-list-screen';
import { asSummary } from '../../../components/media/media-kind';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';
import { DragHandle, type SortableHandle, SortableList } from '../../../components/ui/sortable-list';
import { errorMessage } from '../../../lib/form-errors';
import { useMoveSlide } from '../api/reorder-slides';
import { SlideStateTag } from './slide-state-tag';
import { slideLinkText, slideWindowText } from './slide-summary';

// /slide's default view: the slides in the order the home page shows them, each with its thumbnail,
// title, link and state. Reordering (drag by the handle, the keyboard on the handle, or "Subir" and
// "Bajar") is offered only on the whole order: no search, no filter, sorted by position; a filtered
// or searched list has gaps, so a move there would not say where the slide lands.

export interface SlideOrderViewProps extends ListViewContext<SlideRecord> {
  /** The list is the whole order (no search, no filter, by position) and the person may update. */
  orderable: boolean;
  /** The person holds slide.update (then a filtered list says how to reorder). */
  mayUpdate: boolean;
  /** How many slides there are, for "posición 2 de 5" and the last one's "Bajar". */
  total: number;
  notify: ScreenNotifier;
}

type FocusTarget = { id: number; control: 'handle' | 'up' | 'down' } | { control: 'list' };

export function SlideOrderView({
  rows,
  selectable,
  isSelected,
  setSelected,
  orderable,
  mayUpdate,
  total,
  notify,
}: SlideOrderViewProps) {
  const { move } = useMoveSlide();
  // The order on screen while a move is being saved, drawn over the page it was made on: the
  // server's next page (the saved order) replaces it.
  const [moved, setMoved] = useState<{ on: readonly SlideRecord[]; ids: number[] } | null>(null);
  const shown =
    moved?.on === rows ? moved.ids.flatMap((id) => rows.filter((slide) => slide.id === id)) : rows;
  // Positions are 1…n (the API closes ranks), so a page of the whole order starts at its first one's.
  const offset = (rows[0]?.position ?? 1) - 1;

  const [announcement, setAnnouncement] = useState('');
  const announce = (message: string) =>
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

  // Focus follows the moved slide once React has drawn the new order (a moved node may lose it).
  const listRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const list = listRef.current;
    if (target.control === 'list') {
      pendingFocus.current = null;
      list?.focus();
      return;
    }
    const row = list?.querySelector<HTMLElement>(`[data-slide-id="${target.id}"]`);
    if (!row) return;
    pendingFocus.current = null;
    const selector =
      target.control === 'handle' ? '[data-sortable-handle]' : `[data-slide-move="${target.control}"]`;
    const preferred = row.querySelector<HTMLButtonElement>(selector);
    // "Subir" is disabled once the slide is first: the focus goes to its "Bajar", and the reverse.
    const other = row.querySelector<HTMLButtonElement>(
      `[data-slide-move="${target.control === 'up' ? 'down' : 'up'}"]`,
    );
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  });

  const moveSlide = (slide: SlideRecord, to: number, by: 'drag' | 'up' | 'down') => {
    if (to < 1 || to > total) return;
    const from = shown.findIndex((other) => other.id === slide.id);
    const toIndex = to - 1 - offset;
    if (toIndex >= 0 && toIndex < shown.length) {
      const ids = shown.map((other) => other.id);
      ids.splice(from, 1);
      ids.splice(toIndex, 0, slide.id);
      setMoved({ on: rows, ids });
      pendingFocus.current = { id: slide.id, control: by === 'drag' ? 'handle' : by };
    }
    move(slide.id, to).then(
      () => {
        announce(`Orden guardado: «${slide.title}» en la posición ${to} de ${total}.`);
        // Moved to another page: it leaves this one, and the focus stays in the list.
        if (toIndex < 0 || toIndex >= shown.length) pendingFocus.current = { control: 'list' };
      },
      (error: unknown) => {
        setMoved(null);
        const message = error instanceof Error ? error.message : errorMessage(error);
        announce(`No se ha guardado el orden: ${message}`);
        notify.error(message);
      },
    );
  };

  const row = (slide: SlideRecord, index: number, handle: SortableHandle | null) => {
    const position = orderable ? offset + index + 1 : slide.position;
    return (
      <SlideRow
        slide={slide}
        position={position}
        selectable={selectable(slide)}
        selected={isSelected(slide)}
        onSelect={(selected) => setSelected(slide, selected)}
        handle={handle}
        moves={
          orderable && (
            <div className="slide-row-moves">
              <Button
                type="button"
                icon="pi pi-arrow-up"
                label="Subir"
                text
                size="small"
                aria-label={`Subir «${slide.title}»`}
                disabled={position <= 1}
                data-slide-move="up"
                onClick={() => moveSlide(slide, position - 1, 'up')}
              />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                label="Bajar"
                text
                size="small"
                aria-label={`Bajar «${slide.title}»`}
                disabled={position >= total}
                data-slide-move="down"
                onClick={() => moveSlide(slide, position + 1, 'down')}
              />
            </div>
          )
        }
      />
    );
  };

  return (
    <div ref={listRef} tabIndex={-1} className="slide-order">
      {mayUpdate && !orderable && (
        <Notice severity="info">
          El orden se cambia sobre la lista completa, ordenada por posición y sin búsqueda ni filtros.{' '}
          <Link to="/slide">Ver la lista completa</Link>
        </Notice>
      )}
      {orderable ? (
        <SortableList
          items={shown}
          getId={(slide) => slide.id}
          itemLabel={(slide) => `«${slide.title}»`}
          label="Orden de las diapositivas"
          onMove={(from, to) => {
            const slide = shown[from];
            if (slide) moveSlide(slide, offset + to + 1, 'drag');
          }}
          renderItem={(slide, { index, handle }) => row(slide, index, handle)}
        />
      ) : (
        <ol className="sortable-list sortable-list-vertical" aria-label="Diapositivas">
          {shown.map((slide, index) => (
            <li key={slide.id}>{row(slide, index, null)}</li>
          ))}
        </ol>
      )}
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </div>
  );
}

function SlideRow({
  slide,
  position,
  selectable,
  selected,
  onSelect,
  handle,
  moves,
}: {
  slide: SlideRecord;
  position: number;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  handle: SortableHandle | null;
  moves: ReactNode;
}) {
  const link = slideLinkText(slide);
  return (
    <div className={selected ? 'slide-row slide-row-selected' : 'slide-row'} data-slide-id={slide.id}>
      <div className="slide-row-controls">
        {selectable && (
          <input
            type="checkbox"
            className="slide-row-check"
            checked={selected}
            aria-label={selected ? `Quitar de la selección «${slide.title}»` : `Seleccionar «${slide.title}»`}
            onChange={(event) => onSelect(event.target.checked)}
          />
        )}
        {handle && <DragHandle handle={handle} label={`Arrastrar «${slide.title}»`} />}
        <span className="slide-row-position">
          <span className="sr-only">{SLIDES.fields.position.label} </span>
          {position}
        </span>
      </div>
      <MediaThumbnail media={asSummary(slide.image)} className="slide-row-thumbnail" />
      <div className="slide-row-text">
        <Link to={`/slide/${slide.id}`} className="slide-row-title">
          {slide.title}
        </Link>
        {slide.subtitle && <span className="slide-row-subtitle">{slide.subtitle}</span>}
        <span className="slide-row-meta">
          {link ? <span className="slide-row-link">{link}</span> : <span>Sin botón</span>}
          <span>{slideWindowText(slide)}</span>
        </span>
      </div>
      <div className="slide-row-end">
        <SlideStateTag state={slide.state} />
        {moves}
      </div>
    </div>
  );
}
