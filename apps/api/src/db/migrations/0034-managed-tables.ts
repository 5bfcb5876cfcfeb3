// Issue 31 (decision 047): what every table of a management area needs from the database, given by
// one function its migration calls, so that nothing depends on a list of tables frozen in an older
// migration (an area added after 0021 had its total counted as if nothing went to the trash):
//   SELECT gestor_manage_table('events', public => true);
// - its row in row_counts, counting live rows (those without `deleted_at`, when the table has a trash),
//   and the statement triggers that keep it: insert, delete and, with a trash, update (a trash or a
//   restore changes the total as a delete or an insert would);
// - with `public`, the content-change announcement (0016) that empties the public API's cache of
//   every process on any write.
// Idempotent: calling it again recounts and replaces the triggers. This migration calls it for every
// area table there is, so they are all in the state it gives.
export const name = '0034-managed-tables';

export const up = /* sql */ `
CREATE FUNCTION gestor_manage_table(target regclass, public boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = target);
  trashable boolean := EXISTS (SELECT 1 FROM pg_attribute
                                WHERE attrelid = target AND attname = 'deleted_at' AND NOT attisdropped);
  counter text := CASE WHEN trashable THEN 'gestor_count_live_rows' ELSE 'gestor_count_rows' END;
BEGIN
  EXECUTE format('INSERT INTO row_counts (table_name, total) SELECT %L, count(*) FROM %s %s
                  ON CONFLICT (table_name) DO UPDATE SET total = EXCLUDED.total',
                 name, target, CASE WHEN trashable THEN 'WHERE deleted_at IS NULL' ELSE '' END);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_count_insert', target);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_count_update', target);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_count_delete', target);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION %I()', name || '_count_insert', target, counter);
  IF trashable THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_live_rows()', name || '_count_update', target);
  END IF;
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION %I()', name || '_count_delete', target, counter);
  IF public THEN
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_content_changed', target);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_content_truncated', target);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %s
                    FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_content_change()', name || '_content_changed', target);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s
                    FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_content_change()', name || '_content_truncated', target);
  END IF;
END $$;

SELECT gestor_manage_table('users');
SELECT gestor_manage_table('roles');
SELECT gestor_manage_table('multimedia', public => true);
SELECT gestor_manage_table('categories', public => true);
SELECT gestor_manage_table('news', public => true);
SELECT gestor_manage_table('pages', public => true);
SELECT gestor_manage_table('slides', public => true);
SELECT gestor_manage_table('entities', public => true);
SELECT gestor_manage_table('spaces', public => true);
SELECT gestor_manage_table('tests');
SELECT gestor_manage_table('webhooks');
`;
