import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useRef, useState } from 'react';

// A draft to paste into the website or a report: its heading, what it is, the text in a read-only
// area (it wraps into sight on a phone and keeps its lines), «Copiar», and what the copy did,
// announced. Without a clipboard (an http address other than localhost, or a refusal) the text is
// selected for the person to copy, as the other copy buttons do (components/ui/copyable-secret.tsx).

export function DraftText({
  heading,
  hint,
  text,
  rows = 14,
}: {
  heading: string;
  hint: string;
  text: string;
  rows?: number;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [said, setSaid] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Borrador copiado al portapapeles.');
    } catch {
      area.current?.select();
      setSaid('No se ha podido copiar: el texto está seleccionado; cópielo con Ctrl+C (⌘+C en Mac).');
    }
  };

  return (
    <section className="a11y-draft" aria-labelledby={`${id}-heading`}>
      <div className="a11y-draft-head">
        <h3 id={`${id}-heading`}>{heading}</h3>
        <Button
          type="button"
          label="Copiar"
          icon="pi pi-copy"
          outlined
          size="small"
          // Which text: there are two «Copiar» on the screen.
          aria-describedby={`${id}-heading`}
          onClick={() => void copy()}
        />
      </div>
      <p id={`${id}-hint`} className="a11y-draft-hint">
        {hint}
      </p>
      <label htmlFor={`${id}-text`} className="sr-only">
        {`Texto de «${heading}»`}
      </label>
      <InputTextarea
        id={`${id}-text`}
        ref={area}
        className="a11y-draft-text"
        value={text}
        readOnly
        rows={rows}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
      />
      <output className="a11y-draft-said">{said}</output>
    </section>
  );
}
