import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { CopyableSecret } from '../../../components/ui/copyable-secret';
import { forgetSecret, pendingSecret } from '../webhook-secret';

// docs/webhooks.md: the secret is shown once, right after the webhook is created. The dialog closes
// only by its button (not Escape, not a click outside), so it is not lost by accident; once
// closed, the secret is forgotten and this screen never has it again.

export const SECRET_WARNING = 'Guarde este secreto: no se volverá a mostrar.';

export function WebhookSecretDialog({ webhookId }: { webhookId: number }) {
  const [secret, setSecret] = useState(() => pendingSecret(webhookId));
  const helpId = useId();
  if (!secret) return null;

  const close = () => {
    forgetSecret(webhookId);
    setSecret(undefined);
    // WCAG 2.4.3: the dialog opened with the screen, so the focus goes to the screen's heading.
    requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus();
    });
  };

  return (
    <Dialog
      visible
      onHide={close}
      header="Secreto de firma"
      className="webhook-secret-dialog"
      draggable={false}
      resizable={false}
      closable={false}
      closeOnEscape={false}
      blockScroll
      footer={<Button type="button" label="He guardado el secreto" icon="pi pi-check" onClick={close} />}
      pt={{ root: { 'aria-describedby': helpId } }}
    >
      <div className="webhook-secret">
        <p className="webhook-secret-warning">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> <strong>{SECRET_WARNING}</strong>
        </p>
        <p id={helpId}>
          El sitio web lo necesita para comprobar que cada aviso viene de Gestor: es la clave de la firma que
          llega en la cabecera <code>webhook-signature</code> (Standard Webhooks).
        </p>
        <CopyableSecret label="Secreto de firma" value={secret} noun="secreto" />
      </div>
    </Dialog>
  );
}
