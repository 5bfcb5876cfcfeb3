import { Dropdown, type DropdownPassThroughOptions } from 'primereact/dropdown';
import { type ReactNode, useRef } from 'react';
import { BoundField, type ControlProps } from './form-controls';
import './controls.css';

export type SelectValue = string | number;

export interface SelectOption<V extends SelectValue = SelectValue> {
  label: string;
  value: V;
  disabled?: boolean;
}

interface SelectControlProps<V extends SelectValue, O extends SelectOption<V>> extends ControlProps {
  options: readonly O[];
  /** Offers "none": a clear button, and null as the value. */
  nullable?: boolean;
  /** A search box inside the list (long lists: categories, entities). */
  filter?: boolean;
  /** The options are still being fetched. */
  loading?: boolean;
  placeholder?: string;
  /**
   * How an option reads in the list, e.g. indented by its depth in a tree. The search and the
   * closed control use its label (a category's path, "Deportes › Fútbol").
   */
  renderOption?: (option: O) => ReactNode;
}

/**
 * One value out of a list (a category's parent, an entity's type): the form value is the option's
 * value (string or number), or null when nothing is chosen.
 *
 * Accessibility: the label points at PrimeReact's focusable combobox input (inputId), like the list
 * filters in resource-list-screen.tsx; its hidden native <select> is taken out of the accessibility
 * tree for every dropdown in app/provider.tsx, and resource.css ships the dropdown's base layout.
 */
export function SelectControl<V extends SelectValue, O extends SelectOption<V> = SelectOption<V>>({
  options,
  nullable = false,
  filter = false,
  loading = false,
  placeholder = 'Seleccione',
  renderOption,
  ...bound
}: SelectControlProps<V, O>) {
  const input = useRef<HTMLInputElement | null>(null);
  // Named after the label shown, which comes from the form's field table when none is given.
  const passThrough = (label: string): DropdownPassThroughOptions => ({
    // The clear icon is a focusable SVG: it gets a role and says what it clears.
    clearIcon: { role: 'button', 'aria-label': `Quitar la selección de «${label}»` },
    filterInput: { 'aria-label': `Buscar en «${label}»` },
  });
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled, label) => (
        <Dropdown
          inputId={control.id}
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
          focusInputRef={(element) => {
            input.current = element;
            field.ref(element);
          }}
          name={field.name}
          value={field.value ?? null}
          onChange={(event) => {
            const cleared = event.value === undefined || event.value === null;
            field.onChange(cleared ? null : (event.value as V));
            // The clear icon disappears with the value: focus goes back to the field, not the page.
            if (cleared) window.requestAnimationFrame(() => input.current?.focus());
          }}
          onBlur={field.onBlur}
          options={[...options]}
          optionLabel="label"
          optionValue="value"
          optionDisabled="disabled"
          itemTemplate={renderOption ? (option: O) => renderOption(option) : undefined}
          showClear={nullable}
          filter={filter}
          // Opening the list puts the cursor in the search box: type to narrow, arrows to choose.
          filterInputAutoFocus={filter}
          resetFilterOnHide
          filterPlaceholder="Buscar…"
          emptyFilterMessage="No hay resultados"
          emptyMessage={loading ? 'Cargando…' : 'No hay opciones'}
          loading={loading}
          placeholder={loading ? 'Cargando…' : placeholder}
          // Not disabled while the options load: a disabled-looking label fails contrast (axe), and
          // the open list already says "Cargando…".
          disabled={disabled}
          invalid={control['aria-invalid']}
          pt={passThrough(label)}
          className="select-control"
        />
      )}
    />
  );
}
