import type { CategoryRecord } from '@gestor/shared';

/** The category's name with its colour as a dot (decorative: the name says everything). */
export function CategoryName({ category }: { category: Pick<CategoryRecord, 'name' | 'color'> }) {
  return (
    <span className="category-name">
      <span className="category-color-dot" style={{ backgroundColor: category.color }} aria-hidden="true" />
      {category.name}
    </span>
  );
}
