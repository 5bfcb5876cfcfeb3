import { describe, expect, test } from 'vitest';
import { describeQuestionChanges } from './test-history';

const option = (id: number, text: string, correct = false) => ({ id, text, correct });
const question = (
  id: number,
  prompt: string,
  options = [option(id * 10, 'a', true), option(id * 10 + 1, 'b')],
) => ({
  id,
  prompt,
  type: 'single' as const,
  points: 1,
  options,
});

describe('describeQuestionChanges', () => {
  const one = question(1, 'Uno');
  const two = question(2, 'Dos');
  const three = question(3, 'Tres');

  test('says which question changed and how, by its number in the new version', () => {
    const changed = {
      ...two,
      options: [option(20, 'a'), option(21, 'b', true)],
    };
    expect(
      describeQuestionChanges({ from: [one, two, three], to: [one, changed, three] }, 'updated'),
    ).toEqual(['Pregunta 2: opción correcta cambiada']);
    expect(
      describeQuestionChanges(
        { from: [one, two], to: [{ ...one, prompt: 'Uno bis', points: 3, type: 'multiple' }, two] },
        'updated',
      ),
    ).toEqual(['Pregunta 1: enunciado cambiado, tipo cambiado a respuesta múltiple, puntos: 1 → 3']);
  });

  test('added, removed (by its number before) and reordered questions', () => {
    const four = question(4, 'Cuatro');
    expect(describeQuestionChanges({ from: [one, two, three], to: [three, one, four] }, 'updated')).toEqual([
      'Pregunta 3 añadida',
      'Pregunta 2 eliminada',
      'Orden de las preguntas cambiado',
    ]);
  });

  test('options added, removed, retyped and reordered', () => {
    const before = question(5, 'Cinco', [option(50, 'a', true), option(51, 'b'), option(52, 'c')]);
    const after = { ...before, options: [option(52, 'c'), option(50, 'A', true), option(99, 'd')] };
    expect(describeQuestionChanges({ from: [before], to: [after] }, 'updated')).toEqual([
      'Pregunta 1: opción añadida, opción eliminada, texto de una opción cambiado, opciones reordenadas',
    ]);
  });

  test('a created or deleted test counts its questions; other values keep the usual rendering', () => {
    expect(describeQuestionChanges({ from: null, to: [one, two] }, 'created')).toEqual(['2 preguntas']);
    expect(describeQuestionChanges({ from: [one], to: null }, 'deleted')).toEqual(['1 pregunta']);
    expect(describeQuestionChanges({ from: null, to: [] }, 'created')).toEqual(['Sin preguntas']);
    expect(describeQuestionChanges({ from: 'x', to: 'y' }, 'updated')).toBeUndefined();
  });
});
