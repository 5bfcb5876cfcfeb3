import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';

/**
 * Whether the records about to be deleted may be: still being checked, clear, or blocked with the
 * reason. Issue 16: a deletion the server would refuse is said in the confirmation, with no button to
 * confirm it; the server's refusal stays the guard for whatever changes in between.
 */
export type DeleteCheck =
  | { state: 'clear' }
  | { state: 'checking' }
  | { state: 'blocked'; reason: ReactNode };

export const DELETE_CLEAR: DeleteCheck = { state: 'clear' };

/** Nothing to check: every area but those that declare `useDeleteCheck`. */
export const noDeleteCheck = (): DeleteCheck => DELETE_CLEAR;

export function DeleteConfirmDialog({
  visible,
  onHide,
  question,
  accept,
  check = DELETE_CLEAR,
}: {
  visible: boolean;
  onHide: () => void;
  question: ReactNode;
  accept: () => void;
  check?: DeleteCheck;
}) {
  if (check.state === 'clear') {
    return (
      <ConfirmDialog
        visible={visible}
        onHide={onHide}
        header="Confirmar eliminación"
        message={question}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={accept}
      />
    );
  }
  const checking = check.state === 'checking';
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={checking ? 'Confirmar eliminación' : 'No se puede eliminar'}
      message={checking ? <output>Comprobando dónde se usa…</output> : check.reason}
      icon={checking ? 'pi pi-spin pi-spinner' : 'pi pi-info-circle'}
      // One way out, named once: the footer's «Cerrar» (Escape too), not a second «Cerrar» cross.
      closable={false}
      footer={<Button type="button" label="Cerrar" outlined autoFocus onClick={onHide} />}
    />
  );
}
