import {
  currentMinuteUtc,
  formatIsoDate,
  localDateToWallClock,
  madridToday,
  madridWallClockToUtc,
  parseIsoDate,
  utcToMadridWallClock,
  wallClockToLocalDate,
} from '@gestor/shared';
import {
  Calendar,
  type CalendarDateTemplateEvent,
  type CalendarPassThroughMethodOptions,
  type CalendarPassThroughOptions,
  type CalendarProps,
} from 'primereact/calendar';
import { useCallback, useMemo, useRef } from 'react';
import { type ControllerRenderProps, useFormContext } from 'react-hook-form';
import type { FieldControlProps } from '../ui/form-field';
import { keepCalendarFocus } from './calendar-focus';
import { BoundField, type ControlProps } from './form-controls';
import { keepOverlayInView } from './overlay-placement';
import {
  DATE_CONTROL_LOCALE,
  DATE_CONTROL_LOCALE_OPTIONS,
  formatSpanishDate,
  isUnreadableDate,
  parseSpanishDate,
  spanishDateFormat,
  spanishDayLabel,
  type UnreadableDate,
  unreadableDateMessage,
} from './spanish-date';
import './controls.css';

// docs/architecture.md#the-spa, a deliberate deviation from docs/architecture.md#the-spa: the library's global defaults stay mm/dd/yy
// and Sunday first, but every Calendar Gestor renders is this one, which is Spanish: dd/mm/aaaa,
// weeks from Monday (the DATE_CONTROL_LOCALE), days read out in Spanish, and typed text read day
// first by spanish-date.ts. A text it cannot read stays in the field with a message under it
// (issue 16: it used to be emptied silently). Times are Madrid's wall clock whatever the browser's
// zone (docs/areas.md#rules-shared-by-the-content-areas).

/** The hint DateTimeControl shows unless given another; exported for hints that add to it. */
export const MADRID_TIME_HINT = 'Hora peninsular (Europe/Madrid).';

