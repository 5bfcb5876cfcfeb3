// Issue 19 "A trash" (decision 026): deleting a record of a management area sets its `deleted_at`
// (Laravel's soft delete) instead of removing the row. Everything that counts or shows records
// counts and shows only the rows without it:
// - row_counts (0002) and 'news:published' (0018) count live rows: a statement that trashes or
//   restores rows changes the totals like a DELETE or an INSERT did;
// - the public news index (0018) holds live published items only;
// - a slide's unique place (0007) is unique among live slides: a trashed one keeps the place it had,
//   which restoring gives back (the others make room).
// A trashed record keeps its references (ids in its columns and join tables) until what they point at
// is deleted for good; those foreign keys now let such a purge proceed (SET NULL, or CASCADE for join
// rows), and `trash_references` keeps what each trashed record referenced, by name, so restoring it
// can say which one no longer exists. Webhooks have no trash (decision 026): their delete stays final.
export const name = '0021-trash';

export const TRASHABLE_TABLES = [
  'users',
  'roles',
  'multimedia',
  'categories',
  'news',
  'pages',
  'entities',
  'spaces',
  'slides',
  'tests',
] as const;

export const up = /* sql */ `
CREATE FUNCTION gestor_count_live_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL);
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET total = total + delta WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;

${TRASHABLE_TABLES.map(
  (table) => `
ALTER TABLE ${table} ADD COLUMN deleted_at timestamptz;
-- The trash of an area, newest first; and the retention's walk (oldest first) reads the same index.
CREATE INDEX ${table}_trashed ON ${table} (deleted_at, id) WHERE deleted_at IS NOT NULL;
DROP TRIGGER ${table}_count_insert ON ${table};
DROP TRIGGER ${table}_count_delete ON ${table};
CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_live_rows();
CREATE TRIGGER ${table}_count_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_live_rows();
CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_live_rows();`,
).join('\n')}

CREATE OR REPLACE FUNCTION gestor_count_published_news() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE status = 'published' AND deleted_at IS NULL);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE status = 'published' AND deleted_at IS NULL);
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET total = total + delta WHERE table_name = 'news:published';
  END IF;
  RETURN NULL;
END $$;

DROP INDEX news_public;
CREATE INDEX news_public ON news (published_at DESC, id DESC) WHERE status = 'published' AND deleted_at IS NULL;

ALTER TABLE slides DROP CONSTRAINT slides_position_key;
ALTER TABLE slides ADD CONSTRAINT slides_position_key
  EXCLUDE (position WITH =) WHERE (deleted_at IS NULL) DEFERRABLE INITIALLY IMMEDIATE;

-- A purge of what a trashed record references must not be stopped by it.
ALTER TABLE slides ALTER COLUMN image_id DROP NOT NULL;
ALTER TABLE slides DROP CONSTRAINT slides_image_id_fkey,
  ADD CONSTRAINT slides_image_id_fkey FOREIGN KEY (image_id) REFERENCES multimedia (id) ON DELETE SET NULL;
ALTER TABLE news DROP CONSTRAINT news_cover_id_fkey,
  ADD CONSTRAINT news_cover_id_fkey FOREIGN KEY (cover_id) REFERENCES multimedia (id) ON DELETE SET NULL;
ALTER TABLE entities DROP CONSTRAINT entities_logo_id_fkey,
  ADD CONSTRAINT entities_logo_id_fkey FOREIGN KEY (logo_id) REFERENCES multimedia (id) ON DELETE SET NULL;
ALTER TABLE categories DROP CONSTRAINT categories_image_id_fkey,
  ADD CONSTRAINT categories_image_id_fkey FOREIGN KEY (image_id) REFERENCES multimedia (id) ON DELETE SET NULL;
ALTER TABLE categories DROP CONSTRAINT categories_parent_id_fkey,
  ADD CONSTRAINT categories_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES categories (id) ON DELETE SET NULL;
ALTER TABLE spaces DROP CONSTRAINT spaces_entity_id_fkey,
  ADD CONSTRAINT spaces_entity_id_fkey FOREIGN KEY (entity_id) REFERENCES entities (id) ON DELETE SET NULL;
ALTER TABLE space_images DROP CONSTRAINT space_images_media_id_fkey,
  ADD CONSTRAINT space_images_media_id_fkey FOREIGN KEY (media_id) REFERENCES multimedia (id) ON DELETE CASCADE;
ALTER TABLE role_user DROP CONSTRAINT role_user_role_id_fkey,
  ADD CONSTRAINT role_user_role_id_fkey FOREIGN KEY (role_id) REFERENCES roles (id) ON DELETE CASCADE;

-- What each trashed record referenced when it was trashed: [{field, table, id, noun, name}].
CREATE TABLE trash_references (
  resource text NOT NULL,
  record_id integer NOT NULL,
  refs jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (resource, record_id)
);
`;
