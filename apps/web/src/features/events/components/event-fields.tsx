import { COVER_ELEMENT, EVENTS, type EventRecord, SPACES, type SpaceRecord } from '@gestor/shared';
import { useWatch } from 'react-hook-form';
import {
  DateTimeControl,
  FormGrid,
  MADRID_TIME_HINT,
  SelectControl,
  TagsControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import { CATEGORIES_BY_SLUG } from '../../../components/options/categories-by-slug';
import { recordOptions } from '../../../components/options/record-options';
import { useRecordOptions } from '../../../components/options/use-record-options';
import { PublishingPanel } from '../../../components/publishing/publishing-panel';
import { EMPTY_VALUE } from '../../../components/resource/format';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { RichTextControl } from '../../../components/rich-text/rich-text-control';
import { EVENTS_PUBLISHING } from '../events-publishing';

/** The place, by id; an inactive one says so (it is not on the website while inactive). */
export const EVENT_SPACES = recordOptions(SPACES, {
  value: (space: SpaceRecord) => space.id,
  label: (space) => (space.active ? space.name : `${space.name} (inactivo)`),
});

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = EVENTS;

/** What a person without permission to list a reference sees of it: the record's own, kept. */
function KeptReference({ label, value, what }: { label: string; value: string; what: string | null }) {
  return (
    <div className="form-field">
      <span className="form-field-label">{label}</span>
      <span>{value}</span>
      {what && (
        <small className="form-field-hint">No tiene permiso para ver {what}: se mantiene lo actual.</small>
      )}
    </div>
  );
}

/** Title and slug, subtitle, when, where, description, image, categories and the publishing panel. */
export function EventFields({ record, readOnly }: FormFieldsProps<EventRecord>) {
  const categories = useRecordOptions(CATEGORIES_BY_SLUG);
  const spaces = useRecordOptions(EVENT_SPACES);
  const startsAt = useWatch({ name: 'starts_at' }) as string | null;

  return (
    <>
      <FormGrid>
        <TextControl name="title" autoComplete="off" />
        <SlugControl from="title" fromLabel="del título" addressPrefix="/agenda" />
      </FormGrid>
      <TextControl name="subtitle" autoComplete="off" />
      <FormGrid>
        <DateTimeControl name="starts_at" hint={MADRID_TIME_HINT} />
        <DateTimeControl name="ends_at" hint={MADRID_TIME_HINT} min={startsAt ?? undefined} />
        {spaces.allowed && !readOnly ? (
          <SelectControl
            name="space"
            options={spaces.options}
            nullable
            filter
            loading={spaces.loading}
            placeholder="Ninguno"
          />
        ) : (
          <KeptReference
            label={fields.space.label}
            value={record?.space?.name ?? EMPTY_VALUE}
            what={!spaces.allowed && !readOnly ? 'los espacios' : null}
          />
        )}
      </FormGrid>
      <RichTextControl name="body" />
      <FormGrid>
        <MediaPickerControl
          name="cover"
          initial={record?.cover ?? null}
          // The element as the API's check names a cover in its 422 (publishing.ts).
          alternative={{ label: 'Texto alternativo en este evento', element: COVER_ELEMENT }}
        />
        {categories.allowed && !readOnly ? (
          <TagsControl
            name="categories"
            options={categories.options}
            loading={categories.loading}
            placeholder="Ninguna"
          />
        ) : (
          <KeptReference
            label={fields.categories.label}
            value={record?.categories.map((category) => category.name).join(', ') || EMPTY_VALUE}
            what={!categories.allowed && !readOnly ? 'las categorías' : null}
          />
        )}
      </FormGrid>
      <PublishingPanel rules={EVENTS_PUBLISHING} record={record} readOnly={readOnly} />
    </>
  );
}
