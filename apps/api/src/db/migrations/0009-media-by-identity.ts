// docs/areas.md#rules-shared-by-the-content-areas: bodies point at library images by id (`<img data-media-id="12" alt="…" />`)
// and are resolved to the files' current addresses when read, so replacing a file or moving the
// bucket breaks no body. Bodies stored before name their images by address; each address that ends
// in a library file's name (`…/media/<file>`, the original or a variant) becomes that item's id, in
// the exact form the sanitizer now stores. An address naming no library file is left as it was.
export const name = '0009-media-by-identity';

export const up = /* sql */ `
CREATE FUNCTION gestor_body_media_by_id(body text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  image_tag text;
  image_file text;
  image_alt text;
  item_id integer;
BEGIN
  FOR image_tag IN
    SELECT DISTINCT found.groups[1] FROM regexp_matches(body, '(<img src="[^"]*"[^>]*/>)', 'g') AS found (groups)
  LOOP
    image_file := substring(image_tag FROM '^<img src="[^"]*/media/([A-Za-z0-9][A-Za-z0-9._-]*)"');
    CONTINUE WHEN image_file IS NULL;
    SELECT m.id INTO item_id FROM multimedia m
     WHERE m.file = image_file OR m.variants->'thumbnail'->>'file' = image_file
        OR m.variants->'medium'->>'file' = image_file
     LIMIT 1;
    CONTINUE WHEN item_id IS NULL;
    image_alt := coalesce(substring(image_tag FROM ' alt="([^"]*)"'), '');
    body := replace(body, image_tag, '<img data-media-id="' || item_id || '" alt="' || image_alt || '" />');
  END LOOP;
  RETURN body;
END
$$;

UPDATE news SET body = gestor_body_media_by_id(body) WHERE body LIKE '%<img src="%';
UPDATE pages SET body = gestor_body_media_by_id(body) WHERE body LIKE '%<img src="%';
DROP FUNCTION gestor_body_media_by_id(text);
`;
