import type { ResourceContract } from '@gestor/shared';
import { createContext, useContext } from 'react';
import type { ResourceRecord, ScreenNotifier } from './resource-screens';

// What the edit form lends the controls inside it that move the record by a request of their own,
// not a save (docs/review.md: «Enviar a revisión», «Devolver con comentarios»): the form's own save
// first, the answered record shown as a save's would be, and the form's 409 dialog.

export interface RecordFormHandle {
  contract: ResourceContract;
  /**
   * Saves the form's unsaved changes as Guardar does (the shared schema, 422 under the fields, 409
   * dialog). The record as it is saved now — at once when nothing was changed — or undefined when the
   * save was refused or asked about first: the form already says why.
   */
  saveChanges: () => Promise<ResourceRecord | undefined>;
  /** Shows a record the server answered (cached with `recordWritten` first): the form starts from it. */
  showRecord: (record: ResourceRecord) => void;
  /**
   * The form's 409 dialog, with the server's sentence when it says more than «someone saved»
   * («La noticia ya no está en revisión…»); the form's changes were saved before the transition.
   */
  conflict: (message?: string) => void;
  notify: ScreenNotifier;
  /** A save is on its way. */
  saving: boolean;
}

export const RecordFormContext = createContext<RecordFormHandle | null>(null);

/** The edit form's handle; null on the create screen and outside a form. */
export function useRecordForm(): RecordFormHandle | null {
  return useContext(RecordFormContext);
}
