import { permissionLabel } from '@gestor/shared';

// Issue 30: an empty picker says why it is empty and what to do, so a writer who finds no photo
// knows whether to search otherwise, upload one, or ask for the permission to upload (decision 044).

export interface PickerEmptyState {
  /** The words searched for, if any. */
  search: string;
  /** A type chosen in the picker's own filter (not the kind a field fixes: a cover takes images). */
  chosenType: boolean;
  /** Fixed by the field: only images. */
  images: boolean;
  mayUpload: boolean;
}

export const UPLOAD_LABEL = 'Subir archivo';

/** The sentences an empty picker shows. */
export function pickerEmptyMessage({ search, chosenType, images, mayUpload }: PickerEmptyState): string {
  if (search) return `Ningún archivo coincide con «${search}». Pruebe con otras palabras.`;
  if (chosenType) return 'No hay archivos de este tipo en la biblioteca.';
  const empty = images
    ? 'Todavía no hay imágenes en la biblioteca.'
    : 'Todavía no hay archivos en la biblioteca.';
  return mayUpload
    ? `${empty} Súbalos con «${UPLOAD_LABEL}» o arrastrándolos aquí.`
    : `${empty} Pida a un administrador el permiso «${permissionLabel('multimedia.create')}» para subir archivos.`;
}
