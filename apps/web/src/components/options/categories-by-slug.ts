import { CATEGORIES, type CategoryRecord } from '@gestor/shared';
import { recordOptions } from './record-options';

/** Categories as news and events are filed under them: by slug, each read as its path ("Cultura › Teatro"). */
export const CATEGORIES_BY_SLUG = recordOptions(CATEGORIES, {
  value: (c: CategoryRecord) => c.slug,
  label: (c) => c.path,
});
