import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useRef, useState } from 'react';
import './copyable-secret.css';

/**
 * A secret shown once (a webhook's signing secret, an API token): its label, the text in a read-only
 * area (a text area, so it wraps into sight on a phone), "Copiar" focused first, and what the copy did,
 * announced. Without a clipboard (an http address other than localhost, or a refusal) the text is
 * selected for the person to copy. `noun` names it in the messages: "token", "secreto".
 */
export function CopyableSecret({
  label,
  value,
  noun,
  rows = 1,
}: {
  label: string;
  value: string;
  noun: string;
  rows?: number;
}) {
  const [said, setSaid] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(`${noun[0]!.toUpperCase()}${noun.slice(1)} copiado al portapapeles.`);
    } catch {
      input.current?.select();
      setSaid(`No se ha podido copiar: el ${noun} está seleccionado; cópielo con Ctrl+C (⌘+C en Mac).`);
    }
  };

  return (
    <>
      <label htmlFor={inputId} className="form-field-label">
        {label}
      </label>
      <div className="copyable-secret">
        <InputTextarea
          id={inputId}
          ref={input}
          value={value}
          readOnly
          rows={rows}
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
      <output>{said}</output>
    </>
  );
}
