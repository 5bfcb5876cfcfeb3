import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useRef, useState } from 'react';
import { forgetSecret, pendingSecret } from '../webhook-secret';

// DELIVERY.md: the secret is shown once, right after the webhook is created. The dialog closes
// only by its button (not Escape, not a click outside), so it is not lost by accident; once
// closed, the secret is forgotten and this screen never has it again.

export const SECRET_WARNING = 'Guarde este secreto: no se volverá a mostrar.';

export function WebhookSecretDialog({ webhookId }: { webhookId: number }) {
  const [secret, setSecret] = useState(() => pendingSecret(webhookId));
  const [said, setSaid] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const helpId = useId();
  if (!secret) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setSaid('Secreto copiado al portapapeles.');
    } catch {
      // No clipboard (an http address other than localhost, or a refusal): the text is selected
      // for the person to copy.
      input.current?.select();
      setSaid('No se ha podido copiar: el secreto está seleccionado; cópielo con Ctrl+C (⌘+C en Mac).');
    }
  };

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
        <label htmlFor={inputId} className="form-field-label">
          Secreto de firma
        </label>
        <div className="webhook-secret-value">
          {/* A text area, so the whole secret wraps into sight on a phone instead of scrolling. */}
          <InputTextarea
            id={inputId}
            ref={input}
            value={secret}
            readOnly
            rows={1}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            label="Copiar"
            icon="pi pi-copy"
            outlined
            autoFocus
            onClick={() => void copy()}
          />
        </div>
        <output className="webhook-secret-said">{said}</output>
      </div>
    </Dialog>
  );
}
