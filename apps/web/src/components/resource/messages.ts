import type { ResourceContract } from '@gestor/shared';
import { capitalized } from '@gestor/shared';
import { formatDateTime } from './format';
import type { NoticeLink } from './resource-screens';

// The Spanish sentences the machinery says about records, whatever the area.

export const SAVED_MESSAGE = 'Guardado correctamente.';

/**
 * What a save says (issue 30): "Noticia publicada." when it put the record on the website, and
 * "Noticia programada para el 28/11/2026 09:00." when it scheduled it, "Noticia guardada. Ha vuelto a
 * borrador…" when it took it out of review; else "Guardado correctamente.".
 */
export function savedMessage(
  contract: Pick<ResourceContract, 'label'>,
  before: object | undefined,
  after: object,
): string {
  // Records of any area: only those with a publication status have something more to say.
  const saved = after as { status?: unknown; published_at?: unknown };
  if (saved.status === (before as { status?: unknown } | undefined)?.status) return SAVED_MESSAGE;
  const { one, gender } = contract.label;
  const noun = capitalized(one);
  const ending = gender === 'feminine' ? 'a' : 'o';
  if (saved.status === 'published') return `${noun} publicad${ending}.`;
  // docs/review.md: the writer's edit of an item in review takes it back to draft (the editor said so).
  if (saved.status === 'draft' && (before as { status?: unknown } | undefined)?.status === 'review') {
    const pronoun = gender === 'feminine' ? 'la' : 'lo';
    return `${noun} guardad${ending}. Ha vuelto a borrador: cuando esté list${ending}, envíe${pronoun} de nuevo a revisión.`;
  }
  if (saved.status === 'scheduled' && typeof saved.published_at === 'string') {
    return `${noun} programad${ending} para el ${formatDateTime(saved.published_at)}.`;
  }
  return SAVED_MESSAGE;
}
/**
 * The link a save's toast offers (issue 30): "Ver en la web" when the saved record is public and the
 * server knows its address on the website (PUBLIC_NEWS_URL, PUBLIC_PAGE_URL).
 */
export function savedLink(after: object): NoticeLink | undefined {
  const { public_url: href } = after as { public_url?: unknown };
  return typeof href === 'string' && href !== '' ? { href, label: 'Ver en la web' } : undefined;
}

// The API's 409 text names a "registro" (docs/http-api.md fixes it); a person reads this one (issue 16).
export const CONFLICT_MESSAGE = 'Otra persona ha modificado este elemento mientras usted lo editaba.';
export const LEAVE_QUESTION = '¿Salir sin guardar? Los cambios se perderán.';

const records = (count: number) => (count === 1 ? '1 elemento' : `${count} elementos`);

/**
 * "¿Eliminar «Editor»? …" for one named record, "¿Eliminar 3 registros? …" for a selection. In an
 * area with a trash (decision 026) the record goes there, and the question says so.
 */
export function deleteQuestion(count: number, name?: string, { trash = false } = {}): string {
  const what = name === undefined ? records(count) : `«${name}»`;
  if (trash) {
    return `¿Enviar ${what} a la papelera? Podrá restaurar${count === 1 ? 'lo' : 'los'} desde la Papelera de la lista.`;
  }
  return `¿Eliminar ${what}? Esta acción no se puede deshacer.`;
}

export function deletedMessage(count: number, { trash = false } = {}): string {
  if (trash) {
    return count === 1
      ? 'Se ha enviado 1 elemento a la papelera.'
      : `Se han enviado ${count} elementos a la papelera.`;
  }
  return count === 1 ? 'Se ha eliminado 1 elemento.' : `Se han eliminado ${count} elementos.`;
}

/** A bulk action's label with how many records it takes: "Eliminar seleccionados (3)". */
export const withSelectedCount = (label: string, count: number) => (count ? `${label} (${count})` : label);
