import PrimeReact, { localeOption } from 'primereact/api';
import { Calendar, type CalendarPassThroughOptions } from 'primereact/calendar';
import { useMemo } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { FieldControlProps } from '../../ui/form-field';
import { BoundField, type ControlProps } from '../form-controls';
import {
  currentMinuteUtc,
  datePlaceholder,
  formatIsoDate,
  localDateToWallClock,
  madridToday,
  madridWallClockToUtc,
  parseIsoDate,
  utcToMadridWallClock,
  wallClockToLocalDate,
} from './madrid-time';
import './controls.css';

// SPEC.md §9 and AREAS.md "Dates": the pickers keep the UI library's settings (format mm/dd/yy,
// weeks from Sunday, Spanish names), which app/primereact-locale.ts sets for every Calendar: nothing
// here passes dateFormat or locale. Times are Madrid's wall clock whatever the browser's zone.

/** The hint DateTimeControl shows unless given another; exported for hints that add to it. */
export const MADRID_TIME_HINT = 'Hora peninsular (Europe/Madrid).';

interface DateControlProps extends ControlProps {
  /** The earliest and latest dates the calendar offers, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
}

/** A date without time: the form value is `'YYYY-MM-DD'` or null. */
export function DateControl({ min, max, ...bound }: DateControlProps) {
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <DatePicker
          field={field}
          control={control}
          disabled={disabled}
          label={bound.label}
          min={min}
          max={max}
          withTime={false}
        />
      )}
    />
  );
}

interface DateTimeControlProps extends ControlProps {
  /** The earliest and latest instants the calendar offers (ISO 8601). */
  min?: string;
  max?: string;
}

/**
 * A date and time: the form value is an ISO 8601 UTC instant (`'2026-11-23T17:55:00.000Z'`) or null;
 * the person reads and picks it on Madrid's clock (`11/23/2026 18:55`).
 */
export function DateTimeControl({ hint = MADRID_TIME_HINT, min, max, ...bound }: DateTimeControlProps) {
  return (
    <BoundField
      {...bound}
      hint={hint}
      render={(field, control, disabled) => (
        <DatePicker
          field={field}
          control={control}
          disabled={disabled}
          label={bound.label}
          min={min}
          max={max}
          withTime
        />
      )}
    />
  );
}

/** The form's string → the Date whose local digits the Calendar shows. */
function toPickerDate(value: unknown, withTime: boolean): Date | null {
  if (typeof value !== 'string') return null;
  if (!withTime) {
    const date = parseIsoDate(value);
    return date ? wallClockToLocalDate({ ...date, hour: 0, minute: 0 }) : null;
  }
  const clock = utcToMadridWallClock(value);
  return clock ? wallClockToLocalDate(clock) : null;
}

/** The Calendar's Date → the form's string. */
function fromPickerDate(date: Date | null | undefined, withTime: boolean): string | null {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
  const clock = localDateToWallClock(date);
  return withTime ? madridWallClockToUtc(clock) : formatIsoDate(clock);
}

function DatePicker({
  field,
  control,
  disabled,
  label,
  min,
  max,
  withTime,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  label: string;
  min: string | undefined;
  max: string | undefined;
  withTime: boolean;
}) {
  // One Date per value: the Calendar compares its value by identity and resets its view on a new one.
  const value = useMemo(() => toPickerDate(field.value, withTime), [field.value, withTime]);
  const minDate = useMemo(() => toPickerDate(min, withTime) ?? undefined, [min, withTime]);
  const maxDate = useMemo(() => toPickerDate(max, withTime) ?? undefined, [max, withTime]);
  const format = localeOption('dateFormat', PrimeReact.locale ?? 'es') as string;

  // The Calendar puts its own ARIA props on its wrapper; the input is what the label and the
  // messages belong to. It is PrimeReact's InputText, which takes them in its root section.
  const pt: CalendarPassThroughOptions = {
    input: {
      root: { 'aria-describedby': control['aria-describedby'], 'aria-invalid': control['aria-invalid'] },
    },
    // The button is out of the tab order (ArrowDown in the input opens the calendar), but screen
    // readers browsing the page meet it: it says which field it opens.
    dropdownButton: { root: { 'aria-label': `${label}: abrir calendario` } },
  };

  return (
    <Calendar
      inputId={control.id}
      inputRef={field.ref}
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(fromPickerDate(event.value, withTime))}
      onBlur={field.onBlur}
      // PrimeReact's "Hoy"/"Ahora" take the browser's clock; Madrid's replaces it (same click).
      onTodayButtonClick={() => field.onChange(withTime ? currentMinuteUtc() : madridToday())}
      showTime={withTime}
      hourFormat="24"
      showIcon
      showButtonBar
      minDate={minDate}
      maxDate={maxDate}
      placeholder={datePlaceholder(format, withTime)}
      disabled={disabled}
      invalid={control['aria-invalid']}
      pt={pt}
      className={withTime ? 'date-control date-control-time' : 'date-control'}
    />
  );
}
