// Every declared search column and every foreign key has its index: a search by substring uses the
// trigram index of its folded text (as users and multimedia already do), and a delete checks what
// still points at a row (or sets it to NULL) through an index led by the referencing column instead of
// reading the whole table. apps/api/test/indexes.test.ts reads the catalog to keep it so.
export const name = '0010-indexes';

export const up = /* sql */ `
-- The operator class named with the extension's own schema, as in 0002.
DO $$
DECLARE trgm_schema name := (SELECT n.nspname FROM pg_extension e
                               JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX roles_search_trgm ON roles USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX categories_search_trgm ON categories USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX slides_search_trgm ON slides USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX entities_search_trgm ON entities USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX spaces_search_trgm ON spaces USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END $$;

-- References to media (a media item's delete checks each) and to the author of an audit entry.
CREATE INDEX news_cover ON news (cover_id);
CREATE INDEX categories_image ON categories (image_id);
CREATE INDEX entities_logo ON entities (logo_id);
CREATE INDEX slides_image ON slides (image_id);
CREATE INDEX audits_user ON audits (user_id);
`;
