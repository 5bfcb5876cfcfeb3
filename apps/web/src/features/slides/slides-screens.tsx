import { SLIDES, type SlideRecord } from '@gestor/shared';
import { asSummary } from '../../components/media/media-kind';
import { MediaThumbnail } from '../../components/media/media-thumbnail';
import { formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE } from '../../components/resource/format';
import { choiceFilter, defineResourceScreens } from '../../components/resource/resource-screens';
import { SlideFields } from './components/slide-fields';
import { SlideStateTag } from './components/slide-state-tag';
import { slideLinkText } from './components/slide-summary';
import './components/slides.css';
import type { SlideFormValues } from './slides-form-values';

// Slides on the resource machinery (decision 008): /slide (their order, reordered in place; or a
// table), /slide/create and /slide/{id} with a live preview of the slide as a visitor sees it.

const STATE_FILTER = choiceFilter(SLIDES, 'state');

export const slideScreens = defineResourceScreens<SlideRecord, SlideFormValues>({
  contract: SLIDES,
  searchPlaceholder: 'Título, subtítulo o botón',
  purpose: 'Las diapositivas son los carteles que pasan en la portada, en el orden que usted decida.',
  columns: [
    { field: 'position', align: 'right', card: 'detail' },
    {
      field: 'image',
      priority: 2,
      body: (slide) => <MediaThumbnail media={asSummary(slide.image)} className="slide-table-thumbnail" />,
    },
    { field: 'title', link: true, card: 'title' },
    {
      field: 'link_url',
      priority: 3,
      body: (slide) => slideLinkText(slide) ?? EMPTY_VALUE,
    },
    {
      field: 'state',
      card: 'status',
      body: (slide) => <SlideStateTag state={slide.state} />,
    },
  ],
  useFilters: () => [STATE_FILTER],
  form: {
    ...formOf<typeof SLIDES.fields, SlideRecord, SlideFormValues>(SLIDES, {
      // The image is required and always sent, the record's own when unchanged, as the slide form has
      // always done: also by someone without multimedia.view, who keeps the image it has.
      toBody: (values, _record, body) => ({ ...body, image: values.image }),
    }),
    Fields: SlideFields,
  },
});
