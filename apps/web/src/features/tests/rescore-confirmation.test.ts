import type { TestQuestion } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { rescoreConfirmation } from './rescore-confirmation';

const question: TestQuestion = {
  id: 7,
  position: 1,
  prompt: '¿Capital de Francia?',
  type: 'single',
  points: 1,
  required: true,
  help: null,
  personal: false,
  options: [
    { id: 70, position: 1, text: 'París', correct: true },
    { id: 71, position: 2, text: 'Lyon', correct: false },
  ],
};
const saved = { kind: 'quiz' as const, questions: [question], responses_count: 12 };
const sent = (correct: number, points = 1) => ({
  kind: 'quiz' as const,
  questions: [
    {
      id: 7,
      type: 'single',
      points,
      options: question.options.map((option) => ({
        id: option.id,
        text: option.text,
        correct: option.id === correct,
      })),
    },
  ],
});

describe('asking before a save re-scores the responses', () => {
  it('asks when the correct option changes, saying why and how many responses', () => {
    expect(rescoreConfirmation(saved, sent(71))).toEqual({
      reasons: ['Pregunta 1: cambia cuál es la opción correcta.'],
      question: 'Este cambio vuelve a puntuar las 12 respuestas ya enviadas. ¿Continuar?',
    });
  });

  it('saves at once a change of wording, a test without responses, or one already confirmed', () => {
    expect(rescoreConfirmation(saved, sent(70))).toBeNull();
    expect(rescoreConfirmation({ ...saved, responses_count: 0 }, sent(71))).toBeNull();
    expect(rescoreConfirmation(saved, { ...sent(71), rescore: true })).toBeNull();
    expect(rescoreConfirmation(undefined, sent(71))).toBeNull();
  });

  it('lets a change the API refuses go, so its message lands beside the questions', () => {
    expect(rescoreConfirmation(saved, { ...sent(71), kind: 'survey' })).toBeNull();
  });
});