interface DateControlProps extends ControlProps {
  /** The earliest and latest dates the calendar offers, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
}

/** A date without time: the form value is `'YYYY-MM-DD'` or null (`25/12/2026` on screen). */
export function DateControl({ min, max, ...bound }: DateControlProps) {
  return (
    <BoundField
      {...bound}
      describeError={dateError(false)}
      render={(field, control, disabled, label) => (
        <DatePicker
          field={field}
          control={control}
          disabled={disabled}
          label={label}
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
 * the person reads, types and picks it on Madrid's clock (`23/11/2026 18:55`).
 */
export function DateTimeControl({ hint = MADRID_TIME_HINT, min, max, ...bound }: DateTimeControlProps) {
  return (
    <BoundField
      {...bound}
      hint={hint}
      describeError={dateError(true)}
      render={(field, control, disabled, label) => (
        <DatePicker
          field={field}
          control={control}
          disabled={disabled}
          label={label}
          min={min}
          max={max}
          withTime
        />
      )}
    />
  );
}

/** Whatever else the schema says, a text the control cannot read gets the message that explains it. */
const dateError = (withTime: boolean) => (message: string, value: unknown) =>
  isUnreadableDate(value) ? unreadableDateMessage(withTime) : message;

/** The form's value → what the Calendar shows: the Date whose local digits are Madrid's, or the text. */
function toPickerValue(value: unknown, withTime: boolean): Date | string | null {
  if (isUnreadableDate(value)) return value.unreadable;
  if (typeof value !== 'string') return null;
  if (!withTime) {
    const date = parseIsoDate(value);
    return date ? wallClockToLocalDate({ ...date, hour: 0, minute: 0 }) : null;
  }
  const clock = utcToMadridWallClock(value);
  return clock ? wallClockToLocalDate(clock) : null;
}

const toPickerDate = (value: string | undefined, withTime: boolean): Date | undefined => {
  const date = toPickerValue(value, withTime);
  return date instanceof Date ? date : undefined;
};

/**
 * What the Calendar gives → the form's value. A Date it picked or read; a string when its reading
 * failed (keepInvalid): a date outside the days it offers (the schema or the server says why it
 * will not do), or a text that is no date, kept as such.
 */
function fromPicker(value: unknown, withTime: boolean): string | UnreadableDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const clock = localDateToWallClock(value);
    return withTime ? madridWallClockToUtc(clock) : formatIsoDate(clock);
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const clock = parseSpanishDate(value, withTime);
  if (!clock) return { unreadable: value };
  return withTime ? madridWallClockToUtc(clock) : formatIsoDate(clock);
}

/** A day in the grid: the number on screen, the whole date for screen readers (`jueves, 25 de…`). */
function dayCell(date: CalendarDateTemplateEvent) {
  return (
    <>
      <span aria-hidden="true">{date.day}</span>
      <span className="sr-only">
        {spanishDayLabel({ year: date.year, month: date.month + 1, day: date.day })}
      </span>
    </>
  );
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
  const { trigger } = useFormContext();
  const inputElement = useRef<HTMLInputElement | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  const fieldRef = field.ref;
  const inputRef = useCallback(
    (element: HTMLInputElement | null) => {
      inputElement.current = element;
      fieldRef(element);
    },
    [fieldRef],
  );
  // One value per form value: the Calendar compares its value by identity and resets its view on a new one.
  const value = useMemo(() => toPickerValue(field.value, withTime), [field.value, withTime]);
  const minDate = useMemo(() => toPickerDate(min, withTime), [min, withTime]);
  const maxDate = useMemo(() => toPickerDate(max, withTime), [max, withTime]);

  // Typed text is read day first. PrimeReact ignores a date outside minDate/maxDate without a word;
  // throwing instead hands the text to onChange (keepInvalid), where fromPicker keeps the date.
  const parseDateTime: CalendarProps['parseDateTime'] = (text) => {
    const clock = parseSpanishDate(text, withTime);
    if (!clock) throw new RangeError('Fecha no legible.');
    const date = wallClockToLocalDate(clock);
    if ((minDate && date < minDate) || (maxDate && date > maxDate)) throw new RangeError('Fuera de plazo.');
    return date;
  };

  // While the calendar is open it stays clear of the top bar (overlay-placement.ts) and keeps focus on
  // its days (calendar-focus.ts). The panel is found through the field's aria-controls: these run
  // as the panel enters, before React hands out the Calendar's own ref. The cast: PrimeReact's type
  // asks for a timeout or an end listener, which the Calendar sets itself.
  const watching = {
    onEnter: () => {
      const input = inputElement.current;
      const overlay = document.getElementById(input?.getAttribute('aria-controls') ?? '');
      const anchor = input?.parentElement;
      stopWatching.current?.();
      if (!overlay || !anchor) return;
      const stops = [keepOverlayInView(overlay, anchor), keepCalendarFocus(overlay)];
      stopWatching.current = () => {
        for (const stop of stops) stop();
      };
    },
    onExited: () => {
      stopWatching.current?.();
      stopWatching.current = null;
    },
  } as unknown as CalendarProps['transitionOptions'];

  const pt: CalendarPassThroughOptions = {
    // The Calendar puts its own ARIA props on its wrapper; the input is what the label and the
    // messages belong to. It is PrimeReact's InputText, which takes them in its root section.
    input: {
      root: { 'aria-describedby': control['aria-describedby'], 'aria-invalid': control['aria-invalid'] },
    },
    // The button is out of the tab order (ArrowDown in the input opens the calendar), but screen
    // readers browsing the page meet it: it says which field it opens.
    dropdownButton: { root: { 'aria-label': `${label}: abrir calendario` } },
    // axe aria-allowed-attr: PrimeReact marks the focusable day (a <span> inside the <td>) with
    // aria-selected and aria-disabled, which a plain span may not carry. The span is the grid's cell
    // (it is what takes focus, and its name is the whole date, dayCell); the <td> is only layout.
    day: { role: 'none', 'aria-label': undefined },
    dayLabel: { role: 'gridcell' },
    // The month and year views' choices are buttons; those outside the dates offered say they are
    // disabled, as the days do (axe color-contrast exempts only what is marked disabled).
    month: ({ context }: CalendarPassThroughMethodOptions) => ({
      role: 'button',
      'aria-disabled': context.disabled || undefined,
    }),
    year: ({ context }: CalendarPassThroughMethodOptions) => ({
      role: 'button',
      'aria-disabled': context.disabled || undefined,
    }),
  };

  return (
    <Calendar
      inputId={control.id}
      inputRef={inputRef}
      name={field.name}
      value={value as Date | null}
      onChange={(event) => field.onChange(fromPicker(event.value, withTime))}
      onBlur={() => {
        // `25/12/26` is read once the person leaves the field (while typing it may become 2027).
        if (isUnreadableDate(field.value)) {
          const clock = parseSpanishDate(field.value.unreadable, withTime, { finished: true });
          if (clock) field.onChange(withTime ? madridWallClockToUtc(clock) : formatIsoDate(clock));
        }
        field.onBlur();
        // A text it cannot read is said at once, and a corrected one clears its message.
        if (isUnreadableDate(field.value) || control['aria-invalid']) void trigger(field.name);
      }}
      // PrimeReact's "Hoy"/"Ahora" take the browser's clock; Madrid's replaces it (same click).
      onTodayButtonClick={() => field.onChange(withTime ? currentMinuteUtc() : madridToday())}
      locale={DATE_CONTROL_LOCALE}
      dateFormat={DATE_CONTROL_LOCALE_OPTIONS.dateFormat}
      parseDateTime={parseDateTime}
      formatDateTime={(date) => formatSpanishDate(localDateToWallClock(date), withTime)}
      keepInvalid
      dateTemplate={dayCell}
      // Focus in the field is for typing: PrimeReact moves focus into the calendar as it opens, so
      // opening it on focus would send what the person types nowhere. ArrowDown or the button opens it.
      showOnFocus={false}
      showTime={withTime}
      hourFormat="24"
      showIcon
      showButtonBar
      minDate={minDate}
      maxDate={maxDate}
      placeholder={spanishDateFormat(withTime)}
      disabled={disabled}
      invalid={control['aria-invalid']}
      pt={pt}
      transitionOptions={watching}
      className={withTime ? 'date-control date-control-time' : 'date-control'}
    />
  );
}
