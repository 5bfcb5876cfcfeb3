// The Spanish sentences the machinery says about records, whatever the area.

export const SAVED_MESSAGE = 'Guardado correctamente.';
// The API's 409 text names a "registro" (DESIGN.md §3 fixes it); a person reads this one (issue 16).
export const CONFLICT_MESSAGE = 'Otra persona ha modificado este elemento mientras usted lo editaba.';
export const LEAVE_QUESTION = '¿Salir sin guardar? Los cambios se perderán.';

const records = (count: number) => (count === 1 ? '1 elemento' : `${count} elementos`);

/** "¿Eliminar «Editor»? …" for one named record, "¿Eliminar 3 registros? …" for a selection. */
export function deleteQuestion(count: number, name?: string): string {
  return `¿Eliminar ${name === undefined ? records(count) : `«${name}»`}? Esta acción no se puede deshacer.`;
}

export function deletedMessage(count: number): string {
  return count === 1 ? 'Se ha eliminado 1 elemento.' : `Se han eliminado ${count} elementos.`;
}
