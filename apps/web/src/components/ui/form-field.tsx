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

/** A label, its control, and the field's message underneath, tied together for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <small id={hintId} className="form-field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className="form-field-error">
          {error}
        </small>
      )}
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
