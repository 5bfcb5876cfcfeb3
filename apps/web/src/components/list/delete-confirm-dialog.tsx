import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';
import type { DeleteCheck } from '../resource/resource-screens';

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
