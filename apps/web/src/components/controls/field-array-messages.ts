import { capitalized } from '@gestor/shared';
// What FieldArrayControl says about its items, in Spanish: the names of its buttons ("Subir la
// pregunta 3") and what the live region announces ("Pregunta 3 movida a la posición 2"). Spanish
// needs the noun's gender for the article and the participle, so the area gives both.

/** What one item of a list is called: `{ noun: 'pregunta', gender: 'f' }`, `{ noun: 'enlace', gender: 'm' }`. */
export interface ItemNoun {
  noun: string;
  gender: 'f' | 'm';
}

const ending = ({ gender }: ItemNoun) => (gender === 'f' ? 'a' : 'o');

/** "Pregunta 3": the item's title. Positions count from 1. */
export function itemTitle(item: ItemNoun, position: number): string {
  return `${capitalized(item.noun)} ${position}`;
}

/** "la pregunta 3", "el enlace 3". */
export function itemReference(item: ItemNoun, position: number): string {
  return `${item.gender === 'f' ? 'la' : 'el'} ${item.noun} ${position}`;
}

export function moveUpLabel(item: ItemNoun, position: number): string {
  return `Subir ${itemReference(item, position)}`;
}

export function moveDownLabel(item: ItemNoun, position: number): string {
  return `Bajar ${itemReference(item, position)}`;
}

/** "Arrastrar la pregunta 3": the drag handle's name. */
export function dragLabel(item: ItemNoun, position: number): string {
  return `Arrastrar ${itemReference(item, position)}`;
}

export function removeLabel(item: ItemNoun, position: number): string {
  return `Quitar ${itemReference(item, position)}`;
}

/** "Pregunta 3 movida a la posición 2". */
export function movedMessage(item: ItemNoun, from: number, to: number): string {
  return `${itemTitle(item, from)} movid${ending(item)} a la posición ${to}.`;
}

/** "Pregunta 3 quitada." */
export function removedMessage(item: ItemNoun, position: number): string {
  return `${itemTitle(item, position)} quitad${ending(item)}.`;
}

/** "Pregunta 3 restaurada." */
export function restoredMessage(item: ItemNoun, position: number): string {
  return `${itemTitle(item, position)} restaurad${ending(item)}.`;
}

/** "Pregunta 4 añadida." */
export function addedMessage(item: ItemNoun, position: number): string {
  return `${itemTitle(item, position)} añadid${ending(item)}.`;
}

export type ItemAction = 'up' | 'down' | 'remove';

/**
 * Where focus goes after an item moves: the same button at the item's new place, so pressing it
 * again keeps moving the item; at the top (or bottom) that button is disabled, so the other one.
 */
export function focusAfterMove(direction: 'up' | 'down', to: number, length: number): ItemAction {
  if (length <= 1) return 'remove';
  if (direction === 'up') return to === 0 ? 'down' : 'up';
  return to === length - 1 ? 'up' : 'down';
}

/** The position an item goes back to when its removal is undone, if the list got shorter since. */
export function restoreIndex(index: number, length: number): number {
  return Math.max(0, Math.min(index, length));
}
