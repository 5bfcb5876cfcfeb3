import { MultiSelect, type MultiSelectPassThroughOptions } from 'primereact/multiselect';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { FieldControlProps } from '../ui/form-field';
import { BoundField, type ControlProps } from './form-controls';
import './controls.css';

export interface TagOption {
  label: string;
  /** The natural key that is stored: a category's slug. */
  value: string;
}

interface TagsControlProps extends ControlProps {
  /** Every option the person may choose from, fetched by the area (e.g. the categories). */
  options: readonly TagOption[];
  /** The options are still being fetched. */
  loading?: boolean;
  placeholder?: string;
  /** At most this many. */
  selectionLimit?: number;
}

/**
 * Several values out of a known list, shown as chips (a news item's categories): the form value is
 * `string[]` of natural keys, in the order chosen.
 *
 * PrimeReact's MultiSelect rather than AutoComplete multiple: the values come from a closed list the
 * area fetched, which MultiSelect filters itself (AutoComplete would need a search callback and maps
 * objects back to keys), its closed control is a labelled combobox that reads out what is chosen, the
 * list is of checkboxes, and PrimeReact tells each chip's remove icon which value it belongs to, so
 * each one can be named ("Quitar «Deportes»"); AutoComplete names them all "Limpiar". What
 * MultiSelect lacks is added here: the remove icons get a button role, Backspace in the closed
 * control removes the last chip, focus returns to the control when a chip goes, and removals are
 * announced.
 */
export function TagsControl({
  options,
  loading = false,
  placeholder = 'Seleccione',
  selectionLimit,
  ...bound
}: TagsControlProps) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled, label) => (
        <TagsSelect
          field={field}
          control={control}
          disabled={disabled || loading}
          label={label}
          options={options}
          loading={loading}
          placeholder={placeholder}
          selectionLimit={selectionLimit}
        />
      )}
    />
  );
}

function TagsSelect({
  field,
  control,
  disabled,
  label,
  options,
  loading,
  placeholder,
  selectionLimit,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  label: string;
  options: readonly TagOption[];
  loading: boolean;
  placeholder: string;
  selectionLimit: number | undefined;
}) {
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const labelOf = (key: unknown) => labels.get(String(key)) ?? String(key);
  const input = useRef<HTMLInputElement | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const announceRemoval = (key: unknown) => {
    const message = `Se ha quitado «${labelOf(key)}».`;
    // The same text twice in a row would not be read again: a no-break space makes it new.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const open = event.currentTarget.getAttribute('aria-expanded') === 'true';
    if (event.key !== 'Backspace' || open || value.length === 0) return;
    event.preventDefault();
    announceRemoval(value[value.length - 1]);
    field.onChange(value.slice(0, -1));
  };

  const pt: MultiSelectPassThroughOptions = {
    input: { onKeyDown },
    // PrimeReact passes each chip's value in the context (its types do not say so).
    removeTokenIcon: (options?: { context?: unknown }) => ({
      role: 'button',
      'aria-label': `Quitar «${labelOf((options?.context as { value?: unknown } | undefined)?.value)}»`,
    }),
    // The search box is PrimeReact's InputText: its attributes go in its root section.
    filterInput: { root: { 'aria-label': `Buscar en «${label}»` } },
    // The options' checkboxes, the scrolling list and the empty message: app/provider.tsx, for all.
  };

  return (
    <>
      <MultiSelect
        inputId={control.id}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
        inputRef={(element: HTMLSelectElement | null) => {
          // PrimeReact types it as a <select>; it is the focusable <input role="combobox">.
          input.current = element as unknown as HTMLInputElement | null;
          field.ref(element);
        }}
        name={field.name}
        value={value}
        onChange={(event) => field.onChange(event.value as string[])}
        onRemove={(event) => {
          const removed = value.find((key) => !(event.value as string[]).includes(key));
          announceRemoval(removed);
          window.requestAnimationFrame(() => input.current?.focus());
        }}
        onBlur={field.onBlur}
        options={[...options]}
        optionLabel="label"
        optionValue="value"
        display="chip"
        filter
        filterPlaceholder="Buscar…"
        resetFilterOnHide
        emptyFilterMessage="No hay resultados"
        emptyMessage={loading ? 'Cargando…' : 'No hay opciones'}
        showSelectAll={false}
        selectionLimit={selectionLimit}
        placeholder={loading ? 'Cargando…' : placeholder}
        disabled={disabled}
        invalid={control['aria-invalid']}
        pt={pt}
        className="tags-control"
      />
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}
