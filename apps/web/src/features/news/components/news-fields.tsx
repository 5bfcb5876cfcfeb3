import { COVER_ELEMENT, NEWS, type NewsRecord } from '@gestor/shared';
import {
  CheckboxControl,
  FormGrid,
  TagsControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import { CATEGORIES_BY_SLUG } from '../../../components/options/categories-by-slug';
import { useRecordOptions } from '../../../components/options/use-record-options';
import { PublishingPanel } from '../../../components/publishing/publishing-panel';
import { ReviseByControl } from '../../../components/publishing/revise-by-control';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { RichTextControl } from '../../../components/rich-text/rich-text-control';
import { NEWS_PUBLISHING } from '../news-publishing';
import { NewsCategoryTags } from './news-cells';

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = NEWS;

/**
 * Title and slug, subtitle, excerpt, body, cover, categories, featured, «Revisar antes de», and the
 * publishing panel.
 */
export function NewsFields({ record, readOnly }: FormFieldsProps<NewsRecord>) {
  const categories = useRecordOptions(CATEGORIES_BY_SLUG);

  return (
    <>
      <FormGrid>
        <TextControl name="title" autoComplete="off" />
        <SlugControl from="title" fromLabel="del título" addressPrefix="/news" />
      </FormGrid>
      <TextControl name="subtitle" autoComplete="off" />
      <TextareaControl name="excerpt" rows={3} />
      <RichTextControl name="body" />
      <FormGrid>
        <MediaPickerControl
          name="cover"
          initial={record?.cover ?? null}
          // The element as the API's check names a cover in its 422 (publishing.ts).
          alternative={{ label: 'Texto alternativo en esta noticia', element: COVER_ELEMENT }}
        />
        <div className="news-side-fields">
          {categories.allowed && !readOnly ? (
            <TagsControl
              name="categories"
              options={categories.options}
              loading={categories.loading}
              placeholder="Ninguna"
            />
          ) : (
            // Read-only, or without category.view (listing them would be a 403, which signs out):
            // the item's own categories by name, kept as they are.
            <div className="form-field">
              <span className="form-field-label">{fields.categories.label}</span>
              <NewsCategoryTags categories={record?.categories ?? []} />
              {!categories.allowed && !readOnly && (
                <small className="form-field-hint">
                  No tiene permiso para ver las categorías: se mantienen las actuales.
                </small>
              )}
            </div>
          )}
          <CheckboxControl name="featured" />
        </div>
      </FormGrid>
      <ReviseByControl />
      <PublishingPanel rules={NEWS_PUBLISHING} record={record} readOnly={readOnly} />
    </>
  );
}
