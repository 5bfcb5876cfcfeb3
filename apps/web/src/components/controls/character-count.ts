// The textarea's character counter (textarea-control.tsx). The limit is the shared schema's `max`,
// which counts what JavaScript's `length` counts; the counter counts the same way so the two agree.
// People may type or paste past it (the counter says by how much and the schema refuses it), rather
// than have the browser cut their text without a word.

/** From here on (90 % of the limit) screen readers hear how many characters are left. */
export const ANNOUNCE_FROM = 0.9;

/** The visible counter: `123 / 300`. */
export function counterText(count: number, max: number): string {
  return `${count} / ${max}`;
}

/** Read with the field by screen readers, so they know the limit before it matters. */
export function limitDescription(max: number): string {
  return `Máximo ${max} ${max === 1 ? 'carácter' : 'caracteres'}.`;
}

/**
 * What screen readers hear (politely, once typing pauses) when the text is near or over the limit;
 * null below 90 %, where announcing every pause would only get in the way.
 */
export function counterAnnouncement(count: number, max: number): string | null {
  if (max <= 0 || count < max * ANNOUNCE_FROM) return null;
  const left = max - count;
  if (left === 0) return `Ha llegado al máximo de ${max} caracteres.`;
  if (left > 0) return left === 1 ? 'Queda 1 carácter.' : `Quedan ${left} caracteres.`;
  const over = -left;
  return over === 1
    ? `Sobra 1 carácter: el máximo es ${max}.`
    : `Sobran ${over} caracteres: el máximo es ${max}.`;
}
