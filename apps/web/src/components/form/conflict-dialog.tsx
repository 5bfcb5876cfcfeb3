import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

/**
 * docs/http-api.md optimistic locking: the record changed on the server since the form loaded it. Nothing
 * was written; the person reviews their changes ("Cancelar") or loads the latest version.
 */
export function ConflictDialog({
  message,
  onCancel,
  onLoadLatest,
  unsaved = true,
}: {
  /** The server's message; null hides the dialog. */
  message: string | null;
  onCancel: () => void;
  onLoadLatest: () => void;
  /**
   * The form holds changes the refused write did not save (a save's 409). False for a review's
   * transition (docs/review.md), which saved them first.
   */
  unsaved?: boolean;
}) {
  return (
    <Dialog
      visible={message !== null}
      onHide={onCancel}
      header="Registro modificado"
      className="resource-dialog"
      footer={
        <>
          <Button type="button" label="Cancelar" text onClick={onCancel} />
          <Button
            type="button"
            label="Cargar la última versión"
            icon="pi pi-refresh"
            autoFocus
            onClick={onLoadLatest}
          />
        </>
      }
    >
      <p>{message}</p>
      <p className="resource-muted">
        {unsaved
          ? 'Sus cambios no se han guardado. Si carga la última versión, se perderán; con «Cancelar» puede revisarlos antes.'
          : 'Con «Cargar la última versión» verá cómo está ahora.'}
      </p>
    </Dialog>
  );
}
