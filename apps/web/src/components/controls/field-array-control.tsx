import { Button } from 'primereact/button';
import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { describedBy, FieldMessages } from '../ui/form-field';
import { DragHandle, SortableList } from '../ui/sortable-list';
import {
  addedMessage,
  dragLabel,
  focusAfterMove,
  type ItemAction,
  type ItemNoun,
  itemTitle,
  moveDownLabel,
  movedMessage,
  moveUpLabel,
  removedMessage,
  removeLabel,
  restoredMessage,
  restoreIndex,
} from './field-array-messages';
import { ReadOnlyContext } from './form-controls';
import './controls.css';

export type { ItemNoun } from './field-array-messages';

/** What `renderItem` gets for each item. */
export interface FieldArrayItem {
  /** The item's place in the list, from 0. */
  index: number;
  /** The item's path in the form, for its controls' names: `questions.3` → `questions.3.prompt`. */
  name: string;
  /**
   * Stable across moves, and across saves for an item with a record id of its own: a React key, or a
   * drag-and-drop id.
   */
  id: string;
  /** Removes the item, offering "Deshacer" for a while. */
  remove: () => void;
  /** Moves the item to another place (from 0), announcing it. */
  move: (to: number) => void;
}

interface FieldArrayControlProps<T> {
  /** The array's path in the form: `questions`, or `questions.3.options` inside an item. */
  name: string;
  /** The list's legend: "Preguntas". */
  label: string;
  hint?: string;
  /** What one item is called, for titles, button names and announcements. */
  item: ItemNoun;
  /** The add button's text: "Añadir pregunta". */
  addLabel: string;
  /** The value of a new item. */
  newItem: () => T;
  renderItem: (item: FieldArrayItem) => ReactNode;
  /** Shown when the list is empty. */
  emptyMessage?: string;
  /** No add button at this length. */
  maxItems?: number;
  /** Disabled on top of the screen's read-only mode. */
  disabled?: boolean;
}

// Long enough to notice and reach the button; it waits while the pointer or focus is on the button
// (WCAG 2.2.1: a time limit the person can extend).
const UNDO_MS = 10_000;

interface Removed {
  value: unknown;
  index: number;
}

type PendingFocus = { index: number; action: ItemAction | 'drag' } | { action: 'undo' } | null;

/**
 * An ordered list of child items (a test's questions, a question's options) on react-hook-form's
 * useFieldArray. Each item gets a title ("Pregunta 3") and "Subir", "Bajar" and "Quitar" buttons named
 * with its position ("Subir la pregunta 3"); focus follows a moved item, a live region announces each
 * change, and a removal can be undone for a while. Errors of the array itself ("Añada al menos una
 * pregunta.") show above the list; the items' own fields show theirs.
 *
 * Each item also has a drag handle (SortableList, @dnd-kit): a pointer drags it, the keyboard picks it
 * up with Space or Enter and moves it with the arrows. A drop moves the item like the buttons do.
 */
