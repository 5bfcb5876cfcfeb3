import { type FieldTable, maxLengthOf } from '@gestor/shared';
import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { Controller, type ControllerRenderProps, useFormContext } from 'react-hook-form';
import type { FilterOption } from '../resource/resource-screens';
import { describedBy, type FieldControlProps, FieldMessages, FormField } from '../ui/form-field';

// The controls an area's form is made of, bound to react-hook-form by name: each shows its label, its
// hint and its message (from the shared zod schema or the server's 422) and obeys the screen's
// read-only mode (a person without `<area>.update` sees the record but cannot change it).

export const ReadOnlyContext = createContext(false);

/**
 * The field table of the area whose form is open (decision 018): a control named after one of its
 * fields takes its label and its limit from there when the fields component does not give them.
 */
export const FieldTableContext = createContext<FieldTable>({});

/** A field's label, text limit and named values, from the open form's table. */
export function useFieldDef(name: string): {
  label: string | undefined;
  maxLength: number | undefined;
  options: Readonly<Record<string, string>> | undefined;
} {
  const def = useContext(FieldTableContext)[name];
  return { label: def?.label, maxLength: def ? maxLengthOf(def) : undefined, options: def?.options };
}

export interface ControlProps {
  name: string;
  /** Default: the field's label in the form's field table. */
  label?: string;
  hint?: string;
  /** Disabled on top of the screen's read-only mode. */
  disabled?: boolean;
}

interface TextControlProps extends ControlProps {
  type?: 'text' | 'email' | 'password' | 'url';
  autoComplete?: string;
  maxLength?: number;
  /**
   * Checked as soon as the person leaves the field, after `normalize` has rewritten it (a tax id shown
   * as it will be stored), rather than on "Guardar".
   */
  checkOnLeave?: { normalize?: (value: string) => string };
  autoCapitalize?: string;
  spellCheck?: boolean;
  /** The keyboard a phone shows (`numeric` for a PIN). */
  inputMode?: 'text' | 'numeric' | 'email' | 'url';
}

/**
 * Controller + label + hint + message of one named field. `inline` puts the label after the control
 * (checkboxes and switches); otherwise it goes above, as FormField lays it out.
 */
export function BoundField({
  name,
  label,
  hint,
  disabled,
  inline = false,
  describeError,
  render,
}: ControlProps & {
  inline?: boolean;
  /** Rewrites the field's message for the value it holds (a date control's unreadable text). */
  describeError?: (message: string, value: unknown) => string;
  render: (
    field: ControllerRenderProps,
    control: FieldControlProps,
    disabled: boolean,
    /** The label shown: the one given, else the field table's. */
    label: string,
  ) => ReactNode;
}) {
  const { control } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const id = useId();
  const fromTable = useFieldDef(name).label;
  const shown = label ?? fromTable ?? name;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const error = message && describeError ? describeError(message, field.value) : message;
        const locked = readOnly || Boolean(disabled);
        if (!inline) {
          return (
            <FormField id={id} label={shown} hint={hint} error={error}>
              {(props) => render(field, props, locked, shown)}
            </FormField>
          );
        }
        const props = {
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy(id, hint, error),
        };
        return (
          <div className="form-field">
            <div className="checkbox-field">
              {render(field, props, locked, shown)}
              <label htmlFor={id}>{shown}</label>
            </div>
            <FieldMessages id={id} hint={hint} error={error} />
          </div>
        );
      }}
    />
  );
}

export const invalidClass = (control: FieldControlProps) => (control['aria-invalid'] ? 'p-invalid' : '');

export function TextControl({
  type = 'text',
  autoComplete,
  maxLength,
  checkOnLeave,
  autoCapitalize,
  spellCheck,
  inputMode,
  ...bound
}: TextControlProps) {
  const { trigger } = useFormContext();
  const fromTable = useFieldDef(bound.name);
  const limit = maxLength ?? fromTable.maxLength;
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <InputText
          {...control}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            if (!checkOnLeave) return field.onBlur();
            const value = String(field.value ?? '');
            const normalized = checkOnLeave.normalize?.(value) ?? value;
            if (normalized !== value) field.onChange(normalized);
            field.onBlur();
            void trigger(field.name);
          }}
          type={type}
          autoComplete={autoComplete}
          autoCapitalize={autoCapitalize}
          spellCheck={spellCheck}
          inputMode={inputMode}
          maxLength={limit}
          disabled={disabled}
          className={invalidClass(control)}
        />
      )}
    />
  );
}

/** A yes/no choice: a checkbox, or a switch for states such as "Activo", with its label beside it. */
export function CheckboxControl({
  variant = 'checkbox',
  ...bound
}: ControlProps & { variant?: 'checkbox' | 'switch' }) {
  return (
    <BoundField
      {...bound}
      inline
      render={(field, control, disabled) => {
        const common = {
          inputId: control.id,
          name: field.name,
          inputRef: field.ref,
          checked: Boolean(field.value),
          onBlur: field.onBlur,
          disabled,
          'aria-describedby': control['aria-describedby'],
          'aria-invalid': control['aria-invalid'],
        };
        return variant === 'switch' ? (
          <InputSwitch {...common} onChange={(event) => field.onChange(Boolean(event.value))} />
        ) : (
          <Checkbox {...common} onChange={(event) => field.onChange(Boolean(event.checked))} />
        );
      }}
    />
  );
}

export function MultiSelectControl({
  options,
  loading,
  ...bound
}: ControlProps & { options: readonly FilterOption[]; loading?: boolean }) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <MultiSelect
          inputId={control.id}
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
          inputRef={field.ref}
          name={field.name}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(event) => field.onChange(event.value as string[])}
          onBlur={field.onBlur}
          options={[...options]}
          optionLabel="label"
          optionValue="value"
          display="chip"
          placeholder={loading ? 'Cargando…' : 'Seleccione'}
          disabled={disabled || loading}
          className={`multiselect-control ${invalidClass(control)}`}
        />
      )}
    />
  );
}

/** Groups controls under a heading, e.g. "Acceso". */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section-title">{title}</legend>
      {children}
    </fieldset>
  );
}
