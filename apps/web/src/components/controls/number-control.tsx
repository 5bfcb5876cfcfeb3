import { InputNumber } from 'primereact/inputnumber';
import { BoundField, type ControlProps } from './form-controls';
import './controls.css';

interface NumberControlProps extends ControlProps {
  min?: number;
  max?: number;
  /** Printed after the number, space included: `' %'`, `' min'`. */
  suffix?: string;
  prefix?: string;
  /** Decimals allowed (0, an integer, by default); Spanish notation, with a decimal comma. */
  maxFractionDigits?: number;
  /** Thousands separators (off: a capacity of 1200 reads better than 1.200 in a form). */
  useGrouping?: boolean;
  /** What the arrow keys add or take away. */
  step?: number;
  placeholder?: string;
}

/**
 * PrimeReact writes `aria-valuenow="null"` on the input once an empty field is left or emptied (an
 * invalid ARIA value axe reports): an empty spinbutton has no current value, so the attribute goes.
 * Deferred, so it runs after PrimeReact's own update of the input.
 */
function dropEmptyValueNow(input: EventTarget | null) {
  setTimeout(() => {
    if (input instanceof HTMLInputElement && input.value === '') input.removeAttribute('aria-valuenow');
  }, 0);
}

/**
 * A number, or null when the field is empty (the shared schemas use null for "not given", e.g.
 * `time_limit_minutes`). The arrow keys step it; Home and End go to min and max (ARIA spinbutton).
 */
export function NumberControl({
  min,
  max,
  suffix,
  prefix,
  maxFractionDigits = 0,
  useGrouping = false,
  step = 1,
  placeholder,
  ...bound
}: NumberControlProps) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <InputNumber
          // inputId puts the label's target on the real <input>, not on PrimeReact's wrapper.
          inputId={control.id}
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
          inputRef={field.ref}
          name={field.name}
          value={(field.value as number | null | undefined) ?? null}
          // onChange follows the typing; onValueChange the arrow keys, Home/End and the blur, which
          // brings a number back between min and max.
          onChange={(event) => {
            field.onChange(event.value ?? null);
            if (event.value === null) dropEmptyValueNow(event.originalEvent?.target ?? null);
          }}
          onValueChange={(event) => field.onChange(event.value ?? null)}
          onBlur={(event) => {
            field.onBlur();
            dropEmptyValueNow(event.target);
          }}
          locale="es-ES"
          mode="decimal"
          useGrouping={useGrouping}
          minFractionDigits={0}
          maxFractionDigits={maxFractionDigits}
          min={min}
          max={max}
          step={step}
          suffix={suffix}
          prefix={prefix}
          placeholder={placeholder}
          allowEmpty
          disabled={disabled}
          invalid={control['aria-invalid']}
          className="number-control"
        />
      )}
    />
  );
}
