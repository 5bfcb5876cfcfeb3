import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The PrimeReact theme's text-input look for a plain <input>, red when the field has an error. */
export function inputClass(error: unknown): string {
  return error ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component';
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Receives the props that tie the control to its label and messages. */
  children: (control: FieldControlProps) => ReactNode;
}

/** What a control's `aria-describedby` lists: the ids of its hint and of its message, when shown. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and message, under the ids `describedBy` names. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <small id={`${id}-hint`} className="form-field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="form-field-error">
          {error}
        </small>
      )}
    </>
  );
}

/** A label, its control, and the field's message underneath, tied together for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy(id, hint, error) })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** The field's message (react-hook-form's `errors.<name>?.message`). */
  error?: string;
  hint?: string;
  /** What `register('<name>')` returned. */
  registration: UseFormRegisterReturn;
};

/** A labelled text input bound to react-hook-form, with its message underneath. */
export function TextField({ id, label, error, hint, registration, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...registration} {...input} className={inputClass(error)} />}
    </FormField>
  );
}
