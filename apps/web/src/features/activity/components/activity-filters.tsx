import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  AREA_LABELS,
  AREAS,
  SECURITY_AREA,
  SECURITY_AREA_LABEL,
} from '@gestor/shared';
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import { useEffect, useId } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { DateControl } from '../../../components/controls';
import { isUnreadableDate, unreadableDateMessage } from '../../../components/controls/spanish-date';
import { FoldedFilters } from '../../../components/list/list-filters';
import { RecordSearchDropdown } from '../../../components/options/record-search-dropdown';
import type { ActivityFilter, ActivityQuery } from '../api/activity-log';
import { ACTIVITY_PEOPLE } from '../api/activity-people';

// The log's filters: person, area, kind of change and a range of days typed or picked the Spanish
// way (dd/mm/aaaa, the product's date control). On a phone they fold behind "Filtros (N)", as every
// list's do (components/list/list-filters.tsx).

const AREA_OPTIONS = [
  ...AREAS.map((area) => ({ value: area, label: AREA_LABELS[area] })),
  { value: SECURITY_AREA, label: SECURITY_AREA_LABEL },
].sort((a, b) => a.label.localeCompare(b.label, 'es'));

const KIND_OPTIONS = ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }));

type Filters = ActivityQuery['filters'];
type DateValues = { from: unknown; to: unknown };

/** A date the control could not read is refused with its message; the filter keeps its last day. */
const readableDates: Resolver<DateValues> = async (values) => {
  const errors = Object.fromEntries(
    (['from', 'to'] as const)
      .filter((name) => isUnreadableDate(values[name]))
      .map((name) => [name, { type: 'unreadable', message: unreadableDateMessage(false) }]),
  );
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** A day the range keeps: `YYYY-MM-DD`, or nothing. */
const dayOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

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
  const dates = useForm<DateValues>({
    defaultValues: { from: filters.from ?? null, to: filters.to ?? null },
    resolver: readableDates,
    mode: 'onChange',
  });
  // The address is the truth (back and forward, "Quitar filtros"): the form follows it.
  const { from, to } = filters;
  useEffect(() => {
    const current = dates.getValues();
    if (dayOf(current.from) !== from && !isUnreadableDate(current.from)) dates.setValue('from', from ?? null);
    if (dayOf(current.to) !== to && !isUnreadableDate(current.to)) dates.setValue('to', to ?? null);
  }, [dates, from, to]);
  useEffect(() => {
    const watching = dates.watch((values, { name }) => {
      if (name !== 'from' && name !== 'to') return;
      const value = values[name];
      if (isUnreadableDate(value)) return;
      onChange(name, dayOf(value));
    });
    return () => watching.unsubscribe();
  }, [dates, onChange]);

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
      <FormProvider {...dates}>
        <div className="activity-filter-date">
          <DateControl name="from" label="Desde" />
        </div>
        <div className="activity-filter-date">
          <DateControl name="to" label="Hasta" />
        </div>
      </FormProvider>
    </>
  );
}
