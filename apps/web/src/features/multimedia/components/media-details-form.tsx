import { type MediaRecord, MediaUpdateInput, MULTIMEDIA, maxLengthOf } from '@gestor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { type MutableRefObject, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BoundField, ReadOnlyContext, TextControl } from '../../../components/controls/form-controls';
import { ConflictDialog } from '../../../components/form/conflict-dialog';
import { splitServerErrors } from '../../../components/form/server-errors';
import { useUpdateMedia } from '../../../components/media/media-api';
import type { FormValuesOf } from '../../../components/resource/form-values';
import { CONFLICT_MESSAGE, SAVED_MESSAGE } from '../../../components/resource/messages';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { FormErrorsNotice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';

// Alt text and title (PATCH /api/multimedia/{id}), as the resource form does it: the shared schema
// first, the server's 422 under its fields, a 409 when someone else changed the item meanwhile.

/** Alt text and title, '' when empty (the library's only input fields). */
type MediaDetailsValues = FormValuesOf<typeof MULTIMEDIA.fields>;

const FIELDS = ['alt', 'title'] as const;
// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = MULTIMEDIA;

const valuesOf = (media: MediaRecord): MediaDetailsValues => ({
  alt: media.alt ?? '',
  title: media.title ?? '',
});

interface MediaDetailsFormProps {
  media: MediaRecord;
  readOnly: boolean;
  notify: ScreenNotifier;
  /** The version the edit started from (optimistic locking); a replaced file moves it on. */
  updatedAt: MutableRefObject<string>;
  /** "Cargar la última versión" after a 409. */
  reload: () => Promise<MediaRecord | undefined>;
  onDirtyChange: (dirty: boolean) => void;
}

export function MediaDetailsForm({
  media,
  readOnly,
  notify,
  updatedAt,
  reload,
  onDirtyChange,
}: MediaDetailsFormProps) {
  const [schema] = useState(() =>
    z
      .custom<MediaDetailsValues>()
      .transform(
        (values): z.input<typeof MediaUpdateInput> => ({
          // Blank goes as blank, so a title or alt text can be cleared (the server stores null); the
          // derived forms' rule of leaving a blank optional text out (a slug) does not apply.
          alt: values.alt,
          title: values.title,
          updated_at: updatedAt.current,
        }),
      )
      .pipe(MediaUpdateInput),
  );
  const form = useForm<MediaDetailsValues, unknown, MediaUpdateInput>({
    defaultValues: valuesOf(media),
    resolver: zodResolver(schema),
  });
  const save = useUpdateMedia(media.id);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);

  const show = (latest: MediaRecord) => {
    updatedAt.current = latest.updated_at;
    form.reset(valuesOf(latest));
  };

  const submit = form.handleSubmit(async (body) => {
    setFormErrors([]);
    try {
      show(await save.mutateAsync(body));
      notify.success(SAVED_MESSAGE);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(CONFLICT_MESSAGE);
        return;
      }
      if (isApiError(error) && error.status === 422) {
        const { byField, others } = splitServerErrors(error.errors, FIELDS);
        let first = true;
        for (const [field, message] of Object.entries(byField)) {
          form.setError(
            field as (typeof FIELDS)[number],
            { type: 'server', message },
            { shouldFocus: first },
          );
          first = false;
        }
        setFormErrors(others.length || !first ? others : [error.message]);
        return;
      }
      setFormErrors([errorMessage(error)]);
    }
  });

  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const loadLatest = async () => {
    const latest = await reload();
    if (latest) show(latest);
    setConflict(null);
  };

  return (
    <FormProvider {...form}>
      <form className="media-details-form" noValidate onSubmit={submit}>
        <FormErrorsNotice messages={formErrors} />
        <ReadOnlyContext.Provider value={readOnly}>
          {media.kind === 'image' && (
            <BoundField
              name="alt"
              label={fields.alt.label}
              hint="Describa la imagen para quien no puede verla. Déjelo vacío si es decorativa."
              render={(field, control, disabled) => (
                <InputTextarea
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  value={(field.value as string | undefined) ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  rows={3}
                  autoResize
                  maxLength={maxLengthOf(fields.alt)}
                  disabled={disabled}
                  className={control['aria-invalid'] ? 'media-textarea p-invalid' : 'media-textarea'}
                />
              )}
            />
          )}
          <TextControl
            name="title"
            label={fields.title.label}
            maxLength={maxLengthOf(fields.title)}
            autoComplete="off"
          />
        </ReadOnlyContext.Provider>
        {!readOnly && (
          <div className="media-details-actions">
            <Button type="submit" label="Guardar" icon="pi pi-check" loading={save.isPending} />
            {dirty && (
              <Button
                type="button"
                label="Descartar cambios"
                text
                onClick={() => form.reset(valuesOf(media))}
              />
            )}
          </div>
        )}
      </form>
      <ConflictDialog
        message={conflict}
        onCancel={() => setConflict(null)}
        onLoadLatest={() => void loadLatest()}
      />
    </FormProvider>
  );
}
