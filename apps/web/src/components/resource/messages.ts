// The Spanish sentences the machinery says about records, whatever the area.

export const SAVED_MESSAGE = 'Guardado correctamente.';
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
