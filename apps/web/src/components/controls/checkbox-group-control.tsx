import { Checkbox } from 'primereact/checkbox';
import { useContext, useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { describedBy, FieldMessages } from '../ui/form-field';
import { type ControlProps, ReadOnlyContext, useFieldDef } from './form-controls';
import './controls.css';

export interface CheckboxGroupOption {
  /** Text, or a number where the field holds ids (a test's questions). */
  value: string | number;
  label: string;
  /** A second line under the label (a machine name a developer looks for), read as its description. */
  detail?: string;
}

/**
 * Several values out of a short closed list, every choice in sight: a fieldset of checkboxes whose
 * legend is the field's label (a webhook's events, a test's questions with public results). The value
 * is the chosen values, in the options' order. The options default to the field's named values in the form's table (decision 018).
 */
export function CheckboxGroupControl({
  name,
  label,
  hint,
  disabled,
  options,
}: ControlProps & { options?: readonly CheckboxGroupOption[] }) {
  const { control } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const def = useFieldDef(name);
  const id = useId();
  const shown = label ?? def.label ?? name;
  const choices: readonly CheckboxGroupOption[] =
    options ??
    Object.entries(def.options ?? {}).map(([value, optionLabel]) => ({ value, label: optionLabel }));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        // Null holds no choice yet (a field whose null means "all": none chosen).
        const chosen = Array.isArray(field.value) ? (field.value as Array<string | number>) : [];
        const locked = readOnly || Boolean(disabled);
        const toggle = (value: string | number, on: boolean) =>
          field.onChange(
            choices
              .map((choice) => choice.value)
              .filter((item) => (item === value ? on : chosen.includes(item))),
          );
        return (
          <fieldset className="form-field checkbox-group" aria-describedby={describedBy(id, hint, error)}>
            <legend className="form-field-label">{shown}</legend>
            <div className="checkbox-group-options">
              {choices.map((choice, index) => {
                const inputId = `${id}-${index}`;
                return (
                  <div key={choice.value} className="checkbox-field checkbox-group-option">
                    <Checkbox
                      inputId={inputId}
                      name={field.name}
                      value={choice.value}
                      // The first box takes the focus when the field's message asks for it.
                      inputRef={index === 0 ? field.ref : undefined}
                      checked={chosen.includes(choice.value)}
                      onChange={(event) => toggle(choice.value, Boolean(event.checked))}
                      onBlur={field.onBlur}
                      disabled={locked}
                      aria-describedby={choice.detail ? `${inputId}-detail` : undefined}
                    />
                    <span className="checkbox-group-text">
                      <label htmlFor={inputId}>{choice.label}</label>
                      {choice.detail && (
                        <span id={`${inputId}-detail`} className="checkbox-group-detail">
                          {choice.detail}
                        </span>
                      )}
                    </span>
                  </div>
                );
              })}
            </div>
            <FieldMessages id={id} hint={hint} error={error} />
          </fieldset>
        );
      }}
    />
  );
}
