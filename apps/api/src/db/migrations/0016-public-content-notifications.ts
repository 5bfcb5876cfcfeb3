// The public API keeps its answers in memory (decision 022). Whatever a public answer reads tells every
// API process to drop them: one NOTIFY per statement on each table, as decision 006 does for sessions.
// The cache drops everything on any announcement, so the payload says nothing.
export const name = '0016-public-content-notifications';

const TABLES = [
  'news',
  'category_news',
  'pages',
  'categories',
  'slides',
  'entities',
  'spaces',
  'space_images',
  'multimedia',
  'media_usages',
];

export const up = /* sql */ `
CREATE FUNCTION gestor_notify_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_content_changed', '');
  RETURN NULL;
END $$;
${TABLES.map(
  (table) => `
CREATE TRIGGER ${table}_content_changed
  AFTER INSERT OR UPDATE OR DELETE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_content_change();
CREATE TRIGGER ${table}_content_truncated
  AFTER TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_content_change();`,
).join('\n')}
`;
