import type { UploadItem } from './use-upload-queue';

// What the end of a batch of uploads says (docs/areas.md#multimedia: which failed and why is listed
// beside it, in the server's words).

export const filesCount = (count: number) => (count === 1 ? '1 archivo' : `${count} archivos`);

/** "Se han subido 2 de 3 archivos." */
export function uploadSummary(items: readonly Pick<UploadItem, 'status'>[]): string {
  const done = items.filter((item) => item.status === 'done').length;
  const cancelled = items.filter((item) => item.status === 'cancelled').length;
  const sent = items.length - cancelled;
  if (sent === 0) return cancelled === 1 ? 'Se ha cancelado la subida.' : 'Se han cancelado las subidas.';
  let text =
    done === sent
      ? done === 1
        ? 'Se ha subido el archivo.'
        : `Se han subido los ${done} archivos.`
      : done === 0
        ? sent === 1
          ? 'No se ha podido subir el archivo.'
          : `No se ha podido subir ninguno de los ${sent} archivos.`
        : `Se han subido ${done} de ${filesCount(sent)}.`;
  if (cancelled) text += ` ${cancelled === 1 ? 'Se canceló 1.' : `Se cancelaron ${cancelled}.`}`;
  return text;
}
