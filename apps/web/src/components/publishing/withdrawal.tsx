import type { Gender, PublicationStatus } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useContext, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateTimeControl, MADRID_TIME_HINT } from '../controls';
import { FieldTableContext } from '../controls/form-controls';
import { formatDateTime } from '../resource/format';
import { isWithdrawn } from './publishing';

/** The contracts' scheduled withdrawal (packages/shared news.ts `unpublishAtField`): news and pages. */
const FIELD = 'unpublish_at';

/**
 * docs/areas.md, scheduled withdrawal: «Retirar el», when a public item stops being public by itself.
 * A publication field: only a holder of `<area>.publish` sees the control (and `publishingBody` sends
 * it only for them, only when changed), with «Quitar la fecha de retirada» beside it; anyone else reads
 * «Se retirará el …» while the date is ahead. Once it has passed, the state's tag says «Retirada el …»
 * and the panel says it is no longer on the website. Nothing in an area without the field (events).
 */
export function Withdrawal({
  record,
  mayPublish,
  readOnly,
  gender,
}: {
  record: { status: PublicationStatus; unpublish_at?: string | null } | undefined;
  mayPublish: boolean;
  readOnly: boolean;
  gender: Gender;
}) {
  const offered = FIELD in useContext(FieldTableContext);
  const { setValue, setFocus, clearErrors } = useFormContext();
  const value = useWatch({ name: FIELD, disabled: !offered }) as unknown;
  // The "Programar" date, where the area schedules: the withdrawal has to come after it.
  const scheduledFor = useWatch({ name: 'published_at', disabled: !offered }) as unknown;
  // The calendar offers nothing before the minute the form opened; the server checks it again.
  const [now] = useState(() => Date.now());
  if (!offered) return null;

  const stored = record?.unpublish_at ?? null;
  // As the tag reads it: now, not when the form opened.
  const withdrawn = record ? isWithdrawn(record) : false;
  const pronoun = gender === 'masculine' ? 'lo' : 'la';
  const gone = withdrawn && <p className="publishing-note">Ya no se muestra en la web.</p>;

  if (!mayPublish || readOnly) {
    if (withdrawn) return gone;
    if (!stored || Date.parse(stored) <= Date.now()) return null;
    return <p className="publishing-note">Se retirará el {formatDateTime(stored)}.</p>;
  }

  const scheduled = typeof scheduledFor === 'string' ? Date.parse(scheduledFor) : Number.NaN;
  const min = new Date(scheduled > now ? scheduled : now).toISOString();
  const remove = () => {
    setValue(FIELD, null, { shouldDirty: true });
    clearErrors(FIELD);
    // The button goes with the date: focus to the field it emptied.
    requestAnimationFrame(() => setFocus(FIELD));
  };
  return (
    <>
      {withdrawn && (
        <p className="publishing-note">
          Ya no se muestra en la web. Para volver a mostrar{pronoun}, quite la fecha de retirada o elija una
          posterior y pulse «Guardar cambios».
        </p>
      )}
      <div className="publishing-withdrawal">
        <DateTimeControl
          name={FIELD}
          min={min}
          hint={`Opcional: a esa hora dejará de mostrarse en la web, sin pasar a borrador. ${MADRID_TIME_HINT}`}
        />
        {value !== null && value !== undefined && (
          <Button
            type="button"
            label="Quitar la fecha de retirada"
            icon="pi pi-times"
            text
            size="small"
            className="publishing-withdrawal-remove"
            // Pressed from the date field, the field's blur would check it again first: a server
            // message going away moves the button from under the pointer before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={remove}
          />
        )}
      </div>
    </>
  );
}
