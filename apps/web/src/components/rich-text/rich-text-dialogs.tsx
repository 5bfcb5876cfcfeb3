import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { focusOnShow } from '../ui/dialog-focus';
import { linkHrefProblem, normalizeLinkInput } from './rich-text-link';

// The editor's two small dialogs (link, image text alternative). They know nothing of TipTap: the
// editor opens them with the current values and applies what they return.

export interface LinkValues {
  href: string;
  newTab: boolean;
  /** The words to link, when nothing was selected. */
  text?: string;
}

interface DialogFrameProps {
  header: string;
  formId: string;
  onHide: () => void;
  onSubmit: () => void;
  submitLabel: string;
  extraAction?: ReactNode;
  /** Focused when the dialog has opened (PrimeReact would focus its close button). */
  initialFocus: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}

function DialogFrame({
  header,
  formId,
  onHide,
  onSubmit,
  submitLabel,
  extraAction,
  initialFocus,
  children,
}: DialogFrameProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the record's <form>, but React events still bubble to it.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog
      visible
      onHide={onHide}
      header={header}
      className="resource-dialog rich-text-dialog"
      draggable={false}
      resizable={false}
      onShow={() => focusOnShow(initialFocus.current)}
      footer={
        <div className="rich-text-dialog-footer">
          {extraAction}
          <Button type="button" label="Cancelar" text onClick={onHide} />
          <Button type="submit" form={formId} label={submitLabel} icon="pi pi-check" />
        </div>
      }
    >
      <form id={formId} className="rich-text-dialog-form" onSubmit={submit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

interface LinkDialogProps {
  /** `text`: the words of the link being edited. */
  initial: { href: string; newTab: boolean; text?: string };
  /**
   * The dialog asks for the words too: nothing is selected and the cursor is not on a link, or a
   * link is being edited (its words, which may be the very problem: «pinche aquí»).
   */
  askText: boolean;
  onApply: (values: LinkValues) => void;
  /** Shown when editing a link: removes it, keeping its words. */
  onRemove?: () => void;
  onHide: () => void;
}

export function LinkDialog({ initial, askText, onApply, onRemove, onHide }: LinkDialogProps) {
  const id = useId();
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState(initial.text ?? '');
  const [newTab, setNewTab] = useState(initial.newTab);
  const [problem, setProblem] = useState<string | null>(null);
  const hrefInput = useRef<HTMLInputElement>(null);
  const normalized = normalizeLinkInput(href);

  const apply = () => {
    const found = linkHrefProblem(normalized);
    setProblem(found);
    if (found) {
      hrefInput.current?.focus();
      return;
    }
    onApply({ href: normalized, newTab, text: askText ? text.trim() || normalized : undefined });
  };

  const describedBy = [
    `${id}-hint`,
    normalized !== href.trim() && `${id}-normalized`,
    problem && `${id}-error`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <DialogFrame
      header={onRemove ? 'Editar enlace' : 'Insertar enlace'}
      formId={`${id}-form`}
      onHide={onHide}
      onSubmit={apply}
      submitLabel="Aplicar"
      initialFocus={hrefInput}
      extraAction={
        onRemove && (
          <Button
            type="button"
            label="Quitar enlace"
            icon="pi pi-times"
            severity="danger"
            text
            className="rich-text-dialog-remove"
            onClick={onRemove}
          />
        )
      }
    >
      <div className="form-field">
        <label htmlFor={`${id}-href`} className="form-field-label">
          Dirección
        </label>
        <InputText
          ref={hrefInput}
          id={`${id}-href`}
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-describedby={describedBy}
          aria-invalid={Boolean(problem)}
          className={problem ? 'p-invalid' : undefined}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
        />
        <small id={`${id}-hint`} className="form-field-hint">
          Una web (www.boe.es), un correo, un teléfono o una página de este sitio (/paginas/aviso-legal).
        </small>
        {normalized !== href.trim() && (
          <small id={`${id}-normalized`} className="form-field-hint">
            Se enlazará a {normalized}
          </small>
        )}
        {problem && (
          <small id={`${id}-error`} className="form-field-error">
            {problem}
          </small>
        )}
      </div>
      {askText && (
        <div className="form-field">
          <label htmlFor={`${id}-text`} className="form-field-label">
            Texto del enlace
          </label>
          <InputText
            id={`${id}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-text-hint`}
          />
          <small id={`${id}-text-hint`} className="form-field-hint">
            Si lo deja vacío, se mostrará la dirección.
          </small>
        </div>
      )}
      <div className="checkbox-field">
        <Checkbox
          inputId={`${id}-blank`}
          checked={newTab}
          onChange={(event) => setNewTab(Boolean(event.checked))}
        />
        <label htmlFor={`${id}-blank`}>Abrir en una pestaña nueva</label>
      </div>
    </DialogFrame>
  );
}

interface AltTextDialogProps {
  initial: ImageAlternative;
  onApply: (values: ImageAlternative) => void;
  onHide: () => void;
}

/** An image's alternative in this use: its text, or marked decorative (`alt=""` and `data-decorative`). */
export interface ImageAlternative {
  alt: string;
  decorative: boolean;
}

/**
 * WCAG 1.1.1: every image says what it shows, or is marked decorative. An empty alternative is not
 * a decorative mark (docs/accessibility.md: pasted content often has empty ones nobody chose).
 */
export function AltTextDialog({ initial, onApply, onHide }: AltTextDialogProps) {
  const id = useId();
  const [alt, setAlt] = useState(initial.alt);
  const [decorative, setDecorative] = useState(initial.decorative);
  const altInput = useRef<HTMLInputElement>(null);
  return (
    <DialogFrame
      header="Texto alternativo de la imagen"
      formId={`${id}-form`}
      onHide={onHide}
      onSubmit={() => onApply(decorative ? { alt: '', decorative } : { alt: alt.trim(), decorative })}
      submitLabel="Aplicar"
      initialFocus={altInput}
    >
      <div className="form-field">
        <label htmlFor={`${id}-alt`} className="form-field-label">
          Texto alternativo
        </label>
        <InputText
          ref={altInput}
          id={`${id}-alt`}
          value={decorative ? '' : alt}
          onChange={(event) => setAlt(event.target.value)}
          disabled={decorative}
          aria-describedby={`${id}-hint`}
          maxLength={500}
        />
        <small id={`${id}-hint`} className="form-field-hint">
          Lo que la imagen aporta, para quien no la ve (por ejemplo, «Pleno municipal del 3 de marzo»).
        </small>
      </div>
      <div className="checkbox-field">
        <Checkbox
          inputId={`${id}-decorative`}
          checked={decorative}
          onChange={(event) => setDecorative(Boolean(event.checked))}
        />
        <label htmlFor={`${id}-decorative`}>Es decorativa (no aporta información)</label>
      </div>
    </DialogFrame>
  );
}
