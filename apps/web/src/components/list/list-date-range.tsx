import { useEffect } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { DateControl } from '../controls/date-controls';
import { isUnreadableDate, unreadableDateMessage } from '../controls/spanish-date';

// A list's range of days, «Desde» and «Hasta», typed or picked the Spanish way (dd/mm/aaaa, the
// product's date control): the activity log's and a test's responses. The address is the truth, so
// the controls follow it (back and forward, «Quitar filtros»); a date the control cannot read is
// refused with its message beside it, and the filter keeps its last day meanwhile.

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

export function ListDateRange({
  from,
  to,
  onChange,
}: {
  /** The days in the address, `YYYY-MM-DD`. */
  from: string | undefined;
  to: string | undefined;
  onChange: (name: 'from' | 'to', day: string | undefined) => void;
}) {
  const dates = useForm<DateValues>({
    defaultValues: { from: from ?? null, to: to ?? null },
    resolver: readableDates,
    mode: 'onChange',
  });
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

  return (
    <FormProvider {...dates}>
      <div className="list-filter-date">
        <DateControl name="from" label="Desde" />
      </div>
      <div className="list-filter-date">
        <DateControl name="to" label="Hasta" />
      </div>
    </FormProvider>
  );
}
