import { PageInput } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { flashSuccess } from '../../../components/resource/use-notifier';
import { focusOnShow } from '../../../components/ui/dialog-focus';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useCreatePage } from '../api/create-page';

// docs/areas.md: there is no /page/create. "Nueva página" asks the title in a dialog, creates a draft and
// opens it at /page/{id}, where the rest is written.

export function NewPageButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Only people who may create pages see it (a 403 would sign the person out).
  const mayCreate = useCan()('page.create');
  if (!mayCreate) return null;
  return (
    <>
      <Button
        type="button"
        icon="pi pi-plus"
        label="Nueva página"
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        }}
      />
      {open && (
        <NewPageDialog
          onHide={() => {
            setOpen(false);
            // WCAG 2.4.3: back to the button that opened it.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </>
  );
}

function NewPageDialog({ onHide }: { onHide: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePage();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The API's own rules, checked before sending.
    const parsed = PageInput.safeParse({ title });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'title')?.message ?? null);
      input.current?.focus();
      return;
    }
    try {
      const page = await create.mutateAsync(parsed.data.title);
      flashSuccess('Página creada como borrador.');
      await navigate(`/page/${page.id}`);
    } catch (failed) {
      const titleError = isApiError(failed) && failed.status === 422 ? failed.errors.title?.[0] : undefined;
      if (titleError) {
        setError(titleError);
        input.current?.focus();
        return;
      }
      setFailure(errorMessage(failed));
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Dialog
      visible
      onHide={onHide}
      header="Nueva página"
      className="resource-dialog"
      draggable={false}
      resizable={false}
      onShow={() => focusOnShow(input.current)}
      footer={
        <div className="new-page-footer">
          <Button type="button" label="Cancelar" text onClick={onHide} />
          <Button
            type="submit"
            form={`${id}-form`}
            label="Crear"
            icon="pi pi-check"
            loading={create.isPending}
          />
        </div>
      }
    >
      <form id={`${id}-form`} className="new-page-form" noValidate onSubmit={(event) => void submit(event)}>
        {failure && <Notice severity="error">{failure}</Notice>}
        <div className="form-field">
          <label htmlFor={`${id}-title`} className="form-field-label">
            Título
          </label>
          <InputText
            ref={input}
            id={`${id}-title`}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              if (error) setError(null);
            }}
            maxLength={255}
            autoComplete="off"
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={Boolean(error)}
            className={error ? 'p-invalid' : undefined}
          />
          <small id={hintId} className="form-field-hint">
            Se crea como borrador; después podrá escribir su texto.
          </small>
          {error && (
            <small id={errorId} className="form-field-error">
              {error}
            </small>
          )}
        </div>
      </form>
    </Dialog>
  );
}
