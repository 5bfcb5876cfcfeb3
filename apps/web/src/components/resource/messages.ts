// The Spanish sentences the machinery says about records, whatever the area.

export const SAVED_MESSAGE = 'Guardado correctamente.';
export const CONFLICT_MESSAGE = 'El registro ha sido modificado por otra persona.';
export const LEAVE_QUESTION = '¿Salir sin guardar? Los cambios se perderán.';

const records = (count: number) => (count === 1 ? '1 registro' : `${count} registros`);

/** "¿Eliminar «Editor»? …" for one named record, "¿Eliminar 3 registros? …" for a selection. */
export function deleteQuestion(count: number, name?: string): string {
  return `¿Eliminar ${name === undefined ? records(count) : `«${name}»`}? Esta acción no se puede deshacer.`;
}

export function deletedMessage(count: number): string {
  return count === 1 ? 'Se ha eliminado 1 registro.' : `Se han eliminado ${count} registros.`;
}
