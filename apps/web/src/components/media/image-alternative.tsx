import { InputText } from 'primereact/inputtext';
import { useEffect, useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { BoundField, CheckboxControl, invalidClass, useFieldDef } from '../controls/form-controls';
import {
  alternativeFieldsOf,
  alternativeHint,
  findingToShow,
  type ImageCheckOptions,
  useImageAlternative,
} from './image-alternative-check';
import type { MediaLike } from './media-kind';

// docs/accessibility.md#images-the-alternative-belongs-to-the-use: under an image picker whose
// reference has an alternative of its own (`RefSpec.alternative`), the text alternative in this use
// and the decorative mark, shown while an image is chosen. The hint says what an empty box means
// (quoting the library's alternative); the live check says what the API would refuse, as the body's
// «Accesibilidad» panel does; the server's 422 on `<name>_alt` lands under the box, which takes the
// focus (the form screen's setError).

export interface ImageAlternativeOptions extends ImageCheckOptions {
  /** The text box's label, naming the use: «Texto alternativo en esta noticia». */
  label: string;
}

export const DECORATIVE_LABEL = 'Imagen decorativa (no aporta información)';

export function ImageAlternative({
  name,
  initial,
  label,
  ...options
}: ImageAlternativeOptions & {
  /** The image reference field (`cover`, `image`). */
  name: string;
  /** The reference the record carries, with the library's alternative. */
  initial: MediaLike | null;
}) {
  const fields = alternativeFieldsOf(name);
  const state = useImageAlternative(name, initial, options);
  const { maxLength } = useFieldDef(fields.alt);
  const { errors } = useFormState({ name: fields.alt });
  const findingId = useId();
  const { clearErrors } = useFormContext();
  // Marked decorative, the box is off and what the API said of its text no longer applies.
  useEffect(() => {
    if (state.decorative) clearErrors(fields.alt);
  }, [state.decorative, clearErrors, fields.alt]);
  if (state.id === null) return null;
  // Off while decorative: nothing it says reaches the website then.
  const finding = state.decorative
    ? null
    : findingToShow(state.finding, errors[fields.alt]?.message as string | undefined);

  return (
    <div className="image-alternative">
      <BoundField
        name={fields.alt}
        label={label}
        hint={alternativeHint(state, options)}
        disabled={state.decorative}
        render={(field, control, disabled) => (
          <InputText
            {...control}
            aria-describedby={
              [control['aria-describedby'], finding && findingId].filter(Boolean).join(' ') || undefined
            }
            ref={field.ref}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            autoComplete="off"
            maxLength={maxLength}
            disabled={disabled}
            className={invalidClass(control)}
          />
        )}
      />
      {finding && (
        // The level in words, as in the body's panel (WCAG 1.4.1); read with the box (aria-describedby).
        <p id={findingId} className="image-alternative-finding">
          <span className="level-badge level-badge-error">Error</span>
          <span className="sr-only">: </span>
          {finding}
        </p>
      )}
      <CheckboxControl name={fields.decorative} label={DECORATIVE_LABEL} />
    </div>
  );
}
