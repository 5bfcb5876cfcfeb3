import pg from 'pg';

// Many media items for the list benchmark, written straight into the server's PostgreSQL database the
// way the API stores uploads: Spanish names, alt texts and titles, mostly images (with the WebP
// variants JSON the upload writes), then documents, video and audio; uploaded over about three years.

const SUBJECTS = [
  ['fiesta-mayor', 'Fiesta mayor', 'Vecinos bailando en la fiesta mayor'],
  ['reunion-vecinos', 'Reunión de vecinos', 'Asistentes a la reunión de vecinos en el salón'],
  ['concierto-primavera', 'Concierto de primavera', 'La banda municipal durante el concierto'],
  ['puertas-abiertas', 'Jornada de puertas abiertas', 'Familias visitando las instalaciones'],
  ['excursion-montana', 'Excursión a la montaña', 'Grupo de senderistas en la cumbre'],
  ['entrega-premios', 'Entrega de premios', 'Los ganadores recogen su galardón'],
  ['taller-ceramica', 'Taller de cerámica', 'Manos modelando una vasija de barro'],
  ['asamblea-general', 'Asamblea general', 'La junta directiva presenta las cuentas'],
  ['campana-otono', 'Campaña de otoño', 'Voluntarios repartiendo folletos en la plaza'],
  ['inauguracion-local', 'Inauguración del local', 'Corte de la cinta en la nueva sede'],
  ['carrera-solidaria', 'Carrera solidaria', 'Corredores cruzando la línea de meta'],
  ['mercadillo-navideno', 'Mercadillo navideño', 'Puestos iluminados en la calle mayor'],
  ['exposicion-pintura', 'Exposición de pintura', 'Cuadros colgados en la sala de exposiciones'],
  ['curso-informatica', 'Curso de informática', 'Alumnos atentos frente a los ordenadores'],
];
const PLACES = [
  'Logroño',
  'Cáceres',
  'Ourense',
  'Málaga',
  'León',
  'Córdoba',
  'Ávila',
  'Jaén',
  'Alcañiz',
  'Cuenca',
  'Segovia',
  'Mérida',
  'Huesca',
];
// Image sizes as uploaded, with their variants as processImage makes them (inside 320 and 1280 px).
const IMAGE_SIZES = [
  [4000, 3000, 320, 240, 1280, 960],
  [3000, 4000, 240, 320, 960, 1280],
  [6000, 4000, 320, 213, 1280, 853],
  [1920, 1080, 320, 180, 1280, 720],
  [1080, 1350, 256, 320, 1024, 1280],
  [800, 600, 320, 240, 800, 600],
];
// [extension, MIME type, kind]; an item's kind follows i % 20: 12 images, 5 documents, 2 videos, 1 audio.
const TYPES = [
  ['jpg', 'image/jpeg', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['png', 'image/png', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['webp', 'image/webp', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['png', 'image/png', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['avif', 'image/avif', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['gif', 'image/gif', 'image'],
  ['pdf', 'application/pdf', 'document'],
  ['pdf', 'application/pdf', 'document'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
  ['odt', 'application/vnd.oasis.opendocument.text', 'document'],
  ['mp4', 'video/mp4', 'video'],
  ['webm', 'video/webm', 'video'],
  ['mp3', 'audio/mpeg', 'audio'],
];

/**
 * Adds media items until the table holds `total`, all uploaded by the user with `uploaderEmail`.
 * Returns how many it added.
 * @param {string} databaseUrl
 * @param {number} total
 * @param {string} uploaderEmail
 */
export async function fillMultimedia(databaseUrl, total, uploaderEmail) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const uploader = await client.query('SELECT id FROM users WHERE email = $1', [uploaderEmail]);
    if (!uploader.rows[0]) throw new Error(`no user ${uploaderEmail} to upload the media items`);
    const { rows } = await client.query('SELECT count(*)::int AS n FROM multimedia');
    const missing = total - rows[0].n;
    if (missing <= 0) return 0;
    const batch = 50_000;
    for (let done = 0; done < missing; done += batch) {
      const size = Math.min(batch, missing - done);
      const start = rows[0].n + done + 1;
      await client.query(
        `INSERT INTO multimedia (file, original_name, mime_type, kind, size, width, height, alt, title,
                                 checksum, variants, uploaded_by, created_at, updated_at)
         SELECT x.base || '.' || x.ext,
                x.slug || '-' || lower(translate(x.place, 'ÁÉÍÓÚáéíóúñ', 'AEIOUaeioun')) || '-' || x.year || '-' || lpad((i % 10000)::text, 4, '0') || '.' || x.ext,
                x.mime, x.kind,
                CASE x.kind WHEN 'image' THEN 400000 + x.r % 5600000
                            WHEN 'document' THEN 30000 + x.r % 8000000
                            WHEN 'video' THEN 5000000 + x.r % 150000000
                            ELSE 2000000 + x.r % 8000000 END,
                CASE WHEN x.kind = 'image' THEN ($5::int[])[x.s] END,
                CASE WHEN x.kind = 'image' THEN ($6::int[])[x.s] END,
                CASE WHEN x.kind = 'image' AND i % 7 <> 0 THEN x.alt || ' (' || x.place || ', ' || x.year || ')' END,
                CASE WHEN i % 3 <> 0 THEN x.title || ' en ' || x.place || ' ' || x.year END,
                encode(sha256(convert_to(x.base, 'UTF8')), 'hex'),
                CASE WHEN x.kind = 'image' THEN jsonb_build_object(
                  'thumbnail', jsonb_build_object('file', x.base || '-thumbnail.webp',
                                                  'width', ($7::int[])[x.s], 'height', ($8::int[])[x.s]),
                  'medium', jsonb_build_object('file', x.base || '-medium.webp',
                                               'width', ($9::int[])[x.s], 'height', ($10::int[])[x.s]))
                ELSE '{}'::jsonb END,
                $11::int,
                x.created, x.created + make_interval(mins => (x.r % 3 * 17)::int)
           FROM generate_series($1::int, $2::int) AS i,
                LATERAL (SELECT md5('gestor-media-' || i) AS base,
                                abs(hashint4(i)::bigint) AS r,
                                ($12::text[])[1 + i % 20] AS ext, ($13::text[])[1 + i % 20] AS mime,
                                ($14::text[])[1 + i % 20] AS kind,
                                ($3::text[])[1 + (i / 20) % array_length($3::text[], 1)] AS slug,
                                ($15::text[])[1 + (i / 20) % array_length($15::text[], 1)] AS title,
                                ($16::text[])[1 + (i / 20) % array_length($16::text[], 1)] AS alt,
                                ($4::text[])[1 + (i / 7) % array_length($4::text[], 1)] AS place,
                                2019 + (i / 13) % 7 AS year,
                                1 + (i / 3) % ${IMAGE_SIZES.length} AS s,
                                now() - make_interval(secs => i * 900 + abs(hashint4(i)::bigint) % 900) AS created) AS x`,
        [
          start,
          start + size - 1,
          SUBJECTS.map((s) => s[0]),
          PLACES,
          IMAGE_SIZES.map((s) => s[0]),
          IMAGE_SIZES.map((s) => s[1]),
          IMAGE_SIZES.map((s) => s[2]),
          IMAGE_SIZES.map((s) => s[3]),
          IMAGE_SIZES.map((s) => s[4]),
          IMAGE_SIZES.map((s) => s[5]),
          uploader.rows[0].id,
          TYPES.map((t) => t[0]),
          TYPES.map((t) => t[1]),
          TYPES.map((t) => t[2]),
          SUBJECTS.map((s) => s[1]),
          SUBJECTS.map((s) => s[2]),
        ],
      );
    }
    await client.query('ANALYZE multimedia');
    return missing;
  } finally {
    await client.end();
  }
}
