import { describe, expect, it } from 'vitest';
import { rescoreQuestion, responseImpact } from './test-rescoring';
import type { TestQuestion } from './tests';

const question = (
  id: number,
  type: TestQuestion['type'],
  correct: number[] = [],
  points = 1,
): TestQuestion => ({
  id,
  position: id,
  prompt: `Pregunta ${id}`,
  type,
  points,
  required: true,
  help: null,
  personal: false,
  options:
    type === 'text'
      ? []
      : [1, 2, 3].map((n) => ({
          id: id * 10 + n,
          position: n,
          text: `Opción ${n}`,
          correct: correct.includes(id * 10 + n),
        })),
});

const QUIZ = {
  kind: 'quiz' as const,
  questions: [question(1, 'single', [11]), question(2, 'multiple', [21, 23], 2), question(3, 'text', [], 3)],
};
type Edited = ReturnType<typeof same>[number];
/** The questions as the form sends them back unchanged. */
const same = () => QUIZ.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o })) }));

describe('responseImpact: what an edit does to the responses already given', () => {
  it('wording alone changes nothing', () => {
    const edited = same().map((q) => ({
      ...q,
      prompt: `${q.prompt} (revisada)`,
      options: q.options.map((o) => ({ ...o, text: `${o.text}.` })),
    }));
    expect(responseImpact(QUIZ, { questions: edited })).toEqual({ refused: [], rescore: [] });
    expect(responseImpact(QUIZ, {})).toEqual({ refused: [], rescore: [] });
  });

  it('a changed correct option, points, a removed option or question, an added question: re-scored', () => {
    const [first, second] = same() as [Edited, Edited];
    (first.options[0] as { correct: boolean }).correct = false;
    (first.options[1] as { correct: boolean }).correct = true;
    second.points = 3;
    second.options.pop();
    const impact = responseImpact(QUIZ, {
      questions: [first, second, { type: 'single', options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    });
    expect(impact.refused).toEqual([]);
    expect(impact.rescore).toEqual([
      'Pregunta 1: cambia cuál es la opción correcta.',
      'Pregunta 2: pasa de 2 a 3 puntos.',
      'Pregunta 2: se quita la opción «Opción 3».',
      'Pregunta 2: cambia cuál es la opción correcta.',
      'Pregunta 3: se quita, con sus respuestas.',
      'Se añade una pregunta: quienes ya respondieron tendrán 0 puntos en ella.',
    ]);
  });

  it('a question that changes type, or a test that changes kind, is refused', () => {
    const edited = same();
    edited[0]!.type = 'multiple';
    expect(responseImpact(QUIZ, { questions: edited }).refused).toEqual([
      'Pregunta 1: no puede cambiar de tipo con respuestas ya dadas; añada una pregunta nueva y quite esta.',
    ]);
    expect(responseImpact(QUIZ, { kind: 'survey' }).refused[0]).toMatch(
      /^Una evaluación con respuestas no puede pasar a ser encuesta/,
    );
  });

  it("a survey's points and marks score nothing: only removals matter", () => {
    const survey = {
      kind: 'survey' as const,
      questions: QUIZ.questions.map((q) => ({
        ...q,
        options: q.options.map((o) => ({ ...o, correct: false })),
      })),
    };
    const edited = survey.questions.map((q) => ({ ...q, points: 5 }));
    expect(responseImpact(survey, { questions: [...edited, { type: 'text' }] })).toEqual({
      refused: [],
      rescore: [],
    });
  });

  it('says how many responses', () => {
    expect(rescoreQuestion(1)).toBe('Este cambio vuelve a puntuar la respuesta ya enviada. ¿Continuar?');
    expect(rescoreQuestion(37)).toBe(
      'Este cambio vuelve a puntuar las 37 respuestas ya enviadas. ¿Continuar?',
    );
  });
});
