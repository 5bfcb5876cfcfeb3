import { describe, expect, it } from 'vitest';
import {
  addedMessage,
  focusAfterMove,
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

const question: ItemNoun = { noun: 'pregunta', gender: 'f' };
const link: ItemNoun = { noun: 'enlace', gender: 'm' };
const option: ItemNoun = { noun: 'opción', gender: 'f' };

describe('the names of the item buttons', () => {
  it('name the item and its position, with the right article', () => {
    expect(moveUpLabel(question, 3)).toBe('Subir la pregunta 3');
    expect(moveDownLabel(question, 3)).toBe('Bajar la pregunta 3');
    expect(removeLabel(question, 3)).toBe('Quitar la pregunta 3');
    expect(moveUpLabel(link, 2)).toBe('Subir el enlace 2');
    expect(removeLabel(option, 1)).toBe('Quitar la opción 1');
  });

  it('title each item', () => {
    expect(itemTitle(question, 3)).toBe('Pregunta 3');
    expect(itemTitle(option, 2)).toBe('Opción 2');
  });
});

describe('what the live region announces', () => {
  it('says where an item went, with the participle agreeing with the noun', () => {
    expect(movedMessage(question, 3, 2)).toBe('Pregunta 3 movida a la posición 2.');
    expect(movedMessage(link, 1, 2)).toBe('Enlace 1 movido a la posición 2.');
  });

  it('says what was removed, restored or added', () => {
    expect(removedMessage(question, 3)).toBe('Pregunta 3 quitada.');
    expect(removedMessage(link, 3)).toBe('Enlace 3 quitado.');
    expect(restoredMessage(question, 3)).toBe('Pregunta 3 restaurada.');
    expect(addedMessage(option, 4)).toBe('Opción 4 añadida.');
    expect(addedMessage(link, 1)).toBe('Enlace 1 añadido.');
  });
});

describe('focusAfterMove', () => {
  it('stays on the button that was pressed while it can be pressed again', () => {
    expect(focusAfterMove('up', 1, 4)).toBe('up');
    expect(focusAfterMove('down', 2, 4)).toBe('down');
  });

  it('goes to the other move button at the top or bottom of the list', () => {
    expect(focusAfterMove('up', 0, 4)).toBe('down');
    expect(focusAfterMove('down', 3, 4)).toBe('up');
  });

  it('goes to the remove button when the item is alone', () => {
    expect(focusAfterMove('up', 0, 1)).toBe('remove');
  });
});

describe('restoreIndex', () => {
  it('puts an item back where it was, or at the end of a list that got shorter', () => {
    expect(restoreIndex(2, 5)).toBe(2);
    expect(restoreIndex(4, 3)).toBe(3);
    expect(restoreIndex(0, 0)).toBe(0);
  });
});
