import {
  SLIDE_STATE_LABELS,
  SLIDE_STATES,
  SLIDES,
  SlideInput,
  type SlideRecord,
  SlideUpdateInput,
} from '@gestor/shared';
import { asSummary } from '../../components/media/media-kind';
import { MediaThumbnail } from '../../components/media/media-thumbnail';
import { EMPTY_VALUE } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { SlideFields } from './components/slide-fields';
import { SlideStateTag } from './components/slide-state-tag';
import { slideLinkText } from './components/slide-summary';
import './components/slides.css';
import type { SlideFormValues } from './slides-form-values';

// Slides on the resource machinery (decision 008): /slide (their order, reordered in place; or a
// table), /slide/create and /slide/{id} with a live preview of the slide as a visitor sees it.

const STATE_FILTER: ListFilter = {
  name: 'state',
  label: 'Estado',
  options: SLIDE_STATES.map((state) => ({ value: state, label: SLIDE_STATE_LABELS[state] })),
};

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
    empty: () => ({
      title: '',
      subtitle: '',
      image: null,
      link_url: '',
      link_label: '',
      active: true,
      starts_at: null,
      ends_at: null,
    }),
    fromRecord: (slide) => ({
      title: slide.title,
      subtitle: slide.subtitle ?? '',
      image: slide.image.id,
      link_url: slide.link_url ?? '',
      link_label: slide.link_label ?? '',
      active: slide.active,
      starts_at: slide.starts_at,
      ends_at: slide.ends_at,
    }),
    toBody: (values) => ({
      title: values.title,
      subtitle: values.subtitle,
      image: values.image,
      link_url: values.link_url,
      link_label: values.link_label,
      active: values.active,
      starts_at: values.starts_at,
      ends_at: values.ends_at,
    }),
    createInput: SlideInput,
    updateInput: SlideUpdateInput,
    fields: ['title', 'subtitle', 'image', 'link_url', 'link_label', 'active', 'starts_at', 'ends_at'],
    Fields: SlideFields,
    fieldLabels: {
      title: 'Título',
      subtitle: 'Subtítulo',
      image: 'Imagen',
      link_url: 'Enlace',
      link_label: 'Texto del botón',
      active: 'Activa',
      starts_at: 'Se muestra desde',
      ends_at: 'Se muestra hasta',
      position: 'Posición',
    },
  },
});
