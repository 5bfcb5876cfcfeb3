// A category's path names every ancestor, however deep the tree (0005 stopped at 64
// levels). The walk remembers the ids it has passed, so it ends even if a loop were ever stored.
export const name = '0011-category-path-any-depth';

export const up = /* sql */ `
CREATE OR REPLACE FUNCTION gestor_category_path(category_id integer) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  WITH RECURSIVE up (id, name, parent_id, depth, seen) AS (
    SELECT id, name, parent_id, 1, ARRAY[id] FROM categories WHERE id = category_id
    UNION ALL
    SELECT c.id, c.name, c.parent_id, up.depth + 1, up.seen || c.id FROM categories c JOIN up ON c.id = up.parent_id
     WHERE c.id <> ALL (up.seen)
  )
  SELECT string_agg(name, ' › ' ORDER BY depth DESC) FROM up
$$;
`;