export function FieldArrayControl<T>({
  name,
  label,
  hint,
  item,
  addLabel,
  newItem,
  renderItem,
  emptyMessage,
  maxItems,
  disabled,
}: FieldArrayControlProps<T>) {
  const { control, getValues } = useFormContext();
  const { fields, append, insert, move, remove } = useFieldArray({ control, name });
  // react-hook-form gives every item a new field id when the form is reset (after each save), which
  // would mount the whole list again: a second for a test of 200 questions. An item that is a stored
  // record (a numeric `id` in its value) is keyed by that id instead, so a save only updates it.
  const keys: string[] = [];
  for (const [index, field] of fields.entries()) {
    const own = getValues(`${name}.${index}.id`) as unknown;
    const key = typeof own === 'number' ? `record-${own}` : field.id;
    keys.push(keys.includes(key) ? field.id : key);
  }
  const { errors } = useFormState({ control, name });
  // The resolver puts the array's own message on `root` when items are registered, on the array
  // itself otherwise; a server message (setError) goes on the array itself.
  const arrayError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const error = arrayError?.message ?? arrayError?.root?.message;
  const locked = useContext(ReadOnlyContext) || Boolean(disabled);

  const id = useId();

  const [announcement, setAnnouncement] = useState('');
  const announce = (message: string) =>
    // The same text twice in a row would not be read again: a no-break space makes it new.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

  const [removed, setRemoved] = useState<Removed | null>(null);
  const [undoHeld, setUndoHeld] = useState(false);
  useEffect(() => {
    if (!removed || undoHeld) return;
    const timer = window.setTimeout(() => setRemoved(null), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [removed, undoHeld]);

  // Focus moves after React has rendered the list in its new order.
  const items = useRef(new Map<string, HTMLFieldSetElement>());
  const undoBar = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target.action === 'undo') {
      undoBar.current?.querySelector('button')?.focus();
      return;
    }
    const key = keys[target.index];
    const element = key ? items.current.get(key) : undefined;
    const selector =
      target.action === 'drag' ? '[data-sortable-handle]' : `[data-field-array-action="${target.action}"]`;
    element?.querySelector<HTMLButtonElement>(selector)?.focus();
  });

  const moveItem = (from: number, to: number, by: 'button' | 'drag' = 'button') => {
    if (from === to || to < 0 || to >= fields.length) return;
    // An undo would restore to a place that no longer means the same.
    setRemoved(null);
    move(from, to);
    // A drop is announced by the drag itself; focus stays on the handle that was dragged.
    if (by === 'drag') {
      pendingFocus.current = { index: to, action: 'drag' };
      return;
    }
    announce(movedMessage(item, from + 1, to + 1));
    pendingFocus.current = {
      index: to,
      action: focusAfterMove(to < from ? 'up' : 'down', to, fields.length),
    };
  };

  const removeItem = (index: number) => {
    setRemoved({ value: structuredClone(getValues(`${name}.${index}`)), index });
    setUndoHeld(false);
    remove(index);
    announce(removedMessage(item, index + 1));
    pendingFocus.current = { action: 'undo' };
  };

  const undoRemoval = () => {
    if (!removed) return;
    const index = restoreIndex(removed.index, fields.length);
    insert(index, removed.value, { shouldFocus: false });
    setRemoved(null);
    announce(restoredMessage(item, index + 1));
    pendingFocus.current = { index, action: 'remove' };
  };

  const addItem = () => {
    setRemoved(null);
    // react-hook-form focuses the new item's first field.
    append(newItem() as never);
    announce(addedMessage(item, fields.length + 1));
  };

  return (
    <fieldset className="field-array" aria-describedby={describedBy(id, hint, error)}>
      <legend className="form-field-label field-array-legend">{label}</legend>
      <FieldMessages id={id} hint={hint} error={error} />

      {fields.length === 0 && emptyMessage && <p className="field-array-empty">{emptyMessage}</p>}
      {fields.length > 0 && (
        <SortableList
          items={keys}
          getId={(key) => key}
          itemLabel={(_key, index) => itemTitle(item, index + 1)}
          onMove={(from, to) => moveItem(from, to, 'drag')}
          label={label}
          disabled={locked}
          className="field-array-list"
          itemClassName="field-array-item"
          renderItem={(key, { index, handle }) => {
            const position = index + 1;
            return (
              <fieldset
                className="field-array-item-group"
                ref={(element) => {
                  if (element) items.current.set(key, element);
                  else items.current.delete(key);
                }}
              >
                <legend className="field-array-item-title">{itemTitle(item, position)}</legend>
                {!locked && (
                  <div className="field-array-item-actions">
                    <DragHandle handle={handle} label={dragLabel(item, position)} />
                    <Button
                      type="button"
                      icon="pi pi-arrow-up"
                      label="Subir"
                      aria-label={moveUpLabel(item, position)}
                      data-field-array-action="up"
                      text
                      size="small"
                      disabled={index === 0}
                      onClick={() => moveItem(index, index - 1)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-arrow-down"
                      label="Bajar"
                      aria-label={moveDownLabel(item, position)}
                      data-field-array-action="down"
                      text
                      size="small"
                      disabled={index === fields.length - 1}
                      onClick={() => moveItem(index, index + 1)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      label="Quitar"
                      aria-label={removeLabel(item, position)}
                      data-field-array-action="remove"
                      text
                      severity="danger"
                      size="small"
                      onClick={() => removeItem(index)}
                    />
                  </div>
                )}
                <div className="field-array-item-body">
                  {renderItem({
                    index,
                    name: `${name}.${index}`,
                    id: key,
                    remove: () => removeItem(index),
                    move: (to) => moveItem(index, to),
                  })}
                </div>
              </fieldset>
            );
          }}
        />
      )}

      {removed && !locked && (
        <div ref={undoBar} className="field-array-undo">
          <span>{removedMessage(item, removed.index + 1)}</span>
          <Button
            type="button"
            label="Deshacer"
            icon="pi pi-undo"
            text
            size="small"
            onClick={undoRemoval}
            onFocus={() => setUndoHeld(true)}
            onBlur={() => setUndoHeld(false)}
            onMouseEnter={() => setUndoHeld(true)}
            onMouseLeave={(event) => setUndoHeld(event.currentTarget === document.activeElement)}
          />
        </div>
      )}

      {!locked && (maxItems === undefined || fields.length < maxItems) && (
        <div>
          <Button type="button" label={addLabel} icon="pi pi-plus" outlined size="small" onClick={addItem} />
        </div>
      )}

      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </fieldset>
  );
}
