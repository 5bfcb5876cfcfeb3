import { Button } from 'primereact/button';
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import { type ReactNode, useId, useState } from 'react';
import { RecordSearchDropdown } from '../options/record-search-dropdown';
import type { ListFilter } from '../resource/resource-screens';

// The list's dropdown filters. On a phone they fold behind one "Filtros (N)" button (issue 16), a
// disclosure (WAI-ARIA APG "Disclosure"): aria-expanded and aria-controls on the button, the focus
// stays on it, and the filters follow it in the reading and Tab order, so the next Tab reaches them.

export function filtersButtonLabel(active: number): string {
  return active > 0 ? `Filtros (${active})` : 'Filtros';
}

interface ListFiltersProps {
  filters: readonly ListFilter[];
  values: Record<string, string>;
  onChange: (name: string, value: string | undefined) => void;
  /** A phone: the filters fold behind a button. */
  folded: boolean;
}

export function ListFilters({ filters, values, onChange, folded }: ListFiltersProps) {
  if (filters.length === 0) return null;

  const controls = filters.map((filter) => (
    <ListFilterDropdown
      key={filter.name}
      filter={filter}
      value={values[filter.name]}
      onChange={(value) => onChange(filter.name, value)}
    />
  ));
  if (!folded) return controls;
  const active = filters.filter((filter) => values[filter.name]).length;
  return <FoldedFilters active={active}>{controls}</FoldedFilters>;
}

/** Filters behind "Filtros (N)" on a phone: every list's, and any screen's with filters of its own. */
export function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="list-filters-folded">
      <Button
        type="button"
        label={filtersButtonLabel(active)}
        icon={open ? 'pi pi-chevron-up' : 'pi pi-filter'}
        outlined
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      />
      <div id={panelId} className="list-filters-panel" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}

function ListFilterDropdown({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const common = {
    inputId: id,
    value: value ?? null,
    placeholder: 'Todos',
    showClear: true,
    onChange: (event: DropdownChangeEvent) => onChange((event.value as string | null) ?? undefined),
  };
  return (
    <div className="list-filter">
      <label htmlFor={id} className="list-control-label">
        {filter.label}
      </label>
      {filter.search ? (
        <RecordSearchDropdown
          {...common}
          search={filter.search}
          options={filter.options}
          label={filter.label}
        />
      ) : (
        <Dropdown {...common} options={[...filter.options]} optionLabel="label" optionValue="value" />
      )}
    </div>
  );
}
