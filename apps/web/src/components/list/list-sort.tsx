import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';

/**
 * «Ordenar por»: the sort of a list shown without column headers (a phone's cards, a grid), each
 * sortable key ascending and descending.
 */
export function ListSortDropdown({
  value,
  options,
  onChange,
}: {
  value: string;
  options: { label: string; value: string }[];
  onChange: (sort: string) => void;
}) {
  const id = useId();
  return (
    <div className="list-sort">
      <label htmlFor={id}>Ordenar por</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        // Names the dropdown's trigger button too (never shown: there is always a sort).
        placeholder="Ordenar por"
        onChange={(event) => onChange(event.value as string)}
      />
    </div>
  );
}
