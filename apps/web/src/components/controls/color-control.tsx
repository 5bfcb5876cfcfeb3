import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { FieldControlProps } from '../ui/form-field';
import { type ColorPreset, DEFAULT_COLOR_PRESETS, normalizeHexColor } from './color';
import { BoundField, type ControlProps, invalidClass } from './form-controls';
import './controls.css';

interface ColorControlProps extends ControlProps {
  /** Colours offered as one-click swatches; `[]` for none. */
  presets?: readonly ColorPreset[];
}

/**
 * A colour as lower-case `'#rrggbb'`. The text box is the field (its label points there) and works
 * alone with the keyboard; beside it, a swatch that shows the colour and opens the system's colour
 * picker, and a row of suggested colours.
 *
 * The swatch is the browser's own `<input type="color">` rather than PrimeReact's ColorPicker, whose
 * panel only answers to the mouse: the native one is a labelled button that opens with Enter or
 * Space, and gives its value as lower-case #rrggbb.
 */
export function ColorControl({ presets = DEFAULT_COLOR_PRESETS, ...bound }: ColorControlProps) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled, label) => (
        <ColorInput field={field} control={control} disabled={disabled} label={label} presets={presets} />
      )}
    />
  );
}

function ColorInput({
  field,
  control,
  disabled,
  label,
  presets,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  label: string;
  presets: readonly ColorPreset[];
}) {
  const value = typeof field.value === 'string' ? field.value : '';
  const color = normalizeHexColor(value);
  // While the person types, the box shows what they typed ("#ABC"); the form holds the colour it
  // means ("#aabbcc"), or the text itself when it is not one yet, so the schema's message explains.
  const [draft, setDraft] = useState<string | null>(null);
  // The swatch cannot show "no colour": while the text is not one, it keeps the last colour.
  const [swatch, setSwatch] = useState(color ?? '#000000');
  if (color && color !== swatch) setSwatch(color);

  return (
    <div className="color-control">
      <div className="color-control-inputs">
        <input
          type="color"
          className="color-control-swatch"
          value={swatch}
          onChange={(event) => {
            setDraft(null);
            field.onChange(event.target.value.toLowerCase());
          }}
          disabled={disabled}
          aria-label={`Selector de color para «${label}»`}
          aria-describedby={control['aria-describedby']}
        />
        <InputText
          {...control}
          ref={field.ref}
          name={field.name}
          value={draft ?? value}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            field.onChange(normalizeHexColor(text) ?? text.trim());
          }}
          onBlur={() => {
            setDraft(null);
            field.onBlur();
          }}
          placeholder="#rrggbb"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          disabled={disabled}
          className={`color-control-text ${invalidClass(control)}`}
        />
      </div>
      {presets.length > 0 && !disabled && (
        <fieldset className="color-control-presets">
          <legend className="sr-only">Colores sugeridos para «{label}»</legend>
          {presets.map((preset) => {
            const selected = color === preset.value;
            return (
              <button
                key={preset.value}
                type="button"
                className="color-control-preset"
                style={{ backgroundColor: preset.value }}
                aria-pressed={selected}
                aria-label={`${preset.label} (${preset.value})`}
                title={preset.label}
                onClick={() => {
                  setDraft(null);
                  field.onChange(preset.value);
                }}
              >
                {/* The chosen one is marked by a tick, not by its colour alone (WCAG 1.4.1). */}
                {selected && <i className="pi pi-check" aria-hidden="true" />}
              </button>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
