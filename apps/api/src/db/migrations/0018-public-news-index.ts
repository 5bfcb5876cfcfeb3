// The public read API lists news that read `published` now, newest first (docs/public-api.md). This index
// holds the items stored as published in that order, so a page is read from its first entries; the
// scheduled ones whose time has come are read newest first from news_status and merged with them
// (public-records.ts's newestNews), so the scheduled items still ahead, which would head an index of
// both, are never walked past. The total of a list without filters would still count ~every row: the number of
// items stored as `published` is kept in row_counts (as 0002 keeps each table's), by statement
// triggers that write only when a statement changes it; scheduled items whose time has come are
// counted at read time from news_status (few: those since their last edit).
export const name = '0018-public-news-index';

export const up = /* sql */ `
CREATE INDEX news_public ON news (published_at DESC, id DESC) WHERE status = 'published';

INSERT INTO row_counts (table_name, total)
  SELECT 'news:published', count(*) FROM news WHERE status = 'published';

CREATE FUNCTION gestor_count_published_news() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE status = 'published');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE status = 'published');
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET total = total + delta WHERE table_name = 'news:published';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER news_published_count_insert AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_published_news();
CREATE TRIGGER news_published_count_update AFTER UPDATE ON news
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_published_news();
CREATE TRIGGER news_published_count_delete AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_published_news();
`;
