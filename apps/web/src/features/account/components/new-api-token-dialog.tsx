import type { NewApiToken } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useRef, useState } from 'react';

// Sanctum shows a token's plain text once, when it is made; the server keeps only its hash. The
// dialog closes only by its button (not Escape, not a click outside), so it is not lost by accident,
// and once closed the token is gone from this page too.

export const TOKEN_WARNING = 'Copie el token ahora: no se volverá a mostrar.';

export function NewApiTokenDialog({ token, onClose }: { token: NewApiToken; onClose: () => void }) {
  const [said, setSaid] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const helpId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setSaid('Token copiado al portapapeles.');
    } catch {
      // No clipboard (an http address other than localhost, or a refusal): the text is selected.
      input.current?.select();
      setSaid('No se ha podido copiar: el token está seleccionado; cópielo con Ctrl+C (⌘+C en Mac).');
    }
  };

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
      <label htmlFor={inputId} className="form-field-label">
        Token
      </label>
      <div className="api-token-value">
        <InputTextarea
          id={inputId}
          ref={input}
          value={token.token}
          readOnly
          rows={2}
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
      <output className="api-token-said">{said}</output>
    </Dialog>
  );
}
