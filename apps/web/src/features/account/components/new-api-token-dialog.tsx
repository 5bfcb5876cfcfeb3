import type { NewApiToken } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId } from 'react';
import { CopyableSecret } from '../../../components/ui/copyable-secret';

// Sanctum shows a token's plain text once, when it is made; the server keeps only its hash. The
// dialog closes only by its button (not Escape, not a click outside), so it is not lost by accident,
// and once closed the token is gone from this page too.

export const TOKEN_WARNING = 'Copie el token ahora: no se volverá a mostrar.';

export function NewApiTokenDialog({ token, onClose }: { token: NewApiToken; onClose: () => void }) {
  const helpId = useId();

  return (
    <Dialog
      visible
      onHide={onClose}
      header={`Token «${token.name}» creado`}
      className="api-token-dialog"
      draggable={false}
      resizable={false}
      closable={false}
      closeOnEscape={false}
      blockScroll
      footer={<Button type="button" label="He guardado el token" icon="pi pi-check" onClick={onClose} />}
      pt={{ root: { 'aria-describedby': helpId } }}
    >
      <p className="api-token-warning">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> <strong>{TOKEN_WARNING}</strong>
      </p>
      <p id={helpId}>
        Guárdelo donde guarde sus contraseñas. Quien lo tenga puede usar la API en su nombre con los permisos
        del token hasta que lo revoque o caduque.
      </p>
      <CopyableSecret label="Token" value={token.token} noun="token" rows={2} />
    </Dialog>
  );
}
