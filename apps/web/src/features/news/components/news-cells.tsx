import type { NewsRecord } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { EMPTY_VALUE } from '../../../components/resource/format';

/** A news item's categories as small tags, by name. */
export function NewsCategoryTags({ categories }: Pick<NewsRecord, 'categories'>) {
  if (!categories.length) return EMPTY_VALUE;
  return (
    <span className="resource-tags">
      {categories.map((category) => (
        <Tag key={category.id} value={category.name} className="news-category-tag" />
      ))}
    </span>
  );
}

/** The "Destacada" column: a star that says "Sí", or an unseen "No" (the column's header names it). */
export function FeaturedMark({ featured }: Pick<NewsRecord, 'featured'>) {
  return featured ? (
    <span className="pi pi-star-fill news-featured-star" role="img" aria-label="Sí" title="Destacada" />
  ) : (
    <span className="sr-only">No</span>
  );
}
