import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { FieldControlProps } from '../ui/form-field';
import { counterAnnouncement, counterText, limitDescription } from './character-count';
import { BoundField, type ControlProps, invalidClass, useFieldDef } from './form-controls';
import './controls.css';

interface TextareaControlProps extends ControlProps {
  /** The shared schema's limit: shows a counter; the text may go past it (the schema says no). */
  maxLength?: number;
  /** Height in lines before it grows with the text. */
  rows?: number;
  /** Grow with the text instead of scrolling inside (default). */
  autoResize?: boolean;
  placeholder?: string;
}

/** Long text (an excerpt, a description): a textarea that grows, with a character counter. */
export function TextareaControl({
  maxLength,
  rows = 4,
  autoResize = true,
  placeholder,
  ...bound
}: TextareaControlProps) {
  const fromTable = useFieldDef(bound.name);
  const limit = maxLength ?? fromTable.maxLength;
  return (
    <BoundField
      {...bound}
      render={(field, control, disabled) => (
        <CountedTextarea
          field={field}
          control={control}
          disabled={disabled}
          maxLength={limit}
          rows={rows}
          autoResize={autoResize}
          placeholder={placeholder}
        />
      )}
    />
  );
}

// How long typing must pause before a screen reader hears the count (GOV.UK's character count waits
// the same way, so the announcement does not talk over every key).
const ANNOUNCE_DELAY_MS = 1000;

function CountedTextarea({
  field,
  control,
  disabled,
  maxLength,
  rows,
  autoResize,
  placeholder,
}: {
  field: ControllerRenderProps;
  control: FieldControlProps;
  disabled: boolean;
  maxLength: number | undefined;
  rows: number;
  autoResize: boolean;
  placeholder: string | undefined;
}) {
  const value = (field.value as string | null | undefined) ?? '';
  const count = value.length;
  const over = maxLength !== undefined && count > maxLength;
  const limitId = `${control.id}-limit`;

  // The live region exists from the start (a region added together with its text is not read) and
  // is filled only near or over the limit, once typing pauses.
  const [announcement, setAnnouncement] = useState('');
  const message = maxLength === undefined ? null : counterAnnouncement(count, maxLength);
  useEffect(() => {
    if (!message) {
      setAnnouncement('');
      return;
    }
    const timer = window.setTimeout(() => setAnnouncement(message), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const describedBy = [control['aria-describedby'], maxLength !== undefined && limitId]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <InputTextarea
        id={control.id}
        aria-describedby={describedBy || undefined}
        aria-invalid={control['aria-invalid']}
        ref={field.ref}
        name={field.name}
        value={value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        rows={rows}
        autoResize={autoResize}
        placeholder={placeholder}
        disabled={disabled}
        className={`textarea-control ${invalidClass(control)}`}
      />
      {maxLength !== undefined && (
        <>
          {/* The visible count is for the eyes; screen readers get the limit and the live message. */}
          <span
            className={over ? 'textarea-counter textarea-counter-over' : 'textarea-counter'}
            aria-hidden="true"
          >
            {counterText(count, maxLength)}
          </span>
          <span id={limitId} className="sr-only">
            {limitDescription(maxLength)}
          </span>
          <span className="sr-only" aria-live="polite" aria-atomic="true">
            {announcement}
          </span>
        </>
      )}
    </>
  );
}
