import type { SLIDES } from '@gestor/shared';
import type { FormValuesOf } from '../../components/resource/form-values';

// Its own file, so the preview reads the values without importing the declaration (a cycle).
export type SlideFormValues = FormValuesOf<typeof SLIDES.fields>;
