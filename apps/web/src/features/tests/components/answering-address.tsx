import type { TestRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { answeringUrl } from '../answering-url';

/**
 * Where the saved test is answered (`/t/<slug>`): the address to hand out, a copy button and a link
 * that opens it in a new tab. What keeps it from answering yet (a draft, a closed access not yet
 * saved) is said under it.
 */
export function AnsweringAddress({ test }: { test: TestRecord }) {
  const url = answeringUrl(test.slug);
  const [said, setSaid] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Dirección copiada al portapapeles.');
    } catch {
      setSaid('No se ha podido copiar: seleccione la dirección y cópiela con Ctrl+C (⌘+C en Mac).');
    }
  };

  const note =
    test.access === 'closed'
      ? 'Funcionará cuando guarde el acceso elegido.'
      : test.status !== 'published'
        ? 'Todavía no responde nadie: el test está en borrador. Publíquelo para abrirlo.'
        : 'Es la que se reparte para responder.';

  return (
    <fieldset className="form-field test-address">
      <legend className="form-field-label">Dirección para responder</legend>
      <div className="test-address-row">
        <a className="test-address-link" href={url} target="_blank" rel="noopener noreferrer">
          {url}
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
        <Button
          type="button"
          label="Copiar dirección"
          icon="pi pi-copy"
          outlined
          size="small"
          onClick={() => void copy()}
        />
      </div>
      <small className="form-field-hint">{note}</small>
      <output className="test-address-said">{said}</output>
    </fieldset>
  );
}
