import { type AuditEntry, QUESTION_TYPE_LABELS, type QuestionType } from '@gestor/shared';

// The Historial of a test tells question changes in sentences ("Pregunta 3: opción correcta
// cambiada"), from the questions the API audits by id before and after each change.

interface AuditedOption {
  id: number;
  text: string;
  correct: boolean;
}

interface AuditedQuestion {
  id: number;
  prompt: string;
  type: QuestionType;
  points: number;
  options: AuditedOption[];
  /** Absent from entries written before questions had them. */
  required?: boolean;
  help?: string | null;
  personal?: boolean;
}

const isQuestionList = (value: unknown): value is AuditedQuestion[] =>
  Array.isArray(value) &&
  value.every(
    (question) =>
      typeof question === 'object' &&
      question !== null &&
      typeof (question as AuditedQuestion).id === 'number' &&
      Array.isArray((question as AuditedQuestion).options),
  );

const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

const questionsCount = (count: number) =>
  count === 0 ? 'Sin preguntas' : count === 1 ? '1 pregunta' : `${count} preguntas`;

/** The ids of `list` that are also in `other`, in `list`'s order. */
const sharedOrder = (list: { id: number }[], other: Set<number>) =>
  list.map((item) => item.id).filter((id) => other.has(id));

const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** What changed in one question kept from before, as short phrases. */
function questionChanges(before: AuditedQuestion, after: AuditedQuestion): string[] {
  const changes: string[] = [];
  if (before.prompt !== after.prompt) changes.push('enunciado cambiado');
  if (before.type !== after.type) {
    changes.push(`tipo cambiado a ${QUESTION_TYPE_LABELS[after.type]?.toLowerCase() ?? after.type}`);
  }
  if (before.points !== after.points) changes.push(`puntos: ${before.points} → ${after.points}`);
  const known = (field: 'required' | 'help' | 'personal') => field in before && field in after;
  if (known('required') && before.required !== after.required) {
    changes.push(after.required ? 'ahora obligatoria' : 'ahora opcional');
  }
  if (known('help') && (before.help ?? null) !== (after.help ?? null)) {
    changes.push(after.help ? (before.help ? 'ayuda cambiada' : 'ayuda añadida') : 'ayuda quitada');
  }
  if (known('personal') && before.personal !== after.personal) {
    changes.push(after.personal ? 'marcada con datos personales' : 'ya no marcada con datos personales');
  }

  const beforeIds = new Set(before.options.map((option) => option.id));
  const afterIds = new Set(after.options.map((option) => option.id));
  const added = after.options.filter((option) => !beforeIds.has(option.id)).length;
  const removed = before.options.filter((option) => !afterIds.has(option.id)).length;
  if (added) changes.push(plural(added, 'opción añadida', 'opciones añadidas'));
  if (removed) changes.push(plural(removed, 'opción eliminada', 'opciones eliminadas'));
  const textOf = new Map(before.options.map((option) => [option.id, option.text]));
  const retyped = after.options.filter(
    (option) => textOf.has(option.id) && textOf.get(option.id) !== option.text,
  ).length;
  if (retyped)
    changes.push(plural(retyped, 'texto de una opción cambiado', 'opciones con el texto cambiado'));
  if (!sameOrder(sharedOrder(before.options, afterIds), sharedOrder(after.options, beforeIds))) {
    changes.push('opciones reordenadas');
  }
  // A text question has no correct options to speak of.
  const correct = (question: AuditedQuestion) =>
    question.options
      .filter((option) => option.correct)
      .map((option) => option.id)
      .sort((a, b) => a - b);
  if (after.type !== 'text' && !sameOrder(correct(before), correct(after))) {
    changes.push(after.type === 'single' ? 'opción correcta cambiada' : 'opciones correctas cambiadas');
  }
  return changes;
}

/**
 * A test's `questions` change in sentences: each question by its number in the new version (a
 * removed one by its number before), then whether their order changed. Undefined when the values
 * are not the audited questions (the usual rendering then shows them).
 */
export function describeQuestionChanges(
  change: { from: unknown; to: unknown },
  action: AuditEntry['action'],
): string[] | undefined {
  const from = change.from ?? [];
  const to = change.to ?? [];
  if (!isQuestionList(from) || !isQuestionList(to)) return undefined;
  if (action !== 'updated' && action !== 'reverted')
    return [questionsCount((action === 'deleted' ? from : to).length)];

  const sentences: string[] = [];
  const before = new Map(from.map((question) => [question.id, question]));
  const afterIds = new Set(to.map((question) => question.id));
  to.forEach((question, index) => {
    const previous = before.get(question.id);
    if (!previous) {
      sentences.push(`Pregunta ${index + 1} añadida`);
      return;
    }
    const changes = questionChanges(previous, question);
    if (changes.length) sentences.push(`Pregunta ${index + 1}: ${changes.join(', ')}`);
  });
  from.forEach((question, index) => {
    if (!afterIds.has(question.id)) sentences.push(`Pregunta ${index + 1} eliminada`);
  });
  if (!sameOrder(sharedOrder(from, afterIds), sharedOrder(to, new Set(before.keys())))) {
    sentences.push('Orden de las preguntas cambiado');
  }
  return sentences.length ? sentences : [questionsCount(to.length)];
}
