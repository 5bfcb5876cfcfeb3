import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  AREA_LABELS,
  AREAS,
  SECURITY_AREA,
  SECURITY_AREA_LABEL,
} from '@gestor/shared';
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import { useId } from 'react';
import { ListDateRange } from '../../../components/list/list-date-range';
import { FoldedFilters } from '../../../components/list/list-filters';
import { RecordSearchDropdown } from '../../../components/options/record-search-dropdown';
import type { ActivityFilter, ActivityQuery } from '../api/activity-log';
import { ACTIVITY_PEOPLE } from '../api/activity-people';

// The log's filters: person, area, kind of change and a range of days typed or picked the Spanish
// way (components/list/list-date-range.tsx). On a phone they fold behind "Filtros (N)", as every
// list's do (components/list/list-filters.tsx).

const AREA_OPTIONS = [
  ...AREAS.map((area) => ({ value: area, label: AREA_LABELS[area] })),
  { value: SECURITY_AREA, label: SECURITY_AREA_LABEL },
].sort((a, b) => a.label.localeCompare(b.label, 'es'));

const KIND_OPTIONS = ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }));

type Filters = ActivityQuery['filters'];

export function ActivityFilters({
  filters,
  folded,
  onChange,
}: {
  filters: Filters;
  folded: boolean;
  onChange: (name: ActivityFilter, value: string | undefined) => void;
}) {
  const controls = <FilterControls filters={filters} onChange={onChange} />;
  if (!folded) return controls;
  return <FoldedFilters active={Object.values(filters).filter(Boolean).length}>{controls}</FoldedFilters>;
}

function FilterControls({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (name: ActivityFilter, value: string | undefined) => void;
}) {
  const personId = useId();
  const areaId = useId();
  const kindId = useId();
  const dropdown = (name: ActivityFilter, placeholder: string) => ({
    value: filters[name] ?? null,
    placeholder,
    showClear: true,
    onChange: (event: DropdownChangeEvent) => onChange(name, (event.value as string | null) ?? undefined),
  });
  const person = filters.user_id ? Number(filters.user_id) : null;

  return (
    <>
      <div className="list-filter activity-filter-person">
        <label htmlFor={personId} className="list-control-label">
          Persona
        </label>
        <RecordSearchDropdown
          inputId={personId}
          search={ACTIVITY_PEOPLE}
          value={person}
          label="Persona"
          placeholder="Todas"
          showClear
          onChange={(event) => onChange('user_id', event.value ? String(event.value) : undefined)}
        />
      </div>
      <div className="list-filter">
        <label htmlFor={areaId} className="list-control-label">
          Área
        </label>
        <Dropdown inputId={areaId} options={AREA_OPTIONS} {...dropdown('area', 'Todas')} />
      </div>
      <div className="list-filter">
        <label htmlFor={kindId} className="list-control-label">
          Tipo de cambio
        </label>
        <Dropdown inputId={kindId} options={KIND_OPTIONS} {...dropdown('kind', 'Todos')} />
      </div>
      <ListDateRange from={filters.from} to={filters.to} onChange={onChange} />
    </>
  );
}
