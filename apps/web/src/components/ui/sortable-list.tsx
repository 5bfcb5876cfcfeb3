import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type CSSProperties, type HTMLAttributes, type ReactNode, useRef } from 'react';
import './sortable-list.css';

// One way to reorder by dragging, for every ordered list (slides, a space's gallery, a test's
// questions and options): @dnd-kit with a handle per item. The handle is a real button: a pointer
// drags it, and the keyboard picks it up (Space or Enter), moves it with the arrows and drops it
// (Space or Enter; Escape puts it back), with Spanish instructions and announcements.

/** What a drag handle needs: spread on a <button> (DragHandle does it). */
export interface SortableHandle {
  ref: (element: HTMLElement | null) => void;
  attributes: HTMLAttributes<HTMLElement>;
}

export interface SortableRenderProps {
  /** The item's place in the list, from 0. */
  index: number;
  handle: SortableHandle;
  /** True while this item is the one being dragged. */
  dragging: boolean;
}

interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => UniqueIdentifier;
  /** How announcements name an item: "«Bienvenida»". */
  itemLabel: (item: T, index: number) => string;
  /** Called once on a drop that changes the order, with places from 0. */
  onMove: (from: number, to: number) => void;
  /** The list's accessible name. */
  label: string;
  renderItem: (item: T, props: SortableRenderProps) => ReactNode;
  /** `grid` for items that wrap in rows (thumbnails), `vertical` for a column. */
  layout?: 'vertical' | 'grid';
  disabled?: boolean;
  className?: string;
  itemClassName?: string;
}

export const SORTABLE_INSTRUCTIONS =
  'Para mover un elemento, pulse Espacio o Intro sobre su asa, muévalo con las flechas y pulse Espacio o Intro de nuevo para soltarlo. Escape cancela el movimiento.';

export function SortableList<T>({
  items,
  getId,
  itemLabel,
  onMove,
  label,
  renderItem,
  layout = 'vertical',
  disabled,
  className,
  itemClassName,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A click on the handle is not a drag: it starts after the pointer moves a little.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // An arrow key that needs the page to scroll scrolls at once: a smooth scroll would move the item
    // only once it ends, and a quick Space meanwhile would drop it where it was.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const ids = items.map(getId);
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(id);
  const nameOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index >= 0 ? itemLabel(items[index]!, index) : '';
  };
  const place = (id: UniqueIdentifier | undefined) =>
    id === undefined ? '' : `la posición ${indexOf(id) + 1} de ${items.length}`;

  // Impersonal sentences ("Se ha tomado…"): the item may be a slide, an image or a question, of
  // either gender.
  // A drag starts over its own place: saying so at once would cut off "Se ha tomado…", so only a
  // change of place is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Se ha tomado ${nameOf(active.id)}, en ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const now = over?.id ?? null;
      if (now === lastOver.current) return undefined;
      lastOver.current = now;
      return over
        ? `${nameOf(active.id)}, ahora en ${place(over.id)}.`
        : `${nameOf(active.id)}, fuera de la lista.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Se ha soltado ${nameOf(active.id)} en ${place(over.id)}.`
        : `Se ha soltado ${nameOf(active.id)} fuera de la lista: no cambia de sitio.`,
    onDragCancel: ({ active }) => `Movimiento cancelado: ${nameOf(active.id)} sigue en ${place(active.id)}.`,
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  const List = layout === 'grid' ? 'ul' : 'ol';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SORTABLE_INSTRUCTIONS } }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        <List
          aria-label={label}
          className={['sortable-list', `sortable-list-${layout}`, className].filter(Boolean).join(' ')}
        >
          {items.map((item, index) => (
            <SortableItem
              key={ids[index]}
              id={ids[index]!}
              index={index}
              className={itemClassName}
              disabled={disabled}
            >
              {(props) => renderItem(item, props)}
            </SortableItem>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  index,
  className,
  disabled,
  children,
}: {
  id: UniqueIdentifier;
  index: number;
  className?: string;
  disabled?: boolean;
  children: (props: SortableRenderProps) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
      disabled,
      attributes: { roleDescription: 'elemento reordenable' },
    });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  // dnd-kit's `role="button"` and tabIndex are left to the <button> the handle is.
  const { role: _role, tabIndex: _tabIndex, ...aria } = attributes;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={['sortable-item', isDragging && 'sortable-item-dragging', className]
        .filter(Boolean)
        .join(' ')}
    >
      {children({
        index,
        dragging: isDragging,
        handle: { ref: setActivatorNodeRef, attributes: { ...aria, ...listeners } },
      })}
    </li>
  );
}

/** The drag handle: a button named "Arrastrar «x»" that a pointer drags and the keyboard picks up. */
export function DragHandle({
  handle,
  label,
  disabled,
}: {
  handle: SortableHandle;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      ref={handle.ref}
      {...handle.attributes}
      aria-label={label}
      title={label}
      disabled={disabled}
      className="sortable-handle"
      data-sortable-handle=""
    >
      <span className="pi pi-bars" aria-hidden="true" />
    </button>
  );
}
