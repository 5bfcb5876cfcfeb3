import type { TestKind, TestQuestion } from './tests';

// docs/areas.md#what-the-answers-say: editing a test that already has responses. Wording may change
// freely; a change to what a response is scored against (a question or option removed or added,
// which options are correct, a question's points) re-scores every response once the person confirms
// it; a change that would leave responses meaningless (the kind, a question's type) is refused. The
// form asks before saving and the API checks again, with this one reading of the change.

/** A question as a write sends it: an id when it exists already. */
export interface EditedQuestion {
  id?: number | null;
  type: string;
  points?: number;
  options?: ReadonlyArray<{ id?: number | null; text?: string; correct?: boolean }>;
}

export interface ResponseImpact {
  /** Why responses cannot stay with this change (it is refused). */
  refused: string[];
  /** What changes their scores (re-scored after confirming). */
  rescore: string[];
}

/** What an edit of the kind and questions does to the responses already given. */
export function responseImpact(
  before: { kind: TestKind; questions: readonly TestQuestion[] },
  after: { kind?: TestKind; questions?: readonly EditedQuestion[] },
): ResponseImpact {
  const refused: string[] = [];
  const rescore: string[] = [];
  const kind = after.kind ?? before.kind;
  if (kind !== before.kind) {
    refused.push(
      before.kind === 'quiz'
        ? 'Una evaluación con respuestas no puede pasar a ser encuesta: sus notas dejarían de tener sentido. Duplíquela.'
        : 'Una encuesta con respuestas no puede pasar a ser evaluación: nadie respondió sabiendo que puntuaba. Duplíquela.',
    );
    return { refused, rescore };
  }
  if (!after.questions) return { refused, rescore };
  const quiz = kind === 'quiz';
  const edited = new Map(after.questions.filter((q) => q.id).map((q) => [q.id as number, q]));
  before.questions.forEach((question, index) => {
    const name = `Pregunta ${index + 1}`;
    const now = edited.get(question.id);
    if (!now) {
      rescore.push(`${name}: se quita, con sus respuestas.`);
      return;
    }
    if (now.type !== question.type) {
      refused.push(
        `${name}: no puede cambiar de tipo con respuestas ya dadas; añada una pregunta nueva y quite esta.`,
      );
      return;
    }
    if (quiz && now.points !== undefined && now.points !== question.points) {
      rescore.push(`${name}: pasa de ${question.points} a ${now.points} puntos.`);
    }
    const kept = new Set((now.options ?? []).flatMap((option) => (option.id ? [option.id] : [])));
    const removed = question.options.filter((option) => !kept.has(option.id));
    for (const option of removed) rescore.push(`${name}: se quita la opción «${option.text}».`);
    if (quiz && question.type !== 'text') {
      const was = question.options
        .filter((option) => option.correct)
        .map((option) => option.id)
        .sort();
      const is = (now.options ?? []).filter((option) => option.correct);
      const same = is.length === was.length && is.every((option) => option.id && was.includes(option.id));
      if (!same) rescore.push(`${name}: cambia cuál es la opción correcta.`);
    }
  });
  const added = after.questions.filter((question) => !question.id).length;
  if (quiz && added) {
    rescore.push(
      added === 1
        ? 'Se añade una pregunta: quienes ya respondieron tendrán 0 puntos en ella.'
        : `Se añaden ${added} preguntas: quienes ya respondieron tendrán 0 puntos en ellas.`,
    );
  }
  return { refused, rescore };
}

/** How many responses an edit re-scores, in a sentence: "Este cambio vuelve a puntuar las 37 respuestas ya enviadas". */
export function rescoreSentence(responses: number): string {
  const many = responses === 1 ? 'la respuesta ya enviada' : `las ${responses} respuestas ya enviadas`;
  return `Este cambio vuelve a puntuar ${many}`;
}

/** The confirmation the form asks before such an edit. */
export function rescoreQuestion(responses: number): string {
  return `${rescoreSentence(responses)}. ¿Continuar?`;
}
